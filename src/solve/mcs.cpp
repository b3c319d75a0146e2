// The MCS engines' registry, their shared bookkeeping, the checking decorator and checkMcs.
#include "mcs_engines.h"

#include "invariant.h"

#include <chrono>

namespace culprit::solve {

const char* stopReasonName(StopReason r) {
  switch (r) {
  case StopReason::Exhausted: return "exhausted";
  case StopReason::SizeBound: return "size bound";
  case StopReason::CountBound: return "count bound";
  case StopReason::Timeout: return "timeout";
  case StopReason::SolverUnknown: return "solver unknown";
  }
  return "?";
}

const char* mcsVerdictName(McsVerdict v) {
  switch (v) {
  case McsVerdict::Mcs: return "mcs";
  case McsVerdict::NotCorrection: return "not a correction set";
  case McsVerdict::NotMinimal: return "not minimal";
  case McsVerdict::Unknown: return "unknown";
  }
  return "?";
}

namespace detail {

McsEnumeratorBase::McsEnumeratorBase(Session& session, const McsBounds& bounds)
    : s_(session), bounds_(bounds), active_(session.freshBool("mcs_active")),
      scope_(session.scopeToken()) {}

std::optional<Mcs> McsEnumeratorBase::next() {
  std::optional<Mcs> mcs = candidate();
  if (mcs) accept(*mcs);
  return mcs;
}

std::optional<Mcs> McsEnumeratorBase::candidate() {
  CULPRIT_SOLVE_INVARIANT(s_.scopeToken() == scope_,
                          "MCS enumerator used outside the session scope it was created in");
  if (!deadline_) {
    deadline_ = Deadline::after(bounds_.timeoutSeconds);
    if (bounds_.firstTimeoutSeconds > 0 &&
        (bounds_.timeoutSeconds <= 0 || bounds_.firstTimeoutSeconds < bounds_.timeoutSeconds))
      firstDeadline_ = Deadline::after(bounds_.firstTimeoutSeconds);
  }
  if (bounds_.maxCount && reported_ >= bounds_.maxCount) {
    stop(StopReason::CountBound);
    return std::nullopt;
  }
  if (deadline_->expired()) {
    stop(StopReason::Timeout, "deadline");
    return std::nullopt;
  }
  // Until the first MCS is reported, the first-MCS budget bounds the queries.
  const bool first = firstDeadline_ && reported_ == 0;
  const auto stopFirst = [&] {
    stop(StopReason::Timeout, std::string(kFirstMcsBudget) + std::to_string(queriesAsked()));
  };
  if (first && firstDeadline_->expired()) {
    stopFirst();
    return std::nullopt;
  }
  std::optional<Mcs> mcs = findNext(first ? *firstDeadline_ : *deadline_);
  if (!mcs && first && stop_ == StopReason::Timeout && firstDeadline_->expired()) stopFirst();
  return mcs;
}

void McsEnumeratorBase::accept(const Mcs& mcs) {
  CULPRIT_SOLVE_INVARIANT(s_.scopeToken() == scope_,
                          "MCS enumerator used outside the session scope it was created in");
  s_.addHard(z3::implies(active_, z3::mk_or(s_.selectors(mcs.softs))));
  ++reported_;
  onAccept(mcs);
}

void McsEnumeratorBase::stop(StopReason reason, std::string detail) {
  stop_ = reason;
  detail_ = std::move(detail);
}

void McsEnumeratorBase::stopUnknown(const Deadline& deadline, const std::string& reason) {
  bool timedOut = deadline.expired() || reason == "deadline" ||
                  reason.find("timeout") != std::string::npos ||
                  reason.find("canceled") != std::string::npos;
  stop(timedOut ? StopReason::Timeout : StopReason::SolverUnknown, reason);
}

void McsEnumeratorBase::stopWhenNoneLeft(const Deadline& deadline) {
  if (!bounds_.maxSize) return stop(StopReason::Exhausted);
  z3::expr_vector assumptions(s_.ctx());
  assumptions.push_back(active_);
  switch (s_.check(assumptions, deadline)) {
  case Answer::Sat: return stop(StopReason::SizeBound);
  case Answer::Unsat: return stop(StopReason::Exhausted);
  case Answer::Unknown:
    return stop(StopReason::SizeBound, "unknown whether larger MCSs exist: " + s_.reasonUnknown());
  }
}

Mcs McsEnumeratorBase::mcsOf(const z3::model& model) const {
  std::vector<SoftId> relaxed = s_.relaxedIn(model);
  Weight w = s_.weightOf(relaxed);
  return Mcs{std::move(relaxed), w, model};
}

z3::expr_vector McsEnumeratorBase::relaxedLiterals() const {
  z3::expr_vector literals(s_.ctx());
  for (SoftId id = 0; id < s_.softCount(); ++id)
    literals.push_back(!s_.selector(id));
  return literals;
}

z3::expr McsEnumeratorBase::sizeGuard(std::size_t k) {
  z3::expr guard = s_.freshBool("mcs_size");
  s_.addHard(z3::implies(guard, z3::atmost(relaxedLiterals(), static_cast<unsigned>(k))));
  return guard;
}

}  // namespace detail

namespace {

constexpr McsEnumeratorInfo kEngines[] = {
    {"maxsat",
     "BugAssist: weighted partial MaxSAT (stratified Fu-Malik) gives the next cheapest MCS, which "
     "is blocked; repeat",
     detail::makeMaxSatMcsEnumerator},
    {"cardinality",
     "Liffiton-Sakallah: every MCS of weight k (an AtMost/PB bound on relaxed selectors) before "
     "weight k+1",
     detail::makeCardinalityMcsEnumerator},
    {"hitting",
     "implicit hitting sets: every MCS of size k before k+1, each candidate checked with all "
     "other selectors assumed, each refuted one teaching a core (weights: maxsat)",
     detail::makeHittingSetMcsEnumerator},
    {"cld",
     "CLD (Marques-Silva et al.): a model's relaxed set shrunk to an MCS with a temporary "
     "clause, few queries per MCS and no cardinality constraint, MCSs in the order found "
     "(weights: maxsat)",
     detail::makeCldMcsEnumerator},
    {"sat",
     "all MCSs of size k before k+1 in the SAT solver CaDiCaL on the bit-blasted formula (one "
     "call per MCS), z3 for each MCS's model (weights, integers, arrays, floats: maxsat)",
     detail::makeSatMcsEnumerator},
};

class CheckingEnumerator final : public McsEnumerator {
public:
  CheckingEnumerator(std::unique_ptr<McsEnumerator> inner, Session& session)
      : inner_(std::move(inner)), s_(session) {}

  std::optional<Mcs> next() override {
    std::optional<Mcs> mcs = candidate();
    if (mcs) accept(*mcs);
    return mcs;
  }
  std::optional<Mcs> candidate() override { return inner_->candidate(); }
  void accept(const Mcs& mcs) override {
    McsVerdict v = checkMcs(s_, mcs.softs);
    CULPRIT_SOLVE_INVARIANT(v == McsVerdict::Mcs || v == McsVerdict::Unknown,
                            std::string("reported set is ") + mcsVerdictName(v));
    CULPRIT_SOLVE_INVARIANT(mcs.weight == s_.weightOf(mcs.softs), "wrong MCS weight");
    inner_->accept(mcs);
  }
  StopReason stopReason() const override { return inner_->stopReason(); }
  const std::string& stopDetail() const override { return inner_->stopDetail(); }

private:
  std::unique_ptr<McsEnumerator> inner_;
  Session& s_;
};

}  // namespace

std::span<const McsEnumeratorInfo> mcsEnumerators() { return kEngines; }

std::unique_ptr<McsEnumerator> makeMcsEnumerator(std::string_view name, Session& session,
                                                 const McsBounds& bounds) {
  for (const McsEnumeratorInfo& e : kEngines)
    if (e.name == name) return e.make(session, bounds);
  return nullptr;
}

std::unique_ptr<McsEnumerator> withMcsCheck(std::unique_ptr<McsEnumerator> inner,
                                            Session& session) {
  return std::make_unique<CheckingEnumerator>(std::move(inner), session);
}

McsResult enumerateMcses(Session& session, McsEnumerator& enumerator) {
  McsResult result;
  QueryStats before = session.stats();
  auto start = std::chrono::steady_clock::now();
  while (std::optional<Mcs> mcs = enumerator.next())
    result.mcses.push_back(std::move(*mcs));
  result.stop = enumerator.stopReason();
  result.complete = result.stop == StopReason::Exhausted || result.stop == StopReason::SizeBound;
  result.detail = enumerator.stopDetail();
  result.solver = session.stats().since(before);
  result.wallMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return result;
}

McsVerdict checkMcs(Session& session, std::span<const SoftId> candidate, const Deadline& deadline) {
  switch (session.check(session.selectorsExcept(candidate), deadline)) {
  case Answer::Sat: break;
  case Answer::Unsat: return McsVerdict::NotCorrection;
  case Answer::Unknown: return McsVerdict::Unknown;
  }
  for (SoftId id : candidate) {
    z3::expr_vector withOne = session.selectorsExcept(candidate);
    withOne.push_back(session.selector(id));
    switch (session.check(withOne, deadline)) {
    case Answer::Sat: return McsVerdict::NotMinimal;
    case Answer::Unsat: break;
    case Answer::Unknown: return McsVerdict::Unknown;
    }
  }
  return McsVerdict::Mcs;
}

}  // namespace culprit::solve

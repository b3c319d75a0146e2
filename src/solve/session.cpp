// Session: the Z3 facade (see session.h).
#include "session.h"

#include "invariant.h"
#include "memory_bound.h"
#include "query_cuts.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>

namespace culprit::solve {
namespace {

/// Did a query that answered unknown for `reason`, `elapsedMs` into its time limit of
/// `timeoutMs`, stop at its resource limit? z3's SMT core says "max. resource limit exceeded",
/// its SAT core "canceled", as for a timeout, which is told apart by the time it took; a
/// budget spent while z3 simplifies the query reads "no reason given".
bool cutByResourceLimit(const std::string& reason, double elapsedMs, unsigned timeoutMs) {
  if (reason.find("memory") != std::string::npos) return false;
  if (reason.find("resource") != std::string::npos) return true;
  return (reason.find("canceled") != std::string::npos ||
          reason.find("no reason given") != std::string::npos) &&
         (timeoutMs == kNoTimeout || elapsedMs < 0.9 * timeoutMs);
}

}  // namespace

Deadline Deadline::after(double seconds) {
  Deadline d;
  if (seconds > 0)
    d.at_ = std::chrono::steady_clock::now() +
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                std::chrono::duration<double>(seconds));
  return d;
}

bool Deadline::expired() const { return at_ && std::chrono::steady_clock::now() >= *at_; }

unsigned Deadline::remainingMs() const {
  if (!at_) return kNoTimeout;
  // Rounded up: a query limited to the time left ends at the deadline or after it, never a
  // fraction of a millisecond before (the caller would take the solver's unknown for a failure
  // of its own while its deadline is not yet expired).
  auto left =
      std::chrono::ceil<std::chrono::milliseconds>(*at_ - std::chrono::steady_clock::now()).count();
  if (left < 1) return 1;
  return left >= static_cast<long long>(kNoTimeout) ? kNoTimeout - 1 : static_cast<unsigned>(left);
}

bool isLiteral(const z3::expr& e) {
  if (!e.is_bool()) return false;
  if (e.is_const()) return true;
  return e.is_app() && e.decl().decl_kind() == Z3_OP_NOT && e.arg(0).is_const();
}

Session::Session(z3::context& ctx, SessionOptions options)
    : ctx_(&ctx), options_(std::move(options)) {
  // z3 4.8.12 aborts the process when its memory bound hits inside a tactic (the bit-blasting
  // of floating-point terms): such sessions are bounded by their timeouts only.
  if (options_.logic == kFloatLogic || options_.logic == kFloatArrayLogic) options_.maxMemoryMb = 0;
  std::unique_ptr<QueryEngine> engine =
      makeZ3Engine(ctx, options_.logic, options_.maxMemoryMb, options_.rlimit, options_.restarts,
                   options_.maxResidentMb);
  if (!options_.dumpDir.empty()) engine = makeSmt2DumpEngine(std::move(engine), options_.dumpDir);
  engine_ = makeCountingEngine(std::move(engine), stats_);
}

void Session::setRlimit(unsigned rlimit) {
  options_.rlimit = rlimit;
  engine_->setRlimit(rlimit);
}

Session::~Session() {
  if (!scopes_.empty() && std::uncaught_exceptions() == 0) {
    std::fprintf(stderr,
                 "culprit: solver invariant violated: session destroyed with %u open "
                 "scope(s) (push without pop)\n",
                 depth());
    std::abort();
  }
}

void Session::addHard(const z3::expr& constraint) {
  CULPRIT_SOLVE_INVARIANT(constraint.is_bool(), "hard constraint is not Boolean");
  engine_->add(constraint);
  hard_.push_back(constraint);
  ++revision_;
}

SoftId Session::addSoft(const z3::expr& selector, Weight weight) {
  CULPRIT_SOLVE_INVARIANT(isLiteral(selector), "selector must be a Boolean constant or its "
                                               "negation: " +
                                                   selector.to_string());
  CULPRIT_SOLVE_INVARIANT(weight > 0, "soft group weights must be positive");
  auto id = static_cast<SoftId>(softs_.size());
  bool fresh = softByAst_.emplace(selector.id(), id).second;
  CULPRIT_SOLVE_INVARIANT(fresh, "selector registered twice: " + selector.to_string());
  softs_.push_back({selector, weight});
  maxWeight_ = std::max(maxWeight_, weight);
  ++revision_;
  return id;
}

Weight Session::weightOf(std::span<const SoftId> ids) const {
  Weight w = 0;
  for (SoftId id : ids)
    w += weight(id);
  return w;
}

std::optional<SoftId> Session::softOf(const z3::expr& literal) const {
  auto it = softByAst_.find(literal.id());
  if (it == softByAst_.end()) return std::nullopt;
  return it->second;
}

std::vector<SoftId> Session::allSofts() const {
  std::vector<SoftId> ids(softs_.size());
  for (SoftId i = 0; i < ids.size(); ++i)
    ids[i] = i;
  return ids;
}

z3::expr_vector Session::selectors(std::span<const SoftId> ids) const {
  z3::expr_vector v(*ctx_);
  for (SoftId id : ids)
    v.push_back(selector(id));
  return v;
}

z3::expr_vector Session::selectorsExcept(std::span<const SoftId> relaxed) const {
  std::vector<bool> skip(softs_.size(), false);
  for (SoftId id : relaxed)
    skip.at(id) = true;
  z3::expr_vector v(*ctx_);
  for (SoftId id = 0; id < softs_.size(); ++id)
    if (!skip[id]) v.push_back(softs_[id].selector);
  return v;
}

std::vector<SoftId> Session::relaxedIn(const z3::model& model) const {
  std::vector<SoftId> relaxed;
  for (SoftId id = 0; id < softs_.size(); ++id)
    if (model.eval(softs_[id].selector, true).is_false()) relaxed.push_back(id);
  return relaxed;
}

Answer Session::check(const z3::expr_vector& assumptions, const Deadline& deadline) {
  if (deadline.expired()) {
    last_ = Answer::Unknown;
    reason_ = "deadline";
    return last_;
  }
  unsigned timeout = std::min(options_.queryTimeoutMs, deadline.remainingMs());
  const auto start = std::chrono::steady_clock::now();
  {
    const detail::QueryMemoryBound bound(options_.maxMemoryMb);
    last_ = engine_->check(assumptions, timeout);
  }
  reason_ = last_ == Answer::Unknown ? engine_->reasonUnknown() : std::string();
  if (last_ == Answer::Unknown && options_.budgetRlimit &&
      options_.rlimit == options_.budgetRlimit &&
      cutByResourceLimit(
          reason_,
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count(),
          timeout))
    recordQueryCut();
  return last_;
}

Answer Session::check(const Deadline& deadline) { return check(z3::expr_vector(*ctx_), deadline); }

z3::model Session::model() const {
  CULPRIT_SOLVE_INVARIANT(last_ == Answer::Sat, "model() after a query that was not sat");
  return engine_->model();
}

z3::expr_vector Session::unsatCore() const {
  CULPRIT_SOLVE_INVARIANT(last_ == Answer::Unsat, "unsatCore() after a query that was not unsat");
  return engine_->unsatCore();
}

void Session::push() {
  engine_->push();
  scopes_.push_back({nextToken_++, softs_.size(), hard_.size()});
}

void Session::pop() {
  CULPRIT_SOLVE_INVARIANT(!scopes_.empty(), "pop() without a matching push()");
  engine_->pop();
  for (std::size_t i = scopes_.back().softs; i < softs_.size(); ++i)
    softByAst_.erase(softs_[i].selector.id());
  softs_.erase(softs_.begin() + static_cast<std::ptrdiff_t>(scopes_.back().softs), softs_.end());
  hard_.resize(scopes_.back().hard, z3::expr(*ctx_));
  scopes_.pop_back();
  recomputeMaxWeight();
  last_ = Answer::Unknown;
  reason_ = "popped";
  ++revision_;
}

void Session::recomputeMaxWeight() {
  maxWeight_ = 0;
  for (const SoftGroup& g : softs_)
    maxWeight_ = std::max(maxWeight_, g.weight);
}

z3::expr Session::freshBool(const char* prefix) {
  return z3::expr(*ctx_, Z3_mk_fresh_const(*ctx_, prefix, ctx_->bool_sort()));
}

Session::Scope::Scope(Session& s) : session_(s), depth_(s.depth()) { session_.push(); }

Session::Scope::~Scope() {
  if (session_.depth() != depth_ + 1) {
    std::fprintf(stderr,
                 "culprit: solver invariant violated: scope opened at depth %u closes at "
                 "depth %u (unbalanced push/pop inside it)\n",
                 depth_ + 1, session_.depth());
    std::abort();
  }
  session_.pop();
}

}  // namespace culprit::solve

// Implicit hitting-set MCS enumeration: every MCS of size k before size k+1, each main query
// with all but a few selectors assumed.
//
// Duality (Reiter; Liffiton & Sakallah): the correction sets are exactly the hitting sets of
// the unsatisfiable cores (sets of selectors that the hard constraints forbid together). The
// engine keeps the cores it has learned in a small Boolean solver over one variable r_i per
// soft group ("relaxed") and alternates:
//   1. the small solver proposes a set H of exactly k soft groups that hits every learned core
//      and contains no reported MCS (each reported MCS M adds the clause ∨_{i∈M} ¬r_i);
//   2. the session checks the hard constraints with every selector outside H assumed: sat
//      means H is a correction set, reported as an MCS; unsat gives a core C disjoint from H,
//      which H does not hit, so step 1 never proposes H again.
// When no hitting set of size k is left, the level goes up; the first query (k = 0, every
// selector assumed) tells whether the formula fails at all.
//
// Why a sat H is minimal: a proper subset H' that is a correction set hits every core (a core
// inside its complement would be satisfiable), so it was a hitting set at level |H'| < k; that
// level ended only when every such set was refuted (impossible: H' is a correction set) or
// contained a reported MCS, which H then contains too and could not have been proposed.
//
// Why this rather than MaxSAT: a main query leaves only |H| statements free, so the solver
// mostly propagates the failing run's values; the "one of these relaxed" queries of core-guided
// MaxSAT and of AtMost-k leave it to search every candidate at once, and those were the
// queries that ran for minutes on 300-line programs. The price is one query per candidate
// (each unsat one teaches a core); the cores are used as z3 returns them, not minimised.
//
// Pre: unit weights (the factory hands weighted sessions to the MaxSAT engine); used in the
// session scope it was created in. Soft groups added between calls may open smaller MCSs: the
// level restarts from zero (cores and blocks stay valid: a core stays a core under stronger
// hard constraints, and correction sets only disappear).
#include "context.h"
#include "invariant.h"
#include "mcs_engines.h"

#include <cstdio>
#include <cstdlib>

namespace culprit::solve::detail {
namespace {

class HittingSetMcsEnumerator final : public McsEnumeratorBase {
public:
  HittingSetMcsEnumerator(Session& session, const McsBounds& bounds)
      : McsEnumeratorBase(session, bounds), hs_(session.ctx(), "QF_FD") {}

private:
  z3::solver hs_;                  // cores and blocks over relaxed_
  std::vector<z3::expr> relaxed_;  // r_i, by SoftId
  std::size_t level_ = 0;
  std::optional<z3::expr> guard_;  // "exactly level_ of relaxed_", for the current soft count
  std::size_t guardSofts_ = 0;

  std::optional<Mcs> findNext(const Deadline& deadline) override {
    CULPRIT_SOLVE_INVARIANT(s_.unitWeights(), "hitting-set MCS engine with weights");
    syncSofts();
    for (;;) {
      if (bounds_.maxSize && level_ > bounds_.maxSize) return stopAboveBound(deadline);
      if (level_ > relaxed_.size()) {
        stop(StopReason::Exhausted);
        return std::nullopt;
      }
      std::optional<std::vector<SoftId>> h = proposal();
      if (!h) {
        if (stopped_) return std::nullopt;
        if (!deferred_.empty()) {  // retry this level's heavy candidates with more time
          deferred_.clear();
          deferGuard_.reset();
          budgetMs_ *= 4;
          continue;
        }
        ++level_;
        guard_.reset();
        deferGuard_.reset();
        budgetMs_ = kFirstBudgetMs;
        continue;
      }
      z3::expr_vector assumptions = s_.selectorsExcept(*h);
      assumptions.push_back(active_);
      // Every candidate but the first (level 0: the failing run itself) gets a budget; one
      // that runs out waits for the end of its level, so that the level's easy MCSs come
      // first and one heavy query does not take the whole run.
      // The budget stops growing at kLastBudgetMs: a query still unknown then (a session timeout
      // of its own, or a formula too hard) ends the enumeration instead of deferring for ever.
      const bool budgeted =
          level_ > 0 && budgetMs_ <= kLastBudgetMs && deadline.remainingMs() > budgetMs_;
      const Deadline limit =
          budgeted ? Deadline::after(static_cast<double>(budgetMs_) / 1000) : deadline;
      const double before = s_.stats().solverMs;
      const Answer answer = s_.check(assumptions, limit);
      if (std::getenv("CULPRIT_HS_TRACE"))
        std::fprintf(stderr, "hs: level %zu |H| %zu %s %.0f ms\n", level_, h->size(),
                     answerName(answer), s_.stats().solverMs - before);
      switch (answer) {
      case Answer::Sat: return mcsOf(s_.model());
      case Answer::Unknown:
        if (budgeted && !deadline.expired() && !Context::outOfMemory(s_.reasonUnknown())) {
          defer(*h);
          continue;
        }
        stopUnknown(deadline, s_.reasonUnknown());
        return std::nullopt;
      case Answer::Unsat: break;
      }
      z3::expr_vector clause(s_.ctx());
      for (const z3::expr& literal : s_.unsatCore())
        if (std::optional<SoftId> id = s_.softOf(literal)) clause.push_back(relaxed_[*id]);
      if (clause.empty()) {  // the hard part with the blocks: nothing left at any size
        stop(StopReason::Exhausted);
        return std::nullopt;
      }
      hs_.add(z3::mk_or(clause));
    }
  }

  /// Leaves `h` out of this round of its level (a guarded clause: the next round drops it).
  void defer(const std::vector<SoftId>& h) {
    if (!deferGuard_) deferGuard_ = s_.freshBool("hs_defer");
    z3::expr_vector clause(s_.ctx());
    for (SoftId id : h)
      clause.push_back(!relaxed_[id]);
    hs_.add(z3::implies(*deferGuard_, z3::mk_or(clause)));
    deferred_.push_back(h);
  }

  /// One relaxation variable per soft group; new soft groups may open smaller MCSs.
  void syncSofts() {
    if (s_.softCount() == relaxed_.size()) return;
    while (relaxed_.size() < s_.softCount())
      relaxed_.push_back(s_.freshBool("hs_relaxed"));
    level_ = 0;
    guard_.reset();
  }

  // A caller may block an MCS it knows before asking for any (a rebuilt session).
  void onAccept(const Mcs& mcs) override {
    syncSofts();
    z3::expr_vector clause(s_.ctx());
    for (SoftId id : mcs.softs)
      clause.push_back(!relaxed_.at(id));
    hs_.add(clause.empty() ? s_.ctx().bool_val(false) : z3::mk_or(clause));
  }

  /// A hitting set of exactly level_ soft groups, nullopt when none is left (or after stop()).
  std::optional<std::vector<SoftId>> proposal() {
    if (!guard_ || guardSofts_ != relaxed_.size()) {
      z3::expr_vector all(s_.ctx());
      for (const z3::expr& r : relaxed_)
        all.push_back(r);
      guard_ = s_.freshBool("hs_level");
      const int k = static_cast<int>(level_);
      hs_.add(z3::implies(*guard_, all.empty() ? s_.ctx().bool_val(k == 0)
                                               : z3::atmost(all, k) && z3::atleast(all, k)));
      guardSofts_ = relaxed_.size();
    }
    z3::expr_vector a(s_.ctx());
    a.push_back(*guard_);
    if (deferGuard_) a.push_back(*deferGuard_);
    const z3::check_result r = hs_.check(a);
    if (r == z3::unknown) {
      stopped_ = true;
      stop(StopReason::SolverUnknown, "hitting-set solver: " + hs_.reason_unknown());
      return std::nullopt;
    }
    if (r == z3::unsat) return std::nullopt;
    const z3::model m = hs_.get_model();
    std::vector<SoftId> h;
    for (SoftId id = 0; id < relaxed_.size(); ++id)
      if (m.eval(relaxed_[id], true).is_true()) h.push_back(id);
    return h;
  }

  /// Every MCS within the size bound was reported: Exhausted if no hitting set of any size is
  /// left (then no correction set is), else one query with every selector free (4 s at most)
  /// tells (unknown: SizeBound, larger MCSs may exist).
  std::optional<Mcs> stopAboveBound(const Deadline& deadline) {
    if (hs_.check() == z3::unsat) {
      stop(StopReason::Exhausted);
      return std::nullopt;
    }
    const bool budgeted = deadline.remainingMs() > budgetMs_;
    stopWhenNoneLeft(budgeted ? Deadline::after(static_cast<double>(budgetMs_) / 1000) : deadline);
    return std::nullopt;
  }

  static constexpr unsigned kFirstBudgetMs = 1000;
  static constexpr unsigned kLastBudgetMs = 16000;  // 1 s, 4 s, 16 s; then the deadline
  bool stopped_ = false;
  std::vector<std::vector<SoftId>> deferred_;  // this round's candidates over budget
  std::optional<z3::expr> deferGuard_;         // guards the clauses leaving them out
  unsigned budgetMs_ = kFirstBudgetMs;
};

}  // namespace

std::unique_ptr<McsEnumerator> makeHittingSetMcsEnumerator(Session& session,
                                                           const McsBounds& bounds) {
  if (!session.unitWeights()) return makeMaxSatMcsEnumerator(session, bounds);
  return std::make_unique<HittingSetMcsEnumerator>(session, bounds);
}

}  // namespace culprit::solve::detail

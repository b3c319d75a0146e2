// BugAssist-style MCS enumeration: MaxSAT, block, repeat.
//
// Follows Jose & Majumdar, "Cause clue clauses: error localization using maximum
// satisfiability" (PLDI 2011): an optimal solution of the weighted partial MaxSAT problem
// (hard constraints, soft selectors) relaxes a cheapest correction set; it is reported and
// blocked by the clause "at least one of its selectors holds"; the next optimum is the next MCS.
//
// Why each result is an MCS: let S be a cheapest correction set containing no blocked set. A
// proper subset S' that is a correction set contains no blocked set either and weighs strictly
// less (weights are positive), contradicting optimality. Every MCS is reached eventually: it
// contains no other MCS, so no blocking clause excludes it. Results come in order of
// nondecreasing weight.
//
// Pre: positive weights; used in the session scope it was created in.
// Size bound K: with unit weights the optimum is the size, so a lower bound above K ends the
// enumeration (SizeBound; larger MCSs may exist). The MaxSAT engine stops as soon as its cores
// prove that bound, before the search for a model at cost K + 1. With weights, a guard literal
// makes "at most K relaxed" hard for this enumerator; the cheapest set within it is still an MCS by
// the argument above, and when none is left one more query tells Exhausted from SizeBound.
//
// The MaxSAT engine (fu_malik.cpp) is incremental: its cores and lower bound survive the
// blocking clauses and whatever the caller adds between next() calls, so later optima start
// from the bound already proven.
#include "maxsat.h"
#include "mcs_engines.h"

namespace culprit::solve::detail {
namespace {

class MaxSatMcsEnumerator final : public McsEnumeratorBase {
public:
  MaxSatMcsEnumerator(Session& session, const McsBounds& bounds)
      : McsEnumeratorBase(session, bounds), maxsat_(makeMaxSat(session)) {
    maxsat_->assumeAlways(active_);
  }

private:
  std::unique_ptr<MaxSat> maxsat_;
  std::size_t guardedSofts_ = 0;  // soft groups covered by the size guard (weighted mode)

  std::optional<Mcs> findNext(const Deadline& deadline) override {
    const bool weighted = !s_.unitWeights();
    const bool guarded = weighted && bounds_.maxSize;
    if (guarded && guardedSofts_ != s_.softCount()) {
      // A guard over the current soft groups; older guards stay assumed, which is harmless:
      // each is implied by the newer one.
      maxsat_->assumeAlways(sizeGuard(bounds_.maxSize));
      guardedSofts_ = s_.softCount();
    }
    // Unit weights: the optimum is the size, so a lower bound above K proves that no MCS of
    // size <= K is left, without the (often hardest) query for a larger one.
    const Weight limit =
        !weighted && bounds_.maxSize ? bounds_.maxSize : std::numeric_limits<Weight>::max();
    MaxSatResult r = maxsat_->solve(deadline, limit);
    if (r.overLimit) {
      stop(StopReason::SizeBound);
      return std::nullopt;
    }
    switch (r.answer) {
    case Answer::Unknown: stopUnknown(deadline, r.reason); return std::nullopt;
    case Answer::Unsat:
      if (guarded)
        stopWhenNoneLeft(deadline);
      else
        stop(StopReason::Exhausted);
      return std::nullopt;
    case Answer::Sat: break;
    }
    if (!weighted && bounds_.maxSize && r.relaxed.size() > bounds_.maxSize) {
      stop(StopReason::SizeBound);
      return std::nullopt;
    }
    return Mcs{std::move(r.relaxed), r.cost, *r.model};
  }
};

}  // namespace

std::unique_ptr<McsEnumerator> makeMaxSatMcsEnumerator(Session& session, const McsBounds& bounds) {
  return std::make_unique<MaxSatMcsEnumerator>(session, bounds);
}

}  // namespace culprit::solve::detail

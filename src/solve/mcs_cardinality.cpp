// Liffiton–Sakallah MCS enumeration: all MCSs of weight k before weight k+1.
//
// Follows Liffiton & Sakallah, "Algorithms for computing minimal unsatisfiable subsets of
// constraints" (JAR 2008), phase one of CAMUS: with the blocking clauses of the MCSs found so
// far, any model of hard ∧ (at most k selectors false) falsifies a set of size k that is an
// MCS, once no unblocked correction set of size below k is left. Here the bound is a guard
// literal g_k with the hard constraint g_k → AtMost(¬sel, k) (z3's atmost; with weights, z3's
// pble over the weights), so one solver serves every level.
//
// Invariant: no unblocked correction set weighs `floor_` or less. A model at the open level
// L = floor_ + 1 is then an MCS: a proper correction subset would weigh less, so at most
// floor_, and would be blocked, and so would its superset. When level L is unsat, floor_ = L.
// Levels need not be consecutive integers with weights: the next level is the least weight an
// unblocked correction set has, found by one unbounded probe (unsat: nothing left) and a binary
// search between floor_ and the probe's weight; the model that closes the search is itself the
// first MCS of the new level. With unit weights and a size bound K the search starts by
// trying K, so an exhausted bound costs one query.
//
// Pre: positive weights summing below 2^31 (pble takes int coefficients); used in the session
// scope it was created in. Adding soft groups between next() calls may open cheaper MCSs, so
// the levels restart from zero (blocked sets stay blocked); added hard constraints keep the
// invariant (correction sets only disappear).
// Departure: CAMUS increments k by one; the probe and search skip empty levels, which matters
// for weights and for telling "exhausted" from "no MCS of this size" without walking to n.
#include "invariant.h"
#include "mcs_engines.h"

#include <climits>
#include <map>

namespace culprit::solve::detail {
namespace {

class CardinalityMcsEnumerator final : public McsEnumeratorBase {
public:
  using McsEnumeratorBase::McsEnumeratorBase;

private:
  std::int64_t floor_ = -1;            // see the invariant above
  std::optional<z3::expr> openLevel_;  // guard of level floor_ + 1 while it has MCSs left
  std::map<Weight, z3::expr> guards_;  // weight bound -> guard literal
  std::optional<z3::expr> sizeGuard_;  // weighted mode with a size bound
  std::size_t softsSeen_ = SIZE_MAX;   // soft count the guards were built for

  std::optional<Mcs> findNext(const Deadline& deadline) override {
    if (s_.softCount() != softsSeen_) restart();
    while (openLevel_) {
      switch (s_.check(assumptions(&*openLevel_), deadline)) {
      case Answer::Sat: return levelMcs(s_.model());
      case Answer::Unsat:
        ++floor_;
        openLevel_.reset();
        break;
      case Answer::Unknown: stopUnknown(deadline, s_.reasonUnknown()); return std::nullopt;
      }
    }
    return openNextLevel(deadline);
  }

  void restart() {
    softsSeen_ = s_.softCount();
    floor_ = -1;
    openLevel_.reset();
    guards_.clear();
    sizeGuard_.reset();
    CULPRIT_SOLVE_INVARIANT(s_.weightOf(s_.allSofts()) < Weight(INT_MAX),
                            "weights too large for pseudo-Boolean bounds");
    if (!s_.unitWeights() && bounds_.maxSize) sizeGuard_ = sizeGuard(bounds_.maxSize);
  }

  z3::expr_vector assumptions(const z3::expr* level) const {
    z3::expr_vector a(s_.ctx());
    a.push_back(active_);
    if (sizeGuard_) a.push_back(*sizeGuard_);
    if (level) a.push_back(*level);
    return a;
  }

  const z3::expr& guard(Weight bound) {
    auto it = guards_.find(bound);
    if (it != guards_.end()) return it->second;
    z3::expr g = s_.freshBool("mcs_level");
    if (s_.unitWeights()) {
      s_.addHard(z3::implies(g, z3::atmost(relaxedLiterals(), static_cast<unsigned>(bound))));
    } else {
      std::vector<int> coefficients;
      for (SoftId id = 0; id < s_.softCount(); ++id)
        coefficients.push_back(static_cast<int>(s_.weight(id)));
      s_.addHard(z3::implies(
          g, z3::pble(relaxedLiterals(), coefficients.data(), static_cast<int>(bound))));
    }
    return guards_.emplace(bound, g).first->second;
  }

  /// Finds the least weight of an unblocked correction set, opens that level and returns its
  /// first MCS; stops the enumeration when none is left.
  std::optional<Mcs> openNextLevel(const Deadline& deadline) {
    Answer a = s_.check(assumptions(nullptr), deadline);
    if (a == Answer::Unknown) return stopUnknown(deadline, s_.reasonUnknown()), std::nullopt;
    if (a == Answer::Unsat) return stopWhenNoneLeft(deadline), std::nullopt;
    z3::model best = s_.model();
    auto high = static_cast<std::int64_t>(s_.weightOf(s_.relaxedIn(best)));
    std::int64_t low = floor_;
    const bool unitSizeBound = s_.unitWeights() && bounds_.maxSize;
    if (unitSizeBound && high > static_cast<std::int64_t>(bounds_.maxSize)) {
      std::int64_t k = static_cast<std::int64_t>(bounds_.maxSize);
      if (k <= low) return stop(StopReason::SizeBound), std::nullopt;
      if (!probe(k, deadline, best, low, high)) return std::nullopt;
      if (high > k) return stop(StopReason::SizeBound), std::nullopt;
    }
    while (high - low > 1)
      if (!probe(low + (high - low) / 2, deadline, best, low, high)) return std::nullopt;
    floor_ = high - 1;
    openLevel_ = guard(static_cast<Weight>(high));
    return levelMcs(best);
  }

  /// One step of the search: is there an unblocked correction set of weight at most `bound`?
  /// Narrows [low, high] (keeping a model of weight `high` in `best`); false if stopped.
  bool probe(std::int64_t bound, const Deadline& deadline, z3::model& best, std::int64_t& low,
             std::int64_t& high) {
    switch (s_.check(assumptions(&guard(static_cast<Weight>(bound))), deadline)) {
    case Answer::Sat:
      best = s_.model();
      high = static_cast<std::int64_t>(s_.weightOf(s_.relaxedIn(best)));
      return true;
    case Answer::Unsat: low = bound; return true;
    case Answer::Unknown: stopUnknown(deadline, s_.reasonUnknown()); return false;
    }
    return false;
  }

  Mcs levelMcs(const z3::model& model) const {
    Mcs mcs = mcsOf(model);
    CULPRIT_SOLVE_INVARIANT(static_cast<std::int64_t>(mcs.weight) == floor_ + 1,
                            "model outside the open level");
    return mcs;
  }
};

}  // namespace

std::unique_ptr<McsEnumerator> makeCardinalityMcsEnumerator(Session& session,
                                                            const McsBounds& bounds) {
  return std::make_unique<CardinalityMcsEnumerator>(session, bounds);
}

}  // namespace culprit::solve::detail

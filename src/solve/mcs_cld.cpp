// CLD MCS enumeration (Marques-Silva, Heras, Janota, Previti, Belov, IJCAI 2013, "clause D"):
// few queries per MCS and no cardinality constraint in them, at the price of the size order.
//
// One MCS: a first query (the blocks of reported MCSs on; with a size bound K, a guard making
// "at most K relaxed" hard) gives a model; F, the soft groups it relaxes, is a correction set.
// Then repeatedly: assume every selector outside F and a temporary clause D = ∨_{i∈F} sel_i
// (a fresh guard d with d → D, retired by the unit ¬d afterwards). Sat: the model satisfies at
// least one more group, and F shrinks to what that model relaxes. Unsat: no group of F can be
// put back while the others stay, so F is an MCS (minimal: correction sets are closed under
// supersets, so it suffices that no single group can be put back), and the last model, which
// relaxes exactly F, is its witness. Queries per MCS: 1 + the number of shrinking steps, at most
// |F_0| - |MCS| + 1 after the first, where F_0 is the first model's set.
//
// Order: MCSs come in the order they are found, not by size (McsEnumerator's weight order does
// not hold for this engine): with a size bound, every MCS within it is reported before the
// enumeration stops, so the set is complete, but a caller that stops early (a count bound, a
// timeout) gets an arbitrary subset rather than the smallest ones.
//
// Pre: unit weights (the factory hands weighted sessions to the MaxSAT engine); used in the
// session scope it was created in. Soft groups and hard constraints added between calls are
// covered by the next first query.
#include "mcs_engines.h"

namespace culprit::solve::detail {
namespace {

class CldMcsEnumerator final : public McsEnumeratorBase {
public:
  using McsEnumeratorBase::McsEnumeratorBase;

private:
  std::optional<z3::expr> bound_;  // "at most maxSize relaxed", over boundSofts_ groups
  std::size_t boundSofts_ = 0;

  std::optional<Mcs> findNext(const Deadline& deadline) override {
    z3::expr_vector first(s_.ctx());
    first.push_back(active_);
    if (bounds_.maxSize) {
      if (!bound_ || boundSofts_ != s_.softCount()) {
        bound_ = sizeGuard(bounds_.maxSize);
        boundSofts_ = s_.softCount();
      }
      first.push_back(*bound_);
    }
    switch (s_.check(first, deadline)) {
    case Answer::Sat: break;
    case Answer::Unsat: stopWhenNoneLeft(deadline); return std::nullopt;
    case Answer::Unknown: stopUnknown(deadline, s_.reasonUnknown()); return std::nullopt;
    }
    z3::model model = s_.model();
    std::vector<SoftId> relaxed = s_.relaxedIn(model);
    while (!relaxed.empty()) {
      const z3::expr d = s_.freshBool("cld_d");
      s_.addHard(z3::implies(d, z3::mk_or(s_.selectors(relaxed))));
      z3::expr_vector assumptions = s_.selectorsExcept(relaxed);
      assumptions.push_back(active_);
      assumptions.push_back(d);
      const Answer a = s_.check(assumptions, deadline);
      if (a == Answer::Sat) model = s_.model();  // before ¬d: an assertion drops z3's model
      const std::string reason = s_.reasonUnknown();
      s_.addHard(!d);
      if (a == Answer::Unsat) break;
      if (a == Answer::Unknown) {
        stopUnknown(deadline, reason);
        return std::nullopt;
      }
      relaxed = s_.relaxedIn(model);
    }
    const Weight w = s_.weightOf(relaxed);
    return Mcs{std::move(relaxed), w, model};
  }
};

}  // namespace

std::unique_ptr<McsEnumerator> makeCldMcsEnumerator(Session& session, const McsBounds& bounds) {
  if (!session.unitWeights()) return makeMaxSatMcsEnumerator(session, bounds);
  return std::make_unique<CldMcsEnumerator>(session, bounds);
}

}  // namespace culprit::solve::detail

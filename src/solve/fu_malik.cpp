// Stratified core-guided weighted partial MaxSAT.
//
// Follows Fu & Malik, "On solving the partial MAX-SAT problem" (SAT 2006), extended to
// weights as WPM1 (Ansótegui, Bonet & Levy, "Solving (weighted) partial MaxSAT through
// satisfiability testing", SAT 2009), with stratification by weight levels (Ansótegui, Bonet,
// Gabàs & Levy, "Improving SAT-based weighted MaxSAT solvers", CP 2012).
//
// Computes: a model of the session's hard constraints (and the always-assumed literals) that
// minimises the total weight of false selectors.
// Pre: soft groups have positive weights; the engine runs in the session scope it was created
// in (checked: popping that scope would remove the engine's own assertions).
// Post: Sat ⇒ cost = lower bound = optimum, and `relaxed` lists exactly the false selectors of
// the returned model. Unsat ⇒ the hard part is unsatisfiable. Unknown ⇒ the lower bound holds.
//
// Method. A soft group is represented by copies; a copy is the clause sel ∨ r1 ∨ … ∨ rk over
// its relaxation variables, with a weight, enforced through an assumption literal a and the
// hard implication a → clause (a copy never relaxed uses sel itself as its assumption).
// Each query assumes the copies whose weight is at or above the current level:
//  - unsat: the core names copies; with w their least weight, a copy heavier than w is split
//    into a remainder (weight − w, clause unchanged) and a part of weight w; each part of
//    weight w gets a fresh relaxation variable (and a fresh assumption for the longer clause),
//    at most one of the core's new variables may be true (a z3 pseudo-Boolean atmost), and
//    the lower bound grows by w;
//  - sat: a model whose cost equals the lower bound is optimal; otherwise the level drops to
//    the next weight present, and with every copy active sat means optimal.
//
// State kept between solve() calls: the copies with their relaxation variables, the
// at-most-one constraints, the lower bound and the always-assumed literals. It stays valid when
// hard constraints are added (a core stays a core under stronger hard constraints, so each
// relaxation still lowers every feasible cost by exactly its weight) and when soft groups are
// added (they join as fresh copies). All auxiliary assertions mention only fresh variables
// reachable through the engine's assumptions, so other users of the session are unaffected.
//
// Departures: Fu–Malik asserts exactly-one over a core's relaxation variables; at-most-one
// suffices (as in WPM1). Cores are used as z3 returns them, not minimised. Stratification uses
// every distinct weight as a level (no diversity heuristic).
#include "maxsat.h"

#include "invariant.h"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace culprit::solve {
namespace {

class FuMalik final : public MaxSat {
public:
  FuMalik(Session& session, MaxSatOptions options)
      : s_(session), options_(options), scope_(session.scopeToken()) {}

  void assumeAlways(const z3::expr& literal) override {
    CULPRIT_SOLVE_INVARIANT(isLiteral(literal), "not a literal: " + literal.to_string());
    assumed_.push_back(literal);
    alwaysIds_.insert(literal.id());
  }

  MaxSatResult solve(const Deadline& deadline, Weight costLimit) override;
  Weight lowerBound() const override { return lb_; }
  const MaxSatStats& stats() const override { return stats_; }

private:
  struct Copy {
    SoftId soft;
    Weight weight;
    z3::expr assumption;
    std::vector<z3::expr> relax;
  };

  Session& s_;
  MaxSatOptions options_;
  std::uint64_t scope_;
  std::vector<z3::expr> assumed_;
  std::unordered_set<unsigned> alwaysIds_;
  std::vector<Copy> copies_;
  std::unordered_map<unsigned, std::size_t> copyByAssumption_;
  std::size_t knownSofts_ = 0;
  Weight lb_ = 0;
  MaxSatStats stats_;

  void syncSofts();
  Weight topLevel() const;
  Weight nextLevel(Weight below) const;
  z3::expr_vector assumptionsAt(Weight level) const;
  bool relaxCore(const z3::expr_vector& core);
  void relaxCopy(std::size_t index, Weight w, const z3::expr& r);
};

void FuMalik::syncSofts() {
  CULPRIT_SOLVE_INVARIANT(s_.softCount() >= knownSofts_, "soft groups disappeared");
  for (auto id = static_cast<SoftId>(knownSofts_); id < s_.softCount(); ++id) {
    copyByAssumption_[s_.selector(id).id()] = copies_.size();
    copies_.push_back({id, s_.weight(id), s_.selector(id), {}});
  }
  knownSofts_ = s_.softCount();
}

Weight FuMalik::topLevel() const {
  if (!options_.stratify) return 1;
  Weight top = 1;
  for (const Copy& c : copies_)
    top = std::max(top, c.weight);
  return top;
}

Weight FuMalik::nextLevel(Weight below) const {
  Weight next = 0;
  for (const Copy& c : copies_)
    if (c.weight < below) next = std::max(next, c.weight);
  return next;
}

z3::expr_vector FuMalik::assumptionsAt(Weight level) const {
  z3::expr_vector a(s_.ctx());  // (copying an expr_vector would share it)
  for (const z3::expr& literal : assumed_)
    a.push_back(literal);
  for (const Copy& c : copies_)
    if (c.weight >= level) a.push_back(c.assumption);
  return a;
}

MaxSatResult FuMalik::solve(const Deadline& deadline, Weight costLimit) {
  CULPRIT_SOLVE_INVARIANT(s_.scopeToken() == scope_,
                          "MaxSAT engine used outside the session scope it was created in");
  ++stats_.solves;
  syncSofts();
  MaxSatResult result;
  Weight upper = std::numeric_limits<Weight>::max();
  for (Weight level = topLevel();;) {
    if (lb_ > costLimit) {
      result.overLimit = true;
      result.reason = "lower bound above the cost limit";
      break;
    }
    ++stats_.queries;
    Answer a = s_.check(assumptionsAt(level), deadline);
    if (a == Answer::Unknown) {
      result.reason = s_.reasonUnknown();
      break;
    }
    if (a == Answer::Unsat) {
      if (relaxCore(s_.unsatCore())) continue;
      result.answer = Answer::Unsat;
      break;
    }
    z3::model m = s_.model();
    std::vector<SoftId> relaxed = s_.relaxedIn(m);
    Weight cost = s_.weightOf(relaxed);
    if (cost < upper) {
      upper = cost;
      result.model = m;
      result.relaxed = std::move(relaxed);
    }
    Weight next = nextLevel(level);
    if (upper == lb_ || next == 0) {
      CULPRIT_SOLVE_INVARIANT(upper == lb_, "optimum " + std::to_string(upper) +
                                                " differs from the lower bound " +
                                                std::to_string(lb_));
      result.answer = Answer::Sat;
      result.cost = upper;
      break;
    }
    level = next;
  }
  result.lowerBound = lb_;
  if (result.answer != Answer::Sat) {
    result.model.reset();
    result.relaxed.clear();
  }
  return result;
}

bool FuMalik::relaxCore(const z3::expr_vector& core) {
  std::vector<std::size_t> members;
  for (const z3::expr& literal : core) {
    if (alwaysIds_.count(literal.id())) continue;
    auto it = copyByAssumption_.find(literal.id());
    CULPRIT_SOLVE_INVARIANT(it != copyByAssumption_.end(),
                            "core literal is not an assumption of this engine: " +
                                literal.to_string());
    members.push_back(it->second);
  }
  if (members.empty()) return false;
  Weight w = std::numeric_limits<Weight>::max();
  for (std::size_t i : members)
    w = std::min(w, copies_[i].weight);
  z3::expr_vector fresh(s_.ctx());
  for (std::size_t i : members) {
    fresh.push_back(s_.freshBool("relax"));
    relaxCopy(i, w, fresh.back());
  }
  if (fresh.size() > 1) s_.addHard(z3::atmost(fresh, 1));
  lb_ += w;
  ++stats_.cores;
  return true;
}

void FuMalik::relaxCopy(std::size_t index, Weight w, const z3::expr& r) {
  const SoftId soft = copies_[index].soft;
  std::vector<z3::expr> relax = copies_[index].relax;
  relax.push_back(r);
  z3::expr_vector clause(s_.ctx());
  clause.push_back(s_.selector(soft));
  for (const z3::expr& v : relax)
    clause.push_back(v);
  z3::expr assumption = s_.freshBool("soft");
  s_.addHard(z3::implies(assumption, z3::mk_or(clause)));
  if (copies_[index].weight > w) {
    copies_[index].weight -= w;
    ++stats_.splits;
    copyByAssumption_[assumption.id()] = copies_.size();
    copies_.push_back({soft, w, assumption, std::move(relax)});
  } else {
    copyByAssumption_.erase(copies_[index].assumption.id());
    copyByAssumption_[assumption.id()] = index;
    copies_[index].assumption = assumption;
    copies_[index].relax = std::move(relax);
  }
}

}  // namespace

std::unique_ptr<MaxSat> makeMaxSat(Session& session, MaxSatOptions options) {
  return std::make_unique<FuMalik>(session, options);
}

}  // namespace culprit::solve

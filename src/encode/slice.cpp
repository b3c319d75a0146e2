// Cone-of-influence slicing of an encoding (see encode.h, sliceToObligations).
//
// Roots are the clauses that are not soft-group definitions: oracle, runtime checks,
// assumptions, inputs, unwinding. A definition clause is kept when the SSA constant it defines
// occurs in a kept clause; the constants of kept clauses are found by one walk over the term
// DAG, each node visited once. Soundness: a dropped clause mentions a constant nothing kept
// depends on, so any model of the kept clauses extends to the dropped ones by choosing that
// constant freely (definitions are `sel -> (v = e)` with v fresh); relaxing a dropped group
// therefore never changes satisfiability, and MCSs are the same.
#include "encode/encode.h"

#include <unordered_map>
#include <unordered_set>

namespace culprit::encode {
namespace {

class ConeWalker {
public:
  explicit ConeWalker(const Encoding& enc) : enc_(enc) {
    for (std::size_t i = 0; i < enc.hard.size(); ++i)
      if (enc.hard[i].defines) definitions_[enc.hard[i].defines].push_back(i);
  }

  std::vector<bool> keep() {
    std::vector<bool> kept(enc_.hard.size(), false);
    for (std::size_t i = 0; i < enc_.hard.size(); ++i)
      if (!enc_.hard[i].defines) push(i, kept);
    while (!work_.empty()) {
      const z3::expr e = work_.back();
      work_.pop_back();
      if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
        auto it = definitions_.find(e.id());
        if (it != definitions_.end())
          for (std::size_t clause : it->second)
            push(clause, kept);
        continue;
      }
      if (!e.is_app()) continue;
      for (unsigned k = 0; k < e.num_args(); ++k)
        visit(e.arg(k));
    }
    return kept;
  }

private:
  const Encoding& enc_;
  std::unordered_map<unsigned, std::vector<std::size_t>> definitions_;
  std::unordered_set<unsigned> seen_;
  std::vector<z3::expr> work_;

  void visit(const z3::expr& e) {
    if (seen_.insert(e.id()).second) work_.push_back(e);
  }
  void push(std::size_t clause, std::vector<bool>& kept) {
    if (kept[clause]) return;
    kept[clause] = true;
    visit(enc_.hard[clause].clause);
  }
};

}  // namespace

std::size_t sliceToObligations(Encoding& enc) {
  const std::vector<bool> kept = ConeWalker(enc).keep();
  std::unordered_set<unsigned> keptSelectors;
  std::vector<HardClause> hard;
  for (std::size_t i = 0; i < enc.hard.size(); ++i) {
    if (!kept[i]) continue;
    hard.push_back(enc.hard[i]);
  }
  const std::size_t dropped = enc.hard.size() - hard.size();
  std::unordered_set<unsigned> definedKept;
  for (const HardClause& h : hard)
    if (h.defines) definedKept.insert(h.defines);
  enc.hard = std::move(hard);
  for (SoftGroup& g : enc.groups) {
    g.relevant = false;
    for (std::uint32_t i : g.instances)
      g.relevant = g.relevant || definedKept.count(enc.instances[i].value.id());
  }
  return dropped;
}

}  // namespace culprit::encode

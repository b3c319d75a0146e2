// Formula size: see formula_size.h.
#include "localize/formula_size.h"

#include <unordered_set>
#include <vector>

namespace culprit::localize {

FormulaSize formulaSize(const encode::Encoding& enc) {
  FormulaSize size;
  std::unordered_set<unsigned> seen;
  std::vector<z3::expr> todo;
  for (const encode::HardClause& h : enc.hard) {
    todo.push_back(h.clause);
    while (!todo.empty()) {
      const z3::expr e = todo.back();
      todo.pop_back();
      if (!seen.insert(e.id()).second) continue;
      ++size.terms;
      size.bits += e.is_bv() ? e.get_sort().bv_size() : 1;
      if (!e.is_app()) continue;
      for (unsigned i = 0; i < e.num_args(); ++i)
        todo.push_back(e.arg(i));
    }
  }
  return size;
}

}  // namespace culprit::localize

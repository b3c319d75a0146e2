// Mutation sites as plain data: see site.h.
#include "repair/site.h"

namespace culprit::repair {

const char* siteClassName(SiteClass c) {
  switch (c) {
  case SiteClass::Arithmetic: return "arithmetic";
  case SiteClass::Relational: return "relational";
  case SiteClass::Constant: return "constant";
  case SiteClass::Logical: return "logical";
  }
  return "?";
}

std::string alternativeText(const Site& site, std::uint32_t k) {
  const SiteAlternatives& a = site.alternatives;
  if (k >= 1 && k <= a.ops.size()) {
    std::string s = ir::binOpSpelling(a.ops[k - 1]);
    return site.expr->kind == ir::ExprKind::CompoundAssign ? s + "=" : s;
  }
  if (k > a.ops.size() && k <= a.ops.size() + a.values.size())
    return std::to_string(a.values[k - 1 - a.ops.size()]);
  return site.expr->kind == ir::ExprKind::LogAnd ? "||" : "&&";
}

}  // namespace culprit::repair

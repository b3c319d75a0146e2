// Mutation sites as plain data: see site.h.
#include "repair/site.h"

#include <cassert>

namespace culprit::repair {

const char* siteClassName(SiteClass c) {
  switch (c) {
  case SiteClass::Arithmetic: return "arithmetic";
  case SiteClass::Relational: return "relational";
  case SiteClass::Constant: return "constant";
  case SiteClass::Logical: return "logical";
  case SiteClass::Variable: return "variable";
  case SiteClass::Condition: return "condition";
  case SiteClass::Deletion: return "deletion";
  }
  return "?";
}

AlternativeRef alternativeRef(const SiteAlternatives& a, std::uint32_t k) {
  assert(k >= 1 && k <= a.count());
  std::size_t i = k - 1;
  const std::pair<AlternativeKind, std::size_t> lists[] = {
      {AlternativeKind::Operator, a.ops.size()},
      {AlternativeKind::Value, a.values.size()},
      {AlternativeKind::SwapLogical, a.swapLogical ? 1 : 0},
      {AlternativeKind::Variable, a.vars.size()},
      {AlternativeKind::Clause, a.clauses.size()},
  };
  for (const auto& [kind, n] : lists) {
    if (i < n) return {kind, i};
    i -= n;
  }
  return {AlternativeKind::Deletion, 0};
}

namespace {

std::string varName(const ir::Program* program, ir::VarId v) {
  return program && v < program->vars.size() ? program->vars[v].name : "var" + std::to_string(v);
}

/// `text` as an operand of `&&` or `||` (`op`): parenthesized unless it binds tighter.
std::string operand(const Site& site, bool orElse) {
  const ir::ExprKind k = site.expr ? site.expr->kind : ir::ExprKind::VarRef;
  const bool looser = k == ir::ExprKind::Cond || k == ir::ExprKind::Assign ||
                      k == ir::ExprKind::Comma || (!orElse && k == ir::ExprKind::LogOr) ||
                      (orElse && k == ir::ExprKind::LogAnd);
  return looser ? "(" + site.original + ")" : site.original;
}

}  // namespace

std::string charLiteral(std::int64_t value) {
  switch (value) {
  case 0: return "'\\0'";
  case '\t': return "'\\t'";
  case '\n': return "'\\n'";
  case '\r': return "'\\r'";
  case '\'': return "'\\''";
  case '\\': return "'\\\\'";
  default: break;
  }
  if (value < 32 || value > 126) return "";
  return std::string("'") + static_cast<char>(value) + "'";
}

std::string alternativeText(const Site& site, std::uint32_t k, const ir::Program* program) {
  const SiteAlternatives& a = site.alternatives;
  const AlternativeRef ref = alternativeRef(a, k);
  switch (ref.kind) {
  case AlternativeKind::Operator: {
    std::string s = ir::binOpSpelling(a.ops[ref.index]);
    return site.expr->kind == ir::ExprKind::CompoundAssign ? s + "=" : s;
  }
  case AlternativeKind::Value:
    if (ref.index < a.spellings.size() && !a.spellings[ref.index].empty())
      return a.spellings[ref.index];
    return std::to_string(a.values[ref.index]);
  case AlternativeKind::SwapLogical: return site.expr->kind == ir::ExprKind::LogAnd ? "||" : "&&";
  case AlternativeKind::Variable: return varName(program, a.vars[ref.index]);
  case AlternativeKind::Clause: {
    const Clause& c = a.clauses[ref.index];
    const std::string value = c.valueText.empty() ? std::to_string(c.value) : c.valueText;
    const std::string text = operand(site, c.widen) + (c.widen ? " || " : " && ") +
                             varName(program, c.var) + " " + ir::binOpSpelling(c.op) + " " + value;
    return site.operand ? "(" + text + ")" : text;
  }
  case AlternativeKind::Deletion: return "";
  }
  return "";
}

}  // namespace culprit::repair

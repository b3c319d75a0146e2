// The shared report words: see words.h.
#include "report/words.h"

#include "exec/arith.h"
#include "ir/sized_call.h"

#include <algorithm>
#include <fmt/format.h>

namespace culprit::report {

const char* feasibilityName(localize::Feasibility f) {
  switch (f) {
  case localize::Feasibility::Feasible: return "feasible";
  case localize::Feasibility::Infeasible: return "infeasible";
  case localize::Feasibility::Unchecked: return "unchecked";
  }
  return "?";
}

std::string producedName(const ir::Program& program, const ir::Stmt& stmt) {
  if (stmt.role == ir::StmtRole::Branch) return "condition";
  if (stmt.role == ir::StmtRole::Return) return "return value";
  if (stmt.kind == ir::StmtKind::Macro && stmt.expr && stmt.expr->macro < program.macros.size())
    return program.macros[stmt.expr->macro].name;
  if (const ir::Expr* call = ir::sizedCall(stmt))
    return fmt::format("{} of {}", call->builtin == ir::Builtin::Bsearch ? "count" : "size",
                       ir::builtinName(call->builtin));
  if (stmt.kind == ir::StmtKind::Decl && stmt.var != ir::kNone) return program.vars[stmt.var].name;
  if (!stmt.expr || stmt.expr->ops.empty()) return "value";
  // The assigned lvalue: a variable, or an element of one (through casts and indexing).
  const ir::Expr* lhs = stmt.expr->ops[0].get();
  const ir::Expr* base = lhs;
  while ((base->kind == ir::ExprKind::Index || base->kind == ir::ExprKind::Cast) &&
         !base->ops.empty())
    base = base->ops[0].get();
  if (base->kind != ir::ExprKind::VarRef) return "value";
  const std::string& name = program.vars[base->var].name;
  return lhs->kind == ir::ExprKind::Index ? name + "[...]" : name;
}

ir::TypeRef producedType(const ir::Program& program, const ir::Stmt& stmt) {
  if (stmt.role == ir::StmtRole::Branch) return nullptr;
  if (const ir::Expr* call = ir::sizedCall(stmt)) return call->ops[2]->type;
  if (stmt.kind == ir::StmtKind::Decl && stmt.var != ir::kNone) return program.vars[stmt.var].type;
  return stmt.expr ? stmt.expr->type : nullptr;
}

std::string valueText(const ir::Program& program, const ir::Stmt& stmt, std::int64_t v) {
  const ir::TypeRef t = producedType(program, stmt);
  if (t && t->isFloat()) return exec::arith::toString(v, t->intKind);
  return std::to_string(v);
}

std::string decisionText(const ir::Stmt& stmt, std::int64_t decision) {
  if (stmt.kind != ir::StmtKind::Switch) return decision ? "true" : "false";
  if (decision < 0 || static_cast<std::size_t>(decision) >= stmt.arms.size()) return "no case";
  const ir::SwitchArm& arm = stmt.arms[static_cast<std::size_t>(decision)];
  std::string labels;
  for (std::int64_t v : arm.values)
    labels += fmt::format("{}case {}", labels.empty() ? "" : " / ", v);
  if (arm.isDefault) labels += labels.empty() ? "default" : " / default";
  return labels;
}

std::string angelicValueText(const ir::Program& program, const localize::AngelicValue& a) {
  const ir::Stmt& s = program.stmt(a.stmt);
  if (a.branch) {
    const bool isSwitch = s.kind == ir::StmtKind::Switch;
    // A branch shows the failing run's direction only where the diagnosis turns it.
    const bool turned =
        a.original && (isSwitch ? *a.original != a.value : (*a.original != 0) != (a.value != 0));
    return fmt::format("{} {}{}", isSwitch ? "enters" : "condition", decisionText(s, a.value),
                       turned ? " (failing run: " + decisionText(s, *a.original) + ")" : "");
  }
  const std::optional<std::int64_t> original = originalValue(program, a);
  return fmt::format("{} = {}{}", producedName(program, s), valueText(program, s, a.value),
                     original ? " (failing run: " + valueText(program, s, *original) + ")" : "");
}

std::optional<std::int64_t> originalValue(const ir::Program& program,
                                          const localize::AngelicValue& a) {
  const ir::Stmt& s = program.stmt(a.stmt);
  if (s.kind == ir::StmtKind::Macro && s.expr) return s.expr->value;  // as #defined
  return a.original;
}

std::vector<std::string> programFiles(const ir::Program& program) {
  std::vector<bool> code(program.files.size(), false);
  if (!code.empty()) code[0] = true;
  for (const ir::Stmt* s : program.stmts)
    if (s->range.file < code.size() && !program.functions[s->func].trusted)
      code[s->range.file] = true;
  std::vector<std::string> files;
  for (std::size_t f = 0; f < code.size(); ++f)
    if (code[f]) files.push_back(program.files[f].path);
  return files;
}

std::string programName(const ir::Program& program) {
  std::string name;
  for (const std::string& f : programFiles(program))
    name += (name.empty() ? "" : ", ") + f;
  return name.empty() ? "?" : name;
}

std::string xmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&#39;"; break;
    default: out += c;
    }
  }
  return out;
}

Severity incompleteSeverity(std::string_view reason) {
  constexpr std::string_view kChosenBounds[] = {"(--max-size", "(--max-count", "(--max-deviations",
                                                "(--max-refinements"};
  while (!reason.empty()) {
    const std::size_t end = reason.find("; ");
    const std::string_view part = reason.substr(0, end);
    if (std::none_of(std::begin(kChosenBounds), std::end(kChosenBounds),
                     [&](std::string_view b) { return part.find(b) != std::string_view::npos; }))
      return Severity::Warning;
    reason = end == std::string_view::npos ? std::string_view() : reason.substr(end + 2);
  }
  return Severity::Note;
}

const char* severityName(Severity s) { return s == Severity::Note ? "note" : "warning"; }

}  // namespace culprit::report

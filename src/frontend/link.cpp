// Links the translation units of one program as a linker would, while lowering them: every
// unit's external definitions are known before any body is lowered, so a call or a use of an
// `extern` variable in one unit resolves to another unit's definition by name. Steps, each for
// every unit (in command-line order) before the next: reserve the names of external
// definitions; register the unit's main file (Program::files starts with the units' files);
// declare functions and globals (a second external definition of a name is a located error);
// lower the globals' initializers; then the function bodies in FuncId order (library
// functions of the prelude are declared, once for the program, where first called). A call to
// a function no unit defines is a located error when the entry function can reach it, like
// every unsupported construct (see checkReachable).
#include "frontend/lowering.h"

#include <cctype>
#include <functional>
#include <optional>
#include <set>

namespace culprit::frontend {

namespace {

/// Calls `f(stmt, e)` on every expression `e` of `s` and its sub-statements, operands included,
/// with the statement `e` belongs to.
void forEachExpr(const ir::Stmt& s,
                 const std::function<void(const ir::Stmt&, const ir::Expr&)>& f) {
  const std::function<void(const ir::Expr&)> walk = [&](const ir::Expr& e) {
    f(s, e);
    for (const ir::ExprPtr& op : e.ops)
      walk(*op);
  };
  if (s.expr) walk(*s.expr);
  for (const ir::StmtPtr& c : s.children)
    forEachExpr(*c, f);
  for (const ir::Stmt* c : {s.thenS.get(), s.elseS.get(), s.init.get(), s.step.get(), s.body.get()})
    if (c) forEachExpr(*c, f);
  for (const ir::SwitchArm& arm : s.arms)
    for (const ir::StmtPtr& c : arm.body)
      forEachExpr(*c, f);
}

void collectCallees(const ir::Stmt& s, std::vector<ir::FuncId>& out) {
  forEachExpr(s, [&](const ir::Stmt&, const ir::Expr& e) {
    if (e.kind == ir::ExprKind::Call && e.callee != ir::kNone) out.push_back(e.callee);
  });
}

/// How often identifier `name` occurs in the program's files outside comments, string and
/// character literals and the line `except` of file `exceptFile` (its #define).
std::size_t occurrences(const ir::Program& prog, const std::string& name, std::uint32_t exceptFile,
                        std::uint32_t except) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::size_t n = 0;
  for (std::uint32_t f = 0; f < prog.files.size(); ++f) {
    bool comment = false;  // inside /* */
    for (std::uint32_t l = 0; l < prog.files[f].lines.size(); ++l) {
      const std::string& line = prog.files[f].lines[l];
      const bool counted = !(f == exceptFile && l + 1 == except);
      for (std::size_t i = 0; i < line.size();) {
        if (comment) {
          const std::size_t end = line.find("*/", i);
          if (end == std::string::npos) break;
          comment = false;
          i = end + 2;
        } else if (line.compare(i, 2, "//") == 0) {
          break;
        } else if (line.compare(i, 2, "/*") == 0) {
          comment = true;
          i += 2;
        } else if (line[i] == '"' || line[i] == '\'') {
          const char quote = line[i++];
          while (i < line.size() && line[i] != quote)
            i += line[i] == '\\' ? 2 : 1;
          ++i;
        } else if (word(line[i])) {
          std::size_t j = i;
          while (j < line.size() && word(line[j]))
            ++j;
          if (counted && line.compare(i, j - i, name) == 0 && j - i == name.size()) ++n;
          i = j;
        } else {
          ++i;
        }
      }
    }
  }
  return n;
}

/// Gives each macro constant the program's own code uses in two statements or more (not only
/// trusted or library code) a statement of its own: a repair site at its `#define` line, after
/// every statement of the bodies. A macro one statement uses changes nothing that statement's
/// own relaxation does not: its diagnosis would only stand beside the statement's (bench/
/// siemens: `CROSSING_WARN`, used once, came before the faulty statement that uses it).
void addMacroStatements(ir::Program& prog) {
  std::vector<ir::FuncId> user(prog.macros.size(), ir::kNone);
  std::vector<std::size_t> uses(prog.macros.size(), 0);
  std::vector<std::set<ir::StmtId>> statements(prog.macros.size());
  for (const ir::Function& f : prog.functions) {
    if (!f.body) continue;
    const bool own = !f.trusted && f.library.empty();
    forEachExpr(*f.body, [&](const ir::Stmt& s, const ir::Expr& e) {
      if (e.kind != ir::ExprKind::IntLit || e.macro >= user.size()) return;
      ++uses[e.macro];
      statements[e.macro].insert(s.id);
      if (own && user[e.macro] == ir::kNone) user[e.macro] = f.id;
    });
  }
  for (std::uint32_t m = 0; m < prog.macros.size(); ++m) {
    if (user[m] == ir::kNone || statements[m].size() < 2) continue;
    ir::MacroConstant& mc = prog.macros[m];
    // A use the IR does not hold as this macro's literal (a case label, an array size, a
    // global's initializer, another macro's body, code not lowered) would keep the old value
    // where a changed #define changes it: such a macro is no repair site (bench/siemens:
    // `#define CAUTION 1`, an aspect code, is also `case CAUTION:`).
    if (occurrences(prog, mc.name, mc.range.file, mc.range.line) > uses[m]) continue;
    auto s = std::make_unique<ir::Stmt>();
    s->kind = ir::StmtKind::Macro;
    s->role = ir::StmtRole::Assign;
    s->func = user[m];
    s->range = mc.range;
    s->expr = std::make_unique<ir::Expr>();
    s->expr->kind = ir::ExprKind::IntLit;
    s->expr->type = mc.type;
    s->expr->range = mc.range;
    s->expr->value = mc.value;
    s->expr->macro = m;
    s->id = static_cast<ir::StmtId>(prog.stmts.size());
    mc.stmt = s->id;
    prog.stmts.push_back(s.get());
    prog.macroStmts.push_back(std::move(s));
  }
}

/// Throws the error of the first function using an unsupported construct that the entry
/// function can call (transitively).
void checkReachable(const Linkage& link, const std::string& entry) {
  if (link.rejected.empty()) return;
  const ir::Program& prog = *link.prog;
  const ir::Function* root = prog.findFunction(entry.empty() ? "main" : entry);
  std::vector<ir::FuncId> work;
  if (root)
    work.push_back(root->id);
  else  // nothing says where runs start: every function counts
    for (const ir::Function& f : prog.functions)
      work.push_back(f.id);
  std::vector<bool> seen(prog.functions.size(), false);
  std::optional<ir::FuncId> first;
  while (!work.empty()) {
    const ir::FuncId f = work.back();
    work.pop_back();
    if (f >= seen.size() || seen[f]) continue;
    seen[f] = true;
    if (link.rejected.count(f) && (!first || f < *first)) first = f;
    if (prog.functions[f].body) collectCallees(*prog.functions[f].body, work);
  }
  if (first) throw link.rejected.at(*first);
}

}  // namespace

std::unique_ptr<ir::Program> lowerProgram(const std::vector<clang::ASTContext*>& units,
                                          const std::vector<LowerOptions>& options) {
  auto program = std::make_unique<ir::Program>();
  Linkage link;
  link.prog = program.get();
  std::vector<std::unique_ptr<Lowerer>> lowerers;
  for (std::size_t i = 0; i < units.size(); ++i)
    lowerers.push_back(std::make_unique<Lowerer>(*units[i], options[i], link));
  for (auto& l : lowerers)
    l->reserveExternalNames();
  for (auto& l : lowerers)
    l->registerMainFile();
  for (auto& l : lowerers)
    l->declareTopLevel();
  for (auto& l : lowerers)
    l->lowerGlobalInits();
  for (ir::FuncId id = 0; id < link.definitions.size(); ++id)
    if (!link.rejected.count(id))
      link.definitions[id].first->lowerFunction(link.definitions[id].second, id);
  checkReachable(link, options.empty() ? "" : options[0].entry);
  addMacroStatements(*program);
  return program;
}

}  // namespace culprit::frontend

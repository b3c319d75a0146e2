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

#include <optional>

namespace culprit::frontend {

namespace {

void collectCallees(const ir::Expr& e, std::vector<ir::FuncId>& out) {
  if (e.kind == ir::ExprKind::Call && e.callee != ir::kNone) out.push_back(e.callee);
  for (const ir::ExprPtr& op : e.ops)
    collectCallees(*op, out);
}

void collectCallees(const ir::Stmt& s, std::vector<ir::FuncId>& out) {
  if (s.expr) collectCallees(*s.expr, out);
  for (const ir::StmtPtr& c : s.children)
    collectCallees(*c, out);
  for (const ir::Stmt* c : {s.thenS.get(), s.elseS.get(), s.init.get(), s.step.get(), s.body.get()})
    if (c) collectCallees(*c, out);
  for (const ir::SwitchArm& arm : s.arms)
    for (const ir::StmtPtr& c : arm.body)
      collectCallees(*c, out);
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
  return program;
}

}  // namespace culprit::frontend

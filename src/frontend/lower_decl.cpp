// Top level of the lowering: declares every function defined outside system headers (so calls
// and prototypes resolve to the definition, whatever the order), every file-scope variable in
// declaration order, then lowers the function bodies in definition order, which gives StmtIds in
// source order. Global initializers are folded by Clang's constant evaluator. Local `static`
// variables become globals named `function.name` (made unique if needed).
#include "frontend/lowering.h"
#include "frontend/prelude.h"

#include <clang/AST/Attr.h>

#include <algorithm>
#include <optional>

namespace culprit::frontend {

using namespace clang;

std::unique_ptr<ir::Program> lowerTranslationUnit(ASTContext& ctx, const LowerOptions& options) {
  return Lowerer(ctx, options).run();
}

Lowerer::Lowerer(ASTContext& ctx, const LowerOptions& options)
    : ctx_(ctx), sm_(ctx.getSourceManager()), opts_(options),
      prog_(std::make_unique<ir::Program>()) {}

std::unique_ptr<ir::Program> Lowerer::run() {
  fileIndex(sm_.getMainFileID());
  declareTopLevel();
  for (ir::FuncId id = 0; id < definitions_.size(); ++id)
    if (!rejected_.count(id)) lowerFunction(definitions_[id], id);
  checkReachable();
  return std::move(prog_);
}

void Lowerer::declareTopLevel() {
  for (const Decl* d : ctx_.getTranslationUnitDecl()->decls()) {
    if (d->isImplicit() || sm_.isInSystemHeader(d->getLocation())) continue;
    if (isa<FileScopeAsmDecl>(d)) unsupported(d->getBeginLoc(), "inline assembly");
    if (const auto* fd = dyn_cast<FunctionDecl>(d)) {
      if (fd->getName().startswith(kPreludePrefix)) continue;  // declared where called
      // They run outside the entry function's call (before or after main), unlike any other
      // code: refused wherever they are, since nothing calls them.
      if (const auto* a = fd->getAttr<ConstructorAttr>())
        unsupported(a->getLocation(), "__attribute__((constructor)) (code run before main)");
      if (const auto* a = fd->getAttr<DestructorAttr>())
        unsupported(a->getLocation(), "__attribute__((destructor)) (code run after main)");
      if (fd->doesThisDeclarationHaveABody()) declareFunction(fd);
    } else if (const auto* vd = dyn_cast<VarDecl>(d)) {
      declareGlobal(vd);
    }
  }
}

void Lowerer::declareFunction(const FunctionDecl* fd) {
  auto id = static_cast<ir::FuncId>(prog_->functions.size());
  ir::Function f;
  f.name = fd->getNameAsString();
  f.id = id;
  f.range = rangeOf(fd->getSourceRange());
  f.trusted = std::find(opts_.trusted.begin(), opts_.trusted.end(), f.name) != opts_.trusted.end();
  f.ret = prog_->types.voidType();
  prog_->functions.push_back(std::move(f));
  funcs_[fd->getCanonicalDecl()] = id;
  definitions_.push_back(fd);
  const std::size_t varsBefore = prog_->vars.size();
  try {
    if (fd->isVariadic()) unsupported(fd->getLocation(), "variadic function");
    SourceLocation retLoc = fd->getReturnTypeSourceRange().getBegin();
    ir::TypeRef ret = typeOf(fd->getReturnType(), retLoc.isValid() ? retLoc : fd->getLocation());
    if (ret->isAggregate()) unsupported(fd->getLocation(), "function returning " + ret->str());
    prog_->functions[id].ret = ret;
    fnId_ = id;
    for (const ParmVarDecl* p : fd->parameters()) {
      ir::VarId v = addVar(p, ir::Var::Storage::Param, p->getNameAsString());
      if (prog_->vars[v].type->isStruct())
        unsupported(p->getLocation(),
                    std::string(prog_->vars[v].type->isUnion ? "union" : "struct") +
                        " parameter passed by value");
      prog_->functions[id].params.push_back(v);
    }
    fnId_ = ir::kNone;
  } catch (const UserError& e) {  // an error only if it is called: see lowerUserCall
    fnId_ = ir::kNone;
    for (const ParmVarDecl* p : fd->parameters())
      vars_.erase(p->getCanonicalDecl());
    prog_->vars.resize(varsBefore);
    prog_->functions[id].params.clear();
    prog_->functions[id].frame.clear();
    rejected_.emplace(id, e);
  }
}

ir::FuncId Lowerer::preludeFunction(llvm::StringRef name) {
  const std::string full = std::string(kPreludePrefix) + name.str();
  for (const NamedDecl* d : ctx_.getTranslationUnitDecl()->lookup(&ctx_.Idents.get(full))) {
    const auto* fd = dyn_cast<FunctionDecl>(d);
    if (!fd || !fd->getDefinition()) continue;
    fd = fd->getDefinition();
    if (ir::FuncId id = userFunction(fd); id != ir::kNone) return id;
    const ir::FuncId saved = fnId_;
    declareFunction(fd);  // its body is lowered by run()'s loop over definitions_
    fnId_ = saved;
    ir::Function& f = prog_->functions.back();
    f.library = name.str();
    f.trusted = true;
    return f.id;
  }
  return ir::kNone;
}

void Lowerer::declareGlobal(const VarDecl* vd) {
  const VarDecl* canon = vd->getCanonicalDecl();
  if (vars_.count(canon)) return;
  const VarDecl* def = vd->getDefinition();
  if (!def) def = vd->getActingDefinition();
  if (!def) return;  // only declared `extern` here: a use is reported as unsupported
  std::string name = uniqueGlobalName(def->getNameAsString());
  ir::VarId v = addVar(def, ir::Var::Storage::Global, name);
  vars_[canon] = v;
  prog_->vars[v].init = constantInit(def, prog_->vars[v].type);
}

ir::VarId Lowerer::addVar(const VarDecl* vd, ir::Var::Storage storage, std::string name) {
  ir::Var var;
  var.name = std::move(name);
  var.type = varType(vd);
  var.storage = storage;
  var.range = rangeOf(vd->getSourceRange());
  auto id = static_cast<ir::VarId>(prog_->vars.size());
  if (storage == ir::Var::Storage::Global) {
    var.slot = static_cast<std::uint32_t>(prog_->globals.size());
    prog_->globals.push_back(id);
  } else {
    var.func = fnId_;
    std::vector<ir::VarId>& frame = prog_->functions[fnId_].frame;
    var.slot = static_cast<std::uint32_t>(frame.size());
    frame.push_back(id);
  }
  prog_->vars.push_back(std::move(var));
  vars_[vd->getCanonicalDecl()] = id;
  return id;
}

ir::TypeRef Lowerer::varType(const VarDecl* vd) {
  SourceLocation typeLoc = vd->getTypeSpecStartLoc();
  if (typeLoc.isInvalid()) typeLoc = vd->getLocation();
  if (vd->getTLSKind() != VarDecl::TLS_None) unsupported(typeLoc, "thread-local variable");
  if (const auto* vla = ctx_.getAsVariableArrayType(vd->getType())) {
    if (isa<ParmVarDecl>(vd) || !vd->isLocalVarDecl())
      unsupported(typeLoc, "variable-length array parameter");
    // A local VLA is a pointer to its block (see lowerLocalVar).
    return prog_->types.pointerTo(typeOf(vla->getElementType(), typeLoc));
  }
  ir::TypeRef t = typeOf(vd->getType(), typeLoc);
  if (t->isVoid()) unsupported(vd->getLocation(), "variable of type void");
  return t;
}

void Lowerer::lowerFunction(const FunctionDecl* fd, ir::FuncId id) {
  fnId_ = id;
  const std::size_t stmtsBefore = prog_->stmts.size();
  gotos_.clear();
  labels_.clear();
  labelIds_.clear();
  try {
    ir::StmtPtr body = lowerStmt(fd->getBody());
    prog_->functions[id].body = std::move(body);
    if (!gotos_.empty()) eliminateGotos(*prog_, id, gotos_, labels_);
  } catch (const UserError& e) {  // an error only if it can run: see checkReachable
    prog_->functions[id].body.reset();
    prog_->stmts.resize(stmtsBefore);
    rejected_.emplace(id, e);
  }
  fnId_ = ir::kNone;
}

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

}  // namespace

void Lowerer::checkReachable() const {
  if (rejected_.empty()) return;
  const ir::Function* root = prog_->findFunction(opts_.entry.empty() ? "main" : opts_.entry);
  std::vector<ir::FuncId> work;
  if (root)
    work.push_back(root->id);
  else  // nothing says where runs start: every function counts
    for (const ir::Function& f : prog_->functions)
      work.push_back(f.id);
  std::vector<bool> seen(prog_->functions.size(), false);
  std::optional<ir::FuncId> first;
  while (!work.empty()) {
    const ir::FuncId f = work.back();
    work.pop_back();
    if (f >= seen.size() || seen[f]) continue;
    seen[f] = true;
    if (rejected_.count(f) && (!first || f < *first)) first = f;
    if (prog_->functions[f].body) collectCallees(*prog_->functions[f].body, work);
  }
  if (first) throw rejected_.at(*first);
}

ir::ExprPtr Lowerer::constantInit(const VarDecl* vd, ir::TypeRef type) {
  const Expr* init = vd->getInit();
  return init ? lowerInit(init, type, /*constant=*/true) : nullptr;
}

ir::ExprPtr Lowerer::constantScalar(const Expr* e, ir::TypeRef type) {
  if (type->isPointer()) {  // NULL, or an address constant Clang has checked (a string, &x)
    if (e->isNullPointerConstant(ctx_, Expr::NPC_ValueDependentIsNotNull))
      return intLit(0, type, e);
    return castTo(type, lowerExpr(e), e);
  }
  if (type->isFloat()) {
    llvm::APFloat value(0.0);
    if (!e->EvaluateAsFloat(value, ctx_))
      unsupported(e->getBeginLoc(), "initializer that is not a floating constant");
    return floatLit(value, e);
  }
  Expr::EvalResult result;
  if (!e->EvaluateAsInt(result, ctx_))
    unsupported(e->getBeginLoc(), "initializer that is not an integer constant");
  auto lit = std::make_unique<ir::Expr>();
  lit->kind = ir::ExprKind::IntLit;
  lit->type = type;
  lit->range = rangeOf(e->getSourceRange());
  lit->value = toInt64(result.Val.getInt());
  return lit;
}

ir::VarId Lowerer::lookupVar(const VarDecl* vd, SourceLocation use) {
  auto it = vars_.find(vd->getCanonicalDecl());
  if (it != vars_.end()) return it->second;
  unsupported(use, "external variable '" + vd->getNameAsString() + "'");
}

std::string Lowerer::uniqueGlobalName(const std::string& base) {
  std::string name = base;
  for (int k = 1; globalNames_.count(name); ++k)
    name = base + "." + std::to_string(k);
  globalNames_.insert(name);
  return name;
}

ir::StmtPtr Lowerer::lowerStaticLocal(const VarDecl* vd) {
  std::string base = prog_->functions[fnId_].name + "." + vd->getNameAsString();
  ir::VarId v = addVar(vd, ir::Var::Storage::Global, uniqueGlobalName(base));
  prog_->vars[v].init = constantInit(vd, prog_->vars[v].type);
  return nullptr;
}

}  // namespace culprit::frontend

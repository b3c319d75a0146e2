// Top level of the lowering: declares every function defined outside system headers (so calls
// and prototypes resolve to the definition, whatever the order), every file-scope variable in
// declaration order, then lowers the function bodies in definition order, which gives StmtIds in
// source order. Global initializers are folded by Clang's constant evaluator. Local `static`
// variables become globals named `function.name` (made unique if needed).
#include "frontend/lowering.h"

#include <algorithm>

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
    lowerFunction(definitions_[id], id);
  return std::move(prog_);
}

void Lowerer::declareTopLevel() {
  for (const Decl* d : ctx_.getTranslationUnitDecl()->decls()) {
    if (d->isImplicit() || sm_.isInSystemHeader(d->getLocation())) continue;
    if (isa<FileScopeAsmDecl>(d)) unsupported(d->getBeginLoc(), "inline assembly");
    if (const auto* fd = dyn_cast<FunctionDecl>(d)) {
      if (fd->doesThisDeclarationHaveABody()) declareFunction(fd);
    } else if (const auto* vd = dyn_cast<VarDecl>(d)) {
      declareGlobal(vd);
    }
  }
}

void Lowerer::declareFunction(const FunctionDecl* fd) {
  if (fd->isVariadic()) unsupported(fd->getLocation(), "variadic function");
  auto id = static_cast<ir::FuncId>(prog_->functions.size());
  ir::Function f;
  f.name = fd->getNameAsString();
  f.id = id;
  SourceLocation retLoc = fd->getReturnTypeSourceRange().getBegin();
  f.ret = typeOf(fd->getReturnType(), retLoc.isValid() ? retLoc : fd->getLocation());
  if (!f.ret->isInt() && !f.ret->isVoid())
    unsupported(fd->getLocation(), "function returning " + f.ret->str());
  f.range = rangeOf(fd->getSourceRange());
  f.trusted = std::find(opts_.trusted.begin(), opts_.trusted.end(), f.name) != opts_.trusted.end();
  prog_->functions.push_back(std::move(f));
  funcs_[fd->getCanonicalDecl()] = id;
  definitions_.push_back(fd);
  fnId_ = id;
  for (const ParmVarDecl* p : fd->parameters()) {
    ir::VarId v = addVar(p, ir::Var::Storage::Param, p->getNameAsString());
    prog_->functions[id].params.push_back(v);
  }
  fnId_ = ir::kNone;
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
  var.type = varType(vd, storage == ir::Var::Storage::Param);
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

ir::TypeRef Lowerer::varType(const VarDecl* vd, bool isParam) {
  SourceLocation typeLoc = vd->getTypeSpecStartLoc();
  if (typeLoc.isInvalid()) typeLoc = vd->getLocation();
  if (vd->getTLSKind() != VarDecl::TLS_None) unsupported(typeLoc, "thread-local variable");
  ir::TypeRef t = typeOf(vd->getType(), typeLoc);
  if (t->isVoid()) unsupported(vd->getLocation(), "variable of type void");
  if (!isParam && t->scalarType()->isPointer())
    unsupported(vd->getLocation(), "pointer variable '" + vd->getNameAsString() + "'");
  return t;
}

void Lowerer::lowerFunction(const FunctionDecl* fd, ir::FuncId id) {
  fnId_ = id;
  ir::StmtPtr body = lowerStmt(fd->getBody());
  prog_->functions[id].body = std::move(body);
  fnId_ = ir::kNone;
}

ir::ExprPtr Lowerer::constantInit(const VarDecl* vd, ir::TypeRef type) {
  const Expr* init = vd->getInit();
  return init ? lowerInit(init, type, /*constant=*/true) : nullptr;
}

ir::ExprPtr Lowerer::constantScalar(const Expr* e, ir::TypeRef type) {
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

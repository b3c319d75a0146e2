// Top level of the lowering: declares every function defined outside system headers (so calls
// and prototypes resolve to the definition, whatever the order), every file-scope variable in
// declaration order; link.cpp then has the initializers and the function bodies lowered in
// definition order, which gives StmtIds in source order. Global initializers are folded by
// Clang's constant evaluator. Local `static` variables become globals named `function.name`
// (made unique if needed). Symbols with external linkage are the Linkage's: each is defined
// once over all units (a second definition, tentative ones included as with gcc's default
// -fno-common, is a located error) and a unit's declaration without definition resolves to
// another unit's definition by name; an internal (`static`) symbol whose name another unit
// also uses is renamed `name.1`, `name.2`, ... in the program.
#include "frontend/lowering.h"
#include "frontend/prelude.h"

#include <clang/AST/Attr.h>

#include <algorithm>
#include <optional>

namespace culprit::frontend {

using namespace clang;

Lowerer::Lowerer(ASTContext& ctx, const LowerOptions& options, Linkage& link)
    : ctx_(ctx), sm_(ctx.getSourceManager()), opts_(options), link_(link), prog_(link.prog),
      rejected_(link.rejected) {}

namespace {

/// A function or variable this unit defines with external linkage.
bool definesExternal(const Decl* d) {
  if (const auto* fd = dyn_cast<FunctionDecl>(d))
    return fd->doesThisDeclarationHaveABody() && fd->hasExternalFormalLinkage();
  const auto* vd = dyn_cast<VarDecl>(d);
  return vd && vd->hasExternalFormalLinkage() &&
         (vd->getDefinition() == vd || vd->getActingDefinition() == vd);
}

}  // namespace

void Lowerer::reserveExternalNames() {
  for (const Decl* d : ctx_.getTranslationUnitDecl()->decls())
    if (!d->isImplicit() && !sm_.isInSystemHeader(d->getLocation()) && definesExternal(d))
      link_.externalNames.insert(cast<NamedDecl>(d)->getNameAsString());
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

std::string Lowerer::linkName(const std::string& base, bool external,
                              std::set<std::string>& taken) {
  std::string name = base;
  for (int k = 1; !external && (taken.count(name) || link_.externalNames.count(name)); ++k)
    name = base + "." + std::to_string(k);
  taken.insert(name);
  return name;
}

void Lowerer::defineExternal(const std::string& name, SourceLocation loc) {
  auto [it, added] = link_.definedAt.emplace(name, placeOf(loc));
  if (!added)
    throw errorAt(loc, "multiple definition of '" + name + "' (first defined at " + it->second +
                           (name == "main" ? "; a program has one main)" : ")"));
}

void Lowerer::declareFunction(const FunctionDecl* fd) {
  auto id = static_cast<ir::FuncId>(prog_->functions.size());
  const bool external = fd->hasExternalFormalLinkage();
  if (external) {
    defineExternal(fd->getNameAsString(), fd->getLocation());
    link_.functions[fd->getNameAsString()] = id;
  }
  ir::Function f;
  f.name = linkName(fd->getNameAsString(), external, link_.functionNames);
  f.id = id;
  f.range = rangeOf(fd->getSourceRange());
  f.trusted = std::find(opts_.trusted.begin(), opts_.trusted.end(), f.name) != opts_.trusted.end();
  f.ret = prog_->types.voidType();
  prog_->functions.push_back(std::move(f));
  funcs_[fd->getCanonicalDecl()] = id;
  link_.definitions.emplace_back(this, fd);
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
  if (auto it = link_.library.find(name.str()); it != link_.library.end()) return it->second;
  const std::string full = std::string(kPreludePrefix) + name.str();
  for (const NamedDecl* d : ctx_.getTranslationUnitDecl()->lookup(&ctx_.Idents.get(full))) {
    const auto* fd = dyn_cast<FunctionDecl>(d);
    if (!fd || !fd->getDefinition()) continue;
    fd = fd->getDefinition();
    if (ir::FuncId id = userFunction(fd); id != ir::kNone) return id;
    const ir::FuncId saved = fnId_;
    declareFunction(fd);  // its body is lowered by lowerProgram's loop over the definitions
    fnId_ = saved;
    ir::Function& f = prog_->functions.back();
    f.library = name.str();
    f.trusted = true;
    link_.library[f.library] = f.id;
    return f.id;
  }
  return ir::kNone;
}

void Lowerer::declareGlobal(const VarDecl* vd) {
  const VarDecl* canon = vd->getCanonicalDecl();
  if (vars_.count(canon)) return;
  const VarDecl* def = vd->getDefinition();
  if (!def) def = vd->getActingDefinition();
  if (!def) return;  // only declared `extern` here: linked to its definition where used
  const bool external = def->hasExternalFormalLinkage();
  if (external) defineExternal(def->getNameAsString(), def->getLocation());
  std::string name = linkName(def->getNameAsString(), external, link_.globalNames);
  ir::VarId v = addVar(def, ir::Var::Storage::Global, name);
  vars_[canon] = v;
  if (external) link_.globals[name] = v;
  pendingInits_.emplace_back(v, def);
}

void Lowerer::lowerGlobalInits() {
  for (const auto& [v, def] : pendingInits_)
    prog_->vars[v].init = constantInit(def, prog_->vars[v].type);
  pendingInits_.clear();
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
  if (vd->hasExternalFormalLinkage())
    if (auto g = link_.globals.find(vd->getNameAsString()); g != link_.globals.end()) {
      vars_[vd->getCanonicalDecl()] = g->second;
      return g->second;
    }
  throw errorAt(use, "undefined variable '" + vd->getNameAsString() +
                         "': declared extern, and none of the program's files defines it");
}

std::string Lowerer::uniqueGlobalName(const std::string& base) {
  return linkName(base, /*external=*/false, link_.globalNames);
}

ir::StmtPtr Lowerer::lowerStaticLocal(const VarDecl* vd) {
  std::string base = prog_->functions[fnId_].name + "." + vd->getNameAsString();
  ir::VarId v = addVar(vd, ir::Var::Storage::Global, uniqueGlobalName(base));
  prog_->vars[v].init = constantInit(vd, prog_->vars[v].type);
  return nullptr;
}

}  // namespace culprit::frontend

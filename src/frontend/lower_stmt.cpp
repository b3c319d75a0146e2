// Lowers statements and gives each one its StmtId and role.
//
// Ids are dense and follow the source text: a node takes its id where its own range starts, so a
// for loop's init comes before the loop node (whose range is the condition), which comes before
// the step and the body; a do-while node comes after its body. Every IR statement is registered,
// blocks and empty statements included (role None). A `for(;;)` is still a Branch statement whose
// decision is always true; its range is `for (...)`. Roles: an expression statement is Assign if
// its top-level expression is an assignment, compound assignment or ++/--; Assert, Assume or
// Output for those builtins; None for a bare literal (e.g. `assert` under NDEBUG); Call for any
// other expression statement (its value is discarded). Each declarator of a declaration is its
// own statement (Assign if initialised). Local `static` and `extern` declarations produce no
// statement. A switch body is split into arms, one per run of consecutive case labels; a case
// label nested inside another statement of the body is rejected. A `goto` is a Jump statement
// (a no-op counted at its line) followed by a placeholder, a label a marker in front of the
// labelled statement; goto_elim.cpp turns them into structured IR once the body is lowered.
#include "frontend/lowering.h"

namespace culprit::frontend {

using namespace clang;
using ir::StmtKind;
using ir::StmtRole;

ir::StmtPtr Lowerer::newStmt(StmtKind kind, StmtRole role, ir::SourceRange range) {
  auto s = std::make_unique<ir::Stmt>();
  s->kind = kind;
  s->role = role;
  s->range = range;
  s->func = fnId_;
  return s;
}

void Lowerer::assignId(ir::Stmt& s) {
  s.id = static_cast<ir::StmtId>(prog_->stmts.size());
  prog_->stmts.push_back(&s);
}

ir::StmtPtr Lowerer::lowerStmt(const Stmt* s) {
  if (const auto* c = dyn_cast<CompoundStmt>(s)) return lowerCompound(c);
  if (const auto* e = dyn_cast<Expr>(s)) return lowerExprStmt(e);
  if (const auto* d = dyn_cast<DeclStmt>(s)) return lowerDeclGroup(d);
  if (const auto* i = dyn_cast<IfStmt>(s)) return lowerIf(i);
  if (const auto* w = dyn_cast<WhileStmt>(s)) return lowerWhile(w);
  if (const auto* d = dyn_cast<DoStmt>(s)) return lowerDo(d);
  if (const auto* f = dyn_cast<ForStmt>(s)) return lowerFor(f);
  if (const auto* w = dyn_cast<SwitchStmt>(s)) return lowerSwitch(w);
  if (const auto* r = dyn_cast<ReturnStmt>(s)) return lowerReturn(r);
  if (isa<BreakStmt>(s)) return lowerJump(s, StmtKind::Break);
  if (isa<ContinueStmt>(s)) return lowerJump(s, StmtKind::Continue);
  if (const auto* l = dyn_cast<LabelStmt>(s); l && !l->getDecl()->isUsed())
    return lowerStmt(l->getSubStmt());  // a label no goto names
  if (isa<GotoStmt, LabelStmt>(s)) {    // a goto or label where one statement is expected
    auto block = newStmt(StmtKind::Block, StmtRole::None, rangeOf(s->getSourceRange()));
    assignId(*block);
    lowerInto(block->children, s);
    return block;
  }
  if (const auto* a = dyn_cast<AttributedStmt>(s)) return lowerStmt(a->getSubStmt());
  if (isa<NullStmt>(s)) {
    auto st = newStmt(StmtKind::Empty, StmtRole::None, rangeOf(s->getSourceRange()));
    assignId(*st);
    return st;
  }
  SourceLocation at = s->getBeginLoc();
  if (isa<IndirectGotoStmt>(s)) unsupported(at, "computed goto");
  if (isa<AsmStmt>(s)) unsupported(at, "inline assembly");
  if (isa<SwitchCase>(s)) unsupported(at, "case label nested inside a statement of the switch");
  unsupported(at, std::string("statement '") + s->getStmtClassName() + "'");
}

void Lowerer::lowerInto(std::vector<ir::StmtPtr>& out, const Stmt* s) {
  if (const auto* d = dyn_cast<DeclStmt>(s)) return lowerLocalDecls(out, d);
  if (const auto* g = dyn_cast<GotoStmt>(s)) return lowerGoto(out, g);
  if (const auto* l = dyn_cast<LabelStmt>(s)) return lowerLabel(out, l);
  out.push_back(lowerStmt(s));
}

std::uint32_t Lowerer::labelId(const LabelDecl* d) {
  auto [it, added] = labelIds_.try_emplace(d, static_cast<std::uint32_t>(labels_.size()));
  if (added) labels_.push_back(LabelSite{d->getNameAsString(), nullptr, {}});
  return it->second;
}

void Lowerer::lowerGoto(std::vector<ir::StmtPtr>& out, const GotoStmt* g) {
  const ir::SourceRange r = rangeOf(g->getSourceRange());
  auto jump = newStmt(StmtKind::Empty, StmtRole::Jump, r);
  assignId(*jump);
  auto place = newStmt(StmtKind::Empty, StmtRole::None, r);
  assignId(*place);
  gotos_.push_back(GotoSite{place.get(), labelId(g->getLabel()), r});
  out.push_back(std::move(jump));
  out.push_back(std::move(place));
}

void Lowerer::lowerLabel(std::vector<ir::StmtPtr>& out, const LabelStmt* l) {
  if (!l->getDecl()->isUsed()) return lowerInto(out, l->getSubStmt());  // no goto names it
  const ir::SourceRange r = rangeOf(l->getIdentLoc(), l->getIdentLoc());
  auto marker = newStmt(StmtKind::Empty, StmtRole::None, r);
  assignId(*marker);
  LabelSite& site = labels_[labelId(l->getDecl())];
  site.marker = marker.get();
  site.range = r;
  out.push_back(std::move(marker));
  lowerInto(out, l->getSubStmt());
}

ir::StmtPtr Lowerer::lowerCompound(const CompoundStmt* c) {
  auto block = newStmt(StmtKind::Block, StmtRole::None, rangeOf(c->getSourceRange()));
  assignId(*block);
  for (const Stmt* child : c->body())
    lowerInto(block->children, child);
  return block;
}

ir::StmtPtr Lowerer::lowerDeclGroup(const DeclStmt* d) {
  if (d->isSingleDecl()) {
    std::vector<ir::StmtPtr> one;
    lowerLocalDecls(one, d);
    if (one.size() == 1) return std::move(one.front());
    auto empty = newStmt(StmtKind::Empty, StmtRole::None, rangeOf(d->getSourceRange()));
    assignId(*empty);
    return empty;
  }
  auto block = newStmt(StmtKind::Block, StmtRole::None, rangeOf(d->getSourceRange()));
  assignId(*block);
  lowerLocalDecls(block->children, d);
  return block;
}

void Lowerer::lowerLocalDecls(std::vector<ir::StmtPtr>& out, const DeclStmt* d) {
  bool first = true;
  for (const Decl* decl : d->decls()) {
    if (const auto* vd = dyn_cast<VarDecl>(decl)) {
      if (ir::StmtPtr s = lowerLocalVar(vd, first)) out.push_back(std::move(s));
    } else if (!isa<TypeDecl, FunctionDecl>(decl) && decl->getKind() != Decl::StaticAssert) {
      unsupported(decl->getLocation(),
                  std::string("declaration '") + decl->getDeclKindName() + "'");
    }
    first = false;
  }
}

ir::StmtPtr Lowerer::lowerLocalVar(const VarDecl* vd, bool first) {
  if (vd->isStaticLocal()) return lowerStaticLocal(vd);
  if (vd->hasExternalStorage()) return nullptr;  // refers to a global
  ir::VarId v = addVar(vd, ir::Var::Storage::Local, vd->getNameAsString());
  SourceLocation begin = first ? vd->getBeginLoc() : vd->getLocation();
  auto st = newStmt(StmtKind::Decl, StmtRole::None, rangeOf(begin, vd->getEndLoc()));
  assignId(*st);
  st->var = v;
  if (const auto* vla = ctx_.getAsVariableArrayType(vd->getType())) {
    // T a[n]: a T* to a block of n T's that lives until the function returns.
    auto call = std::make_unique<ir::Expr>();
    call->kind = ir::ExprKind::Call;
    call->builtin = ir::Builtin::VlaAlloc;
    call->type = prog_->vars[v].type;
    call->range = st->range;
    call->value = ctx_.getTypeSizeInChars(vla->getElementType()).getQuantity();
    call->ops.push_back(lowerExpr(vla->getSizeExpr()));
    st->expr = std::move(call);
    st->role = StmtRole::Assign;
    return st;
  }
  if (const Expr* init = vd->getInit()) {
    st->expr = lowerInit(init, prog_->vars[v].type, /*constant=*/false);
    st->role = StmtRole::Assign;
  }
  return st;
}

StmtRole Lowerer::roleOf(const ir::Expr& e) {
  using ir::Builtin;
  switch (e.kind) {
  case ir::ExprKind::Assign:
  case ir::ExprKind::CompoundAssign:
  case ir::ExprKind::IncDec: return StmtRole::Assign;
  case ir::ExprKind::IntLit: return StmtRole::None;
  case ir::ExprKind::Call: break;
  default: return StmtRole::Call;
  }
  switch (e.builtin) {
  case Builtin::Assert:
  case Builtin::AssertFail:
  case Builtin::ReachError: return StmtRole::Assert;
  case Builtin::Assume: return StmtRole::Assume;
  case Builtin::Printf:
  case Builtin::Fprintf:
  case Builtin::Puts:
  case Builtin::Fputs:
  case Builtin::Putchar:
  case Builtin::FilePrintf:
  case Builtin::FilePuts:
  case Builtin::FilePutc: return StmtRole::Output;
  default: return StmtRole::Call;
  }
}

ir::StmtPtr Lowerer::lowerExprStmt(const Expr* e) {
  auto st = newStmt(StmtKind::Expr, StmtRole::None, rangeOf(e->getSourceRange()));
  assignId(*st);
  st->expr = lowerExpr(e);
  st->role = roleOf(*st->expr);
  return st;
}

ir::StmtPtr Lowerer::lowerIf(const IfStmt* s) {
  auto st = newStmt(StmtKind::If, StmtRole::Branch, rangeOf(s->getCond()->getSourceRange()));
  assignId(*st);
  st->expr = lowerCondition(s->getCond());
  st->thenS = lowerStmt(s->getThen());
  if (s->getElse()) st->elseS = lowerStmt(s->getElse());
  return st;
}

ir::StmtPtr Lowerer::lowerWhile(const WhileStmt* s) {
  auto st = newStmt(StmtKind::While, StmtRole::Branch, rangeOf(s->getCond()->getSourceRange()));
  assignId(*st);
  st->expr = lowerCondition(s->getCond());
  st->body = lowerStmt(s->getBody());
  return st;
}

ir::StmtPtr Lowerer::lowerDo(const DoStmt* s) {
  auto st = newStmt(StmtKind::DoWhile, StmtRole::Branch, rangeOf(s->getCond()->getSourceRange()));
  st->body = lowerStmt(s->getBody());
  assignId(*st);
  st->expr = lowerCondition(s->getCond());
  return st;
}

ir::StmtPtr Lowerer::lowerFor(const ForStmt* s) {
  ir::StmtPtr init = s->getInit() ? lowerStmt(s->getInit()) : nullptr;
  const Expr* cond = s->getCond();
  ir::SourceRange range =
      cond ? rangeOf(cond->getSourceRange()) : rangeOf(s->getForLoc(), s->getRParenLoc());
  auto st = newStmt(StmtKind::For, StmtRole::Branch, range);
  st->init = std::move(init);
  assignId(*st);
  if (cond) st->expr = lowerCondition(cond);
  if (s->getInc()) st->step = lowerExprStmt(s->getInc());
  st->body = lowerStmt(s->getBody());
  return st;
}

ir::StmtPtr Lowerer::lowerSwitch(const SwitchStmt* s) {
  auto st = newStmt(StmtKind::Switch, StmtRole::Branch, rangeOf(s->getCond()->getSourceRange()));
  assignId(*st);
  st->expr = lowerExpr(s->getCond());
  lowerSwitchBody(*st, s->getBody());
  return st;
}

void Lowerer::lowerSwitchBody(ir::Stmt& sw, const Stmt* body) {
  std::vector<const Stmt*> items;
  if (const auto* c = dyn_cast<CompoundStmt>(body))
    items.assign(c->body_begin(), c->body_end());
  else
    items.push_back(body);
  for (const Stmt* item : items) {
    const Stmt* s = item;
    for (bool firstLabel = true; const auto* label = dyn_cast<SwitchCase>(s); firstLabel = false) {
      if (firstLabel) sw.arms.emplace_back();
      addCaseLabel(sw.arms.back(), label);
      s = label->getSubStmt();
    }
    if (sw.arms.empty()) {
      declareBeforeFirstCase(item);
      continue;
    }
    lowerInto(sw.arms.back().body, s);
  }
}

void Lowerer::addCaseLabel(ir::SwitchArm& arm, const SwitchCase* label) {
  const auto* c = dyn_cast<CaseStmt>(label);
  if (!c) {
    arm.isDefault = true;
    return;
  }
  if (c->caseStmtIsGNURange()) unsupported(c->getBeginLoc(), "case range");
  arm.values.push_back(toInt64(c->getLHS()->EvaluateKnownConstInt(ctx_)));
}

void Lowerer::declareBeforeFirstCase(const Stmt* s) {
  const auto* d = dyn_cast<DeclStmt>(s);
  if (!d) unsupported(s->getBeginLoc(), "statement before the first case label of a switch");
  for (const Decl* decl : d->decls()) {
    const auto* vd = dyn_cast<VarDecl>(decl);
    if (!vd) continue;
    if (vd->getInit() && !vd->isStaticLocal())
      unsupported(vd->getBeginLoc(), "initialised declaration before the first case label");
    if (vd->isStaticLocal())
      lowerStaticLocal(vd);
    else if (!vd->hasExternalStorage())
      addVar(vd, ir::Var::Storage::Local, vd->getNameAsString());
  }
}

ir::StmtPtr Lowerer::lowerReturn(const ReturnStmt* s) {
  auto st = newStmt(StmtKind::Return, StmtRole::Return, rangeOf(s->getSourceRange()));
  assignId(*st);
  if (const Expr* value = s->getRetValue()) st->expr = lowerExpr(value);
  return st;
}

ir::StmtPtr Lowerer::lowerJump(const Stmt* s, StmtKind kind) {
  auto st = newStmt(kind, StmtRole::Jump, rangeOf(s->getSourceRange()));
  assignId(*st);
  return st;
}

}  // namespace culprit::frontend

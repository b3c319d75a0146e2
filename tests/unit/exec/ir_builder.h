// A terse way to build IR programs by hand in tests, independent of the C frontend. Statements
// get ids in creation order and their source line equals their id + 1, which tests use to
// name statements.
#pragma once

#include "ir/ir.h"

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace culprit::exec::testing {

using namespace culprit::ir;

class IrBuilder {
public:
  IrBuilder() : prog(std::make_unique<Program>()) {
    prog->files.push_back({"hand.c", {}});
    i32 = prog->types.intType(IntKind::Int);
    u32 = prog->types.intType(IntKind::UInt);
    i8 = prog->types.intType(IntKind::Char);
    i64 = prog->types.intType(IntKind::Long);
    voidT = prog->types.voidType();
  }

  FuncId function(const std::string& name, TypeRef ret) {
    Function f;
    f.name = name;
    f.id = static_cast<FuncId>(prog->functions.size());
    f.ret = ret;
    prog->functions.push_back(std::move(f));
    return prog->functions.back().id;
  }

  VarId var(FuncId f, const std::string& name, TypeRef t, bool param = false) {
    Var v;
    v.name = name;
    v.type = t;
    v.func = f;
    v.storage = param ? Var::Storage::Param : Var::Storage::Local;
    Function& fn = prog->functions[f];
    v.slot = static_cast<std::uint32_t>(fn.frame.size());
    const auto id = static_cast<VarId>(prog->vars.size());
    prog->vars.push_back(std::move(v));
    fn.frame.push_back(id);
    if (param) fn.params.push_back(id);
    return id;
  }

  VarId global(const std::string& name, TypeRef t, ExprPtr init = nullptr) {
    Var v;
    v.name = name;
    v.type = t;
    v.storage = Var::Storage::Global;
    v.slot = static_cast<std::uint32_t>(prog->globals.size());
    v.init = std::move(init);
    const auto id = static_cast<VarId>(prog->vars.size());
    prog->vars.push_back(std::move(v));
    prog->globals.push_back(id);
    return id;
  }

  // --- expressions
  ExprPtr expr(ExprKind k, TypeRef t, std::vector<ExprPtr> ops = {}) {
    auto e = std::make_unique<Expr>();
    e->kind = k;
    e->type = t;
    e->range = {0, line_, 1, line_, 2};
    e->ops = std::move(ops);
    return e;
  }
  ExprPtr lit(std::int64_t v, TypeRef t = nullptr) {
    auto e = expr(ExprKind::IntLit, t ? t : i32);
    e->value = v;
    return e;
  }
  ExprPtr ref(VarId v) {
    auto e = expr(ExprKind::VarRef, prog->vars[v].type);
    e->var = v;
    return e;
  }
  ExprPtr bin(BinOp op, ExprPtr a, ExprPtr b) {
    TypeRef t = isComparison(op) ? i32 : a->type;
    auto e = expr(ExprKind::Binary, t, list(std::move(a), std::move(b)));
    e->binop = op;
    return e;
  }
  ExprPtr assign(ExprPtr lhs, ExprPtr rhs) {
    TypeRef t = lhs->type;
    return expr(ExprKind::Assign, t, list(std::move(lhs), std::move(rhs)));
  }
  ExprPtr decay(ExprPtr array) {
    TypeRef t = prog->types.pointerTo(array->type->elem);
    return expr(ExprKind::Cast, t, list(std::move(array)));
  }
  ExprPtr index(ExprPtr base, ExprPtr i) {
    TypeRef t = base->type->elem;
    if (base->type->isArray()) base = decay(std::move(base));
    return expr(ExprKind::Index, t, list(std::move(base), std::move(i)));
  }
  ExprPtr call(FuncId f, std::vector<ExprPtr> args) {
    auto e = expr(ExprKind::Call, prog->functions[f].ret, std::move(args));
    e->callee = f;
    return e;
  }
  ExprPtr builtin(Builtin b, TypeRef t, std::vector<ExprPtr> args) {
    auto e = expr(ExprKind::Call, t, std::move(args));
    e->builtin = b;
    return e;
  }
  ExprPtr str(const std::string& text) {
    auto lit = expr(ExprKind::StrLit, prog->types.arrayOf(i8, text.size() + 1));
    lit->text = text;
    return decay(std::move(lit));
  }
  ExprPtr printf(const std::string& format, std::vector<ExprPtr> args = {}) {
    args.insert(args.begin(), str(format));
    return builtin(Builtin::Printf, i32, std::move(args));
  }

  // --- statements (ids and lines in creation order)
  StmtPtr stmt(StmtKind k, StmtRole role) {
    auto s = std::make_unique<Stmt>();
    s->kind = k;
    s->role = role;
    if (role != StmtRole::None) {
      s->id = static_cast<StmtId>(prog->stmts.size());
      prog->stmts.push_back(s.get());
      s->range = {0, s->id + 1, 1, s->id + 1, 2};
    }
    return s;
  }
  StmtPtr exprStmt(ExprPtr e, StmtRole role) {
    auto s = stmt(StmtKind::Expr, role);
    s->expr = std::move(e);
    return s;
  }
  StmtPtr decl(VarId v, ExprPtr init) {
    auto s = stmt(StmtKind::Decl, init ? StmtRole::Assign : StmtRole::None);
    s->var = v;
    s->expr = std::move(init);
    return s;
  }
  StmtPtr ret(ExprPtr e) {
    auto s = stmt(StmtKind::Return, StmtRole::Return);
    s->expr = std::move(e);
    return s;
  }
  StmtPtr branch(StmtKind k, ExprPtr cond) {
    auto s = stmt(k, StmtRole::Branch);
    s->expr = std::move(cond);
    return s;
  }
  StmtPtr block(std::vector<StmtPtr> children) {
    auto s = stmt(StmtKind::Block, StmtRole::None);
    s->children = std::move(children);
    return s;
  }
  void setBody(FuncId f, std::vector<StmtPtr> children) {
    prog->functions[f].body = block(std::move(children));
  }

  template <class... T> static std::vector<ExprPtr> list(T&&... e) {
    std::vector<ExprPtr> v;
    (v.push_back(std::forward<T>(e)), ...);
    return v;
  }
  template <class... T> static std::vector<StmtPtr> stmts(T&&... s) {
    std::vector<StmtPtr> v;
    (v.push_back(std::forward<T>(s)), ...);
    return v;
  }

  std::unique_ptr<Program> prog;
  TypeRef i32, u32, i8, i64, voidT;

private:
  std::uint32_t line_ = 1;
};

}  // namespace culprit::exec::testing

// EffectAnalysis: see effects.h. A syntactic walk; calls use per-function summaries (memoised;
// recursion escapes, conservatively).
#include "encode/effects.h"

namespace culprit::encode {

struct EffectAnalysis::Walk {
  EffectAnalysis& analysis;
  Effects out;
  unsigned loops = 0, switches = 0;  ///< enclosing loops/switches inside the walked statement
  bool inCallee = false;             ///< walking a called function: return does not escape

  void expr(const ir::Expr& e) {
    switch (e.kind) {
    case ir::ExprKind::Assign:
    case ir::ExprKind::CompoundAssign:
    case ir::ExprKind::IncDec: store(*e.ops[0]); break;
    case ir::ExprKind::AddrOf: out.escapes = true; break;
    case ir::ExprKind::Call: call(e); break;
    default: break;
    }
    for (const ir::ExprPtr& op : e.ops)
      expr(*op);
  }

  void store(const ir::Expr& lvalue) {
    const ir::Expr* base = &lvalue;
    while (base->kind == ir::ExprKind::Index || base->kind == ir::ExprKind::Cast ||
           base->kind == ir::ExprKind::Member)
      base = base->ops[0].get();
    if (base->kind != ir::ExprKind::VarRef) return void(out.escapes = true);
    const ir::Var& v = analysis.program_.vars[base->var];
    if (v.type->isPointer() || (lvalue.kind == ir::ExprKind::Index && !v.type->isArray()))
      return void(out.escapes = true);  // through a pointer: target unknown
    if (inCallee && v.storage != ir::Var::Storage::Global) return;
    out.writes.insert(base->var);
  }

  void call(const ir::Expr& e) {
    switch (e.builtin) {
    case ir::Builtin::None: {
      for (const ir::ExprPtr& op : e.ops)
        if (op->type->isPointer()) out.escapes = true;  // the callee may write through it
      const Effects& callee = analysis.ofFunction(e.callee);
      out.escapes = out.escapes || callee.escapes;
      out.writes.insert(callee.writes.begin(), callee.writes.end());
      return;
    }
    case ir::Builtin::Atoi:
    case ir::Builtin::Atol:
    case ir::Builtin::Atoll:
    case ir::Builtin::Strtol:
    case ir::Builtin::Assert:
    case ir::Builtin::AssertFail:
    case ir::Builtin::ReachError:
    case ir::Builtin::Abort:
    case ir::Builtin::Assume: return;     // pure, or a failing check
    default: out.escapes = true; return;  // output, input, exit
    }
  }

  void stmt(const ir::Stmt* s) {
    if (!s) return;
    switch (s->kind) {
    case ir::StmtKind::Block:
      for (const ir::StmtPtr& c : s->children)
        stmt(c.get());
      return;
    case ir::StmtKind::Decl:
      if (!s->expr) return;
      if (!inCallee) out.writes.insert(s->var);
      return expr(*s->expr);
    case ir::StmtKind::Return:
      if (s->expr) expr(*s->expr);
      if (!inCallee) out.escapes = true;
      return;
    case ir::StmtKind::Break:
      if (loops + switches == 0) out.escapes = true;
      return;
    case ir::StmtKind::Continue:
      if (loops == 0) out.escapes = true;
      return;
    case ir::StmtKind::While:
    case ir::StmtKind::DoWhile:
    case ir::StmtKind::For: return loop(*s);
    case ir::StmtKind::Switch:
      expr(*s->expr);
      ++switches;
      for (const ir::SwitchArm& arm : s->arms)
        for (const ir::StmtPtr& c : arm.body)
          stmt(c.get());
      --switches;
      return;
    default:
      if (s->expr) expr(*s->expr);
      stmt(s->thenS.get());
      stmt(s->elseS.get());
      return;
    }
  }

  void loop(const ir::Stmt& s) {
    stmt(s.init.get());
    ++loops;
    if (s.expr) expr(*s.expr);
    stmt(s.body.get());
    stmt(s.step.get());
    --loops;
  }
};

const Effects& EffectAnalysis::ofSide(const ir::Stmt* s) {
  if (auto it = sides_.find(s); it != sides_.end()) return it->second;
  Walk w{*this, {}};
  w.stmt(s);
  return sides_[s] = std::move(w.out);
}

const Effects& EffectAnalysis::ofLoopRest(const ir::Stmt& s) {
  if (auto it = loopRests_.find(&s); it != loopRests_.end()) return it->second;
  Walk w{*this, {}};
  ++w.loops;
  if (s.expr) w.expr(*s.expr);
  w.stmt(s.body.get());
  w.stmt(s.step.get());
  return loopRests_[&s] = std::move(w.out);
}

const Effects& EffectAnalysis::ofFunction(ir::FuncId f) {
  if (auto it = functions_.find(f); it != functions_.end()) return it->second;
  static const Effects kRecursive{true, {}};
  if (inProgress_.count(f)) return kRecursive;
  const ir::Function& fn = program_.functions[f];
  if (!fn.body) return functions_[f] = Effects{true, {}};
  inProgress_.insert(f);
  Walk w{*this, {}};
  w.inCallee = true;
  w.stmt(fn.body.get());
  inProgress_.erase(f);
  return functions_[f] = std::move(w.out);
}

}  // namespace culprit::encode

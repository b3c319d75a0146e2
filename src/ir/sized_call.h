// Library call statements whose size argument is the statement's value.
#pragma once

#include "ir/ir.h"

namespace culprit::ir {

/// `e` (under any casts) when it is a call whose size argument, operand 2, is the statement's
/// value: memset or memcpy with an integer byte count, bsearch with an integer count of
/// elements. nullptr otherwise.
inline const Expr* sizedCallExpr(const Expr* e) {
  if (!e) return nullptr;
  e = &peelCasts(*e);
  if (e->kind != ExprKind::Call) return nullptr;
  const bool bytes =
      (e->builtin == Builtin::Memset || e->builtin == Builtin::Memcpy) && e->ops.size() == 3;
  const bool elements = e->builtin == Builtin::Bsearch && e->ops.size() == 4;  // callee: cmp
  if (!bytes && !elements) return nullptr;
  return e->ops[2]->type->isInt() ? e : nullptr;
}

/// The call of statement `s` when its size argument is the statement's value: a memset or
/// memcpy call statement (under a cast to void) with an integer byte count, or a bsearch whose
/// result initialises or is assigned to a pointer (`const char *hit = bsearch(key, a, k, ...)`)
/// with an integer count. Such a statement stores no integer of its own, and its count is
/// taken as its value (an instance value the observer may override, a soft group of the
/// formulas), so that a wrong size, `memset(a, 0, 26)` for 26 ints or a search over `k - 1`
/// elements for `k`, is a diagnosis. The size is operand 2. nullptr for any other statement.
inline const Expr* sizedCall(const Stmt& s) {
  if (s.kind == StmtKind::Decl) {
    const Expr* e = s.var != kNone ? sizedCallExpr(s.expr.get()) : nullptr;
    return e && e->builtin == Builtin::Bsearch ? e : nullptr;
  }
  if (s.kind != StmtKind::Expr) return nullptr;
  const Expr* top = withoutVoidCast(s.expr.get());
  if (!top) return nullptr;
  if (s.role == StmtRole::Call) {
    const Expr* e = sizedCallExpr(top);
    return e && e->builtin != Builtin::Bsearch ? e : nullptr;
  }
  if (top->kind != ExprKind::Assign || top->ops.size() != 2 || !top->ops[0]->type->isPointer())
    return nullptr;
  const Expr* e = sizedCallExpr(top->ops[1].get());
  return e && e->builtin == Builtin::Bsearch ? e : nullptr;
}

}  // namespace culprit::ir

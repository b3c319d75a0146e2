// Library call statements whose size argument is the statement's value.
#pragma once

#include "ir/ir.h"

namespace culprit::ir {

/// The call of statement `s` when `s` is a memset or memcpy call statement (under a cast to
/// void) with an integer byte count: such a statement stores no value of its own, and its byte
/// count is taken as its value (an instance value the observer may override, a soft group of the
/// formulas), so that a wrong size, `memset(a, 0, 26)` for 26 ints, is a diagnosis. The size is
/// operand 2. nullptr for any other statement.
inline const Expr* sizedCall(const Stmt& s) {
  if (s.kind != StmtKind::Expr || s.role != StmtRole::Call) return nullptr;
  const Expr* e = withoutVoidCast(s.expr.get());
  if (!e || e->kind != ExprKind::Call || e->ops.size() != 3) return nullptr;
  if (e->builtin != Builtin::Memset && e->builtin != Builtin::Memcpy) return nullptr;
  return e->ops[2]->type->isInt() ? e : nullptr;
}

}  // namespace culprit::ir

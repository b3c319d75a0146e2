// preferredInts(): which exact integer encoding suits a program (see encode.h).
#include "encode/encode.h"

namespace culprit::encode {
namespace {

bool constantOperand(const ir::Expr& e) {
  const ir::Expr* x = &e;
  while (x->kind == ir::ExprKind::Cast && !x->ops.empty())
    x = x->ops[0].get();
  return x->kind == ir::ExprKind::IntLit;
}

struct Census {
  bool nonlinear = false;  ///< a product, quotient or remainder of two non-constants
  bool bitwise = false;    ///< a bitwise operator or a shift by a non-constant
  bool floating = false;   ///< a float or double value (bit-blasted with bit-vector integers)

  void visit(const ir::Expr* e) {
    if (!e) return;
    using ir::BinOp;
    if (e->kind == ir::ExprKind::Binary || e->kind == ir::ExprKind::CompoundAssign) {
      const BinOp op = e->binop;
      const bool variable = !constantOperand(*e->ops[0]) && !constantOperand(*e->ops[1]);
      if ((op == BinOp::Mul || op == BinOp::Div || op == BinOp::Rem) && variable) nonlinear = true;
      if (op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor) bitwise = true;
      if ((op == BinOp::Shl || op == BinOp::Shr) && !constantOperand(*e->ops[1])) bitwise = true;
    }
    if (e->kind == ir::ExprKind::Unary && e->unop == ir::UnOp::BitNot) bitwise = true;
    if (e->type && e->type->isFloat()) floating = true;
    // Cells read through a pointer to another integer type of their width: bits, as in C.
    if (e->kind == ir::ExprKind::Cast && e->type->isPointer() && e->ops[0]->type->isPointer() &&
        e->type->elem->isInt() && e->ops[0]->type->elem->isInt() &&
        e->type->elem->intKind != e->ops[0]->type->elem->intKind)
      bitwise = true;
    for (const ir::ExprPtr& op : e->ops)
      visit(op.get());
  }
};

Census censusOf(const ir::Program& program) {
  Census census;
  for (const ir::Stmt* s : program.stmts)
    if (s) census.visit(s->expr.get());
  return census;
}

}  // namespace

Ints preferredInts(const ir::Program& program) {
  const Census census = censusOf(program);
  return census.nonlinear && !census.bitwise && !census.floating ? Ints::Math : Ints::BitVector;
}

bool mathIntsSuit(const ir::Program& program) {
  const Census census = censusOf(program);
  return !census.bitwise && !census.floating;
}

}  // namespace culprit::encode

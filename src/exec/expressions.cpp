// Expression evaluation: rvalues (eval), lvalues (place), and the stores (assignment,
// compound assignment, ++/--). Each arithmetic node computes in its own type through arith::,
// whose faults become UBSan-worded runtime errors located at the node. Index checks every
// array dimension against its declared length (like -fsanitize=bounds) and pointer indexing
// against the object the pointer points into.
//
// Order of evaluation follows Clang's code generation for C: operands and arguments left to
// right, the right-hand side of an assignment before its left-hand side.
#include "exec/arith.h"
#include "exec/machine.h"

namespace culprit::exec::detail {
namespace {

ir::IntKind intKindOf(const ir::Expr& e, ir::IntKind otherwise) {
  return e.type->isInt() ? e.type->intKind : otherwise;
}

/// An array-typed base under an array-to-pointer decay cast, else `e` itself.
const ir::Expr& undecayed(const ir::Expr& e) {
  if (e.kind == ir::ExprKind::Cast && e.type->isPointer() && e.ops[0]->type->isArray())
    return *e.ops[0];
  return e;
}

}  // namespace

Value Machine::macroUse(const ir::Expr& e) {
  const ir::StmtId s = e.macro < program_.macros.size() ? program_.macros[e.macro].stmt : ir::kNone;
  if (s == ir::kNone || !e.type->isInt()) return {e.value};
  ++occurrences_[s];  // a use is a hit of the macro's statement (coverage, spectra)
  // Every use reads the value forced for instance 0 of the macro's statement: one value for
  // the run, as a changed #define gives.
  if (observer_)
    if (std::optional<std::int64_t> v = observer_->overrideValue(InstanceKey{s, 0}, e.value))
      return {arith::convert(*v, e.type->intKind)};
  return {e.value};
}

Value Machine::eval(const ir::Expr& e) {
  switch (e.kind) {
  case ir::ExprKind::IntLit: return e.macro == ir::kNone ? Value{e.value} : macroUse(e);
  case ir::ExprKind::StrLit: return literalPointer(e);
  case ir::ExprKind::VarRef:
  case ir::ExprKind::Index:
  case ir::ExprKind::Member: {
    // A cell may hold what a pointer to another integer type of its width stored (an int
    // written through an unsigned *): its bits, read as the type read.
    Value v = load(place(e));
    if (v.obj == 0 && e.type->isInt()) v.i = arith::convert(v.i, e.type->intKind);
    return v;
  }
  case ir::ExprKind::AddrOf: {
    const Place p = place(*e.ops[0]);
    return {p.off, p.obj};
  }
  case ir::ExprKind::Unary: return unary(e);
  case ir::ExprKind::Binary: return binary(e);
  case ir::ExprKind::LogAnd:
  case ir::ExprKind::LogOr: return logical(e);
  case ir::ExprKind::Cond: return eval(*e.ops[condition(*e.ops[0]).truthy() ? 1 : 2]);
  case ir::ExprKind::Cast: return cast(e);
  case ir::ExprKind::Assign:
  case ir::ExprKind::CompoundAssign:
  case ir::ExprKind::IncDec: return evalStore(e, nullptr);
  case ir::ExprKind::Call: return e.builtin != ir::Builtin::None ? callBuiltin(e) : callUser(e);
  case ir::ExprKind::Comma: eval(*e.ops[0]); return eval(*e.ops[1]);
  case ir::ExprKind::InitList: break;
  }
  fail(e.range, "initializer list used as a value");
}

Place Machine::place(const ir::Expr& e) {
  switch (e.kind) {
  case ir::ExprKind::VarRef: return varPlace(e.var);
  case ir::ExprKind::Index: return index(e);
  case ir::ExprKind::Member: {
    const Place base = place(*e.ops[0]);
    return {base.obj, base.off + e.value};
  }
  case ir::ExprKind::StrLit: return {literalPointer(e).obj, 0};
  default: fail(e.range, "expression is not an lvalue");
  }
}

Value Machine::convertTo(Value v, ir::TypeRef t, const ir::Expr& at) {
  if (!t->isInt()) return v;
  if (v.obj != 0) {
    if (t->intKind == ir::IntKind::Bool) return {1, 0, v.origin};
    fail(at.range, "conversion of a pointer to an integer is not supported");
  }
  return {arith::convert(v.i, t->intKind), 0, v.origin};
}

/// `a && b`, `a || b`: `a` decides whether `b` is evaluated (a branch); `b`'s value is copied.
Value Machine::logical(const ir::Expr& e) {
  const bool a = condition(*e.ops[0]).truthy();
  if (a != (e.kind == ir::ExprKind::LogAnd)) return {a ? 1 : 0};
  const Value b = eval(*e.ops[1]);
  return {b.truthy() ? 1 : 0, 0, b.origin};
}

Value Machine::cast(const ir::Expr& e) {
  const ir::Expr& src = *e.ops[0];
  if (e.type->isVoid()) {
    eval(src);
    return {};
  }
  if (e.type->isPointer()) {
    if (src.type->isArray()) {
      const Place p = place(src);
      return {p.off, p.obj};
    }
    const Value v = eval(src);
    if (v.obj == 0 && v.i != 0) fail(e.range, "conversion of an integer to a pointer");
    return v;
  }
  const Value v = eval(src);
  if (v.obj == 0 && src.type->isInt() && e.type->isInt() &&
      (src.type->isFloat() || e.type->isFloat()))
    return {castValue(v.i, src.type->intKind, e.type->intKind, e), 0, v.origin};
  return convertTo(v, e.type, e);
}

std::int64_t Machine::castValue(std::int64_t v, ir::IntKind from, ir::IntKind to,
                                const ir::Expr& at) {
  const arith::Result r = arith::cast(v, from, to);
  if (r.fault != arith::Fault::None) fail(at.range, arith::castMessage(v, from, to));
  return r.value;
}

Value Machine::unary(const ir::Expr& e) {
  const Value a = eval(*e.ops[0]);
  if (e.unop == ir::UnOp::LogNot) return {!a.truthy(), 0, a.origin};
  if (a.obj != 0) fail(e.range, "arithmetic on a pointer");
  const ir::IntKind k = e.type->intKind;
  const arith::Result r = arith::unary(e.unop, k, a.i);
  if (r.fault != arith::Fault::None) fail(e.range, arith::negationMessage(k, a.i));
  return {r.value, 0, a.origin};
}

Value Machine::binary(const ir::Expr& e) {
  const Value a = eval(*e.ops[0]);
  const Value b = eval(*e.ops[1]);
  if (a.obj != 0 || b.obj != 0 || !e.ops[0]->type->isInt() || !e.type->isInt())
    return pointerBinary(e, a, b);
  if (ir::isComparison(e.binop))
    return {arith::compare(e.binop, e.ops[0]->type->intKind, a.i, b.i), 0, taint(a, b)};
  if (e.binop == ir::BinOp::Div || e.binop == ir::BinOp::Rem)
    checkDefined(b, *e.ops[1], "as a divisor");
  const ir::IntKind k = e.type->intKind;
  const ir::IntKind bk = intKindOf(*e.ops[1], k);
  const arith::Result r = arith::binary(e.binop, k, a.i, b.i, bk);
  if (r.fault != arith::Fault::None)
    fail(e.range, arith::faultMessage(r.fault, e.binop, k, a.i, b.i, bk));
  return {r.value, 0, taint(a, b)};
}

/// Comparisons of pointers (or of a pointer with null) and pointer +/- integer.
Value Machine::pointerBinary(const ir::Expr& e, Value a, Value b) {
  const std::uint32_t origin = taint(a, b);
  switch (e.binop) {
  case ir::BinOp::Eq: return {a.obj == b.obj && a.i == b.i, 0, origin};
  case ir::BinOp::Ne: return {a.obj != b.obj || a.i != b.i, 0, origin};
  case ir::BinOp::Lt:
  case ir::BinOp::Gt:
  case ir::BinOp::Le:
  case ir::BinOp::Ge:
    checkDefined(a, *e.ops[0], "as a pointer");
    checkDefined(b, *e.ops[1], "as a pointer");
    if (a.obj != b.obj) fail(e.range, "comparison of pointers into different objects");
    return {arith::compare(e.binop, ir::IntKind::Long, a.i, b.i), 0, origin};
  case ir::BinOp::Add:
  case ir::BinOp::Sub:
    if (e.binop == ir::BinOp::Sub && e.type->isInt() && e.ops[0]->type->isPointer() &&
        e.ops[1]->type->isPointer()) {
      checkDefined(a, *e.ops[0], "as a pointer");
      checkDefined(b, *e.ops[1], "as a pointer");
      if (a.obj != b.obj) fail(e.range, "subtraction of pointers into different objects");
      const std::int64_t stride = static_cast<std::int64_t>(e.ops[0]->type->elem->cellCount());
      return {(a.i - b.i) / stride};
    }
    if (e.type->isPointer()) {
      const bool first = e.ops[0]->type->isPointer();
      const Value ptr = first ? a : b;
      const std::int64_t n = first ? b.i : a.i;
      checkDefined(ptr, *e.ops[first ? 0 : 1], "as a pointer");
      if (ptr.obj == 0 && n != 0) fail(e.range, "arithmetic on a null pointer");
      if (ptr.obj == 0) return ptr;
      Value moved = movePointer(e, ptr, e.binop == ir::BinOp::Sub ? -n : n, e.type);
      moved.origin = origin;
      return moved;
    }
    break;
  default: break;
  }
  fail(e.range, std::string("unsupported pointer arithmetic '") + ir::binOpSpelling(e.binop) + "'");
}

void Machine::copyCells(Place to, const ir::Expr& value, const ir::Expr& at) {
  // The struct value of `a, s` or `s1 = s2` is the lvalue they end with.
  const ir::Expr* from = &value;
  for (;;) {
    if (from->kind == ir::ExprKind::Comma) {
      eval(*from->ops[0]);
      from = from->ops[1].get();
    } else if (from->kind == ir::ExprKind::Assign) {
      eval(*from);
      from = from->ops[0].get();
    } else {
      break;
    }
  }
  const Place src = place(*from);
  const std::uint64_t n = from->type->cellCount();
  std::vector<Value> buffer;
  buffer.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i)
    buffer.push_back(load({src.obj, src.off + static_cast<std::int64_t>(i)}));
  for (std::uint64_t i = 0; i < n; ++i)
    store({to.obj, to.off + static_cast<std::int64_t>(i)}, buffer[i], at);
}

Value Machine::movePointer(const ir::Expr& e, Value ptr, std::int64_t by, ir::TypeRef t) {
  if (ptr.obj == 0) fail(e.range, "arithmetic on a null pointer");
  return {ptr.i + by * static_cast<std::int64_t>(t->elem->cellCount()), ptr.obj};
}

Value Machine::callUser(const ir::Expr& e) {
  const ir::Function& fn = program_.functions[e.callee];
  if (!fn.body) fail(e.range, "call to '" + fn.name + "', which has no definition");
  const std::size_t start = argStack_.size();
  for (const ir::ExprPtr& op : e.ops) {
    const Value v = eval(*op);
    argStack_.push_back(v);
  }
  return call(fn, start, &e);
}

Place Machine::index(const ir::Expr& e) {
  const ir::Expr& base = undecayed(*e.ops[0]);
  const ir::Expr& sub = *e.ops[1];
  const std::uint64_t stride = base.type->elem->cellCount();
  if (!base.type->isArray()) {
    const Value ptr = eval(base);
    const Value idx = eval(sub);
    checkDefined(ptr, base, "as a pointer");
    checkDefined(idx, sub, "as an index");
    return indexPointer(e, ptr, idx.i, stride);
  }
  const Place p = place(base);
  const Value idxValue = eval(sub);
  checkDefined(idxValue, sub, "as an index");
  const std::int64_t idx = idxValue.i;
  const ir::IntKind ik = intKindOf(sub, ir::IntKind::Long);
  const bool negative = ir::isSigned(ik) && idx < 0;
  if (negative || static_cast<std::uint64_t>(idx) >= base.type->length)
    fail(e.range, "index " + arith::toString(idx, ik) + " out of bounds for type '" +
                      typeName(base.type) + "'");
  return {p.obj, p.off + idx * static_cast<std::int64_t>(stride)};
}

Place Machine::indexPointer(const ir::Expr& e, Value ptr, std::int64_t idx, std::uint64_t stride) {
  if (ptr.obj == 0) fail(e.range, "access through a null pointer");
  checkLive(ptr.obj, e);
  const ir::IntKind ik = intKindOf(*e.ops[1], ir::IntKind::Long);
  const __int128 scaled =
      ir::isSigned(ik) ? __int128{idx} : __int128{static_cast<std::uint64_t>(idx)};
  const __int128 off = __int128{ptr.i} + scaled * static_cast<__int128>(stride);
  if (off < 0 || off + stride > objectSize(ptr.obj))
    fail(e.range, "index " + arith::toString(idx, ik) + " out of bounds for a pointer into " +
                      describeObject(ptr.obj));
  return {ptr.obj, static_cast<std::int64_t>(off)};
}

Value Machine::evalStore(const ir::Expr& e, Produced* produced) {
  switch (e.kind) {
  case ir::ExprKind::Assign: return assign(e, produced);
  case ir::ExprKind::CompoundAssign: return compoundAssign(e, produced);
  default: return incDec(e, produced);
  }
}

Value Machine::assign(const ir::Expr& e, Produced* produced) {
  if (e.type->isStruct()) {  // copied cell by cell; the value is the target's place
    copyCells(place(*e.ops[0]), *e.ops[1], e);
    return {};
  }
  const Value v = produced ? evalForced(*e.ops[1]) : eval(*e.ops[1]);
  const ir::Expr& lhs = *e.ops[0];
  const Place p = place(lhs);
  const Value stored = settle(convertTo(v, lhs.type, e), lhs.type, produced);
  store(p, stored, e);
  return stored;
}

Value Machine::compoundAssign(const ir::Expr& e, Produced* produced) {
  const ir::Expr& lhs = *e.ops[0];
  const ir::Expr& rhs = *e.ops[1];
  const Value r = eval(rhs);
  const Place p = place(lhs);
  const Value old = load(p);
  if (lhs.type->isPointer()) {
    checkDefined(old, lhs, "as a pointer");
    Value moved = movePointer(e, old, e.binop == ir::BinOp::Sub ? -r.i : r.i, lhs.type);
    moved.origin = r.origin;
    store(p, moved, e);
    return moved;
  }
  if (!lhs.type->isInt() || old.obj != 0 || r.obj != 0)
    fail(e.range, "compound assignment on a pointer is not supported");
  const ir::IntKind k = e.computeType && e.computeType->isInt() ? e.computeType->intKind
                                                                : arith::promote(lhs.type->intKind);
  const bool isShift = e.binop == ir::BinOp::Shl || e.binop == ir::BinOp::Shr;
  const ir::IntKind rk = isShift ? intKindOf(rhs, k) : k;
  const ir::IntKind lk = lhs.type->intKind;
  const std::int64_t a = castValue(old.i, lk, k, e);
  const std::int64_t b =
      isShift ? r.i : castValue(r.i, rhs.type->isInt() ? rhs.type->intKind : k, k, e);
  if ((e.binop == ir::BinOp::Div || e.binop == ir::BinOp::Rem) && !ir::isFloating(k))
    checkDefined(r, rhs, "as a divisor");
  const arith::Result res = arith::binary(e.binop, k, a, b, rk);
  if (res.fault != arith::Fault::None)
    fail(e.range, arith::faultMessage(res.fault, e.binop, k, a, b, rk));
  const Value stored =
      settle({castValue(res.value, k, lk, e), 0, taint(old, r)}, lhs.type, produced);
  store(p, stored, e);
  return stored;
}

Value Machine::incDec(const ir::Expr& e, Produced* produced) {
  const ir::Expr& lhs = *e.ops[0];
  const Place p = place(lhs);
  const Value old = load(p);
  if (lhs.type->isPointer()) {
    checkDefined(old, lhs, "as a pointer");
    const Value moved = movePointer(e, old, e.increment ? 1 : -1, lhs.type);
    store(p, moved, e);
    return e.prefix ? moved : old;
  }
  if (!lhs.type->isInt() || old.obj != 0) fail(e.range, "++/-- on a pointer is not supported");
  const ir::IntKind k = lhs.type->intKind;
  const ir::IntKind pk = arith::promote(k);
  const ir::BinOp op = e.increment ? ir::BinOp::Add : ir::BinOp::Sub;
  const std::int64_t a = arith::convert(old.i, pk);
  const std::int64_t one = arith::cast(1, ir::IntKind::Int, pk).value;  // 1.0 for floating kinds
  const arith::Result r = arith::binary(op, pk, a, one, pk);
  if (r.fault != arith::Fault::None)
    fail(e.range, arith::faultMessage(r.fault, op, pk, a, one, pk));
  const Value stored = settle({arith::convert(r.value, k), 0, old.origin}, lhs.type, produced);
  store(p, stored, e);
  return e.prefix ? stored : old;
}

}  // namespace culprit::exec::detail

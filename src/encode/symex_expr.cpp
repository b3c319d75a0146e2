// Symbolic executor, part 3: expressions (places and memory: symex_memory.cpp). Evaluation order
// follows the interpreter (operands left to right, an assignment's right-hand side before its
// left-hand side). Every operation whose C behaviour is undefined, and every index, adds a hard
// runtime-error check guarded by the current path. Short-circuit and conditional operators evaluate
// their operands under the condition that selects them; operands with side effects fork and merge
// the state in the Program family, and follow the run in the trace families.
#include "encode/symex.h"

namespace culprit::encode::detail {

namespace {

bool hasEffects(const ir::Expr& e) {
  switch (e.kind) {
  case ir::ExprKind::Assign:
  case ir::ExprKind::CompoundAssign:
  case ir::ExprKind::IncDec: return true;
  case ir::ExprKind::Call:
    if (e.builtin != ir::Builtin::Atoi && e.builtin != ir::Builtin::Atol &&
        e.builtin != ir::Builtin::Atoll && e.builtin != ir::Builtin::Strtol)
      return true;
    break;
  default: break;
  }
  for (const ir::ExprPtr& op : e.ops)
    if (hasEffects(*op)) return true;
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Values

Val SymExec::intVal(const z3::expr& v) const { return Val{v, nullptr}; }

Val SymExec::nullPointer() const { return pointerTo(kNullObject); }

Val SymExec::pointerTo(ObjId obj) const {
  auto alts = std::make_shared<PtrAlts>();
  alts->push_back(PtrAlt{ctx_.bool_val(true), obj, ints_.index(0)});
  return Val{ints_.index(0), std::move(alts)};
}

Val SymExec::zeroValue(ir::TypeRef t) const {
  if (t && t->isPointer()) return nullPointer();
  return intVal(ints_.literal(0, t && t->isInt() ? t->intKind : ir::IntKind::Int));
}

ir::IntKind SymExec::kindOf(const ir::Expr& e) const {
  return e.type->isInt() ? e.type->intKind : ir::IntKind::Long;
}

z3::expr SymExec::truthOf(const Val& v) const {
  if (!v.isPointer()) return ints_.truth(v.v);
  z3::expr any = ctx_.bool_val(false);
  for (const PtrAlt& alt : *v.ptr)
    if (alt.obj != kNullObject) any = disj(any, alt.cond);
  return any;
}

Val SymExec::convertVal(const Val& v, ir::IntKind from, ir::TypeRef to) const {
  if (!to->isInt()) return v;
  if (v.isPointer()) {
    if (to->intKind == ir::IntKind::Bool)
      return intVal(ints_.fromBool(truthOf(v), ir::IntKind::Bool));
    throw EncodeError("conversion of a pointer to an integer");
  }
  return intVal(ints_.convert(v.v, from, to->intKind));
}

Val SymExec::freeValue(ir::TypeRef t) {
  if (t && t->isPointer()) return nullPointer();
  const ir::IntKind k = t && t->isInt() ? t->intKind : ir::IntKind::Int;
  const std::uint32_t n = current_.empty() ? rootFrees_++ : current_.back().frees++;
  return intVal(ints_.fresh(name("free", std::to_string(n)), k));
}

// ---------------------------------------------------------------------------------------------
// Expressions

Val SymExec::eval(const ir::Expr& e, State& st) {
  Val v = evalExpr(e, st);
  const Alternatives* a = alternativesOf(e);
  if (!a || a->values.empty() || v.isPointer() || st.dead()) return v;
  std::vector<z3::expr> options;
  for (std::int64_t x : a->values)
    options.push_back(ints_.literal(x, kindOf(e)));
  v.v = withChoices(*a, static_cast<std::uint32_t>(a->ops.size() + 1), options, v.v);
  return v;
}

Val SymExec::evalExpr(const ir::Expr& e, State& st) {
  if (st.dead()) return zeroValue(e.type);
  switch (e.kind) {
  case ir::ExprKind::IntLit:
    if (e.type->isPointer()) return nullPointer();
    return intVal(e.macro == ir::kNone ? ints_.literal(e.value, kindOf(e)) : macroValue(e));
  case ir::ExprKind::StrLit: return pointerTo(literalObject(e));
  case ir::ExprKind::VarRef:
  case ir::ExprKind::Index:
  case ir::ExprKind::Member: return load(place(e, st), st, e.type);
  case ir::ExprKind::AddrOf:
    return Val{ints_.index(0), std::make_shared<PtrAlts>(place(*e.ops[0], st))};
  case ir::ExprKind::Unary: return unary(e, st);
  case ir::ExprKind::Binary: return binary(e, st);
  case ir::ExprKind::LogAnd:
  case ir::ExprKind::LogOr: return logical(e, st);
  case ir::ExprKind::Cond: return conditional(e, st);
  case ir::ExprKind::Cast: return cast(e, st);
  case ir::ExprKind::Assign:
  case ir::ExprKind::CompoundAssign:
  case ir::ExprKind::IncDec: return evalStore(e, st, false);
  case ir::ExprKind::Call:
    return e.builtin != ir::Builtin::None ? callBuiltin(e, st) : callUser(e, st);
  case ir::ExprKind::Comma: eval(*e.ops[0], st); return eval(*e.ops[1], st);
  case ir::ExprKind::InitList: break;
  }
  throw EncodeError("initializer list used as a value at " + prog_.where(e.range));
}

Val SymExec::unary(const ir::Expr& e, State& st) {
  const Val a = eval(*e.ops[0], st);
  if (e.unop == ir::UnOp::LogNot) return intVal(ints_.fromBool(negate(truthOf(a)), kindOf(e)));
  if (a.isPointer()) throw EncodeError("arithmetic on a pointer at " + prog_.where(e.range));
  const CInts::Checked r = ints_.unary(e.unop, kindOf(e), a.v);
  require(st, r.defined, HardKind::RuntimeCheck);
  return intVal(r.value);
}

Val SymExec::binary(const ir::Expr& e, State& st) {
  const Val a = eval(*e.ops[0], st);
  const Val b = eval(*e.ops[1], st);
  if (a.isPointer() || b.isPointer() || !e.ops[0]->type->isInt() || !e.type->isInt())
    return pointerBinary(e, a, b, st);
  std::vector<z3::expr> defined;
  auto apply = [&](ir::BinOp op) {
    if (ir::isComparison(op)) {
      defined.push_back(ctx_.bool_val(true));
      return ints_.fromBool(ints_.compare(op, kindOf(*e.ops[0]), a.v, b.v), kindOf(e));
    }
    const CInts::Checked r = ints_.binary(op, kindOf(e), a.v, b.v, kindOf(*e.ops[1]));
    defined.push_back(r.defined);
    return r.value;
  };
  z3::expr value = apply(e.binop);
  const Alternatives* alt = alternativesOf(e);
  if (!alt || alt->ops.empty()) {
    require(st, defined[0], HardKind::RuntimeCheck);
    return intVal(value);
  }
  std::vector<z3::expr> options;
  for (ir::BinOp op : alt->ops)
    options.push_back(apply(op));
  requireChosen(st, *alt, 1, defined);
  return intVal(withChoices(*alt, 1, options, value));
}

Val SymExec::pointerBinary(const ir::Expr& e, const Val& a, const Val& b, State& st) {
  auto altsOf = [&](const Val& v, const ir::Expr& x) {
    if (v.isPointer()) return *v.ptr;
    return PtrAlts{PtrAlt{ctx_.bool_val(true), kNullObject, ints_.toIndex(v.v, kindOf(x))}};
  };
  const PtrAlts pa = altsOf(a, *e.ops[0]), pb = altsOf(b, *e.ops[1]);
  const bool relational = e.binop == ir::BinOp::Lt || e.binop == ir::BinOp::Gt ||
                          e.binop == ir::BinOp::Le || e.binop == ir::BinOp::Ge;
  if (e.binop == ir::BinOp::Eq || e.binop == ir::BinOp::Ne || relational) {
    z3::expr r = ctx_.bool_val(false);
    for (const PtrAlt& x : pa)
      for (const PtrAlt& y : pb) {
        if (x.obj != y.obj) continue;
        const z3::expr cmp = relational
                                 ? ints_.compare(e.binop, ir::IntKind::Long, x.offset, y.offset)
                                 : equal(x.offset, y.offset);
        r = disj(r, conj(conj(x.cond, y.cond), cmp));
      }
    if (e.binop == ir::BinOp::Ne) r = negate(r);
    return intVal(ints_.fromBool(r, kindOf(e)));
  }
  if (e.binop == ir::BinOp::Sub && e.type->isInt() && e.ops[0]->type->isPointer() &&
      e.ops[1]->type->isPointer()) {  // elements between two pointers into one object
    const auto stride = static_cast<std::int64_t>(e.ops[0]->type->elem->cellCount());
    z3::expr same = ctx_.bool_val(false);
    z3::expr diff = ints_.index(0);
    for (const PtrAlt& x : pa)
      for (const PtrAlt& y : pb) {
        if (x.obj != y.obj) continue;
        const z3::expr both = conj(x.cond, y.cond);
        same = disj(same, both);
        diff = choose(both, ints_.indexExactDiv(ints_.indexAdd(x.offset, -y.offset), stride), diff);
      }
    require(st, same, HardKind::RuntimeCheck);
    return intVal(ints_.convert(diff, ir::IntKind::Long, kindOf(e)));
  }
  if ((e.binop == ir::BinOp::Add || e.binop == ir::BinOp::Sub) && e.type->isPointer()) {
    const bool pointerFirst = e.ops[0]->type->isPointer();
    const Val& n = pointerFirst ? b : a;
    z3::expr by = ints_.toIndex(n.v, kindOf(*e.ops[pointerFirst ? 1 : 0]));
    if (e.binop == ir::BinOp::Sub) by = -by;
    return movePointer(pointerFirst ? a : b, by, e.type);
  }
  throw EncodeError(std::string("unsupported pointer arithmetic '") + ir::binOpSpelling(e.binop) +
                    "' at " + prog_.where(e.range));
}

Val SymExec::movePointer(const Val& ptr, const z3::expr& by, ir::TypeRef t) const {
  if (!ptr.isPointer()) return ptr;  // NULL: arithmetic on it is only defined for 0
  const z3::expr scaled = ints_.indexScale(by, static_cast<std::int64_t>(t->elem->cellCount()));
  auto alts = std::make_shared<PtrAlts>();
  for (const PtrAlt& x : *ptr.ptr)
    alts->push_back(PtrAlt{x.cond, x.obj, ints_.indexAdd(x.offset, scaled)});
  return Val{ints_.index(0), std::move(alts)};
}

Val SymExec::cast(const ir::Expr& e, State& st) {
  const ir::Expr& src = *e.ops[0];
  if (e.type->isVoid()) {
    eval(src, st);
    return zeroValue(nullptr);
  }
  if (e.type->isPointer()) {
    if (ints_.mode() == Ints::Math && src.type->isPointer() && e.type->elem->isInt() &&
        src.type->elem->isInt() && e.type->elem->intKind != src.type->elem->intKind)
      throw EncodeError("a cell read as another integer type needs bit-vector integers (--ints "
                        "bv) at " +
                        prog_.where(e.range));
    if (src.type->isArray()) return Val{ints_.index(0), std::make_shared<PtrAlts>(place(src, st))};
    const Val v = eval(src, st);
    return v.isPointer() ? v : nullPointer();
  }
  const Val v = eval(src, st);
  if (src.type->isFloat() && e.type->isInteger() && !v.isPointer())
    require(st, ints_.convertDefined(v.v, kindOf(src), kindOf(e)), HardKind::RuntimeCheck);
  return convertVal(v, kindOf(src), e.type);
}

Val SymExec::logical(const ir::Expr& e, State& st) {
  const z3::expr a = truthOf(eval(*e.ops[0], st));
  const bool isAnd = e.kind == ir::ExprKind::LogAnd;
  const Alternatives* alt = alternativesOf(e);
  if (!alt || !alt->swapLogical) {
    const Val b = evalUnder(isAnd ? a : negate(a), *e.ops[1], st);
    const z3::expr r = isAnd ? conj(a, truthOf(b)) : disj(a, truthOf(b));
    return intVal(ints_.fromBool(r, kindOf(e)));
  }
  // The other operator where it is chosen: && evaluates its right operand where the left one
  // holds, || where it does not.
  const z3::expr swapped =
      chosen(*alt, static_cast<std::uint32_t>(alt->ops.size() + alt->values.size() + 1));
  const z3::expr andNow = isAnd ? negate(swapped) : swapped;
  const Val b = evalUnder(choose(andNow, a, negate(a)), *e.ops[1], st);
  const z3::expr r = choose(andNow, conj(a, truthOf(b)), disj(a, truthOf(b)));
  return intVal(ints_.fromBool(r, kindOf(e)));
}

Val SymExec::conditional(const ir::Expr& e, State& st) {
  const z3::expr c = truthOf(eval(*e.ops[0], st));
  const Val t = evalUnder(c, *e.ops[1], st);
  const Val f = evalUnder(negate(c), *e.ops[2], st);
  if (e.type->isVoid()) return zeroValue(nullptr);
  return mergeVal(c, t, f);
}

Val SymExec::evalUnder(const z3::expr& c, const ir::Expr& e, State& st) {
  if (st.dead()) return zeroValue(e.type);
  const PathCondition parent = pathOf(st);
  if (!hasEffects(e)) {  // only its runtime checks depend on the condition
    narrow(st, c);
    Val v = eval(e, st);
    setPath(st, parent);
    return v;
  }
  if (!traceMode_) {
    State other = fork(st, negate(c));
    narrow(st, c);
    Val v = eval(e, st);
    st = merge2(std::move(st), std::move(other), c, parent);
    return v;
  }
  const std::optional<bool> taken = concreteTruth(c);
  if (!taken)
    throw EncodeError("cannot tell how the run evaluated the operand at " + prog_.where(e.range));
  if (!*taken) return freeValue(e.type);
  if (opt_.family == Family::TraceFlowSensitive) narrow(st, c);
  Val v = eval(e, st);
  restoreGuard(st, parent);
  return v;
}

// ---------------------------------------------------------------------------------------------
// Mutation alternatives

const Alternatives* SymExec::alternativesOf(const ir::Expr& e) const {
  if (!opt_.alternatives) return nullptr;
  auto it = opt_.alternatives->find(&e);
  return it == opt_.alternatives->end() ? nullptr : &it->second;
}

z3::expr SymExec::chosen(const Alternatives& a, std::uint32_t k) {
  auto [it, added] = choiceIndex_.try_emplace({a.location, k}, out_.choices.size());
  if (added) {
    const std::string n =
        names_.prefix(ctx_) + "choice!" + std::to_string(a.location) + "!" + std::to_string(k);
    out_.choices.push_back(Choice{a.location, k, ctx_.bool_const(n.c_str())});
  }
  return out_.choices[it->second].selected;
}

z3::expr SymExec::withChoices(const Alternatives& a, std::uint32_t first,
                              const std::vector<z3::expr>& options, z3::expr natural) {
  for (std::size_t i = options.size(); i-- > 0;)
    natural = choose(chosen(a, first + static_cast<std::uint32_t>(i)), options[i], natural);
  return natural;
}

void SymExec::requireChosen(State& st, const Alternatives& a, std::uint32_t first,
                            const std::vector<z3::expr>& defined) {
  z3::expr any = ctx_.bool_val(false);
  for (std::size_t i = 1; i < defined.size(); ++i) {
    const z3::expr c = chosen(a, first + static_cast<std::uint32_t>(i - 1));
    require(st, imply(c, defined[i]), HardKind::RuntimeCheck);
    any = disj(any, c);
  }
  require(st, disj(any, defined[0]), HardKind::RuntimeCheck);
}

// ---------------------------------------------------------------------------------------------
// Stores

Val SymExec::evalStore(const ir::Expr& e, State& st, bool produces) {
  switch (e.kind) {
  case ir::ExprKind::Assign: return assign(e, st, produces);
  case ir::ExprKind::CompoundAssign: return compoundAssign(e, st, produces);
  default: return incDec(e, st, produces);
  }
}

void SymExec::copyCells(const PtrAlts& to, const ir::Expr& value, State& st) {
  const ir::Expr* from = &value;  // as exec's copyCells: `a, s` and `s1 = s2` end in an lvalue
  for (;;) {
    if (from->kind == ir::ExprKind::Comma) {
      eval(*from->ops[0], st);
      from = from->ops[1].get();
    } else if (from->kind == ir::ExprKind::Assign) {
      eval(*from, st);
      from = from->ops[0].get();
    } else {
      break;
    }
  }
  const PtrAlts src = place(*from, st);
  const std::uint64_t n = from->type->cellCount();
  std::vector<Val> buffer;
  for (std::uint64_t j = 0; j < n; ++j)
    buffer.push_back(load(offsetBy(src, ints_.index(static_cast<std::int64_t>(j)), st, 1, false),
                          st, from->type->cellType(j)));
  for (std::uint64_t j = 0; j < n; ++j)
    store(offsetBy(to, ints_.index(static_cast<std::int64_t>(j)), st, 1, false), buffer[j], st);
}

Val SymExec::assign(const ir::Expr& e, State& st, bool produces) {
  if (e.type->isStruct()) {  // copied cell by cell
    copyCells(place(*e.ops[0], st), *e.ops[1], st);
    return zeroValue(nullptr);
  }
  const Val v = eval(*e.ops[1], st);
  const ir::Expr& lhs = *e.ops[0];
  const PtrAlts p = place(lhs, st);
  Val stored = convertVal(v, kindOf(*e.ops[1]), lhs.type);
  if (produces && lhs.type->isInt()) stored.v = produce(st, stored.v, lhs.type->intKind);
  store(p, stored, st);
  return stored;
}

Val SymExec::compoundAssign(const ir::Expr& e, State& st, bool produces) {
  const ir::Expr& lhs = *e.ops[0];
  const ir::Expr& rhs = *e.ops[1];
  const Val r = eval(rhs, st);
  const PtrAlts p = place(lhs, st);
  const Val old = load(p, st, lhs.type);
  if (lhs.type->isPointer()) {
    z3::expr by = ints_.toIndex(r.v, kindOf(rhs));
    if (e.binop == ir::BinOp::Sub) by = -by;
    const Val moved = movePointer(old, by, lhs.type);
    store(p, moved, st);
    return moved;
  }
  if (!lhs.type->isInt() || old.isPointer() || r.isPointer())
    throw EncodeError("compound assignment on a pointer at " + prog_.where(e.range));
  const ir::IntKind lk = lhs.type->intKind;
  const ir::IntKind k = e.computeType && e.computeType->isInt()
                            ? e.computeType->intKind
                            : (ir::bitWidth(lk) < 32 ? ir::IntKind::Int : lk);
  const bool isShift = e.binop == ir::BinOp::Shl || e.binop == ir::BinOp::Shr;
  const ir::IntKind rk = isShift ? kindOf(rhs) : k;
  const z3::expr a = ints_.convert(old.v, lk, k);
  const z3::expr b = isShift ? r.v : ints_.convert(r.v, kindOf(rhs), k);
  std::vector<z3::expr> defined;
  auto apply = [&](ir::BinOp op) {
    const CInts::Checked res = ints_.binary(op, k, a, b, rk);
    defined.push_back(res.defined);
    return res.value;
  };
  z3::expr value = apply(e.binop);
  const Alternatives* alt = alternativesOf(e);
  if (alt && !alt->ops.empty()) {
    std::vector<z3::expr> options;
    for (ir::BinOp op : alt->ops)
      options.push_back(apply(op));
    requireChosen(st, *alt, 1, defined);
    value = withChoices(*alt, 1, options, value);
  } else {
    require(st, defined[0], HardKind::RuntimeCheck);
  }
  require(st, ints_.convertDefined(value, k, lk), HardKind::RuntimeCheck);  // `i += 0.5`
  Val stored = intVal(ints_.convert(value, k, lk));
  if (produces) stored.v = produce(st, stored.v, lk);
  store(p, stored, st);
  return stored;
}

Val SymExec::incDec(const ir::Expr& e, State& st, bool produces) {
  const ir::Expr& lhs = *e.ops[0];
  const PtrAlts p = place(lhs, st);
  const Val old = load(p, st, lhs.type);
  if (lhs.type->isPointer()) {
    const Val moved = movePointer(old, ints_.index(e.increment ? 1 : -1), lhs.type);
    store(p, moved, st);
    return e.prefix ? moved : old;
  }
  if (!lhs.type->isInt() || old.isPointer())
    throw EncodeError("++/-- on a pointer at " + prog_.where(e.range));
  const ir::IntKind k = lhs.type->intKind;
  const ir::IntKind pk = ir::bitWidth(k) < 32 ? ir::IntKind::Int : k;
  const ir::BinOp op = e.increment ? ir::BinOp::Add : ir::BinOp::Sub;
  const CInts::Checked r =
      ints_.binary(op, pk, ints_.convert(old.v, k, pk),
                   ints_.convert(ints_.literal(1, ir::IntKind::Int), ir::IntKind::Int, pk), pk);
  require(st, r.defined, HardKind::RuntimeCheck);
  Val stored = intVal(ints_.convert(r.value, pk, k));
  if (produces) stored.v = produce(st, stored.v, k);
  store(p, stored, st);
  return e.prefix ? stored : old;
}

}  // namespace culprit::encode::detail

// Symbolic executor, part 3: expressions and memory. Evaluation order follows the interpreter
// (operands left to right, an assignment's right-hand side before its left-hand side). Every
// operation whose C behaviour is undefined, and every index, adds a hard runtime-error check
// guarded by the current path. Short-circuit and conditional operators evaluate their
// operands under the condition that selects them; operands with side effects fork and merge
// the state in the Program family, and follow the run in the trace families.
#include "encode/symex.h"

namespace culprit::encode::detail {

namespace {

const ir::Expr& undecayed(const ir::Expr& e) {
  if (e.kind == ir::ExprKind::Cast && e.type->isPointer() && e.ops[0]->type->isArray())
    return *e.ops[0];
  return e;
}

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
    return e.type->isPointer() ? nullPointer() : intVal(ints_.literal(e.value, kindOf(e)));
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
        names_.prefix() + "choice!" + std::to_string(a.location) + "!" + std::to_string(k);
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

// ---------------------------------------------------------------------------------------------
// Places and memory

PtrAlts SymExec::place(const ir::Expr& e, State& st) {
  switch (e.kind) {
  case ir::ExprKind::VarRef:
    return PtrAlts{PtrAlt{ctx_.bool_val(true), objectOf(e.var), ints_.index(0)}};
  case ir::ExprKind::Index: return index(e, st);
  case ir::ExprKind::Member: {
    PtrAlts p = place(*e.ops[0], st);
    for (PtrAlt& alt : p)
      alt.offset = ints_.indexAdd(alt.offset, ints_.index(e.value));
    return p;
  }
  case ir::ExprKind::StrLit:
    return PtrAlts{PtrAlt{ctx_.bool_val(true), literalObject(e), ints_.index(0)}};
  default: break;
  }
  throw EncodeError("expression is not an lvalue at " + prog_.where(e.range));
}

PtrAlts SymExec::index(const ir::Expr& e, State& st) {
  const ir::Expr& base = undecayed(*e.ops[0]);
  const ir::Expr& sub = *e.ops[1];
  const std::uint64_t stride = base.type->elem->cellCount();
  if (!base.type->isArray()) {
    const Val ptr = eval(base, st);
    const Val i = eval(sub, st);
    if (!ptr.isPointer())
      throw EncodeError("index applied to an integer at " + prog_.where(e.range));
    return offsetBy(*ptr.ptr, ints_.toIndex(i.v, kindOf(sub)), st, stride, true);
  }
  const PtrAlts p = place(base, st);
  const z3::expr idx = ints_.toIndex(eval(sub, st).v, kindOf(sub));
  require(st, ints_.indexInRange(idx, 0, base.type->length), HardKind::RuntimeCheck);
  return offsetBy(p, idx, st, stride, false);
}

PtrAlts SymExec::offsetBy(const PtrAlts& base, const z3::expr& idx, State& st, std::uint64_t stride,
                          bool checkObject) {
  const z3::expr by = ints_.indexScale(idx, static_cast<std::int64_t>(stride));
  PtrAlts out;
  for (const PtrAlt& alt : base) {
    const z3::expr off = ints_.indexAdd(alt.offset, by);
    if (checkObject)
      require(st, imply(alt.cond, accessible(st, alt.obj, off, stride)), HardKind::RuntimeCheck);
    out.push_back(PtrAlt{alt.cond, alt.obj, off});
  }
  return out;
}

z3::expr SymExec::accessible(const State& st, ObjId obj, const z3::expr& offset,
                             std::uint64_t stride) const {
  const ObjectInfo& info = objects_[obj];
  if (obj == kNullObject || info.size < stride) return ctx_.bool_val(false);
  z3::expr ok = ints_.indexInRange(offset, 0, info.size - stride + 1);
  if (info.cellsTerm) {  // and below the length the formula computes
    const z3::expr last =
        ints_.indexAdd(offset, ints_.index(static_cast<std::int64_t>(stride) - 1));
    ok = conj(ok, ints_.indexLess(last, *info.cellsTerm));
  }
  if (obj < st.objs.size() && st.objs[obj].freed) ok = conj(ok, negate(*st.objs[obj].freed));
  return ok;
}

Val SymExec::load(const PtrAlts& p, const State& st, ir::TypeRef type) const {
  Val acc = readCell(st, p.back().obj, p.back().offset, type);
  for (std::size_t i = p.size() - 1; i-- > 0;)
    acc = mergeVal(p[i].cond, readCell(st, p[i].obj, p[i].offset, type), acc);
  return acc;
}

Val SymExec::readCell(const State& st, ObjId obj, const z3::expr& offset, ir::TypeRef type) const {
  const ObjectInfo& info = objects_[obj];
  if (obj == kNullObject || obj >= st.objs.size() ||
      (!st.objs[obj].live && info.kind != ObjKind::Literal))
    return zeroValue(type);
  const std::optional<std::int64_t> n = ints_.numeral(offset, ir::IntKind::Long);
  if (info.kind == ObjKind::Literal) {
    auto charAt = [&](std::uint64_t i) {
      return ints_.literal(i < info.text.size() ? static_cast<unsigned char>(info.text[i]) : 0,
                           ir::IntKind::Char);
    };
    if (n) return intVal(charAt(static_cast<std::uint64_t>(*n)));
    z3::expr acc = charAt(info.size - 1);
    for (std::uint64_t j = info.size - 1; j-- > 0;)
      acc = choose(offset == ints_.index(static_cast<std::int64_t>(j)), charAt(j), acc);
    return intVal(acc);
  }
  const ObjState& os = st.objs[obj];
  if (os.array) return intVal(z3::select(*os.array, offset));
  if (n) {
    if (*n < 0 || static_cast<std::uint64_t>(*n) >= os.cells.size()) return zeroValue(type);
    const Val& cell = os.cells[static_cast<std::size_t>(*n)];
    // A cell of another type (a char pointer run past its member into an int): outside the
    // model of typed cells; the access reads a zero of its own type.
    if (info.mixed && type && !sameShape(cell, zeroValue(type))) return zeroValue(type);
    return cell;
  }
  if (info.mixed) {  // only the cells of the type read can be meant
    const Val like = zeroValue(type);
    std::optional<Val> acc;
    for (std::size_t j = os.cells.size(); j-- > 0;)
      if (sameShape(os.cells[j], like))
        acc = acc ? mergeVal(offset == ints_.index(static_cast<std::int64_t>(j)), os.cells[j], *acc)
                  : os.cells[j];
    return acc.value_or(like);
  }
  Val acc = os.cells.back();
  for (std::size_t j = os.cells.size() - 1; j-- > 0;)
    acc = mergeVal(offset == ints_.index(static_cast<std::int64_t>(j)), os.cells[j], acc);
  return acc;
}

void SymExec::store(const PtrAlts& p, const Val& v, State& st) {
  if (st.dead()) return;
  for (const PtrAlt& alt : p)
    writeCell(st, alt.obj, alt.offset, v, alt.cond);
}

void SymExec::writeCell(State& st, ObjId obj, const z3::expr& offset, const Val& v,
                        const z3::expr& cond) {
  if (obj == kNullObject || objects_[obj].kind == ObjKind::Literal) {
    require(st, !cond, HardKind::RuntimeCheck);
    return;
  }
  ObjState& os = st.objs[obj];
  if (os.array) {
    os.array = choose(cond, z3::store(*os.array, offset, v.v), *os.array);
    return;
  }
  if (std::optional<std::int64_t> n = ints_.numeral(offset, ir::IntKind::Long)) {
    if (*n >= 0 && static_cast<std::uint64_t>(*n) < os.cells.size() &&
        (!objects_[obj].mixed || sameShape(os.cells[*n], v)))
      os.cells[*n] = mergeVal(cond, v, os.cells[*n]);
    return;
  }
  const bool mixed = objects_[obj].mixed != nullptr;
  for (std::size_t j = 0; j < os.cells.size(); ++j)
    if (!mixed || sameShape(os.cells[j], v))
      os.cells[j] =
          mergeVal(conj(cond, offset == ints_.index(static_cast<std::int64_t>(j))), v, os.cells[j]);
}

ObjId SymExec::literalObject(const ir::Expr& lit) {
  auto it = literals_.find(lit.text);
  if (it != literals_.end()) return it->second;
  ObjectInfo info;
  info.kind = ObjKind::Literal;
  info.name = "string literal";
  info.cell = ir::IntKind::Char;
  info.text = lit.text;
  info.size = lit.text.size() + 1;
  const ObjId id = newObject(std::move(info));
  literals_[lit.text] = id;
  return id;
}

void SymExec::initialize(ObjId obj, ir::TypeRef t, const ir::Expr& init, State& st) {
  auto at = [&](std::uint64_t off) {
    return PtrAlts{PtrAlt{ctx_.bool_val(true), obj, ints_.index(static_cast<std::int64_t>(off))}};
  };
  if (t->isStruct() && init.kind != ir::ExprKind::InitList) return copyCells(at(0), init, st);
  if (!t->isAggregate()) {
    const bool braced = init.kind == ir::ExprKind::InitList;
    const ir::Expr& e = braced && !init.ops.empty() ? *init.ops[0] : init;
    const Val v = braced && init.ops.empty() ? zeroValue(t) : convertVal(eval(e, st), kindOf(e), t);
    return store(at(0), v, st);
  }
  initObject(obj, st, zeroOf(objects_[obj]));
  const ir::TypeRef cell = t->scalarType();
  const std::uint64_t size = t->cellCount();
  auto copyText = [&](std::uint64_t base, const std::string& text) {
    for (std::uint64_t k = 0; k < text.size() && base + k < size; ++k)
      store(at(base + k), intVal(ints_.literal(static_cast<unsigned char>(text[k]), cell->intKind)),
            st);
  };
  if (init.kind == ir::ExprKind::StrLit) return copyText(0, init.text);
  if (init.kind != ir::ExprKind::InitList) throw EncodeError("unsupported array initializer");
  for (std::size_t k = 0; k < init.ops.size() && k < init.initOffsets.size(); ++k) {
    const ir::Expr& op = *init.ops[k];
    if (op.kind == ir::ExprKind::StrLit)
      copyText(init.initOffsets[k], op.text);
    else if (init.initOffsets[k] < size)
      store(at(init.initOffsets[k]),
            convertVal(eval(op, st), kindOf(op), t->cellType(init.initOffsets[k])), st);
  }
}

}  // namespace culprit::encode::detail

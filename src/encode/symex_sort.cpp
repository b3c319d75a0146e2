// Symbolic executor: qsort, making the comparator calls of exec/sort.cpp (a bubble sort whose
// comparisons do not depend on the data); each call's result decides, by ite, whether the two
// elements trade places. qsort's number of elements must be one the formula fixes; bsearch's
// may be computed (its rounds then cover the whole array). bsearch's count is the statement's
// value when its result initialises or is assigned to a pointer (ir::sizedCall): a soft group.
#include "encode/symex.h"

namespace culprit::encode::detail {

Val SymExec::qsort(const ir::Expr& e, State& st) {
  const ir::Expr* array = &ir::pointerAsWritten(*e.ops[0]);
  const Val base = eval(*array, st);
  const Val count = eval(*e.ops[1], st);
  eval(*e.ops[2], st);
  if (st.dead()) return zeroValue(e.type);
  if (!array->type->isPointer() || array->type->elem->isVoid())
    throw EncodeError("qsort of an array whose element type is not known at " +
                      prog_.where(e.range));
  const std::optional<std::int64_t> n =
      ints_.numeral(ints_.toIndex(count.v, kindOf(*e.ops[1])), ir::IntKind::Long);
  if (!n)
    throw EncodeError("qsort of a number of elements the formula computes at " +
                      prog_.where(e.range));
  if (*n <= 1) return zeroValue(e.type);
  if (!base.isPointer()) throw EncodeError("qsort of a null pointer at " + prog_.where(e.range));
  const ir::TypeRef elem = array->type->elem;
  const auto cells = elem->cellCount();
  for (const PtrAlt& alt : *base.ptr)
    require(st,
            imply(alt.cond,
                  accessible(st, alt.obj, alt.offset, static_cast<std::uint64_t>(*n) * cells)),
            HardKind::RuntimeCheck);
  const ir::Function& cmp = prog_.functions[e.callee];
  if (!cmp.body) throw EncodeError("comparator '" + cmp.name + "' has no definition");
  auto element = [&](std::int64_t k) { return movePointer(base, ints_.index(k), array->type); };
  for (std::int64_t i = 0; i + 1 < *n; ++i)
    for (std::int64_t j = 0; j + 1 < *n - i; ++j) {
      const Val a = element(j), b = element(j + 1);
      const Val r = enterCall(cmp, {a, b}, st);
      if (st.dead()) return zeroValue(e.type);
      const z3::expr swap =
          ints_.compare(ir::BinOp::Gt, cmp.ret->intKind, r.v, ints_.literal(0, cmp.ret->intKind));
      work(cells);
      for (std::uint64_t c = 0; c < cells; ++c) {
        const z3::expr off = ints_.index(static_cast<std::int64_t>(c));
        const PtrAlts pa = offsetBy(*a.ptr, off, st, 1, false);
        const PtrAlts pb = offsetBy(*b.ptr, off, st, 1, false);
        const Val va = load(pa, st, elem->cellType(c)), vb = load(pb, st, elem->cellType(c));
        store(pa, mergeVal(swap, vb, va), st);
        store(pb, mergeVal(swap, va, vb), st);
      }
    }
  return zeroValue(e.type);
}

Val SymExec::bsearch(const ir::Expr& e, State& st) {
  const Val key = eval(*e.ops[0], st);
  const ir::Expr* array = &ir::pointerAsWritten(*e.ops[1]);
  const Val base = eval(*array, st);
  const Val count = eval(*e.ops[2], st);
  eval(*e.ops[3], st);
  if (st.dead()) return nullPointer();
  if (!array->type->isPointer() || array->type->elem->isVoid())
    throw EncodeError("bsearch of an array whose element type is not known at " +
                      prog_.where(e.range));
  const z3::expr n = byteCount(e, count.v, kindOf(*e.ops[2]), /*counted=*/true, st);
  const std::optional<std::int64_t> fixed = ints_.numeral(n, ir::IntKind::Long);
  if ((fixed && *fixed == 0) || !base.isPointer()) return nullPointer();
  // The array searched has n elements, all in the object (exec/sort.cpp); a negative count
  // converts to a huge size_t. A hard clause even when the statement is relaxed (require
  // would waive it then): the relaxed value is the count the call still searches.
  const std::uint64_t elemCells = std::max<std::uint64_t>(1, array->type->elem->cellCount());
  for (const PtrAlt& alt : *base.ptr) {
    if (alt.obj == kNullObject) continue;
    const auto size = static_cast<std::int64_t>(objects_[alt.obj].size);
    const std::optional<std::int64_t> off = ints_.numeral(alt.offset, ir::IntKind::Long);
    const std::int64_t room =
        std::max<std::int64_t>(0, size - off.value_or(0)) / static_cast<std::int64_t>(elemCells);
    const z3::expr fits = imply(alt.cond, negate(ints_.indexLess(ints_.index(room), n)));
    if (!st.dead() && !fits.is_true()) hard(imply(st.guard, fits), HardKind::RuntimeCheck);
  }
  if (fixed && *fixed < 0) return nullPointer();  // excluded above
  // A count the formula computes is at most the elements the array holds (more would read
  // past it, which the comparator's runtime checks exclude): that many rounds suffice.
  std::int64_t most = fixed ? *fixed : 0;
  if (!fixed) {
    const std::uint64_t cells = std::max<std::uint64_t>(1, array->type->elem->cellCount());
    for (const PtrAlt& alt : *base.ptr)
      most = std::max(most, static_cast<std::int64_t>(objects_[alt.obj].size / cells));
    if (most == 0)
      throw EncodeError("bsearch in a number of elements the formula computes, in an array of "
                        "unknown length, at " +
                        prog_.where(e.range));
  }
  const ir::Function& cmp = prog_.functions[e.callee];
  if (!cmp.body) throw EncodeError("comparator '" + cmp.name + "' has no definition");
  const ir::IntKind rk = cmp.ret->intKind;
  const z3::expr zero = ints_.literal(0, rk);
  // exec/sort.cpp's rounds, with lo, hi and the match as terms. A round past the search
  // compares an element in range (the last one looked at, or the first), to no effect.
  z3::expr lo = ints_.index(0), hi = n, at = ints_.index(0);
  z3::expr found = ctx_.bool_val(false);
  const z3::expr last = ints_.indexAdd(n, ints_.index(-1));
  const z3::expr first = ints_.index(0);
  for (std::int64_t left = most; left > 0; left >>= 1) {
    const z3::expr active = conj(ints_.indexLess(lo, hi), negate(found));
    const z3::expr idle =
        choose(ints_.indexLess(lo, last), lo, choose(ints_.indexLess(last, first), first, last));
    const z3::expr mid = choose(active, ints_.indexUDiv(ints_.indexAdd(lo, hi), 2), idle);
    const Val r = enterCall(cmp, {key, movePointer(base, mid, array->type)}, st);
    if (st.dead()) return nullPointer();
    const z3::expr below = ints_.compare(ir::BinOp::Lt, rk, r.v, zero);
    const z3::expr above = ints_.compare(ir::BinOp::Gt, rk, r.v, zero);
    hi = choose(conj(active, below), mid, hi);
    lo = choose(conj(active, above), ints_.indexAdd(mid, ints_.index(1)), lo);
    const z3::expr hit = conj(active, conj(negate(below), negate(above)));
    at = choose(hit, mid, at);
    found = disj(found, hit);
  }
  return mergeVal(found, movePointer(base, at, array->type), nullPointer());
}

}  // namespace culprit::encode::detail

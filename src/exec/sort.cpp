// qsort and bsearch with the program's comparator.
//
// qsort is a bubble sort over whole elements: for i = 0 .. n-2, for j = 0 .. n-2-i, the
// comparator is called on elements j and j+1 (pointers into the array) and they are swapped
// when it returns a positive value. Its comparisons do not depend on the data, so the encoder
// makes exactly the same calls (encode/symex_sort.cpp) and traces agree instance by instance.
// Like glibc's merge sort it is stable, so the result is glibc's for every comparator that
// orders consistently; the sequence of comparator calls differs from glibc's (observable only
// through a comparator with side effects). bsearch is glibc's binary search, made to call the
// comparator a number of times that depends on n only (extra calls once it has finished).
#include "exec/machine.h"

#include <algorithm>
#include <optional>

namespace culprit::exec::detail {
std::int64_t Machine::compare(const ir::Expr& e, Value a, Value b) {
  const std::size_t start = argStack_.size();
  argStack_.push_back(a);
  argStack_.push_back(b);
  const Value r = call(program_.functions[e.callee], start, &e);
  checkDefined(r, e, "as a comparator's result");
  return r.i;
}

Value Machine::qsort(const ir::Expr& e) {
  const ir::Expr& array = ir::pointerAsWritten(*e.ops[0]);
  const Value base = eval(array);
  const Value count = eval(*e.ops[1]);
  eval(*e.ops[2]);
  checkDefined(base, array, "as a pointer passed to 'qsort'");
  checkDefined(count, *e.ops[1], "as the count passed to 'qsort'");
  const auto n = static_cast<std::uint64_t>(count.i);
  if (!array.type->isPointer() || array.type->elem->isVoid())
    fail(e.range, "qsort of an array whose element type is not known (a void *)");
  const std::uint64_t cells = array.type->elem->cellCount();
  if (n <= 1) return {};
  if (base.obj == 0) fail(e.range, "qsort of a null pointer");
  checkLive(base.obj, e);
  if (base.i < 0 || static_cast<std::uint64_t>(base.i) + n * cells > objectSize(base.obj))
    fail(e.range, "qsort of " + std::to_string(n) + " elements out of bounds of " +
                      describeObject(base.obj));
  auto at = [&](std::uint64_t k) {
    return Value{base.i + static_cast<std::int64_t>(k * cells), base.obj};
  };
  for (std::uint64_t i = 0; i + 1 < n; ++i)
    for (std::uint64_t j = 0; j + 1 < n - i; ++j) {
      const Value a = at(j), b = at(j + 1);
      if (compare(e, a, b) <= 0) continue;
      for (std::uint64_t c = 0; c < cells; ++c) {
        const Place pa{a.obj, a.i + static_cast<std::int64_t>(c)};
        const Place pb{b.obj, b.i + static_cast<std::int64_t>(c)};
        const Value t = load(pa);
        store(pa, load(pb), e);
        store(pb, t, e);
      }
    }
  return {};
}

Value Machine::bsearch(const ir::Expr& e) {
  const Value key = eval(*e.ops[0]);
  const ir::Expr& array = ir::pointerAsWritten(*e.ops[1]);
  const Value base = eval(array);
  const Value count = sizeOperand(e, eval(*e.ops[2]));
  eval(*e.ops[3]);
  checkDefined(base, array, "as a pointer passed to 'bsearch'");
  checkDefined(count, *e.ops[2], "as the count passed to 'bsearch'");
  const auto n = static_cast<std::uint64_t>(count.i);
  if (!array.type->isPointer() || array.type->elem->isVoid())
    fail(e.range, "bsearch of an array whose element type is not known (a void *)");
  const std::uint64_t cells = std::max<std::uint64_t>(1, array.type->elem->cellCount());
  // The array searched has n elements (C11 7.22.5): a count past the object is out of bounds
  // even where the halving would not reach its end (and 2^63 elements would wrap the offsets).
  if (n > 0 && base.obj != 0) {
    checkLive(base.obj, e);
    const std::uint64_t size = objectSize(base.obj);
    if (base.i < 0 || static_cast<std::uint64_t>(base.i) > size ||
        n > (size - static_cast<std::uint64_t>(base.i)) / cells)
      fail(e.range, "bsearch of " + std::to_string(n) + " elements out of bounds of " +
                        describeObject(base.obj));
  }
  // glibc's search, run for exactly bit_width(n) rounds (enough for it to finish) with a call
  // in every round, as the encoder makes them; rounds after the end compare with the element
  // at `lo` and change nothing.
  std::uint64_t lo = 0, hi = n;
  std::optional<std::uint64_t> found;
  for (std::uint64_t left = n; left > 0; left >>= 1) {
    const bool active = lo < hi && !found;
    const std::uint64_t mid = active ? (lo + hi) / 2 : std::min(lo, n - 1);
    const std::int64_t c =
        compare(e, key, {base.i + static_cast<std::int64_t>(mid * cells), base.obj});
    if (!active) continue;
    if (c < 0)
      hi = mid;
    else if (c > 0)
      lo = mid + 1;
    else
      found = mid;
  }
  if (!found) return {};
  return {base.i + static_cast<std::int64_t>(*found * cells), base.obj};
}

}  // namespace culprit::exec::detail

// Symbolic executor: heap blocks (malloc, calloc, free), VLA blocks, memset and memcpy, with
// the interpreter's semantics (exec/heap.cpp).
//
// A block is a new object per allocation instance. Its length is a term: when the formula
// fixes it (a numeral), the object has exactly that many cells; otherwise the object models
// the run's own length where the trace gives it, and at least kBlockCap elements, and every
// access is checked against the length term. A longer block is treated like a loop beyond the
// unwinding bound (Encoding::unwindingHit): assumed not to happen. `free` marks the block freed in
// the state: later accesses, a second free, or a free of anything but a block's start are runtime
// errors. memset and memcpy take byte counts the formula fixes, and whole cells.
#include "encode/symex.h"
#include "exec/arith.h"

namespace culprit::encode::detail {
namespace {

/// Elements modelled for a block whose length the formula computes and the run does not give.
constexpr std::uint64_t kBlockCap = 64;

int byteWidth(const ObjectInfo& info) {
  return info.pointerCells ? 8 : ir::bitWidth(info.cell) / 8;
}

}  // namespace

Val SymExec::allocate(const ir::Expr& e, State& st) {
  const ir::TypeRef elem = e.type->elem;
  const auto elemBytes = std::max<std::int64_t>(1, e.value);
  const ir::Expr& first = *e.ops[0];
  const Val a = eval(first, st);
  z3::expr count = ints_.toIndex(a.v, kindOf(first));  // elements of type T
  if (e.builtin == ir::Builtin::VlaAlloc) {
    require(
        st,
        negate(ints_.compare(ir::BinOp::Le, kindOf(first), a.v, ints_.literal(0, kindOf(first)))),
        HardKind::RuntimeCheck);
  } else if (e.builtin == ir::Builtin::Malloc) {
    count = ints_.indexUDiv(count, elemBytes);
  } else {
    const Val size = eval(*e.ops[1], st);
    count =
        ints_.indexUDiv(ints_.indexMul(count, ints_.toIndex(size.v, kindOf(*e.ops[1]))), elemBytes);
  }
  if (st.dead()) return nullPointer();
  const z3::expr cells = ints_.indexScale(count, static_cast<std::int64_t>(elem->cellCount()));
  ObjectInfo info;
  info.kind = e.builtin == ir::Builtin::VlaAlloc ? ObjKind::Var : ObjKind::Heap;
  info.name = e.builtin == ir::Builtin::VlaAlloc ? "variable-length array" : "heap block";
  const ir::TypeRef cell = elem->scalarType();
  info.pointerCells = cell->isPointer();
  if (cell->isInt()) info.cell = cell->intKind;
  if (!elem->uniformCells()) info.mixed = cell;
  if (std::optional<std::int64_t> n = ints_.numeral(cells, ir::IntKind::Long); n && *n >= 0) {
    if (info.pointerCells && static_cast<std::uint64_t>(*n) > kBlockCap * 1024)
      throw EncodeError("a block of " + std::to_string(*n) +
                        " pointers is too large to encode at " + prog_.where(e.range));
    info.size = static_cast<std::uint64_t>(*n);
  } else {
    std::optional<std::int64_t> natural;
    if (traceMode_) natural = ints_.numeral(concreteValue(cells), ir::IntKind::Long);
    const std::uint64_t cap = kBlockCap * elem->cellCount();
    info.size = natural && static_cast<std::uint64_t>(*natural) > cap
                    ? static_cast<std::uint64_t>(*natural)
                    : cap;
    info.cellsTerm = cells;
    // A longer block lies beyond the model, like a loop beyond the unwinding bound.
    const z3::expr beyond =
        conj(st.guard, ints_.indexLess(ints_.index(static_cast<std::int64_t>(info.size)), cells));
    out_.unwindingHit = disj(out_.unwindingHit, beyond);
    hard(negate(beyond), HardKind::Unwinding);
  }
  const ObjId id = newObject(std::move(info));
  initObject(id, st, zeroOf(objects_[id]));
  return pointerTo(id);
}

Val SymExec::release(const ir::Expr& e, State& st) {
  const Val p = eval(*e.ops[0], st);
  if (st.dead() || !p.isPointer()) return zeroValue(e.type);
  for (const PtrAlt& alt : *p.ptr) {
    if (alt.obj == kNullObject) continue;  // free(NULL) does nothing
    const ObjectInfo& info = objects_[alt.obj];
    if (info.kind != ObjKind::Heap) {
      require(st, negate(alt.cond), HardKind::RuntimeCheck);
      continue;
    }
    ObjState& os = st.objs[alt.obj];
    const z3::expr wasFreed = os.freed.value_or(ctx_.bool_val(false));
    require(st, imply(alt.cond, conj(equal(alt.offset, ints_.index(0)), negate(wasFreed))),
            HardKind::RuntimeCheck);
    os.freed = disj(wasFreed, alt.cond);
  }
  return zeroValue(e.type);
}

Val SymExec::memset(const ir::Expr& e, State& st) {
  const Val p = eval(ir::pointerAsWritten(*e.ops[0]), st);
  const Val c = eval(*e.ops[1], st);
  const Val n = eval(*e.ops[2], st);
  if (st.dead()) return p;
  const std::optional<std::int64_t> bytes =
      ints_.numeral(ints_.toIndex(n.v, kindOf(*e.ops[2])), ir::IntKind::Long);
  if (!bytes)
    throw EncodeError("memset of a byte count the formula computes at " + prog_.where(e.range));
  if (*bytes == 0) return p;
  if (!p.isPointer()) throw EncodeError("memset on a null pointer at " + prog_.where(e.range));
  for (const PtrAlt& alt : *p.ptr) {
    const ObjectInfo& info = objects_[alt.obj];
    if (info.mixed) throw EncodeError("memset of structs at " + prog_.where(e.range));
    const int width = alt.obj == kNullObject ? 1 : byteWidth(info);
    const std::int64_t cells = *bytes / width, rest = *bytes % width;
    const z3::expr byte = ints_.convert(c.v, kindOf(*e.ops[1]), ir::IntKind::UChar);
    Val fill = zeroOf(info);
    if (info.pointerCells) {
      require(st, imply(alt.cond, equal(byte, ints_.literal(0, ir::IntKind::UChar))),
              HardKind::RuntimeCheck);
    } else if (width == 1) {
      fill = intVal(ints_.convert(byte, ir::IntKind::UChar, info.cell));
    } else {
      const std::optional<std::int64_t> b = ints_.numeral(byte, ir::IntKind::UChar);
      if (!b)
        throw EncodeError("memset of wide cells to a byte the formula computes at " +
                          prog_.where(e.range));
      fill = intVal(ints_.literal(
          exec::arith::setLowBytes(0, static_cast<std::uint8_t>(*b), width, info.cell), info.cell));
    }
    PtrAlts one{alt};
    require(st,
            imply(alt.cond, accessible(st, alt.obj, alt.offset, static_cast<std::uint64_t>(cells))),
            HardKind::RuntimeCheck);
    for (std::int64_t j = 0; j < cells; ++j)
      store(offsetBy(one, ints_.index(j), st, 1, false), fill, st);
    if (rest == 0) continue;
    // The low-order `rest` bytes of the next cell (x86-64 is little-endian): only where the
    // formula knows both that cell's value and the byte.
    require(
        st,
        imply(alt.cond, accessible(st, alt.obj, alt.offset, static_cast<std::uint64_t>(cells) + 1)),
        HardKind::RuntimeCheck);
    const PtrAlts last = offsetBy(one, ints_.index(cells), st, 1, false);
    const std::optional<std::int64_t> old = ints_.numeral(load(last, st, nullptr).v, info.cell);
    const std::optional<std::int64_t> b = ints_.numeral(byte, ir::IntKind::UChar);
    if (info.pointerCells || !old || !b)
      throw EncodeError("memset of part of a cell the formula computes at " + prog_.where(e.range));
    const std::int64_t bits = exec::arith::setLowBytes(*old, static_cast<std::uint8_t>(*b),
                                                       static_cast<int>(rest), info.cell);
    store(last, intVal(ints_.literal(bits, info.cell)), st);
  }
  return p;
}

Val SymExec::memcpy(const ir::Expr& e, State& st) {
  const Val d = eval(ir::pointerAsWritten(*e.ops[0]), st);
  const Val s = eval(ir::pointerAsWritten(*e.ops[1]), st);
  const Val n = eval(*e.ops[2], st);
  if (st.dead()) return d;
  const std::optional<std::int64_t> bytes =
      ints_.numeral(ints_.toIndex(n.v, kindOf(*e.ops[2])), ir::IntKind::Long);
  if (!bytes)
    throw EncodeError("memcpy of a byte count the formula computes at " + prog_.where(e.range));
  if (*bytes == 0) return d;
  if (!d.isPointer() || !s.isPointer())
    throw EncodeError("memcpy with a null pointer at " + prog_.where(e.range));
  const ObjectInfo& info = objects_[d.ptr->front().obj];
  if (info.mixed) throw EncodeError("memcpy of structs at " + prog_.where(e.range));
  const int width = byteWidth(info);
  if (*bytes % width != 0) throw EncodeError("memcpy of part of a cell at " + prog_.where(e.range));
  const std::int64_t cells = *bytes / width;
  const ir::TypeRef cellType = ir::pointerAsWritten(*e.ops[0]).type->elem->scalarType();
  for (const PtrAlts* p : {s.ptr.get(), d.ptr.get()})
    for (const PtrAlt& alt : *p)
      require(
          st,
          imply(alt.cond, accessible(st, alt.obj, alt.offset, static_cast<std::uint64_t>(cells))),
          HardKind::RuntimeCheck);
  std::vector<Val> buffer;
  for (std::int64_t j = 0; j < cells; ++j)
    buffer.push_back(load(offsetBy(*s.ptr, ints_.index(j), st, 1, false), st, cellType));
  for (std::int64_t j = 0; j < cells; ++j)
    store(offsetBy(*d.ptr, ints_.index(j), st, 1, false), buffer[static_cast<std::size_t>(j)], st);
  return d;
}

}  // namespace culprit::encode::detail

// Symbolic executor: heap blocks (malloc, calloc, free), VLA blocks, memset and memcpy, with
// the interpreter's semantics (exec/heap.cpp).
//
// A block is a new object per allocation instance. Its length is a term: when the formula
// fixes it (a numeral), the object has exactly that many cells; otherwise the object models
// the run's own length where the trace gives it, and at least kBlockCap elements, and every
// access is checked against the length term. A longer block is treated like a loop beyond the
// unwinding bound (Encoding::unwindingHit): assumed not to happen. `free` marks the block freed in
// the state: later accesses, a second free, or a free of anything but a block's start are runtime
// errors. memset and memcpy take byte counts the formula fixes, and whole cells; or, for the
// objects `countable` accepts, a count the formula computes (memsetCounted, memcpyCounted): the
// byte count of a memset or memcpy statement is a soft group (ir::sizedCall).
#include "encode/symex.h"
#include "exec/arith.h"

namespace culprit::encode::detail {
namespace {

/// Elements modelled for a block whose length the formula computes and the run does not give.
constexpr std::uint64_t kBlockCap = 64;

/// Cells a memset or memcpy of a byte count the formula computes may cover, at most.
constexpr std::int64_t kCountedCells = 1024;

int byteWidth(const ObjectInfo& info) {
  return info.pointerCells ? 8 : ir::bitWidth(info.cell) / 8;
}

/// Cell `old` of kind `k` with its `bytes` low-order bytes set to `byte` (exec::arith::setLowBytes
/// on a term).
z3::expr lowBytesSet(const CInts& ints, const z3::expr& old, std::uint8_t byte, int bytes,
                     ir::IntKind k) {
  const ir::IntKind pk = exec::arith::promote(k);
  const std::uint64_t mask = (std::uint64_t{1} << (8 * bytes)) - 1;
  const z3::expr kept = ints.binary(ir::BinOp::BitAnd, pk, ints.convert(old, k, pk),
                                    ints.literal(static_cast<std::int64_t>(~mask), pk), pk)
                            .value;
  const z3::expr set =
      ints.binary(ir::BinOp::BitOr, pk, kept,
                  ints.literal(exec::arith::setLowBytes(0, byte, bytes, k), pk), pk)
          .value;
  return ints.convert(set, pk, k);
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

z3::expr SymExec::byteCount(const ir::Expr& e, const z3::expr& n, ir::IntKind k, bool counted,
                            State& st) {
  if (&e != sizedCall_) return ints_.toIndex(n, k);
  sizedCall_ = nullptr;
  return ints_.toIndex(counted ? produce(st, n, k) : n, k);
}

Val SymExec::memset(const ir::Expr& e, State& st) {
  const Val p = eval(ir::pointerAsWritten(*e.ops[0]), st);
  const Val c = eval(*e.ops[1], st);
  const Val n = eval(*e.ops[2], st);
  if (st.dead()) return p;
  const z3::expr byte = ints_.convert(c.v, kindOf(*e.ops[1]), ir::IntKind::UChar);
  const bool counted = p.isPointer() && countable(p.ptr.get(), &byte);
  const z3::expr count = byteCount(e, n.v, kindOf(*e.ops[2]), counted, st);
  const std::optional<std::int64_t> bytes = ints_.numeral(count, ir::IntKind::Long);
  if (!bytes) {
    if (!counted)
      throw EncodeError("memset of a byte count the formula computes at " + prog_.where(e.range));
    memsetCounted(e, *p.ptr, byte, count, st);
    return p;
  }
  if (*bytes == 0) return p;
  if (!p.isPointer()) throw EncodeError("memset on a null pointer at " + prog_.where(e.range));
  for (const PtrAlt& alt : *p.ptr) {
    const ObjectInfo& info = objects_[alt.obj];
    if (info.mixed) throw EncodeError("memset of structs at " + prog_.where(e.range));
    const int width = alt.obj == kNullObject ? 1 : byteWidth(info);
    const std::int64_t cells = *bytes / width, rest = *bytes % width;
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
    work(static_cast<std::uint64_t>(cells));
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

bool SymExec::countable(const PtrAlts* p, const z3::expr* byte) const {
  if (!p) return false;
  for (const PtrAlt& alt : *p) {
    if (alt.obj == kNullObject) continue;
    const ObjectInfo& info = objects_[alt.obj];
    const std::optional<std::int64_t> off = ints_.numeral(alt.offset, ir::IntKind::Long);
    if (info.mixed || info.cellsTerm || info.kind == ObjKind::Literal || !off ||
        static_cast<std::int64_t>(info.size) - *off > kCountedCells)
      return false;
    if (info.pointerCells) continue;
    if (ir::isFloating(info.cell)) return false;
    if (byte && byteWidth(info) > 1 && !ints_.numeral(*byte, ir::IntKind::UChar)) return false;
  }
  return true;
}

bool SymExec::sameCells(const PtrAlt& a, const PtrAlt& b) const {
  if (a.obj == kNullObject || b.obj == kNullObject) return true;
  const ObjectInfo &x = objects_[a.obj], &y = objects_[b.obj];
  return x.pointerCells == y.pointerCells && (x.pointerCells || x.cell == y.cell);
}

z3::expr SymExec::countFits(const State& st, const PtrAlt& alt, const z3::expr& bytes) {
  const ObjectInfo& info = objects_[alt.obj];
  const std::int64_t room = std::max<std::int64_t>(
      0, static_cast<std::int64_t>(info.size) - *ints_.numeral(alt.offset, ir::IntKind::Long));
  const int width = byteWidth(info);
  return conj(accessible(st, alt.obj, alt.offset, 1),
              negate(ints_.indexLess(ints_.index(room * width), bytes)));
}

// A count the formula computes (the relaxed size of a sized call, or its natural value when
// the group is not relaxed) may end anywhere in the object: every cell from the pointer to the
// object's end is written, the one the count ends in with its low-order bytes set, as in
// exec/heap.cpp. A count that is not 0 must start and end in the object (runtime check).
void SymExec::memsetCounted(const ir::Expr& e, const PtrAlts& p, const z3::expr& byte,
                            const z3::expr& bytes, State& st) {
  (void)e;
  const z3::expr some = negate(equal(bytes, ints_.index(0)));
  const std::optional<std::int64_t> b = ints_.numeral(byte, ir::IntKind::UChar);
  for (const PtrAlt& alt : p) {
    const z3::expr active = conj(alt.cond, some);
    if (alt.obj == kNullObject) {
      require(st, negate(active), HardKind::RuntimeCheck);
      continue;
    }
    const ObjectInfo& info = objects_[alt.obj];
    const int width = byteWidth(info);
    require(st, imply(active, countFits(st, alt, bytes)), HardKind::RuntimeCheck);
    if (info.pointerCells)  // only NULL, whole cells
      require(st,
              imply(active, conj(equal(byte, ints_.literal(0, ir::IntKind::UChar)),
                                 equal(bytes, ints_.indexScale(ints_.indexUDiv(bytes, 8), 8)))),
              HardKind::RuntimeCheck);
    const std::int64_t off = *ints_.numeral(alt.offset, ir::IntKind::Long);
    work(info.size);
    for (std::int64_t j = 0; off + j < static_cast<std::int64_t>(info.size); ++j) {
      const z3::expr reaches = ints_.indexLess(ints_.index(j * width), bytes);
      PtrAlts cell{PtrAlt{conj(alt.cond, reaches), alt.obj, ints_.index(off + j)}};
      if (info.pointerCells) {
        store(cell, zeroOf(info), st);
      } else if (width == 1) {
        store(cell, intVal(ints_.convert(byte, ir::IntKind::UChar, info.cell)), st);
      } else {
        const z3::expr old = load(cell, st, nullptr).v;
        z3::expr v = ints_.literal(
            exec::arith::setLowBytes(0, static_cast<std::uint8_t>(*b), width, info.cell),
            info.cell);
        for (int k = width - 1; k >= 1; --k)
          v = choose(equal(bytes, ints_.index(j * width + k)),
                     lowBytesSet(ints_, old, static_cast<std::uint8_t>(*b), k, info.cell), v);
        store(cell, intVal(v), st);
      }
    }
  }
}

void SymExec::memcpyCounted(const ir::Expr& e, const PtrAlt& d, const PtrAlt& s,
                            const z3::expr& bytes, State& st) {
  (void)e;
  const z3::expr active = conj(conj(d.cond, s.cond), negate(equal(bytes, ints_.index(0))));
  if (d.obj == kNullObject || s.obj == kNullObject) {
    require(st, negate(active), HardKind::RuntimeCheck);
    return;
  }
  const ObjectInfo& info = objects_[d.obj];
  const int width = byteWidth(info);
  require(st,
          imply(active, conj(conj(countFits(st, d, bytes), countFits(st, s, bytes)),
                             equal(bytes, ints_.indexScale(ints_.indexUDiv(bytes, width), width)))),
          HardKind::RuntimeCheck);
  const std::int64_t doff = *ints_.numeral(d.offset, ir::IntKind::Long);
  const std::int64_t soff = *ints_.numeral(s.offset, ir::IntKind::Long);
  const std::int64_t cells = std::min(static_cast<std::int64_t>(info.size) - doff,
                                      static_cast<std::int64_t>(objects_[s.obj].size) - soff);
  std::vector<Val> buffer;
  work(2 * static_cast<std::uint64_t>(cells));
  for (std::int64_t j = 0; j < cells; ++j)
    buffer.push_back(load(PtrAlts{PtrAlt{s.cond, s.obj, ints_.index(soff + j)}}, st, nullptr));
  for (std::int64_t j = 0; j < cells; ++j) {
    const z3::expr reaches = ints_.indexLess(ints_.index(j * width), bytes);
    store(PtrAlts{PtrAlt{conj(conj(d.cond, s.cond), reaches), d.obj, ints_.index(doff + j)}},
          buffer[static_cast<std::size_t>(j)], st);
  }
}

Val SymExec::memcpy(const ir::Expr& e, State& st) {
  const Val d = eval(ir::pointerAsWritten(*e.ops[0]), st);
  const Val s = eval(ir::pointerAsWritten(*e.ops[1]), st);
  const Val n = eval(*e.ops[2], st);
  if (st.dead()) return d;
  // Counted: one destination and one source, cells of one type.
  const bool counted = d.isPointer() && s.isPointer() && d.ptr->size() == 1 && s.ptr->size() == 1 &&
                       countable(d.ptr.get(), nullptr) && countable(s.ptr.get(), nullptr) &&
                       sameCells(d.ptr->front(), s.ptr->front());
  const z3::expr count = byteCount(e, n.v, kindOf(*e.ops[2]), counted, st);
  const std::optional<std::int64_t> bytes = ints_.numeral(count, ir::IntKind::Long);
  if (!bytes && counted) {
    memcpyCounted(e, d.ptr->front(), s.ptr->front(), count, st);
    return d;
  }
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
  work(2 * static_cast<std::uint64_t>(cells));
  for (std::int64_t j = 0; j < cells; ++j)
    buffer.push_back(load(offsetBy(*s.ptr, ints_.index(j), st, 1, false), st, cellType));
  for (std::int64_t j = 0; j < cells; ++j)
    store(offsetBy(*d.ptr, ints_.index(j), st, 1, false), buffer[static_cast<std::size_t>(j)], st);
  return d;
}

}  // namespace culprit::encode::detail

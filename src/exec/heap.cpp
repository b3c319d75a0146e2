// Heap blocks (malloc, calloc, free), VLA blocks, memset and memcpy.
//
// malloc(bytes) as a T* allocates bytes / sizeof(T) T's (a trailing partial T is not
// accessible, as AddressSanitizer would report its use); calloc fills with zero; malloc's and
// a VLA's cells are uninitialised (MemorySanitizer reports their use). A freed block keeps its
// id, so a later use or a second free is reported like AddressSanitizer does. A VLA block
// lives in its function's frame and is released with it.
//
// memset and memcpy count bytes, memory holds typed cells: a byte count is converted with the
// width of the cells at the destination (int: 4 bytes). memset may cover part of an integer
// cell (its low-order bytes, x86-64 being little-endian); memcpy must copy whole cells between
// objects with cells of the same kind; pointer cells only take memset's zero (NULL).
#include "exec/arith.h"
#include "exec/machine.h"

#include <algorithm>

namespace culprit::exec::detail {
namespace {

int byteWidth(const CellKind& k) { return k.pointer ? 8 : ir::bitWidth(k.kind) / 8; }

}  // namespace

CellKind Machine::cellKindOf(std::uint32_t obj) const {
  auto ofType = [](ir::TypeRef t) {
    if (!t->uniformCells()) return CellKind{ir::IntKind::Long, false, true};
    const ir::TypeRef cell = t->scalarType();
    return cell->isInt() ? CellKind{cell->intKind, false} : CellKind{ir::IntKind::Long, true};
  };
  if (obj & kLiteralBit) return {ir::IntKind::Char, false};
  if (obj & kHeapBit) return ofType(heap_[obj & ~kHeapBit].elem);
  const Object& o = objects_[obj];
  switch (o.kind) {
  case ObjectKind::Var: return ofType(program_.vars[o.ref].type);
  case ObjectKind::Vla: return ofType(o.site->type->elem);
  case ObjectKind::Argv:
  case ObjectKind::Envp: return {ir::IntKind::Long, true};
  default: return {ir::IntKind::Char, false};
  }
}

void Machine::checkLive(std::uint32_t obj, const ir::Expr& at) {
  if (isDeadStack(obj)) fail(at.range, "stack-use-after-return: access to " + describeObject(obj));
  if (!(obj & kHeapBit) || !heap_[obj & ~kHeapBit].freed) [[likely]]
    return;
  fail(at.range, "heap-use-after-free: access to " + describeObject(obj) + ", already freed");
}

Value Machine::allocate(const ir::Expr& e) {
  const ir::TypeRef elem = e.type->elem;
  const std::uint64_t elemBytes = static_cast<std::uint64_t>(std::max<std::int64_t>(1, e.value));
  const ir::Expr& first = *e.ops[0];
  const Value a = eval(first);
  checkDefined(a, first, "as a size");
  std::uint64_t count = 0;  // of T's
  if (e.builtin == ir::Builtin::VlaAlloc) {
    const bool negative = ir::isSigned(first.type->intKind) && a.i <= 0;
    if (negative || a.i == 0)
      fail(e.range, "variable-length array bound evaluates to non-positive value " +
                        arith::toString(a.i, first.type->intKind));
    count = static_cast<std::uint64_t>(a.i);
  } else if (e.builtin == ir::Builtin::Malloc) {
    count = static_cast<std::uint64_t>(a.i) / elemBytes;
  } else {  // calloc(n, size): n * size bytes, NULL when the product overflows
    const auto n = static_cast<std::uint64_t>(a.i);
    const Value sizeValue = eval(*e.ops[1]);
    checkDefined(sizeValue, *e.ops[1], "as a size");
    const auto size = static_cast<std::uint64_t>(sizeValue.i);
    if (size != 0 && n > ~std::uint64_t{0} / size) return {};
    count = n * size / elemBytes;
  }
  const std::uint64_t perElement = elem->cellCount();
  const std::uint64_t cells =
      perElement && count > ~std::uint64_t{0} / perElement ? ~std::uint64_t{0} : count * perElement;
  if (!fits(cells))
    outOfMemory(cells, e.range,
                std::string(e.builtin == ir::Builtin::VlaAlloc ? "a variable-length array"
                                                               : ir::builtinName(e.builtin)) +
                    " of " + std::to_string(count) + " '" + typeName(elem) + "'");
  Value fill;  // with nondet locals (BMC), 0: one of the values, the one the encoder gives
  if (e.builtin != ir::Builtin::Calloc && !options_.nondetUninitialised) {
    fill.origin = kSiteOrigin | static_cast<std::uint32_t>(blockSites_.size());
    blockSites_.push_back(&e);
  }
  if (e.builtin == ir::Builtin::VlaAlloc) {
    const auto id = static_cast<std::uint32_t>(objects_.size());
    objects_.push_back({cells_.size(), cells, ObjectKind::Vla, 0, &e});
    cells_.resize(cells_.size() + cells, fill);
    return {0, id};
  }
  HeapBlock block;
  block.cells.assign(cells, fill);
  block.elem = elem;
  block.site = &e;
  block.size = cells;
  heapCells_ += cells;
  heap_.push_back(std::move(block));
  return {0, kHeapBit | static_cast<std::uint32_t>(heap_.size() - 1)};
}

Value Machine::release(const ir::Expr& e) {
  const Value p = eval(*e.ops[0]);
  checkDefined(p, *e.ops[0], "as a pointer passed to 'free'");
  if (p.obj == 0 && p.i == 0) return {};
  if (!(p.obj & kHeapBit) || p.i != 0)
    fail(e.range, "attempting free on address which was not malloc()-ed" +
                      (p.obj != 0 ? " (a pointer into " + describeObject(p.obj) + ")" : ""));
  HeapBlock& b = heap_[p.obj & ~kHeapBit];
  if (b.freed) fail(e.range, "attempting double-free on " + describeObject(p.obj));
  b.freed = true;
  heapCells_ -= b.size;
  std::vector<Value>().swap(b.cells);  // every later access is checked (checkLive)
  return {};
}

Value Machine::sizeOperand(const ir::Expr& e, Value count) {
  if (&e != sizedCall_) return count;
  sizedCall_ = nullptr;
  return settle(count, e.ops[2]->type, sizeProduced_);
}

Value Machine::memset(const ir::Expr& e) {
  const Value p = eval(ir::pointerAsWritten(*e.ops[0]));
  const Value fill = eval(*e.ops[1]);
  const std::int64_t c = fill.i;
  const Value count = sizeOperand(e, eval(*e.ops[2]));
  checkDefined(count, *e.ops[2], "as the size passed to 'memset'");
  const auto bytes = static_cast<std::uint64_t>(count.i);
  if (bytes == 0) return p;
  checkDefined(p, *e.ops[0], "as a pointer passed to 'memset'");
  if (p.obj == 0) fail(e.range, "memset on a null pointer");
  checkLive(p.obj, e);
  if (p.obj & kLiteralBit) fail(e.range, "memset writes to a string literal");
  const CellKind k = cellKindOf(p.obj);
  if (k.mixed)
    fail(e.range, "memset of structs is not supported (memory is modelled as typed cells)");
  const auto width = static_cast<std::uint64_t>(byteWidth(k));
  const std::uint64_t size = objectSize(p.obj);
  if (p.i < 0 || static_cast<std::uint64_t>(p.i) > size || bytes > (size - p.i) * width)
    fail(e.range, "memset writes " + std::to_string(bytes) + " bytes out of bounds of " +
                      describeObject(p.obj));
  const auto byte = static_cast<std::uint8_t>(c);
  for (std::uint64_t done = 0, cell = static_cast<std::uint64_t>(p.i); done < bytes; ++cell) {
    const std::uint64_t part = std::min(width, bytes - done);
    const Place at{p.obj, static_cast<std::int64_t>(cell)};
    if (k.pointer) {
      if (byte != 0 || part != width) fail(e.range, "memset of a pointer to other than NULL");
      store(at, Value{}, e);
    } else {
      // A cell set whole takes the fill's shadow; a cell set in part keeps its own too.
      const Value old = load(at);
      store(at,
            {arith::setLowBytes(old.i, byte, static_cast<int>(part), k.kind), 0,
             part == width ? fill.origin : taint(old, fill)},
            e);
    }
    done += part;
  }
  return p;
}

Value Machine::memcpy(const ir::Expr& e) {
  const Value d = eval(ir::pointerAsWritten(*e.ops[0]));
  const Value s = eval(ir::pointerAsWritten(*e.ops[1]));
  const Value count = sizeOperand(e, eval(*e.ops[2]));
  checkDefined(count, *e.ops[2], "as the size passed to 'memcpy'");
  const auto bytes = static_cast<std::uint64_t>(count.i);
  if (bytes == 0) return d;
  checkDefined(d, *e.ops[0], "as a pointer passed to 'memcpy'");
  checkDefined(s, *e.ops[1], "as a pointer passed to 'memcpy'");
  if (d.obj == 0 || s.obj == 0) fail(e.range, "memcpy with a null pointer");
  checkLive(d.obj, e);
  checkLive(s.obj, e);
  if (d.obj & kLiteralBit) fail(e.range, "memcpy writes to a string literal");
  const CellKind dk = cellKindOf(d.obj), sk = cellKindOf(s.obj);
  if (dk.mixed || sk.mixed)
    fail(e.range, "memcpy of structs is not supported (memory is modelled as typed cells)");
  if (dk.pointer != sk.pointer || (!dk.pointer && dk.kind != sk.kind))
    fail(e.range, "memcpy between cells of different types (memory is modelled as typed cells)");
  const auto width = static_cast<std::uint64_t>(byteWidth(dk));
  if (bytes % width != 0)
    fail(e.range, "memcpy of " + std::to_string(bytes) + " bytes, not a whole number of " +
                      std::to_string(width) + "-byte cells (memory is modelled as typed cells)");
  const std::uint64_t n = bytes / width;
  auto inBounds = [&](const Value& v) {
    return v.i >= 0 && static_cast<std::uint64_t>(v.i) + n <= objectSize(v.obj);
  };
  if (!inBounds(s))
    fail(e.range, "memcpy reads " + std::to_string(bytes) + " bytes out of bounds of " +
                      describeObject(s.obj));
  if (!inBounds(d))
    fail(e.range, "memcpy writes " + std::to_string(bytes) + " bytes out of bounds of " +
                      describeObject(d.obj));
  std::vector<Value> buffer;
  buffer.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i)
    buffer.push_back(load({s.obj, s.i + static_cast<std::int64_t>(i)}));
  for (std::uint64_t i = 0; i < n; ++i)
    store({d.obj, d.i + static_cast<std::int64_t>(i)}, buffer[i], e);
  return d;
}

}  // namespace culprit::exec::detail

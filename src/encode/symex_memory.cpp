// Symbolic executor: places and memory. An lvalue evaluates to pointer alternatives (object,
// offset, condition); loads and stores go cell by cell, each guarded by its alternative, with
// the runtime checks of an access (bounds, liveness) as hard clauses. In an object of structs,
// an offset the formula computes reaches only the cells congruent to it (CongruenceOf): a field
// of a struct at a symbolic index touches that field of each element, not every cell.
#include "encode/symex.h"

#include <numeric>
#include <unordered_map>

namespace culprit::encode::detail {

namespace {

/// What is known of an offset term: it is `rest` modulo `modulus` (modulus 0: it equals
/// `rest`; modulus 1: nothing is known).
struct Congruence {
  std::uint64_t modulus = 1;
  std::int64_t rest = 0;
};

Congruence normalised(std::uint64_t modulus, std::int64_t rest) {
  if (modulus == 1) return {};
  if (modulus == 0) return {0, rest};
  const auto m = static_cast<std::int64_t>(modulus);
  return {modulus, ((rest % m) + m) % m};
}

std::uint64_t magnitude(std::int64_t v) {
  return v < 0 ? static_cast<std::uint64_t>(-(v + 1)) + 1 : static_cast<std::uint64_t>(v);
}

/// The congruence of an offset built by indexAdd/indexScale (sums, products by numerals,
/// ites of such). Offsets are cell numbers well inside 64 bits (accesses are checked against
/// the object), so 64-bit wrap-around is out of the question; any overflow here gives up.
class CongruenceOf {
public:
  Congruence operator()(const z3::expr& e, int depth = 0) {
    if (depth > 48) return {};
    auto it = memo_.find(e.id());
    if (it != memo_.end()) return it->second;
    const Congruence c = compute(e, depth);
    memo_.emplace(e.id(), c);
    return c;
  }

private:
  Congruence compute(const z3::expr& e, int depth) {
    std::int64_t v = 0;
    std::uint64_t u = 0;
    if (e.is_numeral()) {
      if (e.is_bv() && e.get_sort().bv_size() == 64 && e.is_numeral_u64(u))
        return {0, static_cast<std::int64_t>(u)};  // two's complement: -1 is 2^64 - 1
      if (e.is_numeral_i64(v)) return {0, v};
      return {};
    }
    if (!e.is_app()) return {};
    const Z3_decl_kind k = e.decl().decl_kind();
    const unsigned n = e.num_args();
    switch (k) {
    case Z3_OP_ADD:
    case Z3_OP_BADD:
    case Z3_OP_SUB:
    case Z3_OP_BSUB: {
      Congruence acc = (*this)(e.arg(0), depth + 1);
      for (unsigned i = 1; i < n; ++i) {
        Congruence b = (*this)(e.arg(i), depth + 1);
        if (k == Z3_OP_SUB || k == Z3_OP_BSUB) b.rest = -b.rest;
        std::int64_t sum = 0;
        if (__builtin_add_overflow(acc.rest, b.rest, &sum)) return {};
        acc = normalised(std::gcd(acc.modulus, b.modulus), sum);
      }
      return acc;
    }
    case Z3_OP_UMINUS:
    case Z3_OP_BNEG: {
      const Congruence a = (*this)(e.arg(0), depth + 1);
      return normalised(a.modulus, -a.rest);
    }
    case Z3_OP_MUL:
    case Z3_OP_BMUL: {
      Congruence acc{0, 1};
      for (unsigned i = 0; i < n; ++i) {
        const Congruence b = (*this)(e.arg(i), depth + 1);
        std::int64_t prod = 0;
        std::uint64_t mod = 0;
        if (acc.modulus == 0 && b.modulus == 0) {
          if (__builtin_mul_overflow(acc.rest, b.rest, &prod)) return {};
        } else if (acc.modulus == 0 || b.modulus == 0) {  // (m*x + r) * k = m*k*x + r*k
          const Congruence& exact = acc.modulus == 0 ? acc : b;
          const Congruence& other = acc.modulus == 0 ? b : acc;
          if (__builtin_mul_overflow(other.modulus, magnitude(exact.rest), &mod) ||
              __builtin_mul_overflow(other.rest, exact.rest, &prod))
            return {};
          if (mod == 0) return {0, 0};  // times zero
        } else {
          return {};
        }
        acc = normalised(mod, prod);
      }
      return acc;
    }
    case Z3_OP_ITE: {
      // Only strides are kept: a choice among a few numerals (a merged counter) tells which
      // cells it may be, but its formula is left as it was (the ite chain over every cell).
      const Congruence a = (*this)(e.arg(1), depth + 1), b = (*this)(e.arg(2), depth + 1);
      if (a.modulus == 0 || b.modulus == 0) return {};
      std::int64_t diff = 0;
      if (__builtin_sub_overflow(a.rest, b.rest, &diff)) return {};
      return normalised(std::gcd(std::gcd(a.modulus, b.modulus), magnitude(diff)), a.rest);
    }
    default: return {};
    }
  }

  std::unordered_map<unsigned, Congruence> memo_;
};

/// Whether cell `j` may be the one an offset of congruence `c` designates.
bool mayBe(const Congruence& c, std::uint64_t j) {
  if (c.modulus == 0) return static_cast<std::int64_t>(j) == c.rest;
  return static_cast<std::int64_t>(j % c.modulus) == c.rest;
}

const ir::Expr& undecayed(const ir::Expr& e) {
  if (e.kind == ir::ExprKind::Cast && e.type->isPointer() && e.ops[0]->type->isArray())
    return *e.ops[0];
  return e;
}

}  // namespace

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
  if (p.size() == 1) return readCell(st, p.front().obj, p.front().offset, type);
  std::vector<std::pair<z3::expr, Val>> options;
  options.reserve(p.size());
  for (const PtrAlt& alt : p)
    options.emplace_back(alt.cond, readCell(st, alt.obj, alt.offset, type));
  return mergeMany(options);
}

Val SymExec::readCell(const State& st, ObjId obj, const z3::expr& offset, ir::TypeRef type) const {
  const ObjectInfo& info = objects_[obj];
  // A string literal's cells are its text: it has no state of its own (a state sized before the
  // literal's first use has no slot for it).
  const bool literal = obj != kNullObject && info.kind == ObjKind::Literal;
  if (!literal && (obj == kNullObject || obj >= st.objs.size() || !st.objs[obj].live))
    return zeroValue(type);
  const std::optional<std::int64_t> n = ints_.numeral(offset, ir::IntKind::Long);
  if (literal) {
    auto charAt = [&](std::uint64_t i) {
      return ints_.literal(i < info.text.size() ? static_cast<unsigned char>(info.text[i]) : 0,
                           ir::IntKind::Char);
    };
    if (n) return intVal(charAt(static_cast<std::uint64_t>(*n)));
    work(info.size);
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
  // Only the cells congruent to the offset (and, in objects of structs, of the type read) can
  // be meant; the last of them is what an offset matching none reads (such an access is a
  // runtime error, checked where the offset was made).
  work(os.cells.size());
  if (!info.mixed) {
    Val acc = os.cells.back();
    for (std::size_t j = os.cells.size() - 1; j-- > 0;)
      acc = mergeVal(offset == ints_.index(static_cast<std::int64_t>(j)), os.cells[j], acc);
    return acc;
  }
  const Congruence c = CongruenceOf{}(offset);
  const Val like = zeroValue(type);
  std::vector<std::pair<z3::expr, Val>> options;
  for (std::size_t j = 0; j < os.cells.size(); ++j)
    if (mayBe(c, j) && sameShape(os.cells[j], like))
      options.emplace_back(offset == ints_.index(static_cast<std::int64_t>(j)), os.cells[j]);
  if (options.empty()) return like;
  return mergeMany(options);
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
  work(os.cells.size());
  const bool mixed = objects_[obj].mixed != nullptr;
  const Congruence c = mixed ? CongruenceOf{}(offset) : Congruence{};
  for (std::size_t j = 0; j < os.cells.size(); ++j)
    if (mayBe(c, j) && (!mixed || sameShape(os.cells[j], v)))
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

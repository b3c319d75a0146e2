// C integer semantics over Z3 terms: see cint.h.
#include "encode/cint.h"

#include "exec/arith.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace culprit::encode::detail {

using ir::BinOp;
using ir::IntKind;
using ir::UnOp;

namespace {

unsigned widthOf(IntKind k) { return static_cast<unsigned>(ir::bitWidth(k)); }

std::uint64_t maskTo(std::int64_t v, unsigned width) {
  const auto u = static_cast<std::uint64_t>(v);
  return width >= 64 ? u : u & ((std::uint64_t{1} << width) - 1);
}

/// Big decimal numeral (possibly negative) modulo 2^64.
std::int64_t wrapDecimal(const std::string& s) {
  std::uint64_t v = 0;
  const bool negative = !s.empty() && s[0] == '-';
  for (char c : s)
    if (c >= '0' && c <= '9') v = v * 10 + static_cast<std::uint64_t>(c - '0');
  return static_cast<std::int64_t>(negative ? ~v + 1 : v);
}

}  // namespace

z3::expr conj(const z3::expr& a, const z3::expr& b) {
  if (a.is_true() || b.is_false()) return b;
  if (b.is_true() || a.is_false()) return a;
  if (sameTerm(a, b)) return a;
  return a && b;
}

z3::expr disj(const z3::expr& a, const z3::expr& b) {
  if (a.is_false() || b.is_true()) return b;
  if (b.is_false() || a.is_true()) return a;
  if (sameTerm(a, b)) return a;
  return a || b;
}

z3::expr imply(const z3::expr& a, const z3::expr& b) {
  if (a.is_true()) return b;
  if (a.is_false() || b.is_true()) return a.ctx().bool_val(true);
  return z3::implies(a, b);
}

z3::expr negate(const z3::expr& a) {
  if (a.is_true()) return a.ctx().bool_val(false);
  if (a.is_false()) return a.ctx().bool_val(true);
  return !a;
}

z3::expr equal(const z3::expr& a, const z3::expr& b) {
  if (sameTerm(a, b)) return a.ctx().bool_val(true);
  if (a.is_numeral() && b.is_numeral()) return a.ctx().bool_val(false);  // hash-consed: distinct
  if ((a.is_true() || a.is_false()) && (b.is_true() || b.is_false()))
    return a.ctx().bool_val(a.is_true() == b.is_true());
  return a == b;
}

z3::expr choose(const z3::expr& c, const z3::expr& t, const z3::expr& e) {
  if (c.is_true() || sameTerm(t, e)) return t;
  if (c.is_false()) return e;
  return z3::ite(c, t, e);
}

bool sameTerm(const z3::expr& a, const z3::expr& b) { return a.id() == b.id(); }

z3::sort CInts::sort(IntKind k) const {
  if (ir::isFloating(k)) return floatSort(k);
  return mode_ == Ints::Math ? ctx_->int_sort() : ctx_->bv_sort(widthOf(k));
}

z3::sort CInts::indexSort() const {
  return mode_ == Ints::Math ? ctx_->int_sort() : ctx_->bv_sort(64);
}

z3::expr CInts::literal(std::int64_t v, IntKind k) const {
  v = exec::arith::convert(v, k);
  if (ir::isFloating(k)) return floatLiteral(v, k);
  if (mode_ == Ints::Math) {
    if (!ir::isSigned(k) && v < 0) return ctx_->int_val(static_cast<std::uint64_t>(v));
    return ctx_->int_val(v);
  }
  return ctx_->bv_val(maskTo(v, widthOf(k)), widthOf(k));
}

z3::expr CInts::index(std::int64_t v) const {
  return mode_ == Ints::Math ? ctx_->int_val(v) : ctx_->bv_val(static_cast<std::uint64_t>(v), 64);
}

z3::expr CInts::fresh(const std::string& name, IntKind k) const {
  return ctx_->constant(name.c_str(), sort(k));
}

z3::expr CInts::convert(const z3::expr& v, IntKind from, IntKind to) const {
  if (ir::isFloating(from) || ir::isFloating(to)) return floatConvert(v, from, to);
  if (std::optional<std::int64_t> n = numeral(v, from))
    return literal(exec::arith::convert(*n, to), to);
  if (to == IntKind::Bool && from != IntKind::Bool) return fromBool(truth(v), IntKind::Bool);
  if (mode_ == Ints::Math) return fits(from, to) ? v : wrap(v, to);
  const unsigned w1 = widthOf(from), w2 = widthOf(to);
  if (w2 < w1) return v.extract(w2 - 1, 0);
  if (w2 == w1) return v;
  return ir::isSigned(from) ? z3::sext(v, w2 - w1) : z3::zext(v, w2 - w1);
}

bool CInts::fits(IntKind from, IntKind to) {
  if (from == IntKind::Bool) return true;
  const int wf = ir::bitWidth(from), wt = ir::bitWidth(to);
  if (ir::isSigned(from) == ir::isSigned(to)) return wt >= wf;
  return !ir::isSigned(from) && wt > wf;  // unsigned into a wider signed type
}

z3::expr CInts::power2(unsigned w) const {
  if (w < 63) return ctx_->int_val(std::int64_t{1} << w);
  if (w == 63) return ctx_->int_val(std::uint64_t{1} << 63);
  return ctx_->int_val("18446744073709551616");
}

z3::expr CInts::wrap(const z3::expr& v, IntKind k) const {
  // C's conversion to k (modular, as gcc defines it for signed targets) in integer arithmetic.
  if (v.is_numeral()) return literal(wrapDecimal(v.get_decimal_string(0)), k);
  const unsigned w = widthOf(k);
  if (!ir::isSigned(k)) return z3::mod(v, power2(w));
  const z3::expr half = power2(w - 1);
  return z3::mod(v + half, power2(w)) - half;
}

z3::expr CInts::toIndex(const z3::expr& v, IntKind from) const {
  if (std::optional<std::int64_t> n = numeral(v, from))
    return ir::isSigned(from) || mode_ == Ints::BitVector || *n >= 0
               ? index(*n)
               : ctx_->int_val(static_cast<std::uint64_t>(*n));
  if (mode_ == Ints::Math) return v;
  const unsigned w = widthOf(from);
  if (w == 64) return v;
  return ir::isSigned(from) ? z3::sext(v, 64 - w) : z3::zext(v, 64 - w);
}

z3::expr CInts::truth(const z3::expr& v) const {
  if (v.is_fpa()) return negate(v.mk_is_zero());
  if (v.is_numeral()) return ctx_->bool_val(!numeralIsZero(v));
  return v != (mode_ == Ints::Math ? ctx_->int_val(0) : ctx_->bv_val(0, v.get_sort().bv_size()));
}

z3::expr CInts::fromBool(const z3::expr& b, IntKind k) const {
  if (b.is_true()) return literal(1, k);
  if (b.is_false()) return literal(0, k);
  return z3::ite(b, literal(1, k), literal(0, k));
}

z3::expr CInts::indexLess(const z3::expr& a, const z3::expr& b) const {
  return mode_ == Ints::Math ? a < b : z3::ult(a, b);
}

z3::expr CInts::indexInRange(const z3::expr& i, std::uint64_t lo, std::uint64_t hi) const {
  if (mode_ == Ints::Math) return i >= ctx_->int_val(lo) && i < ctx_->int_val(hi);
  z3::expr below = z3::ult(i, ctx_->bv_val(hi, 64));
  return lo == 0 ? below : z3::uge(i, ctx_->bv_val(lo, 64)) && below;
}

z3::expr CInts::arith(BinOp op, IntKind k, const z3::expr& a, const z3::expr& b) const {
  const bool s = ir::isSigned(k);
  const bool wraps = mode_ == Ints::Math && !s;  // unsigned arithmetic is modular
  switch (op) {
  case BinOp::Add: return wraps ? wrap(a + b, k) : a + b;
  case BinOp::Sub: return wraps ? wrap(a - b, k) : a - b;
  case BinOp::Mul: return wraps ? wrap(a * b, k) : a * b;
  case BinOp::Div:
  case BinOp::Rem:
    if (mode_ == Ints::Math) return mathDivide(op, a, b);
    if (std::optional<unsigned> p = powerOfTwo(b, s)) return byPowerOfTwo(op, s, a, *p);
    if (op == BinOp::Div) return s ? a / b : z3::udiv(a, b);
    return s ? z3::srem(a, b) : z3::urem(a, b);
  case BinOp::BitAnd: return a & b;
  case BinOp::BitOr: return a | b;
  case BinOp::BitXor: return a ^ b;
  default: break;
  }
  return a;  // shifts and comparisons are handled by the callers
}

std::optional<unsigned> CInts::powerOfTwo(const z3::expr& b, bool isSigned) const {
  std::uint64_t v = 0;
  if (!b.is_bv() || !b.is_numeral() || !Z3_get_numeral_uint64(*ctx_, b, &v)) return std::nullopt;
  const unsigned w = b.get_sort().bv_size();
  if (v < 2 || (v & (v - 1)) != 0 || w > 64) return std::nullopt;
  const unsigned p = static_cast<unsigned>(std::countr_zero(v));
  if (p + (isSigned ? 1 : 0) >= w) return std::nullopt;  // signed: a negative divisor
  return p;
}

z3::expr CInts::byPowerOfTwo(BinOp op, bool isSigned, const z3::expr& a, unsigned p) const {
  // Divisors (bvsdiv, bvsrem) cost a bit-blasted divider circuit each; by 2^p, C's truncating
  // quotient and remainder are shifts and masks: a negative dividend rounds toward zero.
  const unsigned w = a.get_sort().bv_size();
  const z3::expr mask = ctx_->bv_val(static_cast<std::uint64_t>((1ULL << p) - 1), w);
  const z3::expr shift = ctx_->bv_val(p, w);
  if (!isSigned) return op == BinOp::Div ? z3::lshr(a, shift) : a & mask;
  const z3::expr negative = a < ctx_->bv_val(0, w);
  if (op == BinOp::Div) return z3::ashr(a + z3::ite(negative, mask, ctx_->bv_val(0, w)), shift);
  const z3::expr low = a & mask;
  return z3::ite(negative && low != ctx_->bv_val(0, w), low - (mask + ctx_->bv_val(1, w)), low);
}

z3::expr CInts::mathDivide(BinOp op, const z3::expr& a, const z3::expr& b) const {
  // SMT-LIB div is Euclidean; C truncates toward zero: divide magnitudes and fix the sign.
  const z3::expr zero = ctx_->int_val(0);
  const z3::expr absA = z3::ite(a >= zero, a, -a), absB = z3::ite(b >= zero, b, -b);
  const z3::expr q = absA / absB;
  const z3::expr quotient = z3::ite((a >= zero) == (b >= zero), q, -q);
  return op == BinOp::Div ? quotient : a - b * quotient;
}

z3::expr CInts::mathBitwise(BinOp op, IntKind k, const z3::expr& a, const z3::expr& b,
                            IntKind bk) const {
  const unsigned w = widthOf(k);
  const z3::expr x = z3::int2bv(w, a);
  z3::expr r = x;
  switch (op) {
  case BinOp::BitAnd: r = x & z3::int2bv(w, b); break;
  case BinOp::BitOr: r = x | z3::int2bv(w, b); break;
  case BinOp::BitXor: r = x ^ z3::int2bv(w, b); break;
  case BinOp::Shl: r = z3::shl(x, z3::int2bv(w, b)); break;
  case BinOp::Shr:
    r = ir::isSigned(k) ? z3::ashr(x, z3::int2bv(w, b)) : z3::lshr(x, z3::int2bv(w, b));
    break;
  default: break;
  }
  (void)bk;
  return z3::bv2int(r, ir::isSigned(k));
}

z3::expr CInts::inRange(const z3::expr& v, IntKind k) const {
  const unsigned w = widthOf(k);
  if (ir::isSigned(k)) {
    const std::int64_t lo = w == 64 ? INT64_MIN : -(std::int64_t{1} << (w - 1));
    const std::int64_t hi = w == 64 ? INT64_MAX : (std::int64_t{1} << (w - 1)) - 1;
    return v >= ctx_->int_val(lo) && v <= ctx_->int_val(hi);
  }
  const std::uint64_t hi = w == 64 ? UINT64_MAX : (std::uint64_t{1} << w) - 1;
  return v >= ctx_->int_val(0) && v <= ctx_->int_val(hi);
}

z3::expr CInts::overflowFree(BinOp op, IntKind k, const z3::expr& a, const z3::expr& b) const {
  if (!checkOverflow_ || !ir::isSigned(k)) return ctx_->bool_val(true);
  if (mode_ == Ints::Math) return inRange(arith(op, k, a, b), k);
  switch (op) {
  case BinOp::Add: return z3::bvadd_no_overflow(a, b, true) && z3::bvadd_no_underflow(a, b);
  case BinOp::Sub: return z3::bvsub_no_overflow(a, b) && z3::bvsub_no_underflow(a, b, true);
  case BinOp::Mul: return ctx_->bool_val(true);  // see signedProduct
  default: return ctx_->bool_val(true);
  }
}

std::optional<CInts::Checked> CInts::foldBinary(BinOp op, IntKind k, const z3::expr& a,
                                                const z3::expr& b, IntKind bk) const {
  const std::optional<std::int64_t> x = numeral(a, k);
  const std::optional<std::int64_t> y = numeral(b, ir::isComparison(op) ? k : bk);
  if (!x || !y) return std::nullopt;
  if (ir::isComparison(op))
    return Checked{fromBool(ctx_->bool_val(exec::arith::compare(op, k, *x, *y) != 0), IntKind::Int),
                   ctx_->bool_val(true)};
  const bool isShift = op == BinOp::Shl || op == BinOp::Shr;
  const exec::arith::Result r = exec::arith::binary(op, k, *x, isShift ? *y : *y, bk);
  using F = exec::arith::Fault;
  switch (r.fault) {
  case F::None: return Checked{literal(r.value, k), ctx_->bool_val(true)};
  case F::DivisionByZero:
  case F::DivisionOverflow:
  case F::ShiftNegative:
  case F::ShiftTooLarge: return Checked{literal(0, k), ctx_->bool_val(false)};
  default:  // overflow: undefined when checked, else the operation's own (wrapped) result
    if (checkOverflow_) return Checked{literal(0, k), ctx_->bool_val(false)};
    return std::nullopt;
  }
}

CInts::Checked CInts::binary(BinOp op, IntKind k, const z3::expr& a, const z3::expr& b,
                             IntKind bk) const {
  if (ir::isFloating(k)) return floatBinary(op, k, a, b);
  if (std::optional<Checked> folded = foldBinary(op, k, a, b, bk)) return *folded;
  const z3::expr yes = ctx_->bool_val(true);
  switch (op) {
  case BinOp::Mul:
    if (checkOverflow_ && ir::isSigned(k) && mode_ == Ints::BitVector) return signedProduct(a, b);
    [[fallthrough]];
  case BinOp::Add:
  case BinOp::Sub: return {arith(op, k, a, b), overflowFree(op, k, a, b)};
  case BinOp::Div:
  case BinOp::Rem: {
    z3::expr ok = b != literal(0, k);
    if (ir::isSigned(k)) {
      const unsigned w = widthOf(k);
      const std::int64_t min = w == 64 ? INT64_MIN : -(std::int64_t{1} << (w - 1));
      ok = ok && !(a == literal(min, k) && b == literal(-1, k));
    }
    return {arith(op, k, a, b), ok};
  }
  case BinOp::BitAnd:
  case BinOp::BitOr:
  case BinOp::BitXor:
    if (mode_ == Ints::Math) return {mathBitwise(op, k, a, b, bk), yes};
    return {arith(op, k, a, b), yes};
  case BinOp::Shl:
  case BinOp::Shr: return shift(op, k, a, b, bk);
  default: break;
  }
  return {fromBool(compare(op, k, a, b), IntKind::Int), yes};
}

CInts::Checked CInts::signedProduct(const z3::expr& a, const z3::expr& b) const {
  // Z3 4.8.12's bvsmul_noovfl is wrong for negative operands (-2 * 2 "overflows"), so the check
  // goes through magnitudes: |a| * |b| must not overflow unsigned and must fit the sign. The
  // product itself is the signed magnitude product, so one multiplier serves both.
  const unsigned w = a.get_sort().bv_size();
  if (b.is_numeral() || a.is_numeral())
    return constantProduct(a.is_numeral() ? b : a, a.is_numeral() ? a : b);
  // Operands widened from m1 and m2 bits with m1 + m2 <= w (`(long)x * y` of ints) cannot
  // overflow: |a * b| <= 2^(m1+m2-2). Their plain product needs no magnitudes and no check,
  // which keeps z3 from bit-blasting three 64-bit multipliers per product.
  if (significantBits(a) + significantBits(b) <= w) return {a * b, ctx_->bool_val(true)};
  const z3::expr zero = ctx_->bv_val(0, w);
  const z3::expr negA = a < zero, negB = b < zero;
  const z3::expr ua = choose(negA, -a, a), ub = choose(negB, -b, b);
  const z3::expr p = ua * ub;
  const z3::expr negative = negA != negB;
  const z3::expr maxPositive = ctx_->bv_val((std::uint64_t{1} << (w - 1)) - 1, w);
  const z3::expr limit = choose(negative, maxPositive + ctx_->bv_val(1, w), maxPositive);
  return {choose(negative, -p, p), z3::bvmul_no_overflow(ua, ub, false) && z3::ule(p, limit)};
}

unsigned CInts::significantBits(const z3::expr& e) {
  if (e.is_app() && e.decl().decl_kind() == Z3_OP_SIGN_EXT) return e.arg(0).get_sort().bv_size();
  return e.get_sort().bv_size();
}

CInts::Checked CInts::constantProduct(const z3::expr& a, const z3::expr& c) const {
  // a * c for a numeral c: no overflow iff a lies in [MIN, MAX] / c, two comparisons.
  const unsigned w = a.get_sort().bv_size();
  std::uint64_t bits = 0;
  c.is_numeral_u64(bits);
  const __int128 n = w == 64 ? static_cast<__int128>(static_cast<std::int64_t>(bits))
                             : ((bits >> (w - 1)) & 1
                                    ? static_cast<__int128>(bits) - (static_cast<__int128>(1) << w)
                                    : static_cast<__int128>(bits));
  const __int128 max = (static_cast<__int128>(1) << (w - 1)) - 1, min = -max - 1;
  if (n == 0 || n == 1) return {a * c, ctx_->bool_val(true)};
  auto floorDiv = [](__int128 x, __int128 y) {
    __int128 q = x / y;
    return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;
  };
  auto ceilDiv = [&](__int128 x, __int128 y) { return -floorDiv(-x, y); };
  const __int128 lo = std::max(min, n > 0 ? ceilDiv(min, n) : ceilDiv(max, n));
  const __int128 hi = std::min(max, n > 0 ? floorDiv(max, n) : floorDiv(min, n));
  auto bv = [&](__int128 v) {
    return ctx_->bv_val(static_cast<std::uint64_t>(static_cast<std::int64_t>(v)), w);
  };
  return {a * c, a >= bv(lo) && a <= bv(hi)};
}

CInts::Checked CInts::shift(BinOp op, IntKind k, const z3::expr& a, const z3::expr& b,
                            IntKind bk) const {
  const unsigned w = widthOf(k);
  z3::expr ok = compare(BinOp::Lt, bk, b, literal(w, bk));
  if (ir::isSigned(bk)) ok = ok && compare(BinOp::Ge, bk, b, literal(0, bk));
  const bool checkLeft = checkOverflow_ && op == BinOp::Shl && ir::isSigned(k);
  if (checkLeft) ok = ok && compare(BinOp::Ge, k, a, literal(0, k));
  if (mode_ == Ints::Math) {
    z3::expr r = a;
    if (std::optional<std::int64_t> c = numeral(b, bk); c && *c >= 0 && *c < 63) {
      const z3::expr p = ctx_->int_val(std::int64_t{1} << *c);
      r = op == BinOp::Shl ? a * p : a / p;  // Euclidean div by 2^c: floor, as >> rounds
      if (checkLeft) ok = ok && inRange(r, k);
      if (op == BinOp::Shl && !ir::isSigned(k)) r = wrap(r, k);
      return {r, ok};
    }
    if (checkLeft)
      ok = ok && z3::lshr(z3::int2bv(w, a), ctx_->bv_val(w - 1, w) - z3::int2bv(w, b)) ==
                     ctx_->bv_val(0, w);
    return {mathBitwise(op, k, a, b, bk), ok};
  }
  const z3::expr amount = convert(b, bk, IntKind::ULong).extract(w - 1, 0);
  if (checkLeft)  // C forbids shifting a one into or past the sign bit
    ok = ok && z3::lshr(a, ctx_->bv_val(w - 1, w) - amount) == ctx_->bv_val(0, w);
  if (op == BinOp::Shl) return {z3::shl(a, amount), ok};
  return {ir::isSigned(k) ? z3::ashr(a, amount) : z3::lshr(a, amount), ok};
}

z3::expr CInts::compare(BinOp op, IntKind k, const z3::expr& a, const z3::expr& b) const {
  if (ir::isFloating(k)) return floatCompare(op, a, b);
  if (std::optional<std::int64_t> x = numeral(a, k))
    if (std::optional<std::int64_t> y = numeral(b, k))
      return ctx_->bool_val(exec::arith::compare(op, k, *x, *y) != 0);
  const bool u = mode_ == Ints::BitVector && !ir::isSigned(k);
  switch (op) {
  case BinOp::Lt: return u ? z3::ult(a, b) : a < b;
  case BinOp::Gt: return u ? z3::ugt(a, b) : a > b;
  case BinOp::Le: return u ? z3::ule(a, b) : a <= b;
  case BinOp::Ge: return u ? z3::uge(a, b) : a >= b;
  case BinOp::Eq: return a == b;
  case BinOp::Ne: return a != b;
  default: break;
  }
  return ctx_->bool_val(false);
}

CInts::Checked CInts::unary(UnOp op, IntKind k, const z3::expr& a) const {
  if (ir::isFloating(k)) return floatUnary(op, k, a);
  const z3::expr yes = ctx_->bool_val(true);
  if (std::optional<std::int64_t> x = numeral(a, k)) {
    const exec::arith::Result r = exec::arith::unary(op, k, *x);
    if (r.fault == exec::arith::Fault::None) return {literal(r.value, k), yes};
    if (checkOverflow_) return {literal(0, k), ctx_->bool_val(false)};
  }
  switch (op) {
  case UnOp::Neg: {
    z3::expr ok = yes;
    if (checkOverflow_ && ir::isSigned(k)) {
      if (mode_ == Ints::Math)
        ok = inRange(-a, k);
      else
        ok = a != literal(widthOf(k) == 64 ? INT64_MIN : -(std::int64_t{1} << (widthOf(k) - 1)), k);
    }
    if (mode_ == Ints::Math && !ir::isSigned(k)) return {wrap(-a, k), ok};
    return {-a, ok};
  }
  case UnOp::Plus: return {a, yes};
  case UnOp::BitNot:
    if (mode_ == Ints::BitVector) return {~a, yes};
    if (ir::isSigned(k)) return {-a - 1, yes};
    return {ctx_->int_val(static_cast<std::uint64_t>(maskTo(-1, widthOf(k)))) - a, yes};
  case UnOp::LogNot: return {fromBool(!truth(a), k), yes};
  }
  return {a, yes};
}

z3::expr CInts::indexAdd(const z3::expr& a, const z3::expr& b) const {
  std::int64_t x = 0, y = 0;
  if (a.is_numeral_i64(x) && b.is_numeral_i64(y)) return index(x + y);
  if (mode_ == Ints::BitVector) {
    std::uint64_t u = 0, v = 0;
    if (a.is_numeral_u64(u) && b.is_numeral_u64(v)) return index(static_cast<std::int64_t>(u + v));
  }
  if (b.is_numeral() && numeralIsZero(b)) return a;
  return a + b;
}

z3::expr CInts::indexScale(const z3::expr& a, std::int64_t by) const {
  if (by == 1) return a;
  std::int64_t x = 0;
  std::uint64_t u = 0;
  if (a.is_numeral_i64(x)) return index(x * by);
  if (mode_ == Ints::BitVector && a.is_numeral_u64(u))
    return index(static_cast<std::int64_t>(u * static_cast<std::uint64_t>(by)));
  return a * index(by);
}

z3::expr CInts::indexExactDiv(const z3::expr& a, std::int64_t by) const {
  if (by == 1) return a;
  std::int64_t x = 0;
  if (a.is_numeral_i64(x)) return index(x / by);
  return mode_ == Ints::Math ? a / index(by)
                             : z3::to_expr(*ctx_, Z3_mk_bvsdiv(*ctx_, a, index(by)));
}

z3::expr CInts::indexUDiv(const z3::expr& a, std::int64_t by) const {
  if (by == 1) return a;
  std::uint64_t u = 0;
  if (a.is_numeral_u64(u))
    return index(static_cast<std::int64_t>(u / static_cast<std::uint64_t>(by)));
  return mode_ == Ints::Math ? a / index(by) : z3::udiv(a, index(by));
}

z3::expr CInts::indexMul(const z3::expr& a, const z3::expr& b) const {
  std::uint64_t x = 0, y = 0;
  if (a.is_numeral_u64(x) && b.is_numeral_u64(y)) return index(static_cast<std::int64_t>(x * y));
  return a * b;
}

bool CInts::numeralIsZero(const z3::expr& v) const {
  std::uint64_t u = 1;
  std::int64_t i = 1;
  if (v.is_numeral_u64(u)) return u == 0;
  if (v.is_numeral_i64(i)) return i == 0;
  return false;
}

z3::expr CInts::valueOfKind(const z3::expr& v, IntKind k) const {
  if (mode_ == Ints::BitVector || ir::isFloating(k)) return ctx_->bool_val(true);
  if (k == IntKind::Bool) return v == ctx_->int_val(0) || v == ctx_->int_val(1);
  return inRange(v, k);
}

z3::expr CInts::equals(const z3::expr& term, IntKind k, std::int64_t v) const {
  return term == literal(v, k);
}

std::optional<std::int64_t> CInts::numeral(const z3::expr& term, IntKind k) const {
  if (ir::isFloating(k)) return floatNumeral(term, k);
  if (!term.is_numeral()) return std::nullopt;
  if (mode_ == Ints::Math) {
    std::int64_t v = 0;
    if (!term.is_numeral_i64(v)) v = wrapDecimal(term.get_decimal_string(0));
    return exec::arith::convert(v, k);
  }
  std::uint64_t u = 0;
  if (!term.is_numeral_u64(u)) return std::nullopt;
  const unsigned w = term.get_sort().bv_size();
  if (k == IntKind::Bool) return u != 0;
  if (ir::isSigned(k) && w < 64 && (u >> (w - 1)) & 1) u |= ~std::uint64_t{0} << w;
  return static_cast<std::int64_t>(u);
}

std::int64_t CInts::valueIn(const z3::model& model, const z3::expr& term, IntKind k) const {
  return numeral(model.eval(term, true), k).value_or(0);
}

}  // namespace culprit::encode::detail

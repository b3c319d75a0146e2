// float and double over Z3's floating-point theory (see cint.h): IEEE binary32 and binary64,
// round-to-nearest-even, exact. Operations on numerals are folded with the interpreter's own
// arithmetic (exec/arith.h), as for integers.
#include "encode/cint.h"

#include "exec/arith.h"

#include <bit>
#include <cmath>
#include <limits>

namespace culprit::encode::detail {

using ir::BinOp;
using ir::IntKind;
using ir::UnOp;

namespace {

unsigned exponentBits(IntKind k) { return k == IntKind::Float ? 8 : 11; }
unsigned significandBits(IntKind k) { return k == IntKind::Float ? 24 : 53; }  // hidden bit too
/// Z3 has one NaN; x86-64 computes 0.0 / 0.0 and the like as the quiet NaN with the sign set
/// (printed "-nan"), the pattern a NaN numeral is read back as.
std::int64_t defaultNaN(IntKind k) {
  return exec::arith::fromDouble(-std::numeric_limits<double>::quiet_NaN(), k);
}

unsigned widthOf(IntKind k) { return static_cast<unsigned>(ir::bitWidth(k)); }

}  // namespace

z3::expr CInts::rne() const { return z3::to_expr(*ctx_, Z3_mk_fpa_rne(*ctx_)); }

z3::sort CInts::floatSort(IntKind k) const {
  if (mode_ == Ints::Math)
    throw EncodeError("float and double need bit-vector integers (--ints bv or auto)");
  usedFloats_ = true;
  return ctx_->fpa_sort(exponentBits(k), significandBits(k));
}

z3::expr CInts::floatLiteral(std::int64_t bits, IntKind k) const {
  if (std::isnan(exec::arith::toDouble(bits, k))) return ctx_->fpa_nan(floatSort(k));
  const unsigned e = exponentBits(k), f = significandBits(k) - 1;
  const auto u = static_cast<std::uint64_t>(bits);
  const z3::expr sign = ctx_->bv_val((u >> (e + f)) & 1, 1);
  const z3::expr exponent = ctx_->bv_val((u >> f) & ((std::uint64_t{1} << e) - 1), e);
  const z3::expr fraction = ctx_->bv_val(u & ((std::uint64_t{1} << f) - 1), f);
  return z3::to_expr(*ctx_, Z3_mk_fpa_fp(*ctx_, sign, exponent, fraction));
}

std::optional<std::int64_t> CInts::floatNumeral(const z3::expr& t, IntKind k) const {
  return floatBits(t, k);
}

std::optional<std::int64_t> floatBits(const z3::expr& t, IntKind k) {
  // Numerals come as (fp sign exponent fraction) over bit-vector numerals (what literals are
  // made of and what the simplifier and models produce), or as the special constants.
  if (!t.is_fpa() || !t.is_app()) return std::nullopt;
  const double inf = std::numeric_limits<double>::infinity();
  switch (t.decl().decl_kind()) {
  case Z3_OP_FPA_PLUS_ZERO: return exec::arith::fromDouble(0.0, k);
  case Z3_OP_FPA_MINUS_ZERO: return exec::arith::fromDouble(-0.0, k);
  case Z3_OP_FPA_PLUS_INF: return exec::arith::fromDouble(inf, k);
  case Z3_OP_FPA_MINUS_INF: return exec::arith::fromDouble(-inf, k);
  case Z3_OP_FPA_NAN: return defaultNaN(k);
  case Z3_OP_FPA_FP: {
    std::uint64_t sign = 0, exponent = 0, fraction = 0;
    if (t.num_args() != 3 || !t.arg(0).is_numeral_u64(sign) || !t.arg(1).is_numeral_u64(exponent) ||
        !t.arg(2).is_numeral_u64(fraction))
      return std::nullopt;
    const unsigned fractionBits = significandBits(k) - 1;
    return static_cast<std::int64_t>((sign << (exponentBits(k) + fractionBits)) |
                                     (exponent << fractionBits) | fraction);
  }
  case Z3_OP_FPA_NUM: {
    z3::context& ctx = t.ctx();
    if (Z3_fpa_is_numeral_nan(ctx, t)) return defaultNaN(k);
    int sign = 0;
    std::uint64_t significand = 0;
    std::int64_t exponent = 0;
    if (!Z3_fpa_get_numeral_sign(ctx, t, &sign)) return std::nullopt;
    if (Z3_fpa_is_numeral_inf(ctx, t)) return exec::arith::fromDouble(sign ? -inf : inf, k);
    if (Z3_fpa_is_numeral_zero(ctx, t)) return exec::arith::fromDouble(sign ? -0.0 : 0.0, k);
    if (!Z3_fpa_get_numeral_significand_uint64(ctx, t, &significand) ||
        !Z3_fpa_get_numeral_exponent_int64(ctx, t, &exponent, true))
      return std::nullopt;
    if (Z3_fpa_is_numeral_subnormal(ctx, t)) exponent = 0;
    const unsigned fractionBits = significandBits(k) - 1;
    const std::uint64_t mask = (std::uint64_t{1} << fractionBits) - 1;
    return static_cast<std::int64_t>(
        (static_cast<std::uint64_t>(sign != 0) << (exponentBits(k) + fractionBits)) |
        (static_cast<std::uint64_t>(exponent) << fractionBits) | (significand & mask));
  }
  default: return std::nullopt;
  }
}

z3::expr CInts::floatConvert(const z3::expr& v, IntKind from, IntKind to) const {
  if (std::optional<std::int64_t> n = numeral(v, from)) {
    const exec::arith::Result r = exec::arith::cast(*n, from, to);
    if (r.fault == exec::arith::Fault::None) return literal(r.value, to);
  }
  const bool fromFloating = ir::isFloating(from), toFloating = ir::isFloating(to);
  if (fromFloating && toFloating)
    return from == to ? v
                      : z3::to_expr(*ctx_, Z3_mk_fpa_to_fp_float(*ctx_, rne(), v, floatSort(to)));
  if (toFloating) {
    // An integer as a bit-vector of its width (Math mode keeps it in range: see valueOfKind).
    const z3::expr bv = mode_ == Ints::Math ? z3::int2bv(widthOf(from), v) : v;
    return z3::to_expr(*ctx_, ir::isSigned(from)
                                  ? Z3_mk_fpa_to_fp_signed(*ctx_, rne(), bv, floatSort(to))
                                  : Z3_mk_fpa_to_fp_unsigned(*ctx_, rne(), bv, floatSort(to)));
  }
  if (to == IntKind::Bool) return fromBool(negate(v.mk_is_zero()), IntKind::Bool);
  const z3::expr rtz = z3::to_expr(*ctx_, Z3_mk_fpa_rtz(*ctx_));
  const unsigned w = widthOf(to);
  const z3::expr bv = z3::to_expr(*ctx_, ir::isSigned(to) ? Z3_mk_fpa_to_sbv(*ctx_, rtz, v, w)
                                                          : Z3_mk_fpa_to_ubv(*ctx_, rtz, v, w));
  return mode_ == Ints::Math ? z3::bv2int(bv, ir::isSigned(to)) : bv;
}

z3::expr CInts::convertDefined(const z3::expr& v, IntKind from, IntKind to) const {
  if (!ir::isFloating(from) || ir::isFloating(to) || to == IntKind::Bool)
    return ctx_->bool_val(true);
  if (std::optional<std::int64_t> n = numeral(v, from))
    return ctx_->bool_val(exec::arith::cast(*n, from, to).fault == exec::arith::Fault::None);
  // Defined iff lo < trunc(v) < hi, with the bounds exact in either precision (powers of two,
  // or a power of two minus one for the lowest signed value, compared after truncation).
  const int w = ir::bitWidth(to);
  const double hi = std::ldexp(1.0, ir::isSigned(to) ? w - 1 : w);
  const double lo = ir::isSigned(to) ? -hi : -1.0;
  const z3::expr t = z3::to_expr(
      *ctx_, Z3_mk_fpa_round_to_integral(*ctx_, z3::to_expr(*ctx_, Z3_mk_fpa_rtz(*ctx_)), v));
  const z3::expr hiT = floatLiteral(exec::arith::fromDouble(hi, from), from);
  const z3::expr loT = floatLiteral(exec::arith::fromDouble(lo, from), from);
  const z3::expr below = z3::to_expr(*ctx_, Z3_mk_fpa_lt(*ctx_, t, hiT));
  const z3::expr above = ir::isSigned(to) ? z3::to_expr(*ctx_, Z3_mk_fpa_geq(*ctx_, t, loT))
                                          : z3::to_expr(*ctx_, Z3_mk_fpa_gt(*ctx_, t, loT));
  return below && above;  // false for NaN
}

CInts::Checked CInts::floatBinary(BinOp op, IntKind k, const z3::expr& a, const z3::expr& b) const {
  const z3::expr yes = ctx_->bool_val(true);
  if (ir::isComparison(op)) return {fromBool(floatCompare(op, a, b), IntKind::Int), yes};
  if (std::optional<std::int64_t> x = numeral(a, k))
    if (std::optional<std::int64_t> y = numeral(b, k))
      return {literal(exec::arith::binary(op, k, *x, *y, k).value, k), yes};
  switch (op) {
  case BinOp::Add: return {z3::to_expr(*ctx_, Z3_mk_fpa_add(*ctx_, rne(), a, b)), yes};
  case BinOp::Sub: return {z3::to_expr(*ctx_, Z3_mk_fpa_sub(*ctx_, rne(), a, b)), yes};
  case BinOp::Mul: return {z3::to_expr(*ctx_, Z3_mk_fpa_mul(*ctx_, rne(), a, b)), yes};
  case BinOp::Div: return {z3::to_expr(*ctx_, Z3_mk_fpa_div(*ctx_, rne(), a, b)), yes};
  default:
    throw EncodeError(std::string("operator ") + ir::binOpSpelling(op) + " on floating values");
  }
}

z3::expr CInts::floatCompare(BinOp op, const z3::expr& a, const z3::expr& b) const {
  const IntKind k = a.get_sort().fpa_ebits() == 8 ? IntKind::Float : IntKind::Double;
  if (std::optional<std::int64_t> x = numeral(a, k))
    if (std::optional<std::int64_t> y = numeral(b, k))
      return ctx_->bool_val(exec::arith::compare(op, k, *x, *y) != 0);
  switch (op) {
  case BinOp::Lt: return z3::to_expr(*ctx_, Z3_mk_fpa_lt(*ctx_, a, b));
  case BinOp::Gt: return z3::to_expr(*ctx_, Z3_mk_fpa_gt(*ctx_, a, b));
  case BinOp::Le: return z3::to_expr(*ctx_, Z3_mk_fpa_leq(*ctx_, a, b));
  case BinOp::Ge: return z3::to_expr(*ctx_, Z3_mk_fpa_geq(*ctx_, a, b));
  case BinOp::Eq: return z3::to_expr(*ctx_, Z3_mk_fpa_eq(*ctx_, a, b));
  default: return !z3::to_expr(*ctx_, Z3_mk_fpa_eq(*ctx_, a, b));
  }
}

CInts::Checked CInts::floatUnary(UnOp op, IntKind k, const z3::expr& a) const {
  const z3::expr yes = ctx_->bool_val(true);
  if (std::optional<std::int64_t> x = numeral(a, k)) {
    const std::int64_t r = exec::arith::unary(op, k, *x).value;
    return {op == UnOp::LogNot ? literal(r, IntKind::Int) : literal(r, k), yes};
  }
  switch (op) {
  case UnOp::Neg: return {-a, yes};
  case UnOp::LogNot: return {fromBool(a.mk_is_zero(), IntKind::Int), yes};
  default: return {a, yes};
  }
}

std::optional<z3::expr> CInts::math(ir::MathFn f, IntKind k, const z3::expr& a,
                                    const z3::expr& b) const {
  using ir::MathFn;
  const bool two = ir::mathArity(f) == 2;
  if (std::optional<std::int64_t> x = numeral(a, k)) {
    std::optional<std::int64_t> y = two ? numeral(b, k) : std::optional<std::int64_t>(0);
    if (y) {
      const std::int64_t r = exec::arith::math(f, k, *x, *y);
      return f >= MathFn::IsNan ? literal(r, IntKind::Int) : literal(r, k);
    }
  }
  auto rounded = [&](Z3_ast mode) {
    return z3::to_expr(*ctx_, Z3_mk_fpa_round_to_integral(*ctx_, mode, a));
  };
  switch (f) {
  case MathFn::Sqrt: return z3::to_expr(*ctx_, Z3_mk_fpa_sqrt(*ctx_, rne(), a));
  case MathFn::Fabs: return z3::abs(a);
  case MathFn::Floor: return rounded(Z3_mk_fpa_rtn(*ctx_));
  case MathFn::Ceil: return rounded(Z3_mk_fpa_rtp(*ctx_));
  case MathFn::Trunc: return rounded(Z3_mk_fpa_rtz(*ctx_));
  case MathFn::Round: return rounded(Z3_mk_fpa_rna(*ctx_));  // halfway cases away from zero
  case MathFn::Fmin:
  case MathFn::Fmax: {
    // C's fmin/fmax return the other operand when one is a NaN, like fp.min/fp.max; fp.min and
    // fp.max leave the sign of a zero result open, where glibc returns its first operand.
    const z3::expr pick = f == MathFn::Fmin ? z3::to_expr(*ctx_, Z3_mk_fpa_min(*ctx_, a, b))
                                            : z3::to_expr(*ctx_, Z3_mk_fpa_max(*ctx_, a, b));
    return z3::ite(a.mk_is_zero() && b.mk_is_zero(), a, pick);
  }
  case MathFn::IsNan: return fromBool(a.mk_is_nan(), IntKind::Int);
  case MathFn::IsFinite: return fromBool(!a.mk_is_nan() && !a.mk_is_inf(), IntKind::Int);
  case MathFn::IsInf: {
    const z3::expr neg = z3::to_expr(*ctx_, Z3_mk_fpa_is_negative(*ctx_, a));
    return z3::ite(a.mk_is_inf(), z3::ite(neg, literal(-1, IntKind::Int), literal(1, IntKind::Int)),
                   literal(0, IntKind::Int));
  }
  default: return std::nullopt;
  }
}

}  // namespace culprit::encode::detail

// float and double over Z3's floating-point theory against the interpreter (exec::arith): each
// operation is built on fresh operands (so that no numeral folding happens), then evaluated by
// substituting the sampled values and simplifying; the result's bits must be the
// interpreter's. Samples include signed zeros, infinities, NaN and subnormals.
#include "encode/cint.h"
#include "exec/arith.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace culprit::encode::detail {
namespace {

using ir::BinOp;
using ir::IntKind;
using ir::MathFn;
using exec::arith::fromDouble;
using exec::arith::toDouble;

std::vector<double> samples() {
  const double inf = std::numeric_limits<double>::infinity();
  return {0.0,    -0.0,    1.0,    -2.5,   0.1,   1.0 / 3, 2.5,     -2.5,  3.5,
          1e300,  -1e-300, 4.9e-324, 2.2250738585072009e-308, 1e10, -7.25, 123456.789,
          inf,    -inf,    std::numeric_limits<double>::quiet_NaN(), 2147483647.9, -2147483648.5,
          4294967296.0, 9.3e18};
}

class Evaluator {
public:
  explicit Evaluator(z3::context& ctx) : ctx_(ctx), ints_(ctx, Ints::BitVector, true) {}
  const CInts& ints() const { return ints_; }
  z3::expr x(IntKind k) { return ints_.fresh("x", k); }
  z3::expr y(IntKind k) { return ints_.fresh("y", k); }
  /// `t` with x and y (of kind k) replaced by the patterns a and b, simplified.
  z3::expr at(const z3::expr& t, IntKind k, std::int64_t a, std::int64_t b) {
    z3::expr_vector from(ctx_), to(ctx_);
    from.push_back(x(k));
    from.push_back(y(k));
    to.push_back(ints_.literal(a, k));
    to.push_back(ints_.literal(b, k));
    return z3::expr(t).substitute(from, to).simplify();
  }

private:
  z3::context& ctx_;
  CInts ints_;
};

/// Same value: equal bits, or both NaN.
bool same(std::optional<std::int64_t> got, std::int64_t want, IntKind k) {
  if (!got) return false;
  if (ir::isFloating(k) && std::isnan(toDouble(want, k))) return std::isnan(toDouble(*got, k));
  return *got == want;
}

TEST(CFloat, LiteralsRoundTrip) {
  z3::context ctx;
  Evaluator ev(ctx);
  for (IntKind k : {IntKind::Float, IntKind::Double})
    for (double d : samples()) {
      const std::int64_t bits = fromDouble(d, k);
      EXPECT_TRUE(same(ev.ints().numeral(ev.ints().literal(bits, k), k), bits, k)) << d;
      // Models and the simplifier give (fp ...) terms of their own: read back the same.
      const z3::expr simplified = ev.at(ev.x(k), k, bits, 0);
      EXPECT_TRUE(same(floatBits(simplified, k), bits, k)) << d << " " << simplified;
    }
}

TEST(CFloat, ArithmeticAndComparisonsAgreeWithTheInterpreter) {
  z3::context ctx;
  Evaluator ev(ctx);
  for (IntKind k : {IntKind::Float, IntKind::Double}) {
    const z3::expr x = ev.x(k), y = ev.y(k);
    for (BinOp op : {BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Lt, BinOp::Le,
                     BinOp::Gt, BinOp::Ge, BinOp::Eq, BinOp::Ne}) {
      const CInts::Checked r = ev.ints().binary(op, k, x, y, k);
      const IntKind rk = ir::isComparison(op) ? IntKind::Int : k;
      for (double a : samples())
        for (double b : samples()) {
          const std::int64_t pa = fromDouble(a, k), pb = fromDouble(b, k);
          const std::int64_t want = exec::arith::binary(op, k, pa, pb, k).value;
          const z3::expr got = ev.at(r.value, k, pa, pb);
          ASSERT_TRUE(same(ev.ints().numeral(got, rk), want, rk))
              << a << " " << ir::binOpSpelling(op) << " " << b << " in " << ir::intKindName(k)
              << ": " << got;
        }
    }
    const CInts::Checked neg = ev.ints().unary(ir::UnOp::Neg, k, x);
    for (double a : samples()) {
      const std::int64_t pa = fromDouble(a, k);
      ASSERT_TRUE(same(ev.ints().numeral(ev.at(neg.value, k, pa, 0), k),
                       exec::arith::unary(ir::UnOp::Neg, k, pa).value, k))
          << "-" << a;
    }
  }
}

TEST(CFloat, ConversionsAgreeWithTheInterpreter) {
  z3::context ctx;
  Evaluator ev(ctx);
  const IntKind ints[] = {IntKind::Bool, IntKind::Char, IntKind::UChar, IntKind::Int,
                          IntKind::UInt, IntKind::Long, IntKind::ULong};
  for (IntKind from : {IntKind::Float, IntKind::Double}) {
    const z3::expr x = ev.x(from);
    for (IntKind to : ints) {
      const z3::expr converted = ev.ints().convert(x, from, to);
      const z3::expr defined = ev.ints().convertDefined(x, from, to);
      for (double d : samples()) {
        const std::int64_t p = fromDouble(d, from);
        const exec::arith::Result want = exec::arith::cast(p, from, to);
        const bool ok = want.fault == exec::arith::Fault::None;
        ASSERT_EQ(ev.at(defined, from, p, 0).is_true(), ok)
            << d << " to " << ir::intKindName(to);
        if (ok) {
          ASSERT_TRUE(same(ev.ints().numeral(ev.at(converted, from, p, 0), to), want.value, to))
              << d << " to " << ir::intKindName(to);
        }
      }
    }
    for (IntKind to : {IntKind::Float, IntKind::Double}) {
      const z3::expr converted = ev.ints().convert(x, from, to);
      for (double d : samples()) {
        const std::int64_t p = fromDouble(d, from);
        ASSERT_TRUE(same(ev.ints().numeral(ev.at(converted, from, p, 0), to),
                         exec::arith::cast(p, from, to).value, to))
            << d << " " << ir::intKindName(from) << " to " << ir::intKindName(to);
      }
    }
  }
  // Integers to floating: one rounding from the exact value.
  for (IntKind from : {IntKind::Int, IntKind::UInt, IntKind::Long, IntKind::ULong})
    for (IntKind to : {IntKind::Float, IntKind::Double}) {
      const z3::expr converted = ev.ints().convert(ev.x(from), from, to);
      for (std::int64_t v : {std::int64_t{0}, std::int64_t{-1}, std::int64_t{16777217},
                             INT64_MAX, INT64_MIN, std::int64_t{123456789}}) {
        const std::int64_t n = exec::arith::convert(v, from);
        ASSERT_TRUE(same(ev.ints().numeral(ev.at(converted, from, n, 0), to),
                         exec::arith::cast(n, from, to).value, to))
            << v << " " << ir::intKindName(from) << " to " << ir::intKindName(to);
      }
    }
}

TEST(CFloat, ExactMathFunctionsAgreeWithTheInterpreter) {
  z3::context ctx;
  Evaluator ev(ctx);
  for (IntKind k : {IntKind::Float, IntKind::Double})
    for (MathFn f : {MathFn::Sqrt, MathFn::Fabs, MathFn::Floor, MathFn::Ceil, MathFn::Round,
                     MathFn::Trunc, MathFn::Fmin, MathFn::Fmax, MathFn::IsNan, MathFn::IsInf,
                     MathFn::IsFinite}) {
      const std::optional<z3::expr> r = ev.ints().math(f, k, ev.x(k), ev.y(k));
      ASSERT_TRUE(r.has_value()) << ir::mathName(f);
      const IntKind rk = f >= MathFn::IsNan ? IntKind::Int : k;
      for (double a : samples())
        for (double b : samples()) {
          const std::int64_t pa = fromDouble(a, k), pb = fromDouble(b, k);
          ASSERT_TRUE(same(ev.ints().numeral(ev.at(*r, k, pa, pb), rk),
                           exec::arith::math(f, k, pa, pb), rk))
              << ir::mathName(f) << "(" << a << ", " << b << ") in " << ir::intKindName(k);
          if (ir::mathArity(f) == 1) break;
        }
    }
  // The others are not encoded for computed operands, only folded on numerals.
  EXPECT_FALSE(ev.ints().math(MathFn::Pow, IntKind::Double, ev.x(IntKind::Double),
                              ev.y(IntKind::Double)));
  const z3::expr two = ev.ints().literal(fromDouble(2.0, IntKind::Double), IntKind::Double);
  const std::optional<z3::expr> folded = ev.ints().math(MathFn::Pow, IntKind::Double, two, two);
  ASSERT_TRUE(folded.has_value());
  EXPECT_EQ(ev.ints().numeral(*folded, IntKind::Double), fromDouble(4.0, IntKind::Double));
}

TEST(CFloat, MathModeRefusesFloatingValues) {
  z3::context ctx;
  const CInts ints(ctx, Ints::Math, true);
  EXPECT_THROW(ints.sort(IntKind::Double), EncodeError);
}

}  // namespace
}  // namespace culprit::encode::detail

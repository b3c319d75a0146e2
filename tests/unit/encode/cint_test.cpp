// C integer semantics over Z3 terms against the interpreter's arithmetic (exec::arith), in both
// modes: every operation on sampled operands (exhaustive for 8-bit kinds) must give the
// interpreter's value, and be undefined exactly when the interpreter reports a fault.
#include "encode/cint.h"
#include "encode_test_util.h"
#include "exec/arith.h"

#include <gtest/gtest.h>

#include <random>

namespace culprit::encode::detail {
namespace {

using ir::BinOp;
using ir::IntKind;

/// A Boolean or numeral term's value, by simplification or, failing that, by the solver.
std::optional<std::int64_t> valueOf(z3::context& ctx, const CInts& ints, const z3::expr& t,
                                    IntKind k) {
  const z3::expr s = t.simplify();
  if (s.is_bool()) {
    if (s.is_true() || s.is_false()) return s.is_true();
  } else if (std::optional<std::int64_t> n = ints.numeral(s, k)) {
    return n;
  }
  z3::solver solver(ctx);
  z3::expr v = s.is_bool() ? ctx.bool_const("probe") : ctx.constant("probe", s.get_sort());
  solver.add(v == s);
  if (solver.check() != z3::sat) return std::nullopt;
  const z3::expr m = solver.get_model().eval(v, true);
  if (m.is_bool()) return m.is_true();
  return ints.numeral(m, k);
}

std::vector<std::int64_t> samples(IntKind k, std::mt19937& rng) {
  const int w = ir::bitWidth(k);
  std::vector<std::int64_t> out;
  if (w <= 8) {
    for (int v = 0; v < 256; v += 3)
      out.push_back(exec::arith::convert(v, k));
    for (int v : {0, 1, 127, 128, 255})
      out.push_back(exec::arith::convert(v, k));
    return out;
  }
  const std::int64_t edges[] = {0,     1,      -1,    2,         -2,        3,         31,       32,
                                46341, -46341, 65536, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN};
  for (std::int64_t v : edges)
    out.push_back(exec::arith::convert(v, k));
  std::uniform_int_distribution<std::int64_t> d(INT64_MIN, INT64_MAX);
  for (int i = 0; i < 12; ++i)
    out.push_back(exec::arith::convert(d(rng) >> (64 - w), k));
  return out;
}

class CIntsAgainstInterpreter : public ::testing::TestWithParam<Ints> {};

TEST_P(CIntsAgainstInterpreter, BinaryOperations) {
  z3::context ctx;
  const CInts ints(ctx, GetParam(), /*checkOverflow=*/true);
  std::mt19937 rng(3);
  int checked = 0;
  for (IntKind k : {IntKind::SChar, IntKind::UChar, IntKind::Int, IntKind::UInt, IntKind::Long,
                    IntKind::ULong}) {
    const std::vector<std::int64_t> values = samples(k, rng);
    const std::size_t stride = ir::bitWidth(k) <= 8 ? 7 : 1;
    for (BinOp op : {BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Rem, BinOp::Shl,
                     BinOp::Shr, BinOp::BitAnd, BinOp::BitOr, BinOp::BitXor})
      for (std::size_t i = 0; i < values.size(); ++i)
        for (std::size_t j = i % stride; j < values.size(); j += stride) {
          const std::int64_t a = values[i], b = values[j];
          const exec::arith::Result want = exec::arith::binary(op, k, a, b, k);
          const CInts::Checked got = ints.binary(op, k, ints.literal(a, k), ints.literal(b, k), k);
          const auto defined = valueOf(ctx, ints, got.defined, k);
          ASSERT_TRUE(defined.has_value());
          ASSERT_EQ(*defined != 0, want.fault == exec::arith::Fault::None)
              << a << " " << ir::binOpSpelling(op) << " " << b << " in " << ir::intKindName(k);
          if (want.fault != exec::arith::Fault::None) continue;
          ASSERT_EQ(valueOf(ctx, ints, got.value, k), want.value)
              << a << " " << ir::binOpSpelling(op) << " " << b << " in " << ir::intKindName(k);
          ++checked;
        }
  }
  EXPECT_GT(checked, 5000);
}

// A symbolic dividend by a constant power of two is encoded by shifts and masks (no divider
// circuit): for every dividend of the kind, the result must be Z3's own truncating quotient and
// remainder (bvsdiv/bvsrem, bvudiv/bvurem: C's / and %), proved by the solver.
TEST(CIntsBitVector, DivisionByAPowerOfTwoIsTheDividersResultForEveryDividend) {
  z3::context ctx;
  const CInts ints(ctx, Ints::BitVector, /*checkOverflow=*/true);
  int proved = 0;
  for (IntKind k : {IntKind::SChar, IntKind::Int, IntKind::UInt, IntKind::Long, IntKind::ULong})
    for (std::int64_t by : {2, 4, 8, 32, 1024})
      for (BinOp op : {BinOp::Div, BinOp::Rem}) {
        const z3::expr a = ints.fresh("a", k), b = ints.literal(by, k);
        const CInts::Checked got = ints.binary(op, k, a, b, k);
        const bool s = ir::isSigned(k);
        const z3::expr want =
            op == BinOp::Div ? (s ? a / b : z3::udiv(a, b)) : (s ? z3::srem(a, b) : z3::urem(a, b));
        z3::solver solver(ctx);
        solver.add(got.value != want);
        ASSERT_EQ(solver.check(), z3::unsat)
            << "a " << ir::binOpSpelling(op) << " " << by << " in " << ir::intKindName(k);
        ++proved;
      }
  EXPECT_EQ(proved, 50);
}

TEST_P(CIntsAgainstInterpreter, ConversionsAndComparisons) {
  z3::context ctx;
  const CInts ints(ctx, GetParam(), true);
  std::mt19937 rng(5);
  const IntKind kinds[] = {IntKind::Bool,  IntKind::Char,   IntKind::UChar,
                           IntKind::Short, IntKind::UShort, IntKind::Int,
                           IntKind::UInt,  IntKind::Long,   IntKind::ULong};
  for (IntKind from : kinds)
    for (std::int64_t v : samples(from, rng)) {
      for (IntKind to : kinds)
        ASSERT_EQ(valueOf(ctx, ints, ints.convert(ints.literal(v, from), from, to), to),
                  exec::arith::convert(v, to))
            << v << " from " << ir::intKindName(from) << " to " << ir::intKindName(to);
      for (BinOp op : {BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge, BinOp::Eq, BinOp::Ne}) {
        // v + 1 with wraparound (v may be INT64_MAX), then into `from`'s range.
        const std::int64_t w = exec::arith::convert(
            static_cast<std::int64_t>(static_cast<std::uint64_t>(v) + 1), from);
        ASSERT_EQ(valueOf(ctx, ints,
                          ints.compare(op, from, ints.literal(v, from), ints.literal(w, from)),
                          from),
                  exec::arith::compare(op, from, v, w));
      }
    }
}

TEST_P(CIntsAgainstInterpreter, UnaryOperations) {
  z3::context ctx;
  const CInts ints(ctx, GetParam(), true);
  std::mt19937 rng(9);
  for (IntKind k : {IntKind::Int, IntKind::UInt, IntKind::Long, IntKind::ULong})
    for (std::int64_t v : samples(k, rng))
      for (ir::UnOp op : {ir::UnOp::Neg, ir::UnOp::BitNot, ir::UnOp::LogNot}) {
        const exec::arith::Result want = exec::arith::unary(op, k, v);
        const CInts::Checked got = ints.unary(op, k, ints.literal(v, k));
        ASSERT_EQ(*valueOf(ctx, ints, got.defined, k) != 0, want.fault == exec::arith::Fault::None);
        if (want.fault == exec::arith::Fault::None) {
          ASSERT_EQ(valueOf(ctx, ints, got.value, k), want.value) << ir::unOpSpelling(op) << v;
        }
      }
}

INSTANTIATE_TEST_SUITE_P(Modes, CIntsAgainstInterpreter,
                         ::testing::Values(Ints::BitVector, Ints::Math), [](const auto& info) {
                           return std::string(info.param == Ints::Math ? "Math" : "BitVector");
                         });

}  // namespace
}  // namespace culprit::encode::detail

namespace culprit::encode::test {
namespace {

Ints preferredFor(const std::string& body) {
  return preferredInts(*compile("int f(int a, int b, unsigned u) {\n" + body + "\n}\n"));
}

TEST(PreferredInts, MathOnlyForProductsOfTwoVariablesWithoutBitwiseOperators) {
  EXPECT_EQ(preferredFor("return a + b;"), Ints::BitVector);
  EXPECT_EQ(preferredFor("return a * 3 + b / 2;"), Ints::BitVector);  // linear
  EXPECT_EQ(preferredFor("long x = (long)a * a; return x > 0;"), Ints::Math);
  EXPECT_EQ(preferredFor("a *= b; return a;"), Ints::Math);
  EXPECT_EQ(preferredFor("return a % b;"), Ints::Math);
  EXPECT_EQ(preferredFor("return a * b + (a & 1);"), Ints::BitVector);
  EXPECT_EQ(preferredFor("return a * b + (a << b);"), Ints::BitVector);
  EXPECT_EQ(preferredFor("return a * b + (a << 2);"), Ints::Math);  // a constant shift
  EXPECT_EQ(preferredFor("return a * b + ~u;"), Ints::BitVector);
}

}  // namespace
}  // namespace culprit::encode::test

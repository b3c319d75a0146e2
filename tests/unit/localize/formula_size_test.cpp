// formulaSize: the bits of a formula's distinct terms (pf's --formula-bits).
#include "localize/formula_size.h"

#include <gtest/gtest.h>

namespace culprit::localize {
namespace {

TEST(FormulaSize, CountsEachDistinctTermOnceByItsBits) {
  z3::context ctx;
  encode::Encoding enc(ctx);
  const z3::expr x = ctx.bv_const("x", 32), y = ctx.bv_const("y", 32);
  const z3::expr sum = x + y;
  // Terms: x, y, x + y, 5, (x + y) == 5 in the first clause; 3 and (x + y) > 3 are new in the
  // second (x, y and their sum are shared): six 32-bit terms and two Booleans.
  enc.hard.push_back(encode::HardClause{sum == ctx.bv_val(5, 32)});
  enc.hard.push_back(encode::HardClause{sum > ctx.bv_val(3, 32)});
  const FormulaSize size = formulaSize(enc);
  EXPECT_EQ(size.terms, 7u);
  EXPECT_EQ(size.bits, 5u * 32 + 2);
}

TEST(FormulaSize, CountsATermOfAnotherSortAsOneBit) {
  z3::context ctx;
  encode::Encoding enc(ctx);
  const z3::expr n = ctx.int_const("n");
  const z3::expr b = ctx.bool_const("b");
  // n, 100000, n < 100000, b, the implication: five terms, none a bit-vector.
  enc.hard.push_back(encode::HardClause{z3::implies(b, n < 100000)});
  const FormulaSize size = formulaSize(enc);
  EXPECT_EQ(size.terms, 5u);
  EXPECT_EQ(size.bits, 5u);
}

}  // namespace
}  // namespace culprit::localize

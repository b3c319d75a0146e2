// Unit tests of exec/arith: C integer conversions, operators per type class at their
// boundaries, and UBSan-style detection and wording of undefined behaviour.
#include "exec/arith.h"

#include <gtest/gtest.h>

#include <climits>

namespace culprit::exec::arith {
namespace {

using K = IntKind;

Result bin(BinOp op, K k, std::int64_t a, std::int64_t b) { return binary(op, k, a, b, k); }

TEST(ArithConvert, TruncatesAndExtendsPerKind) {
  EXPECT_EQ(convert(300, K::Char), 44);
  EXPECT_EQ(convert(200, K::Char), -56);
  EXPECT_EQ(convert(200, K::SChar), -56);
  EXPECT_EQ(convert(-1, K::UChar), 255);
  EXPECT_EQ(convert(70000, K::Short), 4464);
  EXPECT_EQ(convert(-1, K::UShort), 65535);
  EXPECT_EQ(convert(0x1'8000'0000LL, K::Int), INT_MIN);
  EXPECT_EQ(convert(-1, K::UInt), 4294967295LL);
  EXPECT_EQ(convert(-1, K::ULong), -1);  // the bit pattern of ULONG_MAX
  EXPECT_EQ(convert(INT64_MIN, K::Long), INT64_MIN);
  EXPECT_EQ(convert(256, K::Bool), 1);
  EXPECT_EQ(convert(0, K::Bool), 0);
  EXPECT_EQ(convert(-7, K::Bool), 1);
}

TEST(ArithConvert, KindTablesAgreeWithTheIr) {
  for (int k = 0; k <= static_cast<int>(K::ULongLong); ++k) {
    EXPECT_EQ(bits(K(k)), ir::bitWidth(K(k))) << k;
    EXPECT_EQ(signedKind(K(k)), ir::isSigned(K(k))) << k;
  }
}

TEST(ArithConvert, PromotesNarrowKindsToInt) {
  EXPECT_EQ(promote(K::Bool), K::Int);
  EXPECT_EQ(promote(K::UChar), K::Int);
  EXPECT_EQ(promote(K::UShort), K::Int);
  EXPECT_EQ(promote(K::UInt), K::UInt);
  EXPECT_EQ(promote(K::LongLong), K::LongLong);
}

TEST(ArithSigned, AddSubMulInRangeAndOverflow) {
  EXPECT_EQ(bin(BinOp::Add, K::Int, INT_MAX - 1, 1).value, INT_MAX);
  EXPECT_EQ(bin(BinOp::Add, K::Int, INT_MAX, 1).fault, Fault::Overflow);
  EXPECT_EQ(bin(BinOp::Sub, K::Int, INT_MIN, 1).fault, Fault::Overflow);
  EXPECT_EQ(bin(BinOp::Sub, K::Int, -5, 7).value, -12);
  EXPECT_EQ(bin(BinOp::Mul, K::Int, 46341, 46341).fault, Fault::Overflow);
  EXPECT_EQ(bin(BinOp::Mul, K::Int, 46340, 46340).value, 2147395600);
  EXPECT_EQ(bin(BinOp::Mul, K::Int, -1, INT_MIN).fault, Fault::Overflow);
  EXPECT_EQ(bin(BinOp::Add, K::Long, INT64_MAX, 1).fault, Fault::Overflow);
  EXPECT_EQ(bin(BinOp::Mul, K::Long, 1LL << 32, 1LL << 31).fault, Fault::Overflow);
  EXPECT_EQ(bin(BinOp::Add, K::Long, INT_MAX, 1).value, 2147483648LL);
  EXPECT_EQ(bin(BinOp::Sub, K::LongLong, INT64_MIN, 1).fault, Fault::Overflow);
}

TEST(ArithUnsigned, WrapsModulo) {
  EXPECT_EQ(bin(BinOp::Add, K::UInt, 4294967295LL, 1).value, 0);
  EXPECT_EQ(bin(BinOp::Sub, K::UInt, 0, 1).value, 4294967295LL);
  EXPECT_EQ(bin(BinOp::Mul, K::UInt, 65536, 65536).value, 0);
  EXPECT_EQ(bin(BinOp::Add, K::ULong, -1, 1).value, 0);
  EXPECT_EQ(bin(BinOp::Sub, K::ULong, 0, 1).value, -1);
  EXPECT_EQ(bin(BinOp::Mul, K::ULong, 1LL << 62, 4).value, 0);
  EXPECT_EQ(bin(BinOp::Add, K::UInt, 1, 2).fault, Fault::None);
}

TEST(ArithDivision, TruncatesTowardZero) {
  EXPECT_EQ(bin(BinOp::Div, K::Int, 7, 2).value, 3);
  EXPECT_EQ(bin(BinOp::Div, K::Int, -7, 2).value, -3);
  EXPECT_EQ(bin(BinOp::Rem, K::Int, -7, 2).value, -1);
  EXPECT_EQ(bin(BinOp::Rem, K::Int, 7, -2).value, 1);
  EXPECT_EQ(bin(BinOp::Div, K::UInt, 4294967295LL, 2).value, 2147483647);
  EXPECT_EQ(bin(BinOp::Div, K::ULong, -1, 2).value, INT64_MAX);
  EXPECT_EQ(bin(BinOp::Rem, K::ULong, -1, 10).value, 5);  // 18446744073709551615 % 10
}

TEST(ArithDivision, DetectsZeroDivisorAndMinOverMinusOne) {
  EXPECT_EQ(bin(BinOp::Div, K::Int, 1, 0).fault, Fault::DivisionByZero);
  EXPECT_EQ(bin(BinOp::Rem, K::UInt, 1, 0).fault, Fault::DivisionByZero);
  EXPECT_EQ(bin(BinOp::Div, K::Int, INT_MIN, -1).fault, Fault::DivisionOverflow);
  EXPECT_EQ(bin(BinOp::Rem, K::Int, INT_MIN, -1).fault, Fault::DivisionOverflow);
  EXPECT_EQ(bin(BinOp::Div, K::Long, INT64_MIN, -1).fault, Fault::DivisionOverflow);
  EXPECT_EQ(bin(BinOp::Div, K::Long, INT_MIN, -1).value, 2147483648LL);
}

TEST(ArithShift, ShiftsAndChecksExponent) {
  EXPECT_EQ(bin(BinOp::Shl, K::Int, 1, 30).value, 1 << 30);
  EXPECT_EQ(bin(BinOp::Shr, K::Int, -16, 2).value, -4);  // arithmetic
  EXPECT_EQ(bin(BinOp::Shr, K::UInt, 4294967280LL, 2).value, 1073741820);
  EXPECT_EQ(bin(BinOp::Shl, K::UInt, 3, 31).value, 2147483648LL);  // unsigned drops bits
  EXPECT_EQ(bin(BinOp::Shl, K::ULong, 1, 63).value, INT64_MIN);
  EXPECT_EQ(binary(BinOp::Shl, K::Int, 1, 40, K::Int).fault, Fault::ShiftTooLarge);
  EXPECT_EQ(binary(BinOp::Shr, K::Int, 1, 32, K::Long).fault, Fault::ShiftTooLarge);
  EXPECT_EQ(binary(BinOp::Shl, K::Int, 1, -1, K::Int).fault, Fault::ShiftNegative);
  EXPECT_EQ(binary(BinOp::Shl, K::Int, 1, 4294967295LL, K::UInt).fault, Fault::ShiftTooLarge);
  EXPECT_EQ(binary(BinOp::Shl, K::Long, 1, 40, K::Int).value, 1LL << 40);
}

TEST(ArithShift, LeftShiftOfSignedValuesFollowsC) {
  EXPECT_EQ(bin(BinOp::Shl, K::Int, -1, 1).fault, Fault::ShiftOfNegative);
  EXPECT_EQ(bin(BinOp::Shl, K::Int, 1, 31).fault, Fault::ShiftOverflow);  // into the sign bit
  EXPECT_EQ(bin(BinOp::Shl, K::Int, 0x40000000, 2).fault, Fault::ShiftOverflow);
  EXPECT_EQ(bin(BinOp::Shl, K::Int, 0, 31).value, 0);
  EXPECT_EQ(bin(BinOp::Shl, K::Long, 1, 62).value, 1LL << 62);
  EXPECT_EQ(bin(BinOp::Shl, K::Long, 1, 63).fault, Fault::ShiftOverflow);
}

TEST(ArithBitwise, NormalisesResults) {
  EXPECT_EQ(bin(BinOp::BitAnd, K::Int, -1, 0xff).value, 0xff);
  EXPECT_EQ(bin(BinOp::BitOr, K::UInt, 0xf0, 0x0f).value, 0xff);
  EXPECT_EQ(bin(BinOp::BitXor, K::Int, -1, 1).value, -2);
  EXPECT_EQ(bin(BinOp::BitXor, K::UInt, 4294967295LL, 1).value, 4294967294LL);
}

TEST(ArithCompare, SignedAndUnsigned) {
  EXPECT_EQ(compare(BinOp::Lt, K::Int, -1, 1), 1);
  EXPECT_EQ(compare(BinOp::Lt, K::UInt, 4294967295LL, 1), 0);  // (unsigned)-1 < 1 is false
  EXPECT_EQ(compare(BinOp::Gt, K::ULong, -1, 1), 1);           // ULONG_MAX > 1
  EXPECT_EQ(compare(BinOp::Le, K::Long, INT64_MIN, INT64_MIN), 1);
  EXPECT_EQ(compare(BinOp::Ge, K::Int, 3, 4), 0);
  EXPECT_EQ(compare(BinOp::Eq, K::UInt, 5, 5), 1);
  EXPECT_EQ(compare(BinOp::Ne, K::UInt, 5, 5), 0);
  EXPECT_EQ(binary(BinOp::Lt, K::Int, 1, 2, K::Int).value, 1);
}

TEST(ArithUnary, NegationComplementAndNot) {
  EXPECT_EQ(unary(UnOp::Neg, K::Int, 5).value, -5);
  EXPECT_EQ(unary(UnOp::Neg, K::Int, INT_MIN).fault, Fault::NegationOverflow);
  EXPECT_EQ(unary(UnOp::Neg, K::UInt, 1).value, 4294967295LL);
  EXPECT_EQ(unary(UnOp::Neg, K::ULong, 1).value, -1);
  EXPECT_EQ(unary(UnOp::BitNot, K::Int, 0).value, -1);
  EXPECT_EQ(unary(UnOp::BitNot, K::UInt, 0).value, 4294967295LL);
  EXPECT_EQ(unary(UnOp::LogNot, K::Int, 0).value, 1);
  EXPECT_EQ(unary(UnOp::LogNot, K::ULong, -1).value, 0);
  EXPECT_EQ(unary(UnOp::Plus, K::Int, -3).value, -3);
}

TEST(ArithMessages, WordedLikeUBSan) {
  EXPECT_EQ(faultMessage(Fault::Overflow, BinOp::Add, K::Int, INT_MAX, 1, K::Int),
            "signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'");
  EXPECT_EQ(faultMessage(Fault::Overflow, BinOp::Mul, K::Long, INT64_MAX, 2, K::Long),
            "signed integer overflow: 9223372036854775807 * 2 cannot be represented in type "
            "'long'");
  EXPECT_EQ(faultMessage(Fault::DivisionByZero, BinOp::Div, K::Int, 1, 0, K::Int),
            "division by zero");
  EXPECT_EQ(faultMessage(Fault::DivisionOverflow, BinOp::Div, K::Int, INT_MIN, -1, K::Int),
            "division of -2147483648 by -1 cannot be represented in type 'int'");
  EXPECT_EQ(faultMessage(Fault::ShiftTooLarge, BinOp::Shl, K::Int, 1, 40, K::Int),
            "shift exponent 40 is too large for 32-bit type 'int'");
  EXPECT_EQ(faultMessage(Fault::ShiftNegative, BinOp::Shr, K::Int, 1, -1, K::Int),
            "shift exponent -1 is negative");
  EXPECT_EQ(faultMessage(Fault::ShiftOfNegative, BinOp::Shl, K::Int, -3, 1, K::Int),
            "left shift of negative value -3");
  EXPECT_EQ(faultMessage(Fault::ShiftOverflow, BinOp::Shl, K::Int, 1, 31, K::Int),
            "left shift of 1 by 31 places cannot be represented in type 'int'");
  EXPECT_EQ(faultMessage(Fault::ShiftTooLarge, BinOp::Shl, K::UInt, 1, -1, K::ULong),
            "shift exponent 18446744073709551615 is too large for 32-bit type 'unsigned int'");
  EXPECT_EQ(negationMessage(K::Int, INT_MIN),
            "negation of -2147483648 cannot be represented in type 'int'; cast to an unsigned "
            "type to negate this value to itself");
}

TEST(ArithMessages, PrintsUnsignedValuesAsUnsigned) {
  EXPECT_EQ(toString(-1, K::ULong), "18446744073709551615");
  EXPECT_EQ(toString(-1, K::Long), "-1");
  EXPECT_EQ(toString(4294967295LL, K::UInt), "4294967295");
}

}  // namespace
}  // namespace culprit::exec::arith

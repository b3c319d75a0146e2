// C arithmetic of the LP64 x86-64 target, as pure functions over int64 cells.
//
// A value of integer kind K is held in an int64 normalised to K: sign-extended from K's width
// for signed kinds, zero-extended for unsigned kinds narrower than 64 bits, the bit pattern for
// unsigned 64-bit kinds, 0/1 for _Bool. A float is held as its IEEE binary32 bit pattern
// (zero-extended), a double as its binary64 bit pattern; their operations are the host's IEEE
// operations in round-to-nearest-even (x86-64 evaluates float and double in their own precision:
// FLT_EVAL_METHOD 0). Every operation takes and returns normalised values.
// Undefined behaviour that -fsanitize=undefined reports (signed overflow, division by zero,
// bad shifts) is returned as a Fault, and faultMessage() words it the way UBSan does.
#pragma once

#include "ir/ir.h"

#include <cstdint>
#include <string>

namespace culprit::exec::arith {

using ir::BinOp;
using ir::IntKind;
using ir::UnOp;

/// ir::bitWidth and ir::isSigned as tables the hot paths can inline (same IntKind order).
inline constexpr std::uint8_t kWidth[] = {1, 8, 8, 8, 16, 16, 32, 32, 64, 64, 64, 64, 32, 64};
inline constexpr bool kSigned[] = {false, true, true,  false, true,  false, true,
                                   false, true, false, true,  false, false, false};
inline int bits(IntKind k) { return kWidth[static_cast<int>(k)]; }
inline bool signedKind(IntKind k) { return kSigned[static_cast<int>(k)]; }

/// `v` normalised to kind `k`: C's conversion between integer kinds (modular, `v != 0` for
/// _Bool); for the floating kinds the low bits of the pattern (a reinterpretation: conversions
/// of values to or from a floating kind are `cast`).
inline std::int64_t convert(std::int64_t v, IntKind k) {
  if (k == IntKind::Bool) return v != 0;
  const int w = bits(k);
  if (w == 64) return v;
  const auto high = static_cast<std::uint64_t>(v) << (64 - w);
  return signedKind(k) ? static_cast<std::int64_t>(high) >> (64 - w)
                       : static_cast<std::int64_t>(high >> (64 - w));
}

/// A cell of kind `k` holding `old` after memset writes `byte` over its `bytes` low-order bytes
/// (x86-64 is little-endian; `bytes` up to the kind's width).
inline std::int64_t setLowBytes(std::int64_t old, std::uint8_t byte, int bytes, IntKind k) {
  std::uint64_t pattern = 0;
  for (int i = 0; i < bytes; ++i)
    pattern |= std::uint64_t{byte} << (8 * i);
  const std::uint64_t mask = bytes >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * bytes)) - 1;
  return convert(static_cast<std::int64_t>((static_cast<std::uint64_t>(old) & ~mask) | pattern), k);
}

/// The integer promotion of `k` (int for every kind narrower than int).
IntKind promote(IntKind k);

/// `v` (normalised to `k`) spelled in decimal, unsigned kinds as unsigned.
std::string toString(std::int64_t v, IntKind k);

enum class Fault : std::uint8_t {
  None,
  Overflow,          ///< signed + - * out of range
  DivisionByZero,    ///< / or % by zero
  DivisionOverflow,  ///< MIN / -1 or MIN % -1
  NegationOverflow,  ///< -MIN
  ShiftNegative,     ///< shift exponent < 0
  ShiftTooLarge,     ///< shift exponent >= width
  ShiftOfNegative,   ///< negative value << n
  ShiftOverflow,     ///< value << n not representable
  FloatCastRange,    ///< a floating value outside the range of the integer kind it converts to
};

struct Result {
  std::int64_t value = 0;
  Fault fault = Fault::None;
};

/// The floating value of a normalised float or double pattern, and the pattern of a value.
double toDouble(std::int64_t v, IntKind k);
std::int64_t fromDouble(double d, IntKind k);  ///< rounds to float for IntKind::Float

/// `a` and `b` (normalised to `k`) are the same value: equal patterns, or two NaNs of a floating
/// kind (their sign and payload aside).
bool sameValue(IntKind k, std::int64_t a, std::int64_t b);

/// C's conversion of `v` (normalised to `from`) to kind `to`: as `convert` between integer
/// kinds; integer to floating rounds to nearest; floating to integer truncates toward zero,
/// FloatCastRange when the result is not representable (undefined behaviour); to _Bool, v != 0.
Result cast(std::int64_t v, IntKind from, IntKind to);

/// `a op b` for an arithmetic or bitwise operator, computed in kind `k` (a, b normalised to
/// `k`). For shifts `b` is normalised to its own kind `bKind`; otherwise `bKind` is ignored.
Result binary(BinOp op, IntKind k, std::int64_t a, std::int64_t b, IntKind bKind);

/// `a op b` for a comparison on operands normalised to `k`: 0 or 1.
std::int64_t compare(BinOp op, IntKind k, std::int64_t a, std::int64_t b);

/// The comparison `op` (<, >, <=, >=, ==; any other operator: !=) on two values of one C++
/// type: what compare does once the operands are in the type they compare in.
template <class T> bool relation(BinOp op, T x, T y) {
  switch (op) {
  case BinOp::Lt: return x < y;
  case BinOp::Gt: return x > y;
  case BinOp::Le: return x <= y;
  case BinOp::Ge: return x >= y;
  case BinOp::Eq: return x == y;
  default: return x != y;
  }
}

/// `op a` computed in kind `k` (LogNot yields 0/1 whatever `k`).
Result unary(UnOp op, IntKind k, std::int64_t a);

/// UBSan's wording of a fault of `binary(op, k, a, b, bKind)`, without "runtime error: ".
std::string faultMessage(Fault f, BinOp op, IntKind k, std::int64_t a, std::int64_t b,
                         IntKind bKind);

/// UBSan's wording of a fault of `unary(UnOp::Neg, k, a)`.
std::string negationMessage(IntKind k, std::int64_t a);

/// Clang's wording of a FloatCastRange fault of `cast(v, from, to)`.
std::string castMessage(std::int64_t v, IntKind from, IntKind to);

/// math.h's function `f` on operands of floating kind `k` (b ignored for one operand): a pattern
/// of kind `k`, or for isnan/isfinite 0 or 1 and for isinf -1, 0 or 1 (an int).
std::int64_t math(ir::MathFn f, IntKind k, std::int64_t a, std::int64_t b);

namespace floating {
/// The floating-kind halves of binary, compare and unary (arith.cpp dispatches to them).
Result binary(BinOp op, IntKind k, std::int64_t a, std::int64_t b);
std::int64_t compare(BinOp op, IntKind k, std::int64_t a, std::int64_t b);
Result unary(UnOp op, IntKind k, std::int64_t a);
/// The shortest decimal spelling that reads back as the same value ("0.1", "-inf", "nan").
std::string toString(std::int64_t v, IntKind k);
}  // namespace floating

}  // namespace culprit::exec::arith

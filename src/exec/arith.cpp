// C integer arithmetic on normalised int64 cells (see arith.h). Values narrower than 64 bits
// are computed exactly in int64 and range-checked; 64-bit signed operations use the compiler's
// overflow builtins; unsigned operations wrap through uint64.
#include "exec/arith.h"

namespace culprit::exec::arith {
namespace {

using U64 = std::uint64_t;

std::int64_t minOf(int w) { return w == 64 ? INT64_MIN : -(std::int64_t{1} << (w - 1)); }
std::int64_t maxOf(int w) { return w == 64 ? INT64_MAX : (std::int64_t{1} << (w - 1)) - 1; }

/// Signed + - * in a kind of `w` bits; Fault::Overflow when not representable.
Result signedArith(BinOp op, int w, std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  bool overflow = false;
  switch (op) {
  case BinOp::Add: overflow = __builtin_add_overflow(a, b, &r); break;
  case BinOp::Sub: overflow = __builtin_sub_overflow(a, b, &r); break;
  default: overflow = __builtin_mul_overflow(a, b, &r); break;
  }
  if (overflow || r < minOf(w) || r > maxOf(w)) return {0, Fault::Overflow};
  return {r, Fault::None};
}

Result unsignedArith(BinOp op, IntKind k, std::int64_t a, std::int64_t b) {
  U64 x = static_cast<U64>(a), y = static_cast<U64>(b), r = 0;
  switch (op) {
  case BinOp::Add: r = x + y; break;
  case BinOp::Sub: r = x - y; break;
  default: r = x * y; break;
  }
  return {convert(static_cast<std::int64_t>(r), k), Fault::None};
}

Result divide(BinOp op, IntKind k, std::int64_t a, std::int64_t b) {
  if (b == 0) return {0, Fault::DivisionByZero};
  if (!signedKind(k)) {
    U64 x = static_cast<U64>(a), y = static_cast<U64>(b);
    return {convert(static_cast<std::int64_t>(op == BinOp::Div ? x / y : x % y), k), Fault::None};
  }
  if (a == minOf(bits(k)) && b == -1) return {0, Fault::DivisionOverflow};
  return {op == BinOp::Div ? a / b : a % b, Fault::None};
}

Result shift(BinOp op, IntKind k, std::int64_t a, std::int64_t b, IntKind bKind) {
  const int w = bits(k);
  if (signedKind(bKind) && b < 0) return {0, Fault::ShiftNegative};
  if (static_cast<U64>(b) >= static_cast<U64>(w)) return {0, Fault::ShiftTooLarge};
  const bool isSignedKind = signedKind(k);
  if (op == BinOp::Shr)
    return {isSignedKind ? a >> b : static_cast<std::int64_t>(static_cast<U64>(a) >> b),
            Fault::None};
  if (isSignedKind && a < 0) return {0, Fault::ShiftOfNegative};
  // C (unlike C++20) forbids shifting a one into the sign bit: Clang's check in C mode.
  if (isSignedKind && (static_cast<U64>(a) >> (w - 1 - b)) != 0) return {0, Fault::ShiftOverflow};
  return {convert(static_cast<std::int64_t>(static_cast<U64>(a) << b), k), Fault::None};
}

std::string quoted(IntKind k) { return std::string("'") + ir::intKindName(k) + "'"; }

}  // namespace

IntKind promote(IntKind k) { return bits(k) < 32 ? IntKind::Int : k; }

std::string toString(std::int64_t v, IntKind k) {
  if (ir::isFloating(k)) return floating::toString(v, k);
  return signedKind(k) ? std::to_string(v) : std::to_string(static_cast<U64>(v));
}

Result binary(BinOp op, IntKind k, std::int64_t a, std::int64_t b, IntKind bKind) {
  if (ir::isFloating(k)) [[unlikely]]
    return floating::binary(op, k, a, b);
  switch (op) {
  case BinOp::Add:
  case BinOp::Sub:
  case BinOp::Mul:
    if (signedKind(k)) return signedArith(op, bits(k), a, b);
    return unsignedArith(op, k, a, b);
  case BinOp::Div:
  case BinOp::Rem: return divide(op, k, a, b);
  case BinOp::Shl:
  case BinOp::Shr: return shift(op, k, a, b, bKind);
  case BinOp::BitAnd: return {convert(a & b, k), Fault::None};
  case BinOp::BitOr: return {convert(a | b, k), Fault::None};
  case BinOp::BitXor: return {convert(a ^ b, k), Fault::None};
  default: return {compare(op, k, a, b), Fault::None};
  }
}

std::int64_t compare(BinOp op, IntKind k, std::int64_t a, std::int64_t b) {
  if (ir::isFloating(k)) [[unlikely]]
    return floating::compare(op, k, a, b);
  // Narrow unsigned values are zero-extended, so comparing bit patterns is exact for all.
  if (!signedKind(k)) return relation(op, static_cast<U64>(a), static_cast<U64>(b));
  return relation(op, a, b);
}

Result unary(UnOp op, IntKind k, std::int64_t a) {
  if (ir::isFloating(k)) [[unlikely]]
    return floating::unary(op, k, a);
  switch (op) {
  case UnOp::Neg:
    if (!signedKind(k)) return {convert(static_cast<std::int64_t>(0 - static_cast<U64>(a)), k)};
    if (a == minOf(bits(k))) return {0, Fault::NegationOverflow};
    return {-a, Fault::None};
  case UnOp::Plus: return {a, Fault::None};
  case UnOp::BitNot: return {convert(~a, k), Fault::None};
  case UnOp::LogNot: return {a == 0, Fault::None};
  }
  return {a, Fault::None};
}

std::string faultMessage(Fault f, BinOp op, IntKind k, std::int64_t a, std::int64_t b,
                         IntKind bKind) {
  const std::string x = toString(a, k);
  const std::string y = toString(b, op == BinOp::Shl || op == BinOp::Shr ? bKind : k);
  switch (f) {
  case Fault::Overflow:
    return "signed integer overflow: " + x + " " + ir::binOpSpelling(op) + " " + y +
           " cannot be represented in type " + quoted(k);
  case Fault::DivisionByZero: return "division by zero";
  case Fault::DivisionOverflow:
    return "division of " + x + " by " + y + " cannot be represented in type " + quoted(k);
  case Fault::ShiftNegative: return "shift exponent " + y + " is negative";
  case Fault::ShiftTooLarge:
    return "shift exponent " + y + " is too large for " + std::to_string(bits(k)) + "-bit type " +
           quoted(k);
  case Fault::ShiftOfNegative: return "left shift of negative value " + x;
  case Fault::ShiftOverflow:
    return "left shift of " + x + " by " + y + " places cannot be represented in type " + quoted(k);
  case Fault::NegationOverflow: return negationMessage(k, a);
  case Fault::FloatCastRange:
  case Fault::None: break;
  }
  return "";
}

std::string negationMessage(IntKind k, std::int64_t a) {
  return "negation of " + toString(a, k) + " cannot be represented in type " + quoted(k) +
         "; cast to an unsigned type to negate this value to itself";
}

}  // namespace culprit::exec::arith

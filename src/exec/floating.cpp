// IEEE float and double arithmetic on bit patterns held in int64 cells (see arith.h), and the
// conversions between integer and floating kinds.
#include "exec/arith.h"

#include <bit>
#include <cmath>
#include <fmt/format.h>

namespace culprit::exec::arith {

double toDouble(std::int64_t v, IntKind k) {
  if (k == IntKind::Float) return std::bit_cast<float>(static_cast<std::uint32_t>(v));
  return std::bit_cast<double>(v);
}

std::int64_t fromDouble(double d, IntKind k) {
  if (k == IntKind::Float) return std::bit_cast<std::uint32_t>(static_cast<float>(d));
  return std::bit_cast<std::int64_t>(d);
}

bool sameValue(IntKind k, std::int64_t a, std::int64_t b) {
  if (a == b) return true;
  return ir::isFloating(k) && std::isnan(toDouble(a, k)) && std::isnan(toDouble(b, k));
}

namespace {

/// `f(x, y)` computed in the precision of `k` (float operations round to float each time).
template <class F> std::int64_t apply(IntKind k, std::int64_t a, std::int64_t b, F f) {
  if (k == IntKind::Float)
    return std::bit_cast<std::uint32_t>(f(std::bit_cast<float>(static_cast<std::uint32_t>(a)),
                                          std::bit_cast<float>(static_cast<std::uint32_t>(b))));
  return std::bit_cast<std::int64_t>(f(std::bit_cast<double>(a), std::bit_cast<double>(b)));
}

/// The integer kind's bounds as doubles: a value converts iff lo < trunc(v) < hi.
std::pair<double, double> exclusiveBounds(IntKind to) {
  const int w = bits(to);
  if (signedKind(to)) return {-std::ldexp(1.0, w - 1) - 1, std::ldexp(1.0, w - 1)};
  return {-1.0, std::ldexp(1.0, w)};
}

}  // namespace

Result cast(std::int64_t v, IntKind from, IntKind to) {
  const bool fromFloating = ir::isFloating(from), toFloating = ir::isFloating(to);
  if (!fromFloating && !toFloating) return {convert(v, to), Fault::None};
  if (fromFloating && toFloating) return {fromDouble(toDouble(v, from), to), Fault::None};
  if (toFloating) {  // integer to floating: one rounding, from the exact integer
    if (!signedKind(from) && bits(from) == 64) {
      const auto u = static_cast<std::uint64_t>(v);
      return {to == IntKind::Float ? std::bit_cast<std::uint32_t>(static_cast<float>(u))
                                   : std::bit_cast<std::int64_t>(static_cast<double>(u)),
              Fault::None};
    }
    return {to == IntKind::Float ? std::bit_cast<std::uint32_t>(static_cast<float>(v))
                                 : std::bit_cast<std::int64_t>(static_cast<double>(v)),
            Fault::None};
  }
  const double d = toDouble(v, from);
  if (to == IntKind::Bool) return {d != 0.0, Fault::None};
  const double t = std::trunc(d);
  const auto [lo, hi] = exclusiveBounds(to);
  if (!(t > lo && t < hi)) return {0, Fault::FloatCastRange};  // NaN included
  if (!signedKind(to) && bits(to) == 64)
    return {static_cast<std::int64_t>(static_cast<std::uint64_t>(t)), Fault::None};
  return {convert(static_cast<std::int64_t>(t), to), Fault::None};
}

std::string castMessage(std::int64_t v, IntKind from, IntKind to) {
  return toString(v, from) + " is outside the range of representable values of type '" +
         ir::intKindName(to) + "'";
}

namespace floating {

Result binary(BinOp op, IntKind k, std::int64_t a, std::int64_t b) {
  switch (op) {
  case BinOp::Add: return {apply(k, a, b, [](auto x, auto y) { return x + y; })};
  case BinOp::Sub: return {apply(k, a, b, [](auto x, auto y) { return x - y; })};
  case BinOp::Mul: return {apply(k, a, b, [](auto x, auto y) { return x * y; })};
  case BinOp::Div: return {apply(k, a, b, [](auto x, auto y) { return x / y; })};
  default: return {compare(op, k, a, b)};  // % and bitwise operators do not apply (Clang)
  }
}

std::int64_t compare(BinOp op, IntKind k, std::int64_t a, std::int64_t b) {
  return relation(op, toDouble(a, k), toDouble(b, k));  // exact for floats too
}

Result unary(UnOp op, IntKind k, std::int64_t a) {
  switch (op) {
  case UnOp::Neg: return {a ^ (k == IntKind::Float ? std::int64_t{1} << 31 : INT64_MIN)};
  case UnOp::LogNot: return {toDouble(a, k) == 0.0};
  default: return {a};  // + (and ~, which Clang rejects on floating operands)
  }
}

std::string toString(std::int64_t v, IntKind k) {
  if (k == IntKind::Float)
    return fmt::format("{}", std::bit_cast<float>(static_cast<std::uint32_t>(v)));
  return fmt::format("{}", std::bit_cast<double>(v));
}

}  // namespace floating
}  // namespace culprit::exec::arith

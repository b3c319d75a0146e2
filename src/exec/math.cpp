// math.h functions on float and double patterns (see arith.h): the host's libm, which is the
// C library the programs are normally linked against, in the precision of the operands.
#include "exec/arith.h"

#include <cmath>

namespace culprit::exec::arith {
namespace {

template <class T> T apply(ir::MathFn f, T x, T y) {
  using ir::MathFn;
  switch (f) {
  case MathFn::Sqrt: return std::sqrt(x);
  case MathFn::Fabs: return std::fabs(x);
  case MathFn::Floor: return std::floor(x);
  case MathFn::Ceil: return std::ceil(x);
  case MathFn::Round: return std::round(x);
  case MathFn::Trunc: return std::trunc(x);
  case MathFn::Exp: return std::exp(x);
  case MathFn::Log: return std::log(x);
  case MathFn::Log10: return std::log10(x);
  case MathFn::Log2: return std::log2(x);
  case MathFn::Sin: return std::sin(x);
  case MathFn::Cos: return std::cos(x);
  case MathFn::Tan: return std::tan(x);
  case MathFn::Asin: return std::asin(x);
  case MathFn::Acos: return std::acos(x);
  case MathFn::Atan: return std::atan(x);
  case MathFn::Sinh: return std::sinh(x);
  case MathFn::Cosh: return std::cosh(x);
  case MathFn::Tanh: return std::tanh(x);
  case MathFn::Cbrt: return std::cbrt(x);
  case MathFn::Pow: return std::pow(x, y);
  case MathFn::Fmod: return std::fmod(x, y);
  case MathFn::Atan2: return std::atan2(x, y);
  // glibc's generic fmin/fmax: the first operand when they compare equal, the other one when
  // one is a NaN. The sign of a zero result is unspecified in C, and gcc-compiled programs
  // differ on it (fmin(0.0, -0.0) gave 0 with volatile operands and -0 without, -O0, glibc
  // 2.36); the encoder makes the same choice as this.
  case MathFn::Fmin:
    return std::islessequal(x, y) ? x : std::isgreater(x, y) ? y : std::isnan(y) ? x : y;
  case MathFn::Fmax:
    return std::isgreaterequal(x, y) ? x : std::isless(x, y) ? y : std::isnan(y) ? x : y;
  case MathFn::Hypot: return std::hypot(x, y);
  default: return x;
  }
}

}  // namespace

std::int64_t math(ir::MathFn f, IntKind k, std::int64_t a, std::int64_t b) {
  const double x = toDouble(a, k);
  switch (f) {
  case ir::MathFn::IsNan: return std::isnan(x) ? 1 : 0;
  case ir::MathFn::IsInf: return std::isinf(x) ? (x < 0 ? -1 : 1) : 0;  // __builtin_isinf_sign
  case ir::MathFn::IsFinite: return std::isfinite(x) ? 1 : 0;
  default: break;
  }
  if (k == IntKind::Float)
    return fromDouble(
        apply<float>(f, static_cast<float>(x), static_cast<float>(toDouble(b, IntKind::Float))),
        IntKind::Float);
  return fromDouble(apply<double>(f, x, toDouble(b, IntKind::Double)), IntKind::Double);
}

}  // namespace culprit::exec::arith

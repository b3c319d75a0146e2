// The C library functions the interpreter models, as pure functions over values and strings
// (private to exec/): printf-family formatting, strtol-family parsing and integer scanf, each
// following glibc's observable behaviour on x86-64. The interpreter evaluates the arguments,
// reads strings out of its memory, and stores what scanf converted.
#pragma once

#include "ir/types.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace culprit::exec::libc {

/// One argument of a printf call, as evaluated by the caller.
struct FormatArg {
  std::int64_t value = 0;   ///< integer arguments, normalised to their type
  bool isFloating = false;  ///< a double argument (floats are promoted): `value` is its pattern
  bool isPointer = false;   ///< pointer arguments (strings): see text
  bool isNull = false;      ///< a null pointer
  std::string text;         ///< characters up to the NUL or up to the end of the object
  bool terminated = true;   ///< a NUL was found inside the object
};

/// What a printf call writes, or why it cannot be modelled (`error` non-empty).
struct Formatted {
  std::string text;
  std::string error;
};

/// glibc's printf: %d %i %u %o %x %X %c %s %f %F %e %E %g %G %a %A %% with flags, width,
/// precision, `*`, and the length modifiers hh h l ll z j t (L, long double, is refused).
Formatted format(std::string_view format, const std::vector<FormatArg>& args);

/// Which of `count` arguments of `format` a %s directive reads (the text of a pointer passed to
/// %p, or to no directive, is never read).
std::vector<bool> stringArguments(std::string_view format, std::size_t count);

/// glibc's strtol(s, NULL, base) on LP64 (also atol, atoll; atoi truncates it to int).
/// Base 0 or 2..36; saturates at the range of long.
std::int64_t parseLong(std::string_view s, int base);

/// glibc's strtoul(s, NULL, base): a leading '-' negates modulo 2^64; saturates at ULONG_MAX.
std::uint64_t parseULong(std::string_view s, int base);

/// One value a scanf call converted (assignment-suppressed directives are left out).
struct ScanItem {
  char conversion = 'd';                ///< d i u o x c s, and f for every floating conversion
  ir::IntKind kind = ir::IntKind::Int;  ///< numeric conversions: the type the directive stores
  std::int64_t value = 0;               ///< numeric conversions: normalised to `kind`
  std::string text;                     ///< the characters read (%c, %s: no NUL)
  std::size_t from = 0;                 ///< the input position of the first one
};

struct Scanned {
  int returnValue = 0;  ///< scanf's result: conversions assigned, or -1 (EOF)
  std::vector<ScanItem> items;
  std::string error;  ///< non-empty: a directive culprit does not model
};

/// glibc's strtod(s, NULL) for decimal numbers (also atof): spaces, sign, digits with an
/// optional point and exponent; "inf", "nan" and hexadecimal floats are read as 0.
double parseDouble(std::string_view s);

/// glibc's scanf reading `input` from `pos`; `pos` moves past the characters consumed.
/// Floating conversions (%f %e %g %a, `l` for double) read decimal numbers only.
Scanned scan(std::string_view format, std::string_view input, std::size_t& pos);

}  // namespace culprit::exec::libc

// printf formatting, strtol parsing and integer scanf with glibc's observable behaviour
// (see builtins.h). Each printf directive is rebuilt as a format of its own and handed to the
// host's snprintf with an argument of exactly the type the directive reads, so flags, width
// and precision behave as in the C library the programs are normally linked against.
#include "exec/builtins.h"

#include "exec/arith.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace culprit::exec::libc {
namespace {

using ir::IntKind;

constexpr int kMaxField = 1 << 24;  // width/precision beyond this is refused, not allocated

bool isSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

int digitValue(char c) {
  if (isDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

// ---------------------------------------------------------------------------------------------
// printf

enum class Length : std::uint8_t { None, Char, Short, Long };

struct Directive {
  std::string flags;
  int width = -1, precision = -1;
  bool widthStar = false, precisionStar = false;
  Length length = Length::None;
  char conversion = 0;
};

/// Parses the directive after a '%' at `i`; leaves `i` after its conversion character.
Directive parseDirective(std::string_view f, std::size_t& i) {
  Directive d;
  while (i < f.size() && std::string_view("-+ #0").find(f[i]) != std::string_view::npos)
    d.flags += f[i++];
  auto number = [&](int& out, bool& star) {
    if (i < f.size() && f[i] == '*') {
      star = true;
      ++i;
      return;
    }
    if (i < f.size() && isDigit(f[i])) out = 0;
    while (i < f.size() && isDigit(f[i]))
      out = std::min(out * 10 + (f[i++] - '0'), kMaxField + 1);
  };
  number(d.width, d.widthStar);
  if (i < f.size() && f[i] == '.') {
    ++i;
    d.precision = 0;
    number(d.precision, d.precisionStar);
  }
  for (; i < f.size(); ++i) {
    char c = f[i];
    if (c == 'h')
      d.length = d.length == Length::Short ? Length::Char : Length::Short;
    else if (c == 'l' || c == 'z' || c == 'j' || c == 't' || c == 'q')
      d.length = Length::Long;
    else
      break;
  }
  if (i < f.size()) d.conversion = f[i++];
  return d;
}

template <class T> void appendFormatted(std::string& out, const std::string& spec, T value) {
  int n = std::snprintf(nullptr, 0, spec.c_str(), value);
  if (n <= 0) return;
  std::size_t old = out.size();
  out.resize(old + static_cast<std::size_t>(n) + 1);
  std::snprintf(out.data() + old, static_cast<std::size_t>(n) + 1, spec.c_str(), value);
  out.resize(old + static_cast<std::size_t>(n));
}

class Printer {
public:
  explicit Printer(const std::vector<FormatArg>& args) : args_(args) {}
  Formatted run(std::string_view f);

private:
  const FormatArg* next() { return used_ < args_.size() ? &args_[used_++] : nullptr; }
  bool resolveStars(Directive& d);
  void directive(const Directive& d);
  void integer(const Directive& d, const FormatArg& a);
  void string(const Directive& d, const FormatArg& a);
  void real(const Directive& d, const FormatArg& a);
  std::string spec(const Directive& d, const char* length) const;

  const std::vector<FormatArg>& args_;
  std::size_t used_ = 0;
  Formatted result_;
};

Formatted Printer::run(std::string_view f) {
  std::size_t i = 0;
  while (i < f.size() && result_.error.empty()) {
    std::size_t pct = f.find('%', i);
    if (pct == std::string_view::npos) pct = f.size();
    result_.text.append(f.substr(i, pct - i));
    if (pct == f.size()) break;
    i = pct + 1;
    Directive d = parseDirective(f, i);
    if (d.conversion == '%')
      result_.text += '%';
    else if (resolveStars(d))
      directive(d);
  }
  return std::move(result_);
}

bool Printer::resolveStars(Directive& d) {
  if (d.widthStar) {
    const FormatArg* a = next();
    if (!a || a->isPointer) return result_.error = "printf: missing int argument for '*'", false;
    std::int64_t w = arith::convert(a->value, IntKind::Int);
    if (w < 0) d.flags += '-';
    d.width = static_cast<int>(std::min<std::int64_t>(w < 0 ? -w : w, kMaxField + 1));
  }
  if (d.precisionStar) {
    const FormatArg* a = next();
    if (!a || a->isPointer) return result_.error = "printf: missing int argument for '.*'", false;
    int p = static_cast<int>(arith::convert(a->value, IntKind::Int));
    d.precision = p < 0 ? -1 : p;
  }
  if (d.width > kMaxField || d.precision > kMaxField)
    return result_.error = "printf: field width or precision too large", false;
  return true;
}

void Printer::directive(const Directive& d) {
  if (std::string_view("diuoxXcsfFeEgGaA").find(d.conversion) == std::string_view::npos ||
      d.conversion == 0) {
    result_.error = std::string("printf: unsupported conversion '%") + d.conversion + "'";
    return;
  }
  const FormatArg* a = next();
  if (!a) {
    result_.error = "printf: too few arguments for the format";
    return;
  }
  const bool floating = std::string_view("fFeEgGaA").find(d.conversion) != std::string_view::npos;
  if ((d.conversion == 's') != a->isPointer || floating != a->isFloating) {
    result_.error = std::string("printf: argument of '%") + d.conversion + "' has the wrong type";
    return;
  }
  if (d.conversion == 's')
    string(d, *a);
  else if (floating)
    real(d, *a);
  else
    integer(d, *a);
}

std::string Printer::spec(const Directive& d, const char* length) const {
  std::string s = "%" + d.flags;
  if (d.width >= 0) s += std::to_string(d.width);
  if (d.precision >= 0) s += "." + std::to_string(d.precision);
  return s + length + d.conversion;
}

void Printer::integer(const Directive& d, const FormatArg& a) {
  const std::int64_t v = a.value;
  std::string& out = result_.text;
  if (d.conversion == 'c') return appendFormatted(out, spec(d, ""), static_cast<int>(v));
  const bool isSigned = d.conversion == 'd' || d.conversion == 'i';
  switch (d.length) {
  case Length::Long:
    if (isSigned) return appendFormatted(out, spec(d, "ll"), static_cast<long long>(v));
    return appendFormatted(out, spec(d, "ll"), static_cast<unsigned long long>(v));
  case Length::Char:
    if (isSigned) return appendFormatted(out, spec(d, "hh"), static_cast<int>(v));
    return appendFormatted(out, spec(d, "hh"), static_cast<unsigned>(v));
  case Length::Short:
    if (isSigned) return appendFormatted(out, spec(d, "h"), static_cast<int>(v));
    return appendFormatted(out, spec(d, "h"), static_cast<unsigned>(v));
  case Length::None:
    if (isSigned) return appendFormatted(out, spec(d, ""), static_cast<int>(v));
    return appendFormatted(out, spec(d, ""), static_cast<unsigned>(v));
  }
}

void Printer::real(const Directive& d, const FormatArg& a) {
  // `l` changes nothing for floating conversions; the value is a double (promoted).
  appendFormatted(result_.text, spec(d, ""), arith::toDouble(a.value, IntKind::Double));
}

void Printer::string(const Directive& d, const FormatArg& a) {
  if (d.length != Length::None) {
    result_.error = "printf: wide strings are not supported";
    return;
  }
  if (a.isNull) {
    // glibc prints "(null)" unless the precision is too small to hold it.
    const char* shown = d.precision == -1 || d.precision >= 6 ? "(null)" : "";
    Directive plain = d;
    plain.precision = -1;
    return appendFormatted(result_.text, spec(plain, ""), shown);
  }
  if (!a.terminated && (d.precision < 0 || static_cast<std::size_t>(d.precision) > a.text.size())) {
    result_.error = "printf: '%s' argument is not NUL-terminated within its object";
    return;
  }
  appendFormatted(result_.text, spec(d, ""), a.text.c_str());
}

// ---------------------------------------------------------------------------------------------
// strtol

struct Digits {
  bool negative = false, overflow = false, any = false;
  std::uint64_t magnitude = 0;
};

/// Parses like glibc's ____strtol_l_internal: spaces, sign, base prefix, digits.
Digits parseDigits(std::string_view s, int base) {
  Digits d;
  if (base == 1 || base < 0 || base > 36) return d;
  std::size_t i = 0;
  while (i < s.size() && isSpace(s[i]))
    ++i;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) d.negative = s[i++] == '-';
  const bool hexPrefix = i + 2 < s.size() && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
                         digitValue(s[i + 2]) < 16;
  if ((base == 0 || base == 16) && hexPrefix) {
    base = 16;
    i += 2;
  } else if (base == 0) {
    base = i < s.size() && s[i] == '0' ? 8 : 10;
  }
  for (; i < s.size() && digitValue(s[i]) < base; ++i) {
    d.any = true;
    std::uint64_t m = 0;
    if (__builtin_mul_overflow(d.magnitude, static_cast<std::uint64_t>(base), &m) ||
        __builtin_add_overflow(m, static_cast<std::uint64_t>(digitValue(s[i])), &m))
      d.overflow = true;
    d.magnitude = m;
  }
  return d;
}

// ---------------------------------------------------------------------------------------------
// scanf

int scanBase(char conversion) {
  switch (conversion) {
  case 'i': return 0;
  case 'o': return 8;
  case 'x':
  case 'X': return 16;
  default: return 10;
  }
}

class Scanner {
public:
  Scanner(std::string_view input, std::size_t& pos) : in_(input), pos_(pos) {}
  Scanned run(std::string_view f);

private:
  bool atEnd() const { return pos_ >= in_.size(); }
  void skipSpaces() {
    while (!atEnd() && isSpace(in_[pos_]))
      ++pos_;
  }
  /// Consumes `c` if it comes next; running out of input is an input failure.
  bool match(char c) {
    if (atEnd()) return inputFailure_ = true, false;
    if (in_[pos_] != c) return false;
    ++pos_;
    return true;
  }
  /// Runs one directive; false stops the scan (input or matching failure, or an error).
  bool directive(const Directive& d, bool suppress);
  bool number(const Directive& d, bool suppress);
  bool characters(const Directive& d, bool suppress);
  bool real(const Directive& d, bool suppress);
  std::string takeNumber(char conversion, std::size_t limit);

  std::string_view in_;
  std::size_t& pos_;
  bool inputFailure_ = false;
  Scanned result_;
};

Scanned Scanner::run(std::string_view f) {
  for (std::size_t i = 0; i < f.size();) {
    if (isSpace(f[i])) {
      skipSpaces();
      ++i;
      continue;
    }
    const bool percent = f[i] == '%' && i + 1 < f.size() && f[i + 1] == '%';
    if (percent) skipSpaces();
    if (f[i] != '%' || percent) {
      if (!match(f[i])) break;
      i += percent ? 2 : 1;
      continue;
    }
    ++i;
    const bool suppress = i < f.size() && f[i] == '*';
    if (suppress) ++i;
    Directive d = parseDirective(f, i);
    if (d.widthStar || d.precision >= 0) {
      result_.error = "scanf: malformed directive";
      break;
    }
    if (!directive(d, suppress)) break;
  }
  const int assigned = static_cast<int>(result_.items.size());
  result_.returnValue = assigned == 0 && inputFailure_ ? -1 : assigned;
  return std::move(result_);
}

bool Scanner::directive(const Directive& d, bool suppress) {
  switch (d.conversion) {
  case 'd':
  case 'i':
  case 'u':
  case 'o':
  case 'x':
  case 'X': return number(d, suppress);
  case 'c':
  case 's': return characters(d, suppress);
  case 'f':
  case 'F':
  case 'e':
  case 'E':
  case 'g':
  case 'G':
  case 'a':
  case 'A': return real(d, suppress);
  default:
    result_.error = std::string("scanf: unsupported conversion '%") + d.conversion + "'";
    return false;
  }
}

/// The longest prefix at pos_ (at most `limit` characters) that reads as a number.
std::string Scanner::takeNumber(char conversion, std::size_t limit) {
  int base = scanBase(conversion);
  std::size_t end = pos_, stop = std::min(in_.size(), pos_ + limit);
  const bool signed_ = end < stop && (in_[end] == '+' || in_[end] == '-');
  if (signed_) ++end;
  if ((base == 0 || base == 16) && end + 2 <= stop && in_[end] == '0' &&
      (in_[end + 1] == 'x' || in_[end + 1] == 'X') && end + 2 < stop &&
      digitValue(in_[end + 2]) < 16) {
    base = 16;
    end += 2;
  } else if (base == 0) {
    base = end < stop && in_[end] == '0' ? 8 : 10;
  }
  const std::size_t digitsFrom = end;
  while (end < stop && digitValue(in_[end]) < base)
    ++end;
  if (end == digitsFrom) {
    // glibc pushes back only the character that failed to match: a sign before it stays read.
    if (signed_ && digitsFrom == pos_ + 1) pos_ = digitsFrom;
    return "";
  }
  std::string text(in_.substr(pos_, end - pos_));
  pos_ = end;
  return text;
}

bool Scanner::number(const Directive& d, bool suppress) {
  skipSpaces();
  if (atEnd()) return inputFailure_ = true, false;
  const std::size_t limit = d.width > 0 ? static_cast<std::size_t>(d.width) : in_.size();
  const std::size_t from = pos_;
  const std::string text = takeNumber(d.conversion, limit);
  if (text.empty()) return false;  // matching failure
  if (suppress) return true;
  const bool isSigned = d.conversion == 'd' || d.conversion == 'i';
  const int base = scanBase(d.conversion);
  ScanItem item;
  item.conversion = d.conversion;
  switch (d.length) {
  case Length::Char: item.kind = isSigned ? IntKind::SChar : IntKind::UChar; break;
  case Length::Short: item.kind = isSigned ? IntKind::Short : IntKind::UShort; break;
  case Length::Long: item.kind = isSigned ? IntKind::Long : IntKind::ULong; break;
  case Length::None: item.kind = isSigned ? IntKind::Int : IntKind::UInt; break;
  }
  const std::int64_t raw =
      isSigned ? parseLong(text, base) : static_cast<std::int64_t>(parseULong(text, base));
  item.value = arith::convert(raw, item.kind);
  item.text = text;
  item.from = from;
  result_.items.push_back(std::move(item));
  return true;
}

bool Scanner::real(const Directive& d, bool suppress) {
  skipSpaces();
  if (atEnd()) return inputFailure_ = true, false;
  const std::size_t stop =
      std::min(in_.size(), pos_ + (d.width > 0 ? static_cast<std::size_t>(d.width) : in_.size()));
  // glibc consumes sign, digits, a point, digits, then an exponent marker with its sign and
  // digits; the mantissa needs a digit, else the directive fails to match (an exponent
  // marker without digits is consumed and ignored: "1e" reads 1).
  std::size_t end = pos_, digits = 0;
  auto run = [&] {
    std::size_t n = 0;
    for (; end < stop && isDigit(in_[end]); ++end)
      ++n;
    return n;
  };
  if (end < stop && (in_[end] == '+' || in_[end] == '-')) ++end;
  const std::size_t afterSign = end;
  digits += run();
  if (end < stop && in_[end] == '.') {
    ++end;
    digits += run();
  }
  const bool whole = digits > 0;
  if (whole && end < stop && (in_[end] == 'e' || in_[end] == 'E')) {
    ++end;
    if (end < stop && (in_[end] == '+' || in_[end] == '-')) ++end;
    run();
  }
  auto startsWith = [&](std::size_t at, std::string_view word) {
    for (std::size_t k = 0; k < word.size(); ++k)
      if (at + k >= stop || std::tolower(static_cast<unsigned char>(in_[at + k])) != word[k])
        return false;
    return true;
  };
  if (startsWith(afterSign, "inf") || startsWith(afterSign, "nan") || startsWith(afterSign, "0x")) {
    result_.error = "scanf: only decimal floating-point input is supported (not inf, nan or "
                    "hexadecimal)";
    return false;
  }
  std::string text(in_.substr(pos_, end - pos_));
  pos_ = end;
  if (!whole) return false;  // matching failure
  while (!text.empty() && !isDigit(text.back()) && text.back() != '.')
    text.pop_back();  // "1e+" converts as "1"
  if (suppress) return true;
  if (d.length != Length::None && d.length != Length::Long) {
    result_.error = "scanf: unsupported length for a floating conversion";
    return false;
  }
  ScanItem item;
  item.conversion = 'f';
  item.kind = d.length == Length::Long ? IntKind::Double : IntKind::Float;
  item.value = item.kind == IntKind::Float
                   ? arith::fromDouble(std::strtof(text.c_str(), nullptr), IntKind::Float)
                   : arith::fromDouble(std::strtod(text.c_str(), nullptr), IntKind::Double);
  result_.items.push_back(std::move(item));
  return true;
}

bool Scanner::characters(const Directive& d, bool suppress) {
  if (d.length != Length::None) {
    result_.error = "scanf: wide characters are not supported";
    return false;
  }
  if (d.conversion == 's') skipSpaces();
  if (atEnd()) return inputFailure_ = true, false;
  std::size_t limit = d.width > 0           ? static_cast<std::size_t>(d.width)
                      : d.conversion == 'c' ? 1
                                            : in_.size();
  std::size_t end = pos_;
  while (end < in_.size() && end - pos_ < limit && (d.conversion == 'c' || !isSpace(in_[end])))
    ++end;
  ScanItem item;
  item.conversion = d.conversion;
  item.kind = IntKind::Char;
  item.text = std::string(in_.substr(pos_, end - pos_));
  item.from = pos_;
  pos_ = end;
  if (!suppress) result_.items.push_back(std::move(item));
  return true;
}

}  // namespace

Formatted format(std::string_view f, const std::vector<FormatArg>& args) {
  return Printer(args).run(f);
}

std::vector<bool> stringArguments(std::string_view f, std::size_t count) {
  std::vector<bool> read(count, false);
  std::size_t next = 0;
  for (std::size_t i = 0; i < f.size();) {
    if (f[i++] != '%') continue;
    const Directive d = parseDirective(f, i);
    if (d.conversion == '%') continue;
    next += (d.widthStar ? 1 : 0) + (d.precisionStar ? 1 : 0);
    if (d.conversion == 's' && next < count) read[next] = true;
    ++next;
  }
  return read;
}

std::int64_t parseLong(std::string_view s, int base) {
  Digits d = parseDigits(s, base);
  const std::uint64_t limit = d.negative ? std::uint64_t{1} << 63 : INT64_MAX;
  if (d.overflow || d.magnitude > limit) return d.negative ? INT64_MIN : INT64_MAX;
  return d.negative ? static_cast<std::int64_t>(0 - d.magnitude)
                    : static_cast<std::int64_t>(d.magnitude);
}

std::uint64_t parseULong(std::string_view s, int base) {
  Digits d = parseDigits(s, base);
  if (d.overflow) return UINT64_MAX;
  return d.negative ? 0 - d.magnitude : d.magnitude;
}

double parseDouble(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && isSpace(s[i]))
    ++i;
  std::size_t end = i;
  if (end < s.size() && (s[end] == '+' || s[end] == '-')) ++end;
  std::size_t digits = 0;
  for (; end < s.size() && isDigit(s[end]); ++end)
    ++digits;
  if (end < s.size() && s[end] == '.')
    for (++end; end < s.size() && isDigit(s[end]); ++end)
      ++digits;
  if (digits == 0) return 0.0;
  if (end < s.size() && (s[end] == 'e' || s[end] == 'E')) {
    std::size_t exp = end + 1;
    if (exp < s.size() && (s[exp] == '+' || s[exp] == '-')) ++exp;
    if (exp < s.size() && isDigit(s[exp]))
      for (end = exp; end < s.size() && isDigit(s[end]); ++end) {
      }
  }
  return std::strtod(std::string(s.substr(i, end - i)).c_str(), nullptr);
}

Scanned scan(std::string_view format, std::string_view input, std::size_t& pos) {
  return Scanner(input, pos).run(format);
}

}  // namespace culprit::exec::libc

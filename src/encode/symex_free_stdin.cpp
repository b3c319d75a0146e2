// Symbolic executor: stdin whose digits and letters vary (EncodeOptions::freeStdin), for
// bounded equivalence of two programs over the inputs of one test's layout.
//  - Each digit, lowercase and uppercase letter of the test's stdin is a fresh byte within its
//    class's bounds; every other byte (spaces, newlines, punctuation, signs, NUL) stays. The
//    bytes that decide where a line ends (fgets) or where scanf's %d %u %c %s stop are of the
//    second kind, so every read keeps the test's structure: positions stay numerals wherever
//    the test's run had them, and only the bytes read (and the numbers they spell) are terms.
//  - A digit run longer than 18 stays as it is: %d of it could saturate, which the value
//    computed from its digits below does not model.
#include "encode/symex.h"

#include <cctype>
#include <cstring>

namespace culprit::encode::detail {
namespace {

constexpr std::size_t kMaxFreeDigits = 18;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

/// scanf's split of the input is the same for every byte of a class when its conversions are
/// %d %u %c %s (and %% or %n: none is accepted here) and its literal characters are neither
/// digits nor letters. Returns the first thing that breaks this, or "".
std::string unsafeDirective(const std::string& f) {
  for (std::size_t i = 0; i < f.size(); ++i) {
    const auto c = static_cast<unsigned char>(f[i]);
    if (f[i] != '%') {
      if (std::isalnum(c)) return std::string("the literal '") + f[i] + "'";
      continue;
    }
    if (i + 1 < f.size() && f[i + 1] == '%') {
      ++i;
      continue;
    }
    ++i;
    while (i < f.size() && (f[i] == '*' || isDigit(f[i]) || std::strchr("hljztqL", f[i])))
      ++i;
    if (i >= f.size()) return "a directive without conversion";
    if (!std::strchr("ducs", f[i])) return std::string("%") + f[i];
  }
  return "";
}

}  // namespace

void SymExec::setUpFreeStdin() {
  if (!opt_.freeStdin) return;
  if (traceMode_) throw EncodeError("free stdin needs the program formula");
  const EncodeOptions::FreeStdin& c = *opt_.freeStdin;
  const std::string& data = input_.stdinData;
  freeStdin_.assign(data.size(), std::nullopt);
  for (std::size_t i = 0; i < data.size();) {
    const char ch = data[i];
    if (isDigit(ch)) {  // a run of digits: fresh when short enough
      std::size_t end = i;
      while (end < data.size() && isDigit(data[end]))
        ++end;
      if (end - i > kMaxFreeDigits) {
        i = end;
        continue;
      }
    }
    char lo = 0, hi = 0;
    if (isDigit(ch)) lo = c.digitLo, hi = c.digitHi;
    if (ch >= 'a' && ch <= 'z') lo = c.lowerLo, hi = c.lowerHi;
    if (ch >= 'A' && ch <= 'Z') lo = c.upperLo, hi = c.upperHi;
    if (lo && lo < hi) {
      const z3::expr v =
          ints_.fresh(names_.prefix(ctx_) + "stdin!" + std::to_string(i), ir::IntKind::UChar);
      out_.hard.push_back(
          HardClause{conj(ints_.valueOfKind(v, ir::IntKind::UChar),
                          conj(ints_.compare(ir::BinOp::Ge, ir::IntKind::UChar, v,
                                             ints_.literal(lo, ir::IntKind::UChar)),
                               ints_.compare(ir::BinOp::Le, ir::IntKind::UChar, v,
                                             ints_.literal(hi, ir::IntKind::UChar)))),
                     HardKind::Input, ir::kNone});
      out_.stdinBytes.push_back(
          SymbolicInput{false, static_cast<std::uint32_t>(i), v, ir::IntKind::UChar});
      freeStdin_[i] = v;
    }
    ++i;
  }
}

z3::expr SymExec::inputByte(std::size_t h, const std::string& data,
                            std::optional<std::int64_t> joinedAt, std::size_t i,
                            ir::IntKind k) const {
  if (h == 0 && !freeStdin_.empty() && !(joinedAt && i == 0)) {
    const std::size_t at = joinedAt ? static_cast<std::size_t>(*joinedAt) + i - 1 : i;
    if (at < freeStdin_.size() && freeStdin_[at])
      return ints_.convert(*freeStdin_[at], ir::IntKind::UChar, k);
  }
  return ints_.literal(static_cast<unsigned char>(data[i]), k);
}

void SymExec::freeScan(std::size_t h, const std::string& format, const PushedInput& in,
                       std::vector<ScanCase>& cases, const ir::Expr& e, const State& st) {
  if (h != 0 || out_.stdinBytes.empty()) return;
  if (const std::string why = unsafeDirective(format); !why.empty())
    throw EncodeError("scanf of varying stdin with " + why + " in its format (only %d %u %c %s " +
                      "keep the input's split) at " + prog_.where(e.range));
  const std::string& data = *in.data;
  auto varies = [&](std::size_t i) {
    const std::size_t at = in.joinedAt ? static_cast<std::size_t>(*in.joinedAt) + i - 1 : i;
    return !(in.joinedAt && i == 0) && at < freeStdin_.size() && freeStdin_[at];
  };
  for (ScanCase& c : cases) {
    const std::vector<exec::libc::ScanItem>& items = c.result.items;
    for (std::size_t k = 0; k < items.size(); ++k) {
      const exec::libc::ScanItem& it = items[k];
      if (it.conversion == 'c' || it.conversion == 's') {
        for (std::size_t j = 0; j < it.text.size(); ++j) {
          const std::size_t at = it.from + j;
          if (!varies(at)) continue;
          if (c.chars.size() <= at) c.chars.resize(data.size());
          c.chars[at] =
              ScanChar{inputByte(h, data, in.joinedAt, at, ir::IntKind::Char), ir::IntKind::Char};
        }
        continue;
      }
      // %d, %u: sign and digits, the digits' value computed from the varying ones.
      bool any = false;
      for (std::size_t j = 0; j < it.text.size(); ++j)
        any = any || varies(it.from + j);
      if (!any) continue;
      const auto lit = [&](std::int64_t v) { return ints_.literal(v, ir::IntKind::Long); };
      const auto op = [&](ir::BinOp o, const z3::expr& x, const z3::expr& y) {
        return ints_.binary(o, ir::IntKind::Long, x, y, ir::IntKind::Long).value;
      };
      z3::expr value = lit(0);
      bool negative = false;
      for (std::size_t j = 0; j < it.text.size(); ++j) {
        const char ch = it.text[j];
        if (ch == '-' || ch == '+') {
          negative = ch == '-';
          continue;
        }
        const z3::expr digit =
            op(ir::BinOp::Sub, inputByte(h, data, in.joinedAt, it.from + j, ir::IntKind::Long),
               lit('0'));
        value = op(ir::BinOp::Add, op(ir::BinOp::Mul, value, lit(10)), digit);
      }
      if (negative) value = op(ir::BinOp::Sub, lit(0), value);
      if (opt_.freeStdin->boundNumbers)
        require(st,
                imply(c.when, valueWithin(value, ir::IntKind::Long, opt_.freeStdin->numberLo,
                                          opt_.freeStdin->numberHi)),
                HardKind::Input);
      if (c.values.size() <= k) c.values.resize(items.size());
      c.values[k] = value;
    }
  }
}

}  // namespace culprit::encode::detail

// Symbolic executor: strings the program computes, printed to stdout under an output oracle
// (printf %s, puts, fputs), compared with the expected text directly.
//  - The oracle knows the characters the golden run printed. The string printed must be exactly
//    the expected text at its place in the event, followed by its NUL: one equation per
//    character and one for the NUL, for each place the string may start (stringStarts). The
//    shapes of symex_stdio.cpp (one per length the string may have, times the starts, times
//    the combinations of several strings) are never built, so strings moved by qsort, fields
//    of structs picked by a computed index and the like stay small.
//  - An event whose integer arguments make its key "format, NUL, each string" holds the strings
//    themselves. An event without integer arguments holds the whole text: each way to give the
//    computed strings lengths that fit the text (at most its length each, as no precision cuts
//    them) is tried by printing placeholders, and where their characters land in the text gives
//    the expected strings.
//  - Exact under the oracle, which is hard: a string that does not match fails the oracle
//    whether or not it is NUL-terminated within its object, so its runtime check adds nothing;
//    the call's result is the length of the expected text. A precision that may cut a computed
//    string leaves the call to the shapes (nullopt).
#include "encode/symex.h"

#include <map>

namespace culprit::encode::detail {
namespace {

constexpr std::size_t kMaxLengthTuples = 4096;  ///< length combinations tried per expected text
constexpr char kPlaceholder = '\x01', kOtherPlaceholder = '\x02';

/// Where the characters of argument `arg` (a string of placeholders) land in the text printed
/// with `args`: the positions that change when they do. nullopt when the format fails.
std::optional<std::vector<std::size_t>> landing(const std::string& format,
                                                std::vector<exec::libc::FormatArg> args,
                                                std::size_t arg, const std::string& text) {
  std::fill(args[arg].text.begin(), args[arg].text.end(), kOtherPlaceholder);
  const exec::libc::Formatted moved = exec::libc::format(format, args);
  if (!moved.error.empty() || moved.text.size() != text.size()) return std::nullopt;
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (moved.text[i] != text[i]) at.push_back(i);
  return at;
}

/// The strings of the pointer arguments held in an event key "format NUL s1 NUL s2 ...",
/// nullopt when `key` is not one for `format` with `pointers` strings.
std::optional<std::vector<std::string>>
keyStrings(const std::string& key, const std::string& format, std::size_t pointers) {
  if (key.compare(0, format.size(), format) != 0) return std::nullopt;
  std::vector<std::string> out;
  std::size_t at = format.size();
  while (at < key.size()) {
    if (key[at] != '\0') return std::nullopt;
    const std::size_t next = std::min(key.find('\0', at + 1), key.size());
    out.push_back(key.substr(at + 1, next - at - 1));
    at = next;
  }
  if (out.size() != pointers) return std::nullopt;
  return out;
}

}  // namespace

z3::expr SymExec::stringIs(const std::vector<StringStart>& starts, const std::string& text,
                           const State& st) {
  z3::expr any = ctx_.bool_val(false);
  std::map<ObjId, std::function<z3::expr(std::uint64_t)>> readers;
  for (const StringStart& s : starts) {
    if (s.isNull) {
      if (text == "(null)") any = disj(any, s.cond);
      continue;
    }
    if (text.find('\0') != std::string::npos || s.from + text.size() >= s.end) continue;
    auto reader = readers.try_emplace(s.obj).first;
    if (!reader->second) reader->second = cellReader(st, s.obj);
    z3::expr all = s.cond;
    for (std::size_t j = 0; j <= text.size() && !all.is_false(); ++j) {
      const int c = j < text.size() ? static_cast<unsigned char>(text[j]) : 0;
      all = conj(all, equal(reader->second(s.from + j), ints_.literal(c, s.kind)));
    }
    any = disj(any, all);
  }
  return any;
}

std::optional<Val> SymExec::printExpected(const ir::Expr& e, State& st, const std::string& format,
                                          std::vector<exec::libc::FormatArg> args,
                                          const std::vector<ComputedString>& computed,
                                          const std::vector<z3::expr>& values,
                                          const std::vector<ir::IntKind>& kinds, bool constant) {
  const std::vector<OutputEvent>& want = *expect_.output;
  std::size_t longest = 0;
  for (const OutputEvent& w : want)
    longest = std::max(longest, w.key.size());
  for (const ComputedString& c : computed) {
    args[c.arg].isNull = false;
    args[c.arg].terminated = true;
    args[c.arg].text.clear();
  }
  // A string longer than any expected text must print more than that text.
  if (values.empty())
    for (const ComputedString& c : computed) {
      std::vector<exec::libc::FormatArg> probe = args;
      probe[c.arg].text.assign(longest + 1, kPlaceholder);
      const exec::libc::Formatted f = exec::libc::format(format, probe);
      if (!f.error.empty()) return std::nullopt;
      const auto at = landing(format, probe, c.arg, f.text);
      if (!at || at->size() != longest + 1) return std::nullopt;
    }
  std::vector<std::vector<StringStart>> starts;
  for (const ComputedString& c : computed)
    starts.push_back(stringStarts(c.value, st, true, *c.op, "printf"));
  std::size_t pointers = 0;
  for (const exec::libc::FormatArg& a : args)
    pointers += a.isPointer ? 1 : 0;
  // Events with integer arguments: the strings are in the key.
  auto fromKey = [&](const std::string& key) {
    const std::optional<std::vector<std::string>> texts = keyStrings(key, format, pointers);
    if (!texts) return ctx_.bool_val(false);
    z3::expr all = ctx_.bool_val(true);
    std::size_t p = 0, k = 0;
    for (std::size_t arg = 0; arg < args.size() && !all.is_false(); ++arg) {
      if (!args[arg].isPointer) continue;
      const std::string& text = (*texts)[p++];
      if (k < computed.size() && computed[k].arg == arg)
        all = conj(all, stringIs(starts[k++], text, st));
      else if (text != (args[arg].isNull ? std::string("(null)") : args[arg].text))
        all = ctx_.bool_val(false);
    }
    return all;
  };
  // Events without: every combination of lengths that fits the text.
  auto fromText = [&](const std::string& text) {
    z3::expr any = ctx_.bool_val(false);
    std::vector<std::size_t> length(computed.size(), 0);
    std::size_t tried = 0;
    std::function<void(std::size_t, std::size_t)> pick = [&](std::size_t k, std::size_t left) {
      if (k < computed.size()) {
        for (std::size_t n = 0; n <= left; ++n) {
          length[k] = n;
          pick(k + 1, left - n);
        }
        return;
      }
      if (++tried > kMaxLengthTuples)
        throw EncodeError("printf of strings whose lengths the program computes (too many "
                          "combinations) at " +
                          prog_.where(e.range));
      std::vector<exec::libc::FormatArg> probe = args;
      for (std::size_t i = 0; i < computed.size(); ++i)
        probe[computed[i].arg].text.assign(length[i], kPlaceholder);
      const exec::libc::Formatted f = exec::libc::format(format, probe);
      if (!f.error.empty() || f.text.size() != text.size()) return;
      std::vector<bool> hole(text.size(), false);
      std::vector<std::string> expected;
      for (std::size_t i = 0; i < computed.size(); ++i) {
        const auto at = landing(format, probe, computed[i].arg, f.text);
        if (!at || at->size() != length[i]) return;
        std::string s;
        for (std::size_t pos : *at) {
          hole[pos] = true;
          s += text[pos];
        }
        expected.push_back(std::move(s));
      }
      for (std::size_t pos = 0; pos < text.size(); ++pos)
        if (!hole[pos] && f.text[pos] != text[pos]) return;
      z3::expr all = ctx_.bool_val(true);
      for (std::size_t i = 0; i < computed.size() && !all.is_false(); ++i)
        all = conj(all, stringIs(starts[i], expected[i], st));
      any = disj(any, all);
    };
    pick(0, text.size());
    return any;
  };
  std::map<std::string, z3::expr> memo;
  auto matches = [&](std::size_t i) {
    auto it = memo.find(want[i].key);
    if (it == memo.end())
      it = memo.emplace(want[i].key, values.empty() ? fromText(want[i].key) : fromKey(want[i].key))
               .first;
    return it->second;
  };
  const z3::expr index = emitMatched(st, matches, values, kinds);
  if (!constant) return freeValue(e.type);
  // The result: the expected text's length, where the oracle holds.
  auto printedLength = [&](std::size_t i) -> std::int64_t {
    if (values.empty()) return static_cast<std::int64_t>(want[i].key.size());
    const std::optional<std::vector<std::string>> texts = keyStrings(want[i].key, format, pointers);
    if (!texts) return 0;
    std::vector<exec::libc::FormatArg> printed = args;
    for (std::size_t arg = 0, p = 0; arg < printed.size(); ++arg)
      if (printed[arg].isPointer) printed[arg].text = (*texts)[p++];
    return static_cast<std::int64_t>(exec::libc::format(format, printed).text.size());
  };
  const ir::IntKind k = kindOf(e);
  z3::expr length = ints_.literal(0, k);
  for (std::size_t i = want.size(); i-- > 0;)
    length = choose(equal(index, ints_.index(static_cast<std::int64_t>(i))),
                    ints_.literal(printedLength(i), k), length);
  return intVal(length);
}

Val SymExec::putExpected(const ir::Expr& e, State& st, const Val& p, bool newline) {
  const std::vector<StringStart> starts = stringStarts(p, st, false, e, newline ? "puts" : "fputs");
  const std::string suffix = newline ? "\n" : "";
  std::map<std::string, z3::expr> memo;
  const std::vector<OutputEvent>& want = *expect_.output;
  auto matches = [&](std::size_t i) {
    const std::string& key = want[i].key;
    if (key.size() < suffix.size() ||
        key.compare(key.size() - suffix.size(), suffix.size(), suffix))
      return ctx_.bool_val(false);
    const std::string text = key.substr(0, key.size() - suffix.size());
    auto it = memo.find(text);
    if (it == memo.end()) it = memo.emplace(text, stringIs(starts, text, st)).first;
    return it->second;
  };
  const z3::expr index = emitMatched(st, matches, {}, {});
  // puts returns the characters written, glibc's fputs 1.
  const ir::IntKind k = kindOf(e);
  if (!newline) return intVal(ints_.literal(1, k));
  z3::expr length = ints_.literal(0, k);
  for (std::size_t i = want.size(); i-- > 0;)
    length = choose(equal(index, ints_.index(static_cast<std::int64_t>(i))),
                    ints_.literal(static_cast<std::int64_t>(want[i].key.size()), k), length);
  return intVal(length);
}

}  // namespace culprit::encode::detail

// Bounded equivalence with the golden program over stdin (see equivalence.h).
//  - A test's stdin is the layout of a family of inputs: same length, same spaces, newlines,
//    punctuation and signs at the same places, each digit and letter free within the range of
//    its class over every test's stdin (EncodeOptions::freeStdin). Both programs read the same
//    free bytes; argv stays the test's. `--input-range LO:HI` bounds every number scanf reads
//    (%d, %u) from them; `--input-range N=LO:HI` is about argv and not used here.
//  - The kLayouts distinct layouts with the fewest varying bytes are checked (the smallest
//    formulas: on caesar-v2 a 35-byte layout ran out of 9 s of CPU where the 14-byte ones took
//    a fraction of a second); a layout without a digit or letter is one input, which the tests
//    already decide, and is skipped.
//  - Each program's loops are unwound to what its run on the layout's test made plus 2, at
//    least --unwind: with every loop cut at --unwind, a layout whose test loops longer would
//    have no run at all in the formula and "equivalent" would be vacuous.
//  - A model is a stdin, replayed on both programs; when they differ it is written to a file
//    and the distinguishing test line names it (`< /tmp/culprit-equivalence-XXXXXX/stdin`).
#include "localize/loop_bounds.h"
#include "localize/solving.h"
#include "repair/equivalence.h"
#include "solve/query.h"
#include "testing/testcase.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

namespace culprit::repair::detail {
namespace {

constexpr std::size_t kLayouts = 3;
constexpr const char* kNothingToVary =
    "not checked: no test's stdin has a digit or letter to vary (each test is one input, which "
    "the suite decides)";

enum class Class : std::uint8_t { Other, Digit, Lower, Upper };
Class classOf(char c) {
  if (c >= '0' && c <= '9') return Class::Digit;
  if (c >= 'a' && c <= 'z') return Class::Lower;
  if (c >= 'A' && c <= 'Z') return Class::Upper;
  return Class::Other;
}

/// Each class's range over every test's stdin.
encode::EncodeOptions::FreeStdin classRanges(const testing::TestSuite& suite) {
  char lo[4] = {0, '9', 'z', 'Z'}, hi[4] = {0, '0', 'a', 'A'};
  for (const testing::TestCase& t : suite.tests)
    for (const char c : t.input.stdinData) {
      const auto k = static_cast<std::size_t>(classOf(c));
      if (k == 0) continue;
      lo[k] = std::min(lo[k], c);
      hi[k] = std::max(hi[k], c);
    }
  return {lo[1], hi[1], lo[2], hi[2], lo[3], hi[3]};
}

/// What a layout keeps of a test: its argv and its stdin with every digit and letter replaced
/// by its class's first member.
std::string layoutKey(const testing::TestCase& t) {
  std::string key = testing::formatTestLine(t.input) + '\n';
  for (const char c : t.input.stdinData)
    switch (classOf(c)) {
    case Class::Digit: key += '0'; break;
    case Class::Lower: key += 'a'; break;
    case Class::Upper: key += 'A'; break;
    case Class::Other: key += c; break;
    }
  return key;
}

/// The bytes of the test's stdin that vary: digits and letters of a class whose range holds
/// more than one byte.
std::size_t varying(const testing::TestCase& t, const encode::EncodeOptions::FreeStdin& r) {
  std::size_t n = 0;
  for (const char c : t.input.stdinData)
    switch (classOf(c)) {
    case Class::Digit: n += r.digitLo < r.digitHi; break;
    case Class::Lower: n += r.lowerLo < r.lowerHi; break;
    case Class::Upper: n += r.upperLo < r.upperHi; break;
    case Class::Other: break;
    }
  return n;
}
bool varies(const testing::TestCase& t, const encode::EncodeOptions::FreeStdin& r) {
  return varying(t, r) > 0;
}

/// Loop bounds of `program` from its run on `input`: the run's iterations plus 2, at least
/// `unwind`.
std::unordered_map<ir::StmtId, unsigned> loopBounds(const ir::Program& program,
                                                    const exec::RunInput& input,
                                                    const exec::RunOptions& run, unsigned unwind) {
  exec::RunOptions traced = run;
  traced.trace = true;
  traced.coverage = false;
  traced.observer = nullptr;
  std::unordered_map<ir::StmtId, unsigned> b =
      localize::runLoopBounds(program, exec::run(program, input, traced), 2, unwind);
  for (auto& [loop, n] : b)
    n = std::max(n, unwind);
  return b;
}

/// Writes `data` to a fresh file under the temporary directory; its path, or "" when it cannot.
std::string writeStdin(const std::string& data) {
  std::error_code ec;
  const std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
  if (ec) return "";
  std::string dir = (tmp / "culprit-equivalence-XXXXXX").string();
  if (!mkdtemp(dir.data())) return "";
  const std::string path = dir + "/stdin";
  std::ofstream out(path, std::ios::binary);
  out << data;
  return out.good() ? path : "";
}

/// "each digit within 0-9, lowercase letter within a-k (the tests' ranges)": the classes that
/// vary.
std::string describeRanges(const encode::EncodeOptions::FreeStdin& c) {
  std::string out;
  auto add = [&](const char* what, char lo, char hi) {
    if (lo < hi)
      out += fmt::format("{}{} within {}-{}", out.empty() ? "each " : ", ", what, lo, hi);
  };
  add("digit", c.digitLo, c.digitHi);
  add("lowercase letter", c.lowerLo, c.lowerHi);
  add("uppercase letter", c.upperLo, c.upperHi);
  out += " (the tests' ranges)";
  if (c.boundNumbers)
    out += fmt::format(", each number scanf reads within {}..{} (--input-range)", c.numberLo,
                       c.numberHi);
  return out;
}

}  // namespace

Equivalence checkStdinEquivalence(const RepairProblem& p, const RepairOptions& options,
                                  const solve::Deadline& deadline) {
  const ir::Program& golden = *p.oracle->golden;
  encode::EncodeOptions::FreeStdin ranges = classRanges(*p.suite);
  for (const RepairOptions::InputRange& r : options.inputRanges)
    if (r.arg == 0) ranges.boundNumbers = true, ranges.numberLo = r.lo, ranges.numberHi = r.hi;
  // The distinct layouts with the fewest varying bytes (the smallest formulas), in suite order
  // among equals.
  std::vector<const testing::TestCase*> layouts;
  std::set<std::string> seen;
  for (const testing::TestCase& t : p.suite->tests)
    if (varies(t, ranges) && seen.insert(layoutKey(t)).second) layouts.push_back(&t);
  std::stable_sort(layouts.begin(), layouts.end(), [&](const auto* x, const auto* y) {
    return varying(*x, ranges) < varying(*y, ranges);
  });
  if (layouts.size() > kLayouts) layouts.resize(kLayouts);
  if (layouts.empty()) return {std::nullopt, kNothingToVary, {}};
  std::vector<std::string> checked;
  for (const testing::TestCase* seed : layouts) {
    if (deadline.expired())
      return {std::nullopt,
              fmt::format("its time (--equivalence-timeout) ran out after {} of {} stdin layouts",
                          checked.size(), layouts.size()),
              {}};
    z3::context ctx;
    encode::EncodeOptions eo = equivalenceEncoding(p, options);
    eo.freeStdin = ranges;
    if (deadline.bounded())
      eo.deadline =
          std::chrono::steady_clock::now() + std::chrono::milliseconds(deadline.remainingMs());
    encode::Expectation none;
    none.assertions = false;
    encode::Encoding a(ctx), b(ctx);
    try {
      eo.loopUnwind = loopBounds(*p.program, seed->input, p.run, options.unwind);
      a = encode::encode(ctx, *p.program, seed->input, none, eo);
      eo.loopUnwind = loopBounds(golden, seed->input, p.run, options.unwind);
      b = encode::encode(ctx, golden, seed->input, none, eo);
    } catch (const encode::EncodeBoundError& e) {
      return {std::nullopt,
              fmt::format("stdin of the layout of test {}: {} (--equivalence-timeout)", seed->index,
                          e.what()),
              {}};
    } catch (const encode::EncodeError& e) {
      return {std::nullopt,
              fmt::format("the formulas cannot state the programs on stdin of the layout of test "
                          "{}: {}",
                          seed->index, e.what()),
              {}};
    }
    if (a.stdinBytes.empty())  // long digit runs only: one input, which the test decides
      continue;
    std::string why;
    const std::optional<z3::expr> difference = differ(ctx, a, b, true, &why);
    if (!difference) return {std::nullopt, "outputs the formulas cannot compare: " + why, {}};
    if (a.stdinBytes.size() != b.stdinBytes.size())
      return {std::nullopt, "the programs' formulas vary different stdin bytes", {}};
    // QF_BV (z3's SAT core, with its preprocessing) for pure bit-vector formulas: caesar-v2's
    // query is decided in 0.6 s, where z3's default solver ran 20 s and gave up.
    const std::string logic = localize::solverLogic(eo.ints, a);
    z3::solver s =
        solve::makeZ3Solver(ctx, logic == localize::solverLogic(eo.ints, b) ? logic : "");
    z3::params params(ctx);
    if (deadline.expired())
      return {std::nullopt,
              fmt::format("its time (--equivalence-timeout) ran out while the formulas of the "
                          "layout of test {} were built",
                          seed->index),
              {}};
    params.set("timeout", deadline.remainingMs());
    s.set(params);
    for (const encode::Encoding* e : {&a, &b})
      for (const encode::HardClause& h : e->hard)
        if (h.kind != encode::HardKind::Oracle) s.add(h.clause);
    for (std::size_t i = 0; i < a.stdinBytes.size(); ++i)
      s.add(a.stdinBytes[i].value == b.stdinBytes[i].value);
    s.add(*difference);
    const z3::check_result answer = s.check();
    if (answer == z3::unknown)
      return {std::nullopt,
              fmt::format("the solver gave up ({}) on stdin of the layout of test {}; "
                          "--equivalence-timeout gives it more time",
                          s.reason_unknown(), seed->index),
              {}};
    if (answer == z3::sat) {
      exec::RunInput input = seed->input;
      const z3::model m = s.get_model();
      for (const encode::SymbolicInput& x : a.stdinBytes)
        input.stdinData[x.index] = static_cast<char>(encode::modelValue(m, x.value, x.type));
      if (!runsDiffer(*p.program, golden, input, p.run))
        return {std::nullopt,
                fmt::format("the formulas' distinguishing stdin (from the layout of test {}) "
                            "does not distinguish the runs",
                            seed->index),
                {}};
      const std::string path = writeStdin(input.stdinData);
      std::string line = testing::formatTestLine(input);
      if (!line.empty()) line += ' ';
      line +=
          "< " + (path.empty() ? std::string("(stdin not written: no temporary directory)") : path);
      return {false, line, input.stdinData};
    }
    checked.push_back(std::to_string(seed->index));
  }
  if (checked.empty()) return {std::nullopt, kNothingToVary, {}};
  std::sort(checked.begin(), checked.end(),
            [](const std::string& x, const std::string& y) { return std::stoi(x) < std::stoi(y); });
  std::string tests;
  for (std::size_t i = 0; i < checked.size(); ++i)
    tests += (i == 0 ? "" : i + 1 == checked.size() ? " and " : ", ") + checked[i];
  return {true,
          fmt::format("no stdin differs among those laid out as test{} {} (same length, spaces, "
                      "newlines and punctuation; {}), argv as in the test, each loop within "
                      "--unwind {} or its iterations on that test plus 2, no runtime error",
                      checked.size() == 1 ? "" : "s", tests, describeRanges(ranges),
                      options.unwind),
          {}};
}

}  // namespace culprit::repair::detail

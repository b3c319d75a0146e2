// Bounded equivalence with the golden program: see equivalence.h.
#include "repair/equivalence.h"

#include "exec/builtins.h"
#include "exec/exec.h"
#include "localize/solving.h"
#include "solve/query.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace culprit::repair::detail {
namespace {

constexpr std::size_t kShapes = 3;  ///< argument counts checked, the most common first

/// A test whose input is more than argv numbers, entry arguments and stdin: files it opens,
/// nondet values. Neither is made symbolic.
bool fixedInput(const testing::TestCase& t) {
  return !t.input.nondet.empty() || !t.input.files.empty();
}

bool givesStdin(const testing::TestSuite& suite) {
  for (const testing::TestCase& t : suite.tests)
    if (!t.input.stdinData.empty()) return true;
  return false;
}

/// The suite's tests by argument count. When some test gives files or nondet values, the
/// program reads them, and a test without is one particular input of that kind: no test is
/// stated by free inputs then.
std::vector<std::vector<const testing::TestCase*>> shapes(const testing::TestSuite& suite) {
  std::map<std::size_t, std::vector<const testing::TestCase*>> byCount;
  for (const testing::TestCase& t : suite.tests)
    if (fixedInput(t)) return {};
  for (const testing::TestCase& t : suite.tests)
    byCount[t.input.args.size() + t.input.entryArgs.size()].push_back(&t);
  std::vector<std::vector<const testing::TestCase*>> out;
  for (auto& [count, tests] : byCount)
    out.push_back(std::move(tests));
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.size() > b.size(); });
  if (out.size() > kShapes) out.resize(kShapes);
  return out;
}

/// The bytes of an output event's key as 8-bit terms, its computed characters (KeyChar) in
/// their places; nullopt for a character term that is no bit-vector.
std::optional<std::vector<z3::expr>> keyBytes(z3::context& ctx, const encode::EncodedOutput& o) {
  std::vector<z3::expr> out;
  for (const char c : o.key)
    out.push_back(ctx.bv_val(static_cast<unsigned char>(c), 8));
  for (const encode::KeyChar& c : o.chars) {
    if (!c.value.is_bv() || c.pos >= out.size()) return std::nullopt;
    const unsigned width = c.value.get_sort().bv_size();
    out[c.pos] = width == 8  ? c.value
                 : width > 8 ? c.value.extract(7, 0)
                             : z3::zext(c.value, 8 - width);
  }
  return out;
}

/// The --input-range of argument `arg` (1-based), else the one for every input; nullptr: none.
const RepairOptions::InputRange* rangeOf(const RepairOptions& o, unsigned arg) {
  const RepairOptions::InputRange* every = nullptr;
  for (const RepairOptions::InputRange& r : o.inputRanges) {
    if (r.arg == arg) return &r;
    if (r.arg == 0) every = &r;
  }
  return every;
}

/// The bounds a decided query holds within, in words.
std::string rangesInWords(const RepairOptions& o) {
  if (o.inputRanges.empty()) return "each number within the range the tests give it";
  std::string out;
  for (const RepairOptions::InputRange& r : o.inputRanges)
    out += (out.empty() ? "" : ", ") +
           (r.arg ? fmt::format("argument {} within {}..{}", r.arg, r.lo, r.hi)
                  : fmt::format("each number within {}..{}", r.lo, r.hi));
  bool everyGiven = false;
  for (const RepairOptions::InputRange& r : o.inputRanges)
    everyGiven = everyGiven || r.arg == 0;
  if (!everyGiven) out += ", the others within the range the tests give them";
  return out + " (--input-range)";
}

std::string testLine(const exec::RunInput& input) {
  std::string line;
  for (const std::string& a : input.args)
    line += (line.empty() ? "" : " ") + a;
  for (const std::int64_t a : input.entryArgs)
    line += (line.empty() ? "" : " ") + std::to_string(a);
  return line;
}

}  // namespace

std::optional<z3::expr> differ(z3::context& ctx, const encode::Encoding& a,
                               const encode::Encoding& b, bool bitVectorCounts, std::string* why) {
  auto cannot = [&](const char* reason) -> std::optional<z3::expr> {
    if (why) *why = reason;
    return std::nullopt;
  };
  const z3::expr one = bitVectorCounts ? ctx.bv_val(1, 32) : ctx.int_val(1);
  const z3::expr zero = bitVectorCounts ? ctx.bv_val(0, 32) : ctx.int_val(0);
  z3::expr countA = zero, countB = zero;
  for (const encode::EncodedOutput& o : a.outputs)
    countA = countA + z3::ite(o.reached, one, zero);
  for (const encode::EncodedOutput& o : b.outputs)
    countB = countB + z3::ite(o.reached, one, zero);
  if (!z3::eq(a.exitStatus.get_sort(), b.exitStatus.get_sort()))
    return cannot("exit statuses of different sorts");
  z3::expr_vector any(ctx);
  any.push_back(a.exitStatus != b.exitStatus);
  any.push_back(countA != countB);
  // Each event's key bytes once; pairs of events at two different numeral positions never meet
  // (strings of computed lengths give hundreds of events: comparing every pair took minutes).
  std::vector<std::vector<z3::expr>> keysB;
  for (const encode::EncodedOutput& y : b.outputs) {
    std::optional<std::vector<z3::expr>> ys = keyBytes(ctx, y);
    if (!ys) return cannot("a printed character the formulas hold as no bit-vector");
    keysB.push_back(std::move(*ys));
  }
  auto position = [](const z3::expr& index) -> std::optional<std::uint64_t> {
    std::uint64_t v = 0;
    if (index.is_numeral_u64(v)) return v;
    return std::nullopt;
  };
  for (const encode::EncodedOutput& x : a.outputs) {
    const std::optional<std::vector<z3::expr>> xs = keyBytes(ctx, x);
    if (!xs) return cannot("a printed character the formulas hold as no bit-vector");
    const std::optional<std::uint64_t> xAt = position(x.index);
    for (std::size_t j = 0; j < b.outputs.size(); ++j) {
      const encode::EncodedOutput& y = b.outputs[j];
      const std::vector<z3::expr>& ys = keysB[j];
      if (!z3::eq(x.index.get_sort(), y.index.get_sort()))
        return cannot("output positions of different sorts");
      const std::optional<std::uint64_t> yAt = position(y.index);
      if (xAt && yAt && *xAt != *yAt) continue;
      const z3::expr meet = x.reached && y.reached && x.index == y.index;
      if (xs->size() != ys.size() || x.values.size() != y.values.size() ||
          (x.chars.empty() && y.chars.empty() && x.key != y.key)) {
        any.push_back(meet);
        continue;
      }
      z3::expr_vector mismatch(ctx);
      bool differs = false;
      // Keys with computed characters: compared byte by byte; two literal bytes fold.
      if (!x.chars.empty() || !y.chars.empty())
        for (std::size_t i = 0; i < xs->size() && !differs; ++i) {
          if ((*xs)[i].is_numeral() && ys[i].is_numeral()) {
            differs = !z3::eq((*xs)[i], ys[i]);
            continue;
          }
          mismatch.push_back((*xs)[i] != ys[i]);
        }
      for (std::size_t i = 0; i < x.values.size(); ++i) {
        if (!z3::eq(x.values[i].get_sort(), y.values[i].get_sort()))
          return cannot("printed values of different types");
        mismatch.push_back(x.values[i] != y.values[i]);
      }
      if (differs)
        any.push_back(meet);
      else if (!mismatch.empty())
        any.push_back(meet && z3::mk_or(mismatch));
    }
  }
  return z3::mk_or(any);
}

bool runsDiffer(const ir::Program& a, const ir::Program& b, const exec::RunInput& input,
                const exec::RunOptions& run) {
  const exec::RunResult x = exec::run(a, input, run), y = exec::run(b, input, run);
  return x.verdict != y.verdict || x.out != y.out || x.exitStatus != y.exitStatus;
}

encode::EncodeOptions equivalenceEncoding(const RepairProblem& p, const RepairOptions& options) {
  encode::EncodeOptions eo;
  eo.family = encode::Family::Program;
  // Bit-vectors: the two circuits share most of their structure, which z3's SAT core exploits
  // (v01 of the Siemens-style subject: decided in 0.3 s; with integers, unknown after 10 s).
  eo.ints = encode::Ints::BitVector;
  eo.unwind = options.unwind;
  eo.entry = p.run.entry;
  eo.programName = p.run.programName;
  eo.relax = false;
  return eo;
}

Equivalence checkEquivalence(const RepairProblem& p, const RepairOptions& options,
                             const solve::Deadline& deadline) {
  if (!p.suite || !p.oracle || !p.oracle->golden) return {std::nullopt, "no golden program", {}};
  const ir::Program& golden = *p.oracle->golden;
  const auto groups = shapes(*p.suite);
  if (groups.empty())
    return {std::nullopt,
            "not checked: the tests give the program files or nondet values, and bounded "
            "equivalence makes only argv numbers, entry arguments and stdin symbolic (a claim "
            "for one fixed input would say little); the repair passes every test, the evidence "
            "there is",
            {}};
  if (givesStdin(*p.suite)) return checkStdinEquivalence(p, options, deadline);
  std::vector<std::string> checked;
  for (const auto& tests : groups) {
    const testing::TestCase& seed = *tests.front();
    z3::context ctx;
    encode::EncodeOptions eo = equivalenceEncoding(p, options);
    eo.symbolicInputs = true;
    encode::Expectation none;
    none.assertions = false;
    encode::Encoding a(ctx), b(ctx);
    try {
      a = encode::encode(ctx, *p.program, seed.input, none, eo);
      b = encode::encode(ctx, golden, seed.input, none, eo);
    } catch (const encode::EncodeError& e) {
      return {std::nullopt, std::string("the formulas cannot state the programs: ") + e.what(), {}};
    }
    std::string why;
    const std::optional<z3::expr> difference = differ(ctx, a, b, false, &why);
    if (!difference) return {std::nullopt, "outputs the formulas cannot compare: " + why, {}};
    z3::solver s = solve::makeZ3Solver(ctx, "");
    z3::params params(ctx);
    if (deadline.expired()) return {std::nullopt, "its time (--equivalence-timeout) ran out", {}};
    params.set("timeout", deadline.remainingMs());
    s.set(params);
    for (const encode::Encoding* e : {&a, &b})
      for (const encode::HardClause& h : e->hard)
        if (h.kind != encode::HardKind::Oracle) s.add(h.clause);
    for (const encode::SymbolicInput& x : a.inputs) {
      for (const encode::SymbolicInput& y : b.inputs)
        if (x.entryArgument == y.entryArgument && x.index == y.index) {
          if (!z3::eq(x.value.get_sort(), y.value.get_sort()))
            return {std::nullopt, "the programs read an input as different types", {}};
          s.add(x.value == y.value);
        }
      const unsigned arg = x.entryArgument ? x.index + 1 : x.index;
      if (const RepairOptions::InputRange* given = rangeOf(options, arg)) {
        s.add(encode::valueWithin(x.value, x.type, given->lo, given->hi));
        continue;
      }
      std::int64_t lo = INT64_MAX, hi = INT64_MIN;
      for (const testing::TestCase* t : tests) {
        const std::int64_t v = x.entryArgument
                                   ? t->input.entryArgs.at(x.index)
                                   : exec::libc::parseLong(t->input.args.at(x.index - 1), 10);
        lo = std::min(lo, v), hi = std::max(hi, v);
      }
      s.add(encode::valueWithin(x.value, x.type, lo, hi));
    }
    s.add(*difference);
    const z3::check_result answer = s.check();
    if (answer == z3::unknown)
      return {std::nullopt,
              "the solver gave up (" + s.reason_unknown() + ") on " +
                  std::to_string((seed.input.args.size() + seed.input.entryArgs.size())) +
                  "-argument inputs; --equivalence-timeout gives it more time",
              {}};
    if (answer == z3::sat) {
      exec::RunInput input = seed.input;
      const z3::model m = s.get_model();
      for (const encode::SymbolicInput& x : a.inputs)
        if (x.entryArgument)
          input.entryArgs.at(x.index) = encode::modelValue(m, x.value, x.type);
        else
          input.args.at(x.index - 1) = std::to_string(encode::modelValue(m, x.value, x.type));
      if (runsDiffer(*p.program, golden, input, p.run)) return {false, testLine(input), {}};
      return {std::nullopt,
              "the formulas' distinguishing input (" + testLine(input) +
                  ") does not distinguish the runs",
              {}};
    }
    checked.push_back(std::to_string((seed.input.args.size() + seed.input.entryArgs.size())));
  }
  std::string counts;
  for (const std::string& c : checked)
    counts += (counts.empty() ? "" : ", ") + c;
  return {true,
          fmt::format("no input differs: argument counts {}, {}, loops within --unwind {}, no "
                      "runtime error",
                      counts, rangesInWords(options), options.unwind),
          {}};
}

}  // namespace culprit::repair::detail

// Property tests of the formula techniques on generated programs: every reported diagnosis is
// an MCS of the error formula, and unbounded enumeration reports every MCS — checked against
// brute force over all subsets of soft groups. Programs are straight-line code with if/else,
// one statement per line, and a final assertion that a random input violates.
#include "formula_test_util.h"

#include <gtest/gtest.h>
#include <z3++.h>

#include <functional>
#include <random>
#include <sstream>

namespace culprit::localize::test {
namespace {

using encode::Family;

class Generator {
public:
  explicit Generator(unsigned seed) : rng_(seed) {}

  std::string program() {
    std::ostringstream s;
    s << "#include <assert.h>\nint subject(int x, int y) {\n";
    vars_ = {"x", "y"};
    const int n = pick(3, 5);
    for (int i = 0; i < n; ++i) {
      if (pick(0, 3) == 0 && i > 0) {
        const std::string v = var(), w = var();
        s << "  if (" << cond() << ")\n    " << v << " = " << expr() << ";\n  else\n    " << w
          << " = " << expr() << ";\n";
      } else {
        const std::string v = "v" + std::to_string(i);
        s << "  int " << v << " = " << expr() << ";\n";
        vars_.push_back(v);
      }
    }
    s << "  assert(" << var() << " " << relation() << " " << var() << ");\n  return 0;\n}\n";
    return s.str();
  }
  std::int64_t input() { return pick(0, 3) == 0 ? pick(-3000, 3000) : pick(-6, 6); }

private:
  std::mt19937 rng_;
  std::vector<std::string> vars_;

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  std::string var() {
    return vars_[static_cast<std::size_t>(pick(0, static_cast<int>(vars_.size()) - 1))];
  }
  std::string relation() {
    return std::vector<std::string>{"<",
                                    "<=", "==", "!=", ">"}[static_cast<std::size_t>(pick(0, 4))];
  }
  std::string expr() {
    switch (pick(0, 4)) {
    case 4: return var() + " * 1000000";  // may overflow: undefined, a runtime error
    case 0: return var() + " + " + std::to_string(pick(1, 3));
    case 1: return var() + " - " + var();
    case 2: return std::to_string(pick(-3, 3)) + " * " + var();
    default: return var();
    }
  }
  std::string cond() { return var() + " " + relation() + " " + std::to_string(pick(-2, 2)); }
};

/// All MCSs of `enc` by brute force: minimal sets of groups whose relaxation is satisfiable.
std::set<LineSet> bruteForceMcses(z3::context& ctx, const encode::Encoding& enc,
                                  const ir::Program& p) {
  z3::solver s(ctx);
  for (const encode::HardClause& h : enc.hard)
    s.add(h.clause);
  const std::size_t n = enc.groups.size();
  std::vector<std::uint32_t> correction;  // masks that are correction sets
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    z3::expr_vector a(ctx);
    for (std::size_t g = 0; g < n; ++g)
      if (!(mask >> g & 1)) a.push_back(enc.groups[g].selector);
    if (s.check(a) == z3::sat) correction.push_back(mask);
  }
  std::set<LineSet> out;
  for (std::uint32_t m : correction) {
    bool minimal = true;
    for (std::uint32_t o : correction)
      minimal = minimal && !(o != m && (o & m) == o);
    if (!minimal) continue;
    LineSet lines;
    for (std::size_t g = 0; g < n; ++g)
      if (m >> g & 1) lines.insert(p.stmt(enc.groups[g].stmt).range.line);
    out.insert(lines);
  }
  return out;
}

/// Calls `check(source, test, failing run)` on 30 generated programs whose random input fails
/// the assertion; returns how many were checked.
int forFailingPrograms(
    const std::function<void(const std::string&, OneTest&, const exec::RunResult&)>& check) {
  int checked = 0;
  for (unsigned seed = 1; checked < 30 && seed < 400; ++seed) {
    Generator gen(seed);
    const std::string source = gen.program();
    OneTest t(source, "subject", {gen.input(), gen.input()});
    exec::RunOptions ro;
    ro.entry = "subject";
    ro.trace = true;
    const exec::RunResult run = exec::run(*t.program, t.test.input, ro);
    if (run.verdict != exec::Verdict::AssertFailed) continue;
    ++checked;
    check(source, t, run);
  }
  return checked;
}

TEST(FormulaProperty, DiagnosesAreExactlyTheMcses) {
  const int checked = forFailingPrograms([](const std::string& source, OneTest& t,
                                            const exec::RunResult& run) {
    t.task.options.maxSize = 0;
    for (Family f : {Family::Program, Family::TraceFlowSensitive, Family::TraceFlowInsensitive}) {
      const Result r = t.run(f);
      z3::context ctx;
      const encode::Encoding enc =
          encode::encode(ctx, *t.program, t.test.input, {}, encodeOptions(t.task, f), &run);
      ASSERT_LE(enc.groups.size(), 14u) << source;
      const std::set<LineSet> mcses = bruteForceMcses(ctx, enc, *t.program);
      EXPECT_EQ(asSet(r), mcses) << encode::familyName(f) << "\n" << source;
      EXPECT_EQ(lineSets(r).size(), asSet(r).size()) << "duplicate diagnoses\n" << source;
      EXPECT_TRUE(r.complete) << r.incompleteReason;
      if (f != Family::Program) continue;
      // The on-demand techniques end with the program formula's MCSs, each once.
      FormulaOptions rebuild = t.task.options;
      ASSERT_EQ(setOption(rebuild, "refine-session", "rebuild"), "");
      for (const auto& [name, options] :
           {std::pair{"agx", t.task.options}, std::pair{"agx", rebuild},
            std::pair{"ofc", t.task.options}}) {
        const Result od = t.runNamed(name, options);
        const bool rebuilt = findOption("refine-session")->get(options) == "rebuild";
        EXPECT_EQ(asSet(od), mcses) << name << (rebuilt ? " rebuild\n" : "\n") << source;
        EXPECT_EQ(lineSets(od).size(), asSet(od).size()) << name << " duplicates\n" << source;
        EXPECT_TRUE(od.complete) << name << ": " << od.incompleteReason;
      }
    }
    // With overflow checks, integer arithmetic is an exact encoding too: the same MCSs.
    FormulaTask math = t.task;
    math.options.ints = FormulaOptions::Ints::Math;
    const Result bv = t.run(Family::Program);
    EXPECT_EQ(asSet(localizeWithFormula(math, Family::Program, "pf")), asSet(bv))
        << source << bv.incompleteReason;
  });
  EXPECT_GE(checked, 20);
}

// The must property (FOSFL): the must set meets every MCS of the program formula (an MCS is a
// repair in the arbitrary-expression scheme: change those statements and the test passes).
TEST(FormulaProperty, MustSetMeetsEveryMcs) {
  const int checked =
      forFailingPrograms([](const std::string& source, OneTest& t, const exec::RunResult& run) {
        const Result must = t.runNamed("must", t.task.options);
        ASSERT_EQ(must.diagnoses.size(), 1u) << must.incompleteReason << "\n" << source;
        const LineSet mustLines = *asSet(must).begin();
        z3::context ctx;
        const encode::Encoding enc = encode::encode(ctx, *t.program, t.test.input, {},
                                                    encodeOptions(t.task, Family::Program), &run);
        for (const LineSet& mcs : bruteForceMcses(ctx, enc, *t.program)) {
          bool meets = false;
          for (std::uint32_t line : mcs)
            meets = meets || mustLines.count(line);
          EXPECT_TRUE(meets) << "must set misses an MCS\n" << source;
        }
      });
  EXPECT_GE(checked, 20);
}

}  // namespace
}  // namespace culprit::localize::test

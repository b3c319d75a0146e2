// FormulaOptions in effect: instance granularity (locations carry loop iterations), clause
// weighting (enumeration order follows suspiciousness), bounds and incompleteness, the
// unwinding check, and the registry entries.
#include "formula_test_util.h"

#include <gtest/gtest.h>

namespace culprit::localize::test {
namespace {

using encode::Family;

// Scenario D (minimum of an array, off-by-one loop bound) with a trusted harness.
const char* kArrayMin = R"(#include <assert.h>
int minimum(int tab[], int length) {
  int min = tab[0];
  int i = 1;
  while (i < length - 1) {
    if (tab[i] <= min)
      min = tab[i];
    i = i + 1;
  }
  return min;
}
void check(int a, int b, int c, int d) {
  int tab[4];
  int k, m;
  tab[0] = a; tab[1] = b; tab[2] = c; tab[3] = d;
  m = minimum(tab, 4);
  for (k = 0; k < 4; k++)
    assert(tab[k] >= m);
}
)";

TEST(Granularity, InstanceDiagnosesNameTheIteration) {
  OneTest t(kArrayMin, "check", {3, 2, 1, 0}, {"check"});
  t.task.options.granularity = FormulaOptions::Granularity::Instance;
  // On the counterexample path (conditions not constraints, as in LocFaults), `min = tab[i]`
  // in iteration 2 is the only single instance that corrects the run.
  Result r = t.run(Family::TraceFlowInsensitive);
  std::vector<std::uint32_t> iterations;
  for (const Diagnosis& d : r.diagnoses)
    if (d.locations.size() == 1 && d.locations[0].line == 7) {
      iterations.push_back(d.locations[0].iteration);
      EXPECT_EQ(d.feasible, Feasibility::Feasible);
    }
  EXPECT_EQ(iterations, std::vector<std::uint32_t>{2});
  // Flow-sensitive: relaxing iteration 1 also frees iteration 2's guarded assignment.
  r = t.run(Family::TraceFlowSensitive);
  for (const Diagnosis& d : r.diagnoses)
    for (const Location& l : d.locations)
      if (l.line >= 5 && l.line <= 8) {
        EXPECT_GT(l.iteration, 0u) << l.line;
      }
}

TEST(Granularity, StatementDiagnosesShareOneSelectorPerStatement) {
  OneTest t(kArrayMin, "check", {3, 2, 1, 0}, {"check"});
  t.task.options.unwind = 5;
  const Result r = t.run(Family::Program);
  for (const Diagnosis& d : r.diagnoses)
    for (const Location& l : d.locations)
      EXPECT_EQ(l.iteration, 0u);
  EXPECT_TRUE(asSet(r).count({5}));  // the loop condition: the fault
  for (const LineSet& s : lineSets(r))
    for (std::uint32_t line : s)
      EXPECT_LT(line, 11u) << "harness code is trusted";
}

const char* kTwoBranches = R"(#include <assert.h>
void two_branches(int x, int y) {
  int a, b;
  if (x >= 0)
    a = x;
  else
    a = -x;
  if (y < 5)
    b = a + 1;
  else
    b = a + 2;
  assert(b <= a);
}
)";

/// A coverage matrix where the else branch (line 11) and the condition (line 8) are covered by
/// the failing test only, line 9 by ten passing tests too.
testing::CoverageMatrix elseBranchCoverage(const ir::Program& program) {
  testing::CoverageMatrix cov;
  cov.statementCount = program.stmts.size();
  std::vector<bool> failing(cov.statementCount, false), passing(cov.statementCount, false);
  for (ir::StmtId s = 0; s < cov.statementCount; ++s) {
    const std::uint32_t line = program.stmt(s).range.line;
    failing[s] = program.stmt(s).isExecutable();
    passing[s] = program.stmt(s).isExecutable() && line != 8 && line != 11;
  }
  cov.covered.assign(11, passing);
  cov.covered[0] = failing;
  cov.failing.assign(11, false);
  cov.failing[0] = true;
  cov.usable.assign(11, true);
  return cov;
}

TEST(Weights, MostSuspiciousStatementsComeFirst) {
  OneTest t(kTwoBranches, "two_branches", {0, 0});
  // A coverage matrix where the else branch (line 11) and the condition (line 8) are covered
  // by the failing test only, line 9 by ten passing tests too: Ochiai 1 (weight 10) against
  // 1/sqrt(11) (weight 33), so pf's {8, 11} (20) comes before {9} (33).
  const testing::CoverageMatrix cov = elseBranchCoverage(*t.program);
  t.task.coverage = &cov;
  t.task.options.weights = "ochiai";
  const Result r = t.run(Family::Program);
  ASSERT_EQ(r.diagnoses.size(), 2u);
  EXPECT_EQ(lineSets(r)[0], (LineSet{8, 11}));
  EXPECT_GT(r.diagnoses[0].weight, 0);
  EXPECT_LE(r.diagnoses[0].weight, r.diagnoses[1].weight);
  t.task.options.weights.clear();
  EXPECT_EQ(lineSets(t.run(Family::Program))[0], (LineSet{9}));
}

TEST(Weights, CountBoundKeepsTheCheapestNotTheFirstFound) {
  // The coverage of MostSuspiciousStatementsComeFirst: unweighted, {9} comes first; weighted,
  // {8, 11} (20) is cheaper than {9} (33). --max-count 1 keeps the cheapest, and says the count
  // bound cut the list.
  OneTest t(kTwoBranches, "two_branches", {0, 0});
  const testing::CoverageMatrix cov = elseBranchCoverage(*t.program);
  t.task.coverage = &cov;
  t.task.options.weights = "ochiai";
  t.task.options.maxCount = 1;
  const Result r = t.run(Family::Program);
  ASSERT_EQ(r.diagnoses.size(), 1u);
  EXPECT_EQ(lineSets(r)[0], (LineSet{8, 11}));
  EXPECT_DOUBLE_EQ(r.diagnoses[0].weight, 20);
  EXPECT_FALSE(r.complete);
  EXPECT_NE(r.incompleteReason.find("--max-count"), std::string::npos);
}

TEST(Weights, ClauseWeightIsInverseSuspiciousness) {
  EXPECT_EQ(clauseWeight(1.0), 10u);
  EXPECT_EQ(clauseWeight(0.5), 20u);
  EXPECT_EQ(clauseWeight(0.0), 1000u);
  EXPECT_GT(clauseWeight(0.0), clauseWeight(0.001) - 1);
  EXPECT_EQ(clauseWeight(50.0), 1u);
}

TEST(Bounds, SizeAndCountBoundsMakeTheResultIncomplete) {
  OneTest t(kTwoBranches, "two_branches", {0, 0});
  t.task.options.maxSize = 1;
  Result r = t.run(Family::Program);
  EXPECT_EQ(asSet(r), (std::set<LineSet>{{9}}));
  EXPECT_FALSE(r.complete);
  EXPECT_NE(r.incompleteReason.find("size bound"), std::string::npos);
  t.task.options.maxSize = 3;
  t.task.options.maxCount = 1;
  r = t.run(Family::Program);
  EXPECT_EQ(r.diagnoses.size(), 1u);
  EXPECT_FALSE(r.complete);
  EXPECT_GT(r.stats.queries, 0u);
  EXPECT_GT(r.stats.soft, 0u);
}

TEST(Bounds, AFailingRunBeyondTheUnwindingBoundIsFlagged) {
  OneTest t(R"(#include <assert.h>
int loop(int n) {
  int i = 0, s = 0;
  while (i < n) {
    s = s + 2;
    i = i + 1;
  }
  assert(s != 10);
  return s;
}
)",
            "loop", {5});
  t.task.options.unwind = 3;
  t.task.options.loopBounds = FormulaOptions::LoopBounds::Uniform;  // the default fits the run
  const Result r = t.run(Family::Program);
  EXPECT_FALSE(r.complete);
  EXPECT_NE(r.incompleteReason.find("unwinding bound 3"), std::string::npos);
  t.task.options.unwind = 6;
  EXPECT_TRUE(t.run(Family::Program).complete);
}

TEST(Registry, FormulaTechniquesAreRegisteredPerFailingTest) {
  for (const char* name : {"pf", "fs", "fi"}) {
    const TechniqueInfo* info = findTechnique(name);
    ASSERT_NE(info, nullptr) << name;
    EXPECT_TRUE(info->perFailingTest());
  }
}

TEST(Registry, RunsOnAProblem) {
  auto program = frontend::parseSource(kTwoBranches, "t.c");
  testing::TestSuite suite;
  testing::TestCase tc;
  tc.index = 1;
  tc.input.entryArgs = {0, 0};
  suite.tests.push_back(tc);
  Problem p;
  p.program = program.get();
  p.suite = &suite;
  p.failingTest = 0;
  p.runOptions.entry = "two_branches";
  EXPECT_EQ(asSet(findTechnique("pf")->run(p)), (std::set<LineSet>{{9}, {8, 11}}));
  EXPECT_EQ(asSet(findTechnique("fs")->run(p)), (std::set<LineSet>{{9}, {8}}));
  EXPECT_EQ(asSet(findTechnique("fi")->run(p)), (std::set<LineSet>{{9}}));
}

}  // namespace
}  // namespace culprit::localize::test

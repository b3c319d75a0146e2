// Scenarios A, B and E of SCENARIOS.md, in our own C, for pf, fi and fs: the published MCSs and
// which of them replay infeasible. Each program's comment maps the paper's line numbers to the
// file's.
#include "formula_test_util.h"

#include <gtest/gtest.h>

namespace culprit::localize::test {
namespace {

using encode::Family;

// Scenario A. Paper lines: 1 -> 4, 2 -> 5, 4 -> 7, 5 -> 8, 6 -> 9, 8 -> 11, 9 -> 12.
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

TEST(ScenarioA, FlowSensitiveTraceGivesIncrementAndInfeasibleCondition) {
  OneTest t(kTwoBranches, "two_branches", {0, 0});
  const Result r = t.run(Family::TraceFlowSensitive);
  EXPECT_EQ(asSet(r), (std::set<LineSet>{{9}, {8}}));
  EXPECT_EQ(feasibilityOf(r, {9}), Feasibility::Feasible);
  EXPECT_EQ(feasibilityOf(r, {8}), Feasibility::Infeasible);
  EXPECT_TRUE(r.complete) << r.incompleteReason;
}

TEST(ScenarioA, FlowInsensitiveTraceGivesIncrementOnly) {
  OneTest t(kTwoBranches, "two_branches", {0, 0});
  const Result r = t.run(Family::TraceFlowInsensitive);
  EXPECT_EQ(asSet(r), (std::set<LineSet>{{9}}));
  EXPECT_EQ(feasibilityOf(r, {9}), Feasibility::Feasible);
}

TEST(ScenarioA, ProgramFormulaGivesIncrementAndConditionWithElseBranch) {
  OneTest t(kTwoBranches, "two_branches", {0, 0});
  const Result r = t.run(Family::Program);
  EXPECT_EQ(asSet(r), (std::set<LineSet>{{9}, {8, 11}}));
  EXPECT_EQ(feasibilityOf(r, {9}), Feasibility::Feasible);
  EXPECT_EQ(feasibilityOf(r, {8, 11}), Feasibility::Feasible);
}

// Scenario B. Paper lines: 1 -> 3, 2 -> 4, 3 -> 5, 4 -> 6.
const char* kAbsolute = R"(#include <assert.h>
int absolute(int x) {
  int abs = x;
  if (x < -1)
    abs = -x;
  assert(abs >= 0);
  return abs;
}
)";

TEST(ScenarioB, TraceFormulasMissTheBoundaryCondition) {
  OneTest t(kAbsolute, "absolute", {-1});
  EXPECT_EQ(asSet(t.run(Family::TraceFlowInsensitive)), (std::set<LineSet>{{3}}));
  EXPECT_EQ(asSet(t.run(Family::TraceFlowSensitive)), (std::set<LineSet>{{3}}));
}

TEST(ScenarioB, ProgramFormulaFindsTheBoundaryCondition) {
  OneTest t(kAbsolute, "absolute", {-1});
  const Result r = t.run(Family::Program);
  EXPECT_EQ(asSet(r), (std::set<LineSet>{{3}, {4}}));
  EXPECT_EQ(feasibilityOf(r, {4}), Feasibility::Feasible);
}

TEST(ScenarioB, MustSetHoldsTheAssignmentAndTheBoundaryCondition) {
  OneTest t(kAbsolute, "absolute", {-1});
  FormulaOptions o;
  const Result r = t.runNamed("must", o);
  ASSERT_EQ(r.diagnoses.size(), 1u) << r.incompleteReason;
  EXPECT_EQ(asSet(r), (std::set<LineSet>{{3, 4}}));  // the paper's {1, 2}
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.diagnoses[0].feasible, Feasibility::Unchecked);
}

// Scenario E. Paper lines: 5 (val = 50) is the input `val`; 6 -> 3, 7 -> 4, 8 -> 5, 9 -> 6,
// 10 -> 7, 11 -> 8, 13 -> 10.
const char* kSquareRoot = R"(#include <assert.h>
int square_root(int val) {
  int i = 1;
  int v = 0;
  int res = 0;
  while (v < val) {
    v = v + 2 * i + 1;
    i = i + 1;
  }
  res = i;
  assert(res * res <= val && (res + 1) * (res + 1) > val);
  return res;
}
)";

// BugAssist's published suspects are lines {9, 10, 11, 13}: the loop condition, both loop
// assignments and the result. Our formula has one more single-statement MCS, paper line 7
// (`v = 0`): starting v anywhere in [2, 14] makes the loop run 6 times and res = 7 correct.
// Initialised declarations are statements here (as gcov counts them); the paper's encoding
// evidently kept the initialisations out of the soft clauses. `i = 1` is no MCS (no start
// value gives res = 7 on a consistent loop run), nor is the dead `res = 0`.
TEST(ScenarioE, ProgramFormulaSuspectsTheLoopAndTheResult) {
  for (unsigned unwind : {8u, 10u}) {
    OneTest t(kSquareRoot, "square_root", {50});
    t.task.options.unwind = unwind;
    const Result r = t.run(Family::Program);
    EXPECT_EQ(asSet(r), (std::set<LineSet>{{6}, {7}, {8}, {10}, {4}})) << "unwind " << unwind;
    EXPECT_TRUE(r.complete) << r.incompleteReason;
    for (const Diagnosis& d : r.diagnoses)
      EXPECT_EQ(d.feasible, Feasibility::Feasible);
  }
}

TEST(ScenarioE, IntegerEncodingGivesTheSameMcses) {
  OneTest t(kSquareRoot, "square_root", {50});
  t.task.options.unwind = 8;
  t.task.options.ints = FormulaOptions::Ints::Math;
  EXPECT_EQ(asSet(t.run(Family::Program)), (std::set<LineSet>{{6}, {7}, {8}, {10}, {4}}));
}

// A runtime error is a failure too: the oracle is "no undefined behaviour", and the trace
// formulas stop at the failing instance (nothing after the division is encoded). The program
// formula also blames the division itself: its check belongs to it, so relaxed, another
// statement in its place need not divide by zero (the replay forces r without dividing).
const char* kRatio = R"(int ratio(int a, int b) {
  int d = b - a;
  int r = 100 / d;
  int s = r * 2;
  return s;
}
)";

TEST(RuntimeError, DivisionByZeroIsExplainedByItsDivisor) {
  OneTest t(kRatio, "ratio", {2, 2});
  for (Family f : {Family::Program, Family::TraceFlowSensitive, Family::TraceFlowInsensitive}) {
    const Result r = t.run(f);
    const std::set<LineSet> expected =
        f == Family::Program ? std::set<LineSet>{{2}, {3}} : std::set<LineSet>{{2}};
    EXPECT_EQ(asSet(r), expected) << encode::familyName(f);
    EXPECT_EQ(feasibilityOf(r, {2}), Feasibility::Feasible) << encode::familyName(f);
    if (f == Family::Program) {
      EXPECT_EQ(feasibilityOf(r, {3}), Feasibility::Feasible);
    }
  }
}

}  // namespace
}  // namespace culprit::localize::test

// Recursion bounds read off a run (--loop-bounds run), and pf with them.
#include "formula_test_util.h"
#include "localize/loop_bounds.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace culprit::localize::test {
namespace {

// f(3): sum nests four frames (depth 3); sq and f never call themselves; never is recursive
// but not entered.
const char* kCalls = R"(int sq(int x) { return x * x; }
int sum(int n) {
  if (n <= 0) return 0;
  return sq(n) + sum(n - 1);
}
int never(int n) {
  if (n > 0) return never(n - 1);
  return 0;
}
int f(int n) {
  if (n < 0) return never(n);
  return sum(n);
}
)";

ir::FuncId fn(const ir::Program& p, const char* name) { return p.findFunction(name)->id; }

TEST(RecursionBounds, DepthIsTheMostNestedCallsOfAFunction) {
  OneTest t(kCalls, "f", {3});
  const exec::RunResult run = traceRun(t.task, nullptr);
  const auto depths = recursionDepths(*t.program, run);
  EXPECT_EQ(depths.at(fn(*t.program, "sum")), 3u);
  EXPECT_EQ(depths.at(fn(*t.program, "sq")), 0u);
  EXPECT_EQ(depths.at(fn(*t.program, "f")), 0u);
  EXPECT_FALSE(depths.contains(fn(*t.program, "never")));

  EXPECT_EQ(recursiveFunctions(*t.program),
            (std::vector<ir::FuncId>{fn(*t.program, "sum"), fn(*t.program, "never")}));
  const auto bounds = runRecursionBounds(*t.program, run, 2, 10);
  EXPECT_EQ(bounds.size(), 2u);  // the recursive functions only
  EXPECT_EQ(bounds.at(fn(*t.program, "sum")), 5u);
  // Never entered: the run's deepest recursion plus the slack, at most --unwind, at least
  // the slack.
  EXPECT_EQ(bounds.at(fn(*t.program, "never")), 5u);
  EXPECT_EQ(runRecursionBounds(*t.program, run, 2, 4).at(fn(*t.program, "never")), 4u);
  EXPECT_EQ(runRecursionBounds(*t.program, run, 6, 4).at(fn(*t.program, "never")), 6u);
  EXPECT_EQ(runRecursionBounds(*t.program, run, 0, 1).at(fn(*t.program, "sum")), 3u);
  EXPECT_EQ(describeRecursionBounds(*t.program, bounds), "t.c:2 sum 5, t.c:6 never 5");
}

TEST(RecursionBounds, PfUnwindsRecursionToTheRunAndNamesTheFlagThatLiftsAUniformBound) {
  const char* faulty = R"(int sum(int n) {
  if (n <= 0)
    return 0;
  return n + n + sum(n - 1);
}
)";
  OneTest t(faulty, "sum", {4});
  t.setGolden(R"(int sum(int n) {
  if (n <= 0)
    return 0;
  return n + sum(n - 1);
}
)");
  FormulaOptions o;
  o.unwind = 2;
  o.loopBounds = FormulaOptions::LoopBounds::Uniform;
  const Result uniform = t.runNamed("pf", o);
  EXPECT_FALSE(uniform.complete);
  EXPECT_NE(uniform.incompleteReason.find("unwinding bound 2 is below the failing run's "
                                          "recursion depth 4 (--unwind 4 or --loop-bounds run "
                                          "lifts it)"),
            std::string::npos)
      << uniform.incompleteReason;

  o.loopBounds = FormulaOptions::LoopBounds::Run;
  o.loopSlack = 1;
  const Result run = t.runNamed("pf", o);
  EXPECT_TRUE(run.complete) << run.incompleteReason;
  ASSERT_FALSE(run.diagnoses.empty());
  EXPECT_EQ(run.diagnoses[0].locations.at(0).line, 4u);
  EXPECT_NE(std::find(run.notes.begin(), run.notes.end(),
                      "recursion unwound to the failing run's depth + 1; functions it never "
                      "entered to its deepest recursion's + 1 (at most --unwind 2) "
                      "(--loop-bounds run; a larger --loop-slack or --unwind lifts them): "
                      "t.c:1 sum 5"),
            run.notes.end());
}

}  // namespace
}  // namespace culprit::localize::test

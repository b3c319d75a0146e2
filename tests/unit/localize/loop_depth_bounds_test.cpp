// Loops of recursive functions bounded per recursion depth from a run (--loop-bounds run).
#include "formula_test_util.h"
#include "localize/loop_bounds.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace culprit::localize::test {
namespace {

// f(5): walk's frames at depths 0, 1, 2 run its loop 5, 3 and 1 times; the frame at depth 3
// returns before the loop. count's loop is in a function that never calls itself.
const char* kWalk = R"(int walk(int d, int n) {
  int i, s = 0;
  if (d == 0) return 0;
  for (i = 0; i < n; i++) s += i;
  return s + walk(d - 1, n - 2);
}
int count(int n) {
  int i, c = 0;
  for (i = 0; i < n; i++) c++;
  return c;
}
int f(int n) { return walk(3, n) + count(n); }
)";

const ir::Stmt* loopAt(const ir::Program& p, unsigned line) {
  for (const ir::Stmt* s : p.stmts)
    if (s && s->kind == ir::StmtKind::For && s->range.line == line) return s;
  return nullptr;
}

TEST(LoopDepthBounds, IterationsAreCountedPerDepthOfTheLoopsFunction) {
  OneTest t(kWalk, "f", {5});
  const exec::RunResult run = traceRun(t.task, nullptr);
  const ir::Stmt* walkLoop = loopAt(*t.program, 4);
  const ir::Stmt* countLoop = loopAt(*t.program, 9);
  ASSERT_TRUE(walkLoop && countLoop);
  const DepthBounds ran = loopIterationsByDepth(*t.program, run);
  EXPECT_EQ(ran.size(), 1u);  // count is not recursive
  EXPECT_EQ(ran.at(walkLoop->id), (std::vector<unsigned>{5, 3, 1}));
  // The whole loop's bound (runLoopBounds) is its longest entry, 5, plus the slack.
  const auto whole = runLoopBounds(*t.program, run, 2, 10);
  EXPECT_EQ(whole.at(walkLoop->id), 7u);
  const DepthBounds bounds = runLoopDepthBounds(*t.program, run, 2, whole);
  EXPECT_EQ(bounds.size(), 1u);
  // Each depth's bodies plus the slack; deeper frames (depth 3 never ran it) get the slack.
  EXPECT_EQ(bounds.at(walkLoop->id), (std::vector<unsigned>{7, 5, 3, 2}));
  EXPECT_EQ(describeLoopDepthBounds(*t.program, bounds), "t.c:4 7/5/3/2");
  // Never above the loop's own bound.
  auto capped = whole;
  capped[walkLoop->id] = 4;
  EXPECT_EQ(runLoopDepthBounds(*t.program, run, 2, capped).at(walkLoop->id),
            (std::vector<unsigned>{4, 4, 3, 2}));

  EXPECT_TRUE(withinLoopDepthBounds(*t.program, run, bounds));
  DepthBounds tight = bounds;
  tight[walkLoop->id] = {7, 2, 3, 2};  // depth 1 ran 3 bodies
  EXPECT_FALSE(withinLoopDepthBounds(*t.program, run, tight));
  tight[walkLoop->id] = {5, 3, 0};  // the last entry covers depth 2 and deeper
  EXPECT_FALSE(withinLoopDepthBounds(*t.program, run, tight));
  tight[walkLoop->id] = {5, 3, 1};
  EXPECT_TRUE(withinLoopDepthBounds(*t.program, run, tight));
}

TEST(LoopDepthBounds, PfLocatesAFaultInARecursiveLoopAndListsTheBounds) {
  const char* faulty = R"(int walk(int d, int n) {
  int i, s = 0;
  if (d == 0) return 0;
  for (i = 0; i < n; i++) s += i + 1;
  return s + walk(d - 1, n - 2);
}
)";
  OneTest t(faulty, "walk", {3, 5});
  t.setGolden(R"(int walk(int d, int n) {
  int i, s = 0;
  if (d == 0) return 0;
  for (i = 0; i < n; i++) s += i;
  return s + walk(d - 1, n - 2);
}
)");
  FormulaOptions o;
  o.loopSlack = 1;
  const Result run = t.runNamed("pf", o);
  EXPECT_TRUE(run.complete) << run.incompleteReason;
  ASSERT_FALSE(run.diagnoses.empty());
  EXPECT_EQ(run.diagnoses[0].locations.at(0).line, 4u);
  EXPECT_NE(std::find(run.notes.begin(), run.notes.end(),
                      "loops of recursive functions unwound per depth of their function to the "
                      "failing run's iterations there + 1, and to 1 at depths where it did not "
                      "run them (the last value holds for deeper calls; --loop-bounds run; a "
                      "larger --loop-slack lifts them, --loop-bounds uniform removes them): "
                      "t.c:4 6/4/2/1"),
            run.notes.end());
}

}  // namespace
}  // namespace culprit::localize::test

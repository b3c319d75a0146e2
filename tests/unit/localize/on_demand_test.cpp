// OnDemandFormula's explored-model confirmation and tail runs (ofc, agx): an MCS whose fix lies
// on the failing run's path is confirmed by one query, without exploring; a condition is
// explored from its last executions, one flip per run.
#include "formula_test_util.h"
#include "localize/on_demand.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace culprit::localize::test {
namespace {

// f(10): s = 2 + 4 + 6 + 8 = 20, the assertion wants 30 (the loop should run to i <= n).
const std::string kProgram = sumEvenProgram(30);

class OnDemand : public ::testing::Test {
protected:
  void SetUp() override {
    t.task.options.timeoutSeconds = 0;
    formula.emplace(t.task, encode::Unexplored::Free, r);
    ASSERT_TRUE(formula->ok()) << r.incompleteReason;
  }
  /// The one-statement MCS candidate of the statement at `line` (its first soft group).
  solve::Mcs single(std::uint32_t line) {
    for (solve::SoftId id : formula->session().allSofts()) {
      solve::Mcs m{{id}, 1, z3::model(formula->session().ctx())};
      const std::uint32_t g = formula->groupsOf(m).front();
      if (t.program->stmt(formula->encoding().groups[g].stmt).range.line == line) return m;
    }
    ADD_FAILURE() << "no soft group at line " << line;
    return solve::Mcs{{}, 0, z3::model(formula->session().ctx())};
  }
  bool onExplored(const solve::Mcs& m) {
    const std::vector<encode::PathStep> path = encode::modelPath(formula->encoding(), m.model);
    return std::all_of(path.begin(), path.end(),
                       [](const encode::PathStep& s) { return s.encoded; });
  }

  OneTest t{kProgram, "f", {10}};
  Result r;
  std::optional<OnDemandFormula> formula;
};

TEST_F(OnDemand, AFixOnTheFailingPathIsConfirmedWithoutExploring) {
  // s = 10 instead of 0: the failing run's path, one value changed.
  const std::optional<solve::Mcs> m = formula->solveOnExplored(single(3), 10, {});
  ASSERT_TRUE(m.has_value());
  EXPECT_TRUE(onExplored(*m));
  EXPECT_EQ(r.stats.counter("explored-models"), 1u);
  EXPECT_EQ(formula->refinements(), 0u);
}

TEST_F(OnDemand, AConditionIsExploredFromItsLastExecutions) {
  const solve::Mcs cond = single(5);
  // Every fix of the `if` flips some of its decisions: sides the failing run never took.
  EXPECT_FALSE(formula->solveOnExplored(cond, 10, {}).has_value());
  const std::vector<exec::RunResult> runs = formula->tailRuns(cond);
  // The if runs 9 times (i = 1..9); the last 8 are flipped, one per run, and each run leaves
  // the failing run's path only there (a flip changes s, not the path).
  ASSERT_EQ(runs.size(), OnDemandFormula::kTailRuns);
  std::set<std::uint32_t> flipped;
  for (const exec::RunResult& run : runs) {
    std::size_t deviations = 0;
    for (const BranchDecision& b : formula->decisionsOf(run))
      if (b.deviates) {
        ++deviations;
        flipped.insert(b.occurrence);
      }
    EXPECT_EQ(deviations, 1u);
  }
  EXPECT_EQ(flipped, (std::set<std::uint32_t>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_TRUE(formula->tailRuns(cond).empty());  // once per statement
  // One new side per run: the flipped execution's other side, nothing else.
  EXPECT_EQ(formula->add(runs), OnDemandFormula::kTailRuns);
  // With only the last execution free the fix is still out of reach (i = 9 adds 9, not 10).
  EXPECT_FALSE(formula->solveOnExplored(cond, 10, {}).has_value());
}

TEST_F(OnDemand, AWindowProbeFindsALoopStatementsCandidate) {
  // The if ran 9 times (i = 1..9); f(10) needs + 10. Its last execution flipped adds 9, the
  // last two give - 8 + 9 = 1 at most; the last four free (i = 6..9): + 7 + 9 - 6 = 10.
  const std::optional<solve::Mcs> m = formula->solveInWindow(single(5).softs.front(), {});
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(r.stats.counter("window-models"), 1u);
  // `s = 0` runs once: too few executions for a window (the enumeration's query is as small).
  EXPECT_FALSE(formula->solveInWindow(single(3).softs.front(), {}).has_value());
  EXPECT_EQ(r.stats.counter("window-models"), 1u);
}

}  // namespace
}  // namespace culprit::localize::test

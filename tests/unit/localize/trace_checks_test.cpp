// Trace checks (trace_checks.h) with the run's branches held: a relaxed value that turns an
// early exit the run did not take satisfies the flow-sensitive trace formula, whose code after
// the `if` does not depend on it, while the replay takes the exit.
#include "formula_test_util.h"
#include "localize/trace_checks.h"

#include <gtest/gtest.h>

namespace culprit::localize::test {
namespace {

// f(1): c = 1, the `if` is not taken, r = -4 and the last assertion fails. Only c = 0 gives
// r == -5 after the `if`; but with c = 0 the run takes the `if`, whose assertion fails for n = 1.
const char* kEarlyExit = R"(#include <assert.h>
int f(int n) {
  int c = n;
  int r = 0;
  if (c == 0) {
    assert(n > 5);
    return r;
  }
  r = c - 5;
  assert(r == -5);
  return r;
}
)";

struct Checked {
  OneTest t{kEarlyExit, "f", {1}};
  testing::TestSuite suite;
  Problem p;
  Checked() {
    suite.tests.push_back(t.test);
    p.program = t.program.get();
    p.suite = &suite;
    p.oracle = &t.oracle;
    p.runOptions = t.task.run;
  }
  ir::StmtId at(std::uint32_t line) const {
    for (ir::StmtId s = 0; s < p.program->stmts.size(); ++s)
      if (p.program->stmt(s).range.line == line && p.program->stmt(s).kind != ir::StmtKind::Block)
        return s;
    return ir::kNone;
  }
};

TEST(TraceChecks, AHeldBranchKeepsARelaxedValueFromTakingAnExitTheRunDidNotTake) {
  Checked c;
  TraceChecks checks(c.p, {0, 0, encode::Family::TraceFlowSensitive, true});
  const std::set<ir::StmtId> value{c.at(3)};
  // Free: c = 0 satisfies the formula, and the replay with it fails in the `if`.
  ASSERT_EQ(checks.check(0, value, solve::Deadline()), solve::Answer::Sat);
  const std::vector<AngelicValue> free = checks.angelic(0, value);
  ASSERT_EQ(free.size(), 1u);
  EXPECT_EQ(free.front().value, 0);
  EXPECT_FALSE(replayPasses(c.p, 0, free));
  // Held: the `if` stays not taken (c != 0), and no c gives r == -5 there.
  EXPECT_EQ(checks.check(0, value, solve::Deadline(), true), solve::Answer::Unsat);
}

TEST(TraceChecks, ARelaxedBranchIsNotHeld) {
  Checked c;
  TraceChecks checks(c.p, {0, 0, encode::Family::TraceFlowSensitive, true});
  const std::set<ir::StmtId> both{c.at(3), c.at(5)};
  ASSERT_EQ(checks.check(0, both, solve::Deadline(), true), solve::Answer::Sat);
  // c = 0 with the `if` forced not taken: r == -5, and the replay passes.
  EXPECT_TRUE(replayPasses(c.p, 0, checks.angelic(0, both)));
}

TEST(TraceChecks, WithoutLimitsHoldTheHoldIsIgnored) {
  Checked c;
  TraceChecks checks(c.p, {});
  EXPECT_EQ(checks.check(0, {c.at(3)}, solve::Deadline(), true), solve::Answer::Sat);
}

}  // namespace
}  // namespace culprit::localize::test

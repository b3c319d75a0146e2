// Window probes (pf): a loop statement's single-statement MCS is found with the failing run's
// values kept at all but its last executions, before the enumeration; MCSs known before
// enumerating are reported first and blocked.
#include "formula_test_util.h"
#include "localize/window_probe.h"

#include <gtest/gtest.h>

namespace culprit::localize::test {
namespace {

// f(20): s = 2 + 4 + ... + 18 = 90, the assertion wants 110 (the loop should run to i <= n).
const std::string kProgram = sumEvenProgram(110);

TEST(WindowProbe, LoopStatementsAreFoundNearTheFailingRun) {
  OneTest t{kProgram, "f", {20}};
  t.task.options.timeoutSeconds = 0;
  const Result r = t.run(encode::Family::Program);
  ASSERT_TRUE(r.complete) << r.incompleteReason;
  // Probed (8 or more executions): `i < n` (20: its last decision flipped runs the body once
  // more, + 20), `i++` (19: its last value free, the loop runs on through the bound's two
  // spare iterations, e.g. i = 10 twice), the `if` (19: needs its last 4 free, i = 16..19:
  // + 17 + 19 - 16 = 20; the last 1 or 2 give + 19, - 18 + 19 or + 1), `s = s + i` (9: its
  // last value 110). `s = 0` and `i = 1` run once: left to the enumeration.
  EXPECT_EQ(r.stats.counter("window-models"), 4u);
  // The same five MCSs the enumeration alone finds: `s = 0`, `i = 1` is none (it shifts every
  // i by the same amount: 0 or 2 at the start give other sums), the three loop statements of
  // line 4 but `i = 1`, the `if`, `s = s + i`.
  EXPECT_EQ(asSet(r), (std::set<LineSet>{{3}, {4}, {5}, {6}}));
  EXPECT_EQ(r.diagnoses.size(), 5u);
  for (const Diagnosis& d : r.diagnoses)
    EXPECT_EQ(d.feasible, Feasibility::Feasible) << d.locations.front().line;
}

TEST(WindowProbe, PinsFollowTheRunAndSkipSharedKeys) {
  OneTest t{kProgram, "f", {20}};
  const exec::RunResult run = traceRun(t.task, nullptr);
  const ProducedValues produced = producedValues(*t.program, run);
  // The if (line 5) ran at iterations 1..19, each its own key with the run's decision.
  std::size_t ifs = 0;
  for (const auto& [key, value] : produced)
    if (t.program->stmt(std::get<0>(key)).range.line == 5) {
      ASSERT_TRUE(value.has_value());
      EXPECT_EQ(value->value, std::get<2>(key) % 2 == 0 ? 1 : 0)
          << "iteration " << std::get<2>(key);
      ++ifs;
    }
  EXPECT_EQ(ifs, 19u);
}

TEST(WindowProbe, KnownMcsesComeFirstAndStayBlocked) {
  z3::context ctx;
  solve::Session session(ctx);
  const z3::expr a = ctx.bool_const("a"), b = ctx.bool_const("b"), c = ctx.bool_const("c");
  session.addHard(!(a && b && c));  // MCSs: {a}, {b}, {c}
  for (const z3::expr& x : {a, b, c})
    session.addSoft(x);
  ASSERT_EQ(session.check(session.selectorsExcept(std::vector<solve::SoftId>{2})),
            solve::Answer::Sat);
  std::vector<solve::Mcs> known{{{2}, 1, session.model()}};
  std::unique_ptr<solve::McsEnumerator> e =
      withFoundFirst(known, solve::makeMcsEnumerator("maxsat", session), 0);
  const solve::McsResult all = solve::enumerateMcses(session, *e);
  ASSERT_EQ(all.mcses.size(), 3u);  // {c} is not found again
  EXPECT_EQ(all.mcses[0].softs, std::vector<solve::SoftId>{2});
  EXPECT_TRUE(all.complete);
  // With a count bound of 1 only the known one is reported.
  solve::Session again(ctx);
  again.addHard(!(a && b && c));
  for (const z3::expr& x : {a, b, c})
    again.addSoft(x);
  std::unique_ptr<solve::McsEnumerator> one =
      withFoundFirst(known, solve::makeMcsEnumerator("maxsat", again, {0, 1}), 1);
  const solve::McsResult first = solve::enumerateMcses(again, *one);
  ASSERT_EQ(first.mcses.size(), 1u);
  EXPECT_EQ(first.mcses[0].softs, std::vector<solve::SoftId>{2});
  EXPECT_EQ(first.stop, solve::StopReason::CountBound);
}

}  // namespace
}  // namespace culprit::localize::test

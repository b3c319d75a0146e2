// Stratified Fu–Malik / WPM1: optima on hand examples, weights, incremental additions,
// always-assumed literals, unsatisfiable hard parts, timeouts and scope checks.
#include "solve/maxsat.h"

#include "solve_test_util.h"

#include <gtest/gtest.h>

namespace culprit::solve {
namespace {

using testutil::Formula;
using testutil::handFormula;
using testutil::load;

TEST(MaxSat, UnitOptimumOnHandExample) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  MaxSatResult r = makeMaxSat(s)->solve();
  ASSERT_EQ(r.answer, Answer::Sat);
  EXPECT_EQ(r.cost, 2u);
  EXPECT_EQ(r.lowerBound, 2u);
  EXPECT_TRUE(r.relaxed == std::vector<SoftId>({0, 3}) || r.relaxed == std::vector<SoftId>({0, 4}));
  ASSERT_TRUE(r.model.has_value());
  EXPECT_EQ(s.relaxedIn(*r.model), r.relaxed);
}

TEST(MaxSat, CostLimitStopsOnceTheLowerBoundPassesIt) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));  // optimum 2
  std::unique_ptr<MaxSat> maxsat = makeMaxSat(s);
  MaxSatResult r = maxsat->solve({}, 1);
  EXPECT_EQ(r.answer, Answer::Unknown);
  EXPECT_TRUE(r.overLimit);
  EXPECT_EQ(r.lowerBound, 2u);
  EXPECT_FALSE(r.model.has_value());
  // The engine's state is kept: a second call without a limit finds the optimum.
  MaxSatResult full = maxsat->solve({}, 2);
  ASSERT_EQ(full.answer, Answer::Sat);
  EXPECT_FALSE(full.overLimit);
  EXPECT_EQ(full.cost, 2u);
}

TEST(MaxSat, WeightedOptimumAvoidsHeavyGroups) {
  for (bool stratify : {true, false}) {
    z3::context ctx;
    Session s(ctx);
    load(s, handFormula(ctx, {10, 1, 2, 1, 3, 1}));
    std::unique_ptr<MaxSat> maxsat = makeMaxSat(s, {.stratify = stratify});
    MaxSatResult r = maxsat->solve();
    ASSERT_EQ(r.answer, Answer::Sat);
    EXPECT_EQ(r.cost, 3u) << "stratify " << stratify;  // {1, 3, 5}
    EXPECT_EQ(r.relaxed, std::vector<SoftId>({1, 3, 5}));
    EXPECT_GT(maxsat->stats().splits, 0u);  // the weight-10 group was split at least once
  }
}

TEST(MaxSat, SatisfiableFormulaCostsNothing) {
  z3::context ctx;
  Session s(ctx);
  z3::expr a = ctx.bool_const("a");
  s.addHard(z3::implies(a, ctx.bv_const("x", 4) == 2));
  s.addSoft(a, 7);
  MaxSatResult r = makeMaxSat(s)->solve();
  EXPECT_EQ(r.answer, Answer::Sat);
  EXPECT_EQ(r.cost, 0u);
  EXPECT_TRUE(r.relaxed.empty());
}

TEST(MaxSat, UnsatisfiableHardPart) {
  z3::context ctx;
  Session s(ctx);
  z3::expr x = ctx.bv_const("x", 4);
  s.addHard(x == 1 && x == 2);
  s.addSoft(ctx.bool_const("a"));
  MaxSatResult r = makeMaxSat(s)->solve();
  EXPECT_EQ(r.answer, Answer::Unsat);
  EXPECT_FALSE(r.model.has_value());
}

TEST(MaxSat, IncrementalAdditionsMatchAFreshSolve) {
  z3::context ctx;
  Formula f = handFormula(ctx, {1, 2, 1, 1, 1, 3});
  Session s(ctx);
  load(s, f);
  std::unique_ptr<MaxSat> maxsat = makeMaxSat(s);
  ASSERT_EQ(maxsat->solve().cost, 2u);  // {0,3} or {0,4}
  Weight bound = maxsat->lowerBound();

  // A new hard constraint (c must hold) and a new soft group (¬c, weight 2).
  z3::expr c = ctx.bool_const("c"), extra = ctx.bool_const("extra");
  s.addHard(c);
  s.addHard(z3::implies(extra, !c));
  s.addSoft(extra, 2);
  f.hard.push_back(c);
  f.addGroup(extra, !c, 2);
  MaxSatResult incremental = maxsat->solve();
  EXPECT_GE(incremental.lowerBound, bound);

  Session fresh(ctx);
  load(fresh, f);
  MaxSatResult scratch = makeMaxSat(fresh)->solve();
  ASSERT_EQ(incremental.answer, Answer::Sat);
  ASSERT_EQ(scratch.answer, Answer::Sat);
  EXPECT_EQ(incremental.cost, scratch.cost);
  EXPECT_EQ(incremental.cost, 4u);  // c hard: group 4 (¬c) and `extra` relaxed, plus group 0
  EXPECT_EQ(maxsat->stats().solves, 2u);
}

TEST(MaxSat, AlwaysAssumedLiteralsActLikeHardConstraints) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  z3::expr guard = ctx.bool_const("guard");
  s.addHard(z3::implies(guard, ctx.bool_const("h0")));  // group 0 (a) may not be relaxed
  std::unique_ptr<MaxSat> maxsat = makeMaxSat(s);
  maxsat->assumeAlways(guard);
  MaxSatResult r = maxsat->solve();
  ASSERT_EQ(r.answer, Answer::Sat);
  EXPECT_EQ(r.cost, 3u);
  EXPECT_EQ(std::count(r.relaxed.begin(), r.relaxed.end(), 0u), 0);
  // Without the guard the plain optimum is back.
  EXPECT_EQ(makeMaxSat(s)->solve().cost, 2u);
}

TEST(MaxSat, TimeoutGivesUnknownWithLowerBound) {
  z3::context ctx;
  SessionOptions options;
  options.queryTimeoutMs = 100;
  Session s(ctx, options);
  load(s, handFormula(ctx));
  s.addHard(testutil::hardFactoring(ctx));
  MaxSatResult r = makeMaxSat(s)->solve();
  EXPECT_EQ(r.answer, Answer::Unknown);
  EXPECT_FALSE(r.reason.empty());
  EXPECT_FALSE(r.model.has_value());
}

TEST(MaxSat, RefusesToRunAfterItsScopeWasPopped) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  s.push();
  std::unique_ptr<MaxSat> maxsat = makeMaxSat(s);
  EXPECT_EQ(maxsat->solve().cost, 2u);
  s.pop();
  EXPECT_THROW(maxsat->solve(), std::logic_error);
  s.push();  // another scope at the same depth is still another scope
  EXPECT_THROW(maxsat->solve(), std::logic_error);
  s.pop();
}

}  // namespace
}  // namespace culprit::solve

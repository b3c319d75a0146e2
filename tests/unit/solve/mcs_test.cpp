// MCS enumeration, for every registered engine: hand examples with known MCSs, weighted order,
// bounds and completeness, incremental additions, timeouts, the registry and checkMcs.
#include "solve/mcs.h"

#include "solve_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

namespace culprit::solve {
namespace {

using testutil::BruteForce;
using testutil::Formula;
using testutil::handFormula;
using testutil::load;
using Sets = std::set<std::vector<SoftId>>;

Sets setsOf(const McsResult& r) {
  Sets sets;
  for (const Mcs& m : r.mcses)
    sets.insert(m.softs);
  return sets;
}

std::vector<Weight> weightsOf(const McsResult& r) {
  std::vector<Weight> w;
  for (const Mcs& m : r.mcses)
    w.push_back(m.weight);
  return w;
}

class McsEngine : public ::testing::TestWithParam<std::string> {
protected:
  /// The engine under test, wrapped in the checking decorator.
  std::unique_ptr<McsEnumerator> make(Session& s, McsBounds bounds = {}) {
    std::unique_ptr<McsEnumerator> e = makeMcsEnumerator(GetParam(), s, bounds);
    EXPECT_NE(e, nullptr);
    return withMcsCheck(std::move(e), s);
  }
  McsResult run(Session& s, McsBounds bounds = {}) {
    std::unique_ptr<McsEnumerator> e = make(s, bounds);
    return enumerateMcses(s, *e);
  }
};

const Sets kHandMcses = {{0, 3}, {0, 4}, {1, 3, 5}, {1, 4, 5}, {2, 3, 5}, {2, 4, 5}};

TEST_P(McsEngine, FindsEveryMcsOfHandExampleBySize) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  McsResult r = run(s);
  EXPECT_EQ(setsOf(r), kHandMcses);
  EXPECT_EQ(r.mcses.size(), 6u);
  std::vector<Weight> sizes = weightsOf(r);
  if (GetParam() == "cld") std::sort(sizes.begin(), sizes.end());  // in the order found
  EXPECT_EQ(sizes, (std::vector<Weight>{2, 2, 3, 3, 3, 3}));
  EXPECT_EQ(r.stop, StopReason::Exhausted);
  EXPECT_TRUE(r.complete);
  EXPECT_GT(r.solver.queries, 0u);
}

TEST_P(McsEngine, WeightedEnumerationIsCheapestFirst) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx, {10, 1, 2, 1, 3, 1}));
  McsResult r = run(s);
  EXPECT_EQ(setsOf(r), kHandMcses);
  EXPECT_EQ(weightsOf(r), (std::vector<Weight>{3, 4, 5, 6, 11, 13}));
  EXPECT_EQ(r.mcses.front().softs, (std::vector<SoftId>{1, 3, 5}));
  EXPECT_TRUE(r.complete);
}

TEST_P(McsEngine, SizeBoundIsCompleteUpToTheBound) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  McsResult r = run(s, {.maxSize = 2});
  EXPECT_EQ(setsOf(r), (Sets{{0, 3}, {0, 4}}));
  EXPECT_EQ(r.stop, StopReason::SizeBound);
  EXPECT_TRUE(r.complete);

  Session all(ctx);
  load(all, handFormula(ctx));
  McsResult r3 = run(all, {.maxSize = 3});
  EXPECT_EQ(setsOf(r3), kHandMcses);
  EXPECT_EQ(r3.stop, StopReason::Exhausted);  // nothing larger exists
}

TEST_P(McsEngine, WeightedSizeBoundKeepsWeightOrder) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx, {10, 1, 2, 1, 3, 1}));
  McsResult r = run(s, {.maxSize = 2});
  EXPECT_EQ(weightsOf(r), (std::vector<Weight>{11, 13}));
  EXPECT_EQ(r.stop, StopReason::SizeBound);
  EXPECT_TRUE(r.complete);
}

TEST_P(McsEngine, CountBoundIsIncomplete) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  McsResult r = run(s, {.maxCount = 2});
  EXPECT_EQ(r.mcses.size(), 2u);
  EXPECT_EQ(r.stop, StopReason::CountBound);
  EXPECT_FALSE(r.complete);
}

/// x0 = 5; s0: x1 = x0 + 1; s1: x2 = x1 & 0; s2: x3 = x2 + 3; s3: x4 = x3 * 2; s4: y = 7;
/// assert x4 == 10 (x4 is 6). s0 cannot help (s1 zeroes x1), s4 is unrelated.
TEST_P(McsEngine, BitVectorChainGivesAngelicValues) {
  z3::context ctx;
  std::vector<z3::expr> x;
  for (int i = 0; i < 5; ++i)
    x.push_back(ctx.bv_const(("x" + std::to_string(i)).c_str(), 8));
  z3::expr y = ctx.bv_const("y", 8);
  Formula f;
  f.hard = {x[0] == 5, x[4] == 10};
  f.addGroup(ctx.bool_const("s0"), x[1] == x[0] + 1);
  f.addGroup(ctx.bool_const("s1"), x[2] == (x[1] & 0));
  f.addGroup(ctx.bool_const("s2"), x[3] == x[2] + 3);
  f.addGroup(ctx.bool_const("s3"), x[4] == x[3] * 2);
  f.addGroup(ctx.bool_const("s4"), y == 7);
  Session s(ctx);
  load(s, f);
  McsResult r = run(s, {.maxSize = 3});
  EXPECT_EQ(setsOf(r), (Sets{{1}, {2}, {3}}));
  EXPECT_EQ(r.stop, StopReason::Exhausted);
  for (const Mcs& m : r.mcses) {
    if (m.softs != std::vector<SoftId>{2}) continue;
    // Relaxing x3 = x2 + 3: the angelic x3 doubles to 10.
    std::uint64_t angelic = m.model.eval(x[3], true).get_numeral_uint64();
    EXPECT_EQ(angelic * 2 % 256, 10u);
    EXPECT_EQ(m.model.eval(x[2], true).get_numeral_uint64(), 0u);
  }
}

TEST_P(McsEngine, SatisfiableFormulaHasTheEmptyMcs) {
  z3::context ctx;
  Session s(ctx);
  z3::expr a = ctx.bool_const("a");
  s.addHard(z3::implies(a, ctx.bv_const("x", 4) == 3));
  s.addSoft(a);
  McsResult r = run(s);
  ASSERT_EQ(r.mcses.size(), 1u);
  EXPECT_TRUE(r.mcses[0].softs.empty());
  EXPECT_EQ(r.stop, StopReason::Exhausted);
}

TEST_P(McsEngine, UnsatisfiableHardPartHasNoMcs) {
  z3::context ctx;
  Session s(ctx);
  s.addHard(ctx.bool_val(false));
  s.addSoft(ctx.bool_const("a"));
  McsResult r = run(s, {.maxSize = 2});
  EXPECT_TRUE(r.mcses.empty());
  EXPECT_EQ(r.stop, StopReason::Exhausted);
}

TEST_P(McsEngine, IncrementalAdditionsBetweenCalls) {
  z3::context ctx;
  Formula f = handFormula(ctx);
  Session s(ctx);
  load(s, f);
  std::unique_ptr<McsEnumerator> e = make(s);
  Sets first;
  for (int i = 0; i < 2; ++i)
    first.insert(e->next().value().softs);
  EXPECT_EQ(first, (Sets{{0, 3}, {0, 4}}));

  // Refinement: c becomes hard, and a new soft group `extra` (¬b) joins.
  z3::expr c = ctx.bool_const("c"), b = ctx.bool_const("b"), extra = ctx.bool_const("extra");
  s.addHard(c);
  s.addHard(z3::implies(extra, !b));
  s.addSoft(extra);
  f.hard.push_back(c);
  f.addGroup(extra, !b);

  Sets rest;
  while (std::optional<Mcs> m = e->next())
    rest.insert(m->softs);
  EXPECT_EQ(e->stopReason(), StopReason::Exhausted);
  // Expected: the extended formula's MCSs that do not contain an already reported one.
  BruteForce brute(ctx, f);
  Sets expected;
  for (const std::vector<SoftId>& m : brute.mcses(0)) {
    bool blocked = std::any_of(first.begin(), first.end(), [&](const std::vector<SoftId>& c) {
      return std::includes(m.begin(), m.end(), c.begin(), c.end());
    });
    if (!blocked) expected.insert(m);
  }
  EXPECT_EQ(rest, expected);
  EXPECT_FALSE(expected.empty());
}

TEST_P(McsEngine, BlockingClausesStayPrivate) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  EXPECT_EQ(run(s).mcses.size(), 6u);
  EXPECT_EQ(s.check(s.selectors(std::vector<SoftId>{1, 2, 3})), Answer::Sat);
  EXPECT_EQ(checkMcs(s, std::vector<SoftId>{0, 3}), McsVerdict::Mcs);
  EXPECT_EQ(setsOf(run(s)), kHandMcses);  // a second enumerator starts afresh
}

TEST_P(McsEngine, WallClockTimeoutIsIncompleteNotACrash) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  s.addHard(testutil::hardFactoring(ctx));
  McsResult r = run(s, {.timeoutSeconds = 0.3});
  EXPECT_EQ(r.stop, StopReason::Timeout);
  EXPECT_FALSE(r.complete);
  EXPECT_LT(r.wallMs, 5000);
}

TEST_P(McsEngine, PerQueryTimeoutIsIncompleteNotACrash) {
  z3::context ctx;
  Session s(ctx, {.queryTimeoutMs = 100});
  load(s, handFormula(ctx));
  s.addHard(testutil::hardFactoring(ctx));
  McsResult r = run(s);
  EXPECT_EQ(r.stop, StopReason::Timeout);
  EXPECT_FALSE(r.complete);
  EXPECT_FALSE(r.detail.empty());
}

TEST_P(McsEngine, FirstMcsBudgetStopsASearchWithoutMcs) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  s.addHard(testutil::hardFactoring(ctx));
  // Well before the wall-clock bound: the first-MCS budget stops the hard first query.
  McsResult r = run(s, {.timeoutSeconds = 60, .firstTimeoutSeconds = 0.3});
  EXPECT_EQ(r.stop, StopReason::Timeout);
  EXPECT_TRUE(r.mcses.empty());
  EXPECT_TRUE(r.detail.starts_with(kFirstMcsBudget)) << r.detail;
  EXPECT_GE(std::stoul(r.detail.substr(kFirstMcsBudget.size())), 1u) << r.detail;
  EXPECT_LT(r.wallMs, 10000);
}

TEST_P(McsEngine, FirstMcsBudgetEndsWithTheFirstMcs) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  std::unique_ptr<McsEnumerator> e = make(s, {.firstTimeoutSeconds = 1});
  Sets found;
  std::optional<Mcs> mcs = e->next();
  ASSERT_TRUE(mcs);
  found.insert(mcs->softs);
  // Past the budget, but an MCS was reported: the budget no longer applies.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  while ((mcs = e->next()))
    found.insert(mcs->softs);
  EXPECT_EQ(e->stopReason(), StopReason::Exhausted);
  EXPECT_EQ(found, kHandMcses);
}

TEST_P(McsEngine, FirstMcsBudgetStopsBeforeAQueryOnceExpired) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  std::unique_ptr<McsEnumerator> e = make(s, {.firstTimeoutSeconds = 0.5});
  ASSERT_TRUE(e->candidate().has_value());  // starts the clock; not accepted
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  EXPECT_FALSE(e->candidate().has_value());  // none reported yet: the budget ran out
  EXPECT_EQ(e->stopReason(), StopReason::Timeout);
  EXPECT_TRUE(e->stopDetail().starts_with(kFirstMcsBudget)) << e->stopDetail();
}

INSTANTIATE_TEST_SUITE_P(Engines, McsEngine,
                         ::testing::Values("maxsat", "cardinality", "hitting", "sat", "cld"),
                         [](const auto& info) { return info.param; });

TEST(McsRegistry, NamesFactoriesAndHelp) {
  z3::context ctx;
  Session s(ctx);
  ASSERT_EQ(mcsEnumerators().size(), 5u);
  for (const McsEnumeratorInfo& e : mcsEnumerators()) {
    EXPECT_FALSE(e.help.empty());
    EXPECT_NE(makeMcsEnumerator(e.name, s), nullptr);
  }
  EXPECT_EQ(makeMcsEnumerator("no-such-engine", s), nullptr);
}

TEST(CheckMcs, Verdicts) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  EXPECT_EQ(checkMcs(s, std::vector<SoftId>{0, 3}), McsVerdict::Mcs);
  EXPECT_EQ(checkMcs(s, std::vector<SoftId>{0}), McsVerdict::NotCorrection);
  EXPECT_EQ(checkMcs(s, std::vector<SoftId>{0, 3, 5}), McsVerdict::NotMinimal);
}

/// Reports {0} on a formula where it is not a correction set.
class BogusEnumerator final : public McsEnumerator {
public:
  explicit BogusEnumerator(Session& s) : s_(s) {}
  std::optional<Mcs> next() override { return candidate(); }
  std::optional<Mcs> candidate() override {
    s_.check();
    return Mcs{{0}, 1, s_.model()};
  }
  void accept(const Mcs&) override {}
  StopReason stopReason() const override { return StopReason::Exhausted; }
  const std::string& stopDetail() const override { return detail_; }

private:
  Session& s_;
  std::string detail_;
};

TEST(CheckMcs, DecoratorCatchesWrongSets) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  std::unique_ptr<McsEnumerator> e = withMcsCheck(std::make_unique<BogusEnumerator>(s), s);
  EXPECT_THROW(e->next(), std::logic_error);
  std::optional<Mcs> unchecked = e->candidate();  // a candidate is no claim yet
  ASSERT_TRUE(unchecked);
  EXPECT_THROW(e->accept(*unchecked), std::logic_error);
}

// A candidate that is not accepted stays unblocked: the engine offers it again, or (once the
// formula is stronger) the next MCS of the stronger formula.
TEST_P(McsEngine, CandidatesAreBlockedOnlyWhenAccepted) {
  z3::context ctx;
  Session s(ctx);
  z3::expr x = ctx.int_const("x");
  z3::expr a = ctx.bool_const("a"), b = ctx.bool_const("b"), c = ctx.bool_const("c");
  s.addHard(z3::implies(a, x == 1));
  s.addHard(z3::implies(b, x == 2));
  s.addHard(z3::implies(c, x == 3));
  const SoftId ia = s.addSoft(a), ib = s.addSoft(b), ic = s.addSoft(c);
  auto e = makeMcsEnumerator(GetParam(), s);
  std::optional<Mcs> first = e->candidate();
  ASSERT_TRUE(first);
  ASSERT_EQ(first->softs.size(), 2u);
  std::optional<Mcs> again = e->candidate();
  ASSERT_TRUE(again);
  EXPECT_EQ(again->softs.size(), 2u);  // not blocked: still a cheapest MCS
  // Forbid x = 1 outright: {b, c} (which keeps a) is no correction set any more.
  s.addHard(x != 1);
  std::set<std::vector<SoftId>> accepted;
  while (std::optional<Mcs> m = e->candidate()) {
    e->accept(*m);
    accepted.insert(m->softs);
  }
  EXPECT_EQ(accepted, (std::set<std::vector<SoftId>>{{ia, ib}, {ia, ic}}));
  EXPECT_EQ(e->stopReason(), StopReason::Exhausted);
}

}  // namespace
}  // namespace culprit::solve

namespace culprit::solve {
namespace {

// The SAT engine searches in CaDiCaL: z3 answers one query per MCS (its model) and none for
// the levels or the final "anything left?" check.
TEST(SatMcsEngine, OneZ3QueryPerMcs) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  auto e = makeMcsEnumerator("sat", s);
  McsResult r = enumerateMcses(s, *e);
  EXPECT_EQ(setsOf(r), kHandMcses);
  EXPECT_EQ(r.stop, StopReason::Exhausted);
  EXPECT_EQ(r.solver.queries, 6u);
  // Size bound 2: {0,3} and {0,4}; that larger ones exist is decided in CaDiCaL too.
  Session bounded(ctx);
  load(bounded, handFormula(ctx));
  auto b = makeMcsEnumerator("sat", bounded, {.maxSize = 2});
  McsResult rb = enumerateMcses(bounded, *b);
  EXPECT_EQ(setsOf(rb), (Sets{{0, 3}, {0, 4}}));
  EXPECT_EQ(rb.stop, StopReason::SizeBound);
  EXPECT_EQ(rb.solver.queries, 2u);
}

// Integers do not bit-blast: the factory hands the session to the MaxSAT engine, which needs
// more than one query per MCS here (x = 1, 2, 3 exclusive: MCSs {a,b}, {a,c}, {b,c}).
TEST(SatMcsEngine, IntegersFallBackToMaxSat) {
  z3::context ctx;
  Session s(ctx);
  z3::expr x = ctx.int_const("x");
  z3::expr a = ctx.bool_const("a"), b = ctx.bool_const("b"), c = ctx.bool_const("c");
  s.addHard(z3::implies(a, x == 1));
  s.addHard(z3::implies(b, x == 2));
  s.addHard(z3::implies(c, x == 3));
  s.addSoft(a);
  s.addSoft(b);
  s.addSoft(c);
  auto e = makeMcsEnumerator("sat", s);
  McsResult r = enumerateMcses(s, *e);
  EXPECT_EQ(setsOf(r), (Sets{{0, 1}, {0, 2}, {1, 2}}));
  EXPECT_EQ(r.stop, StopReason::Exhausted);
  EXPECT_GT(r.solver.queries, 3u);
}

// A hard constraint added under an open enumerator is bit-blasted with the rest; one that
// brings integers in stops the enumeration as unknown (incomplete), not with a wrong answer.
TEST(SatMcsEngine, NonPropositionalRefinementStopsAsUnknown) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  auto e = makeMcsEnumerator("sat", s);
  ASSERT_TRUE(e->next());
  z3::expr y = ctx.int_const("y");
  s.addHard(y * y == 4);
  EXPECT_FALSE(e->next());
  EXPECT_EQ(e->stopReason(), StopReason::SolverUnknown);
  EXPECT_NE(e->stopDetail().find("SAT back end"), std::string::npos) << e->stopDetail();
}

}  // namespace
}  // namespace culprit::solve

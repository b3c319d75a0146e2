// Property tests on seeded random formulas (6–10 soft groups with Boolean and bit-vector side
// constraints): every reported set is an MCS, checked directly with an independent solver;
// without a bound hit, each engine finds exactly the MCSs a brute-force enumeration over all
// subsets finds up to the size bound, cheapest first; MaxSAT optima and MUSes agree with brute
// force as well.
#include "solve/maxsat.h"
#include "solve/mcs.h"
#include "solve/mus.h"

#include "solve_test_util.h"

#include <gtest/gtest.h>

#include <map>

#include <algorithm>
#include <limits>

namespace culprit::solve {
namespace {

using testutil::BruteForce;
using testutil::Formula;
using testutil::load;
using testutil::randomFormula;

constexpr int kFormulas = 200;

struct Case {
  std::size_t groups;
  bool weighted;
  std::size_t maxSize;  // 0 = unbounded
};

/// Formula `i` of the fixed sequence: sizes 6..10, every other formula weighted; formulas
/// with more than 8 groups use the size bound 3, smaller ones none.
Case caseOf(int i, std::mt19937& rng) {
  std::size_t groups = 6 + std::uniform_int_distribution<std::size_t>(0, 4)(rng);
  return {groups, i % 2 == 1, groups > 8 ? 3u : 0u};
}

class RandomFormulas : public ::testing::TestWithParam<std::string> {};

TEST_P(RandomFormulas, EnumerationMatchesBruteForce) {
  std::mt19937 rng(20240611);
  std::size_t total = 0;
  for (int i = 0; i < kFormulas; ++i) {
    z3::context ctx;
    Case c = caseOf(i, rng);
    Formula f = randomFormula(ctx, rng, c.groups, c.weighted);
    BruteForce brute(ctx, f);
    std::set<std::vector<SoftId>> expected = brute.mcses(c.maxSize);

    Session s(ctx);
    load(s, f);
    std::unique_ptr<McsEnumerator> e = makeMcsEnumerator(GetParam(), s, {.maxSize = c.maxSize});
    McsResult r = enumerateMcses(s, *e);
    SCOPED_TRACE("formula " + std::to_string(i) + ", " + std::to_string(c.groups) + " groups" +
                 (c.weighted ? ", weighted" : ""));

    ASSERT_TRUE(r.complete) << stopReasonName(r.stop) << " " << r.detail;
    std::set<std::vector<SoftId>> found;
    Weight previous = 0;
    for (const Mcs& m : r.mcses) {
      std::uint32_t mask = BruteForce::toMask(m.softs);
      EXPECT_TRUE(brute.isMcs(mask)) << "not an MCS";
      EXPECT_TRUE(std::is_sorted(m.softs.begin(), m.softs.end()));
      EXPECT_EQ(m.weight, s.weightOf(m.softs));
      if (GetParam() != "cld" || c.weighted) {
        EXPECT_GE(m.weight, previous) << "out of order";
      }
      EXPECT_TRUE(found.insert(m.softs).second) << "reported twice";
      // The model is a witness: the relaxed groups are exactly the MCS.
      EXPECT_EQ(s.relaxedIn(m.model), m.softs);
      previous = m.weight;
    }
    EXPECT_EQ(found, expected);
    // Exhausted exactly when no MCS lies beyond the size bound.
    bool larger = c.maxSize && brute.mcses(0).size() > expected.size();
    EXPECT_EQ(r.stop, larger ? StopReason::SizeBound : StopReason::Exhausted);
    total += found.size();
  }
  EXPECT_GT(total, static_cast<std::size_t>(kFormulas));  // the generator is not degenerate
}

INSTANTIATE_TEST_SUITE_P(Engines, RandomFormulas,
                         ::testing::Values("maxsat", "cardinality", "hitting", "sat", "cld"),
                         [](const auto& info) { return info.param; });

TEST(RandomFormulas, MaxSatOptimumMatchesBruteForce) {
  std::mt19937 rng(7);
  for (int i = 0; i < kFormulas; ++i) {
    z3::context ctx;
    Case c = caseOf(i, rng);
    c.groups = std::min<std::size_t>(c.groups, 8);  // brute force over all 2^n subsets
    Formula f = randomFormula(ctx, rng, c.groups, c.weighted);
    BruteForce brute(ctx, f);
    Weight best = std::numeric_limits<Weight>::max();
    for (std::uint32_t mask = 0; mask < (1u << c.groups); ++mask) {
      if (!brute.corrects(mask)) continue;
      Weight w = 0;
      for (SoftId id : BruteForce::toIds(mask))
        w += f.weights[id];
      best = std::min(best, w);
    }
    for (bool stratify : {true, false}) {
      Session s(ctx);
      load(s, f);
      MaxSatResult r = makeMaxSat(s, {.stratify = stratify})->solve();
      ASSERT_EQ(r.answer, Answer::Sat) << "formula " << i;
      EXPECT_EQ(r.cost, best) << "formula " << i << " stratify " << stratify;
      EXPECT_TRUE(brute.corrects(BruteForce::toMask(r.relaxed)));
    }
  }
}

TEST(RandomFormulas, MusIsMinimalUnsatisfiable) {
  std::mt19937 rng(99);
  int unsat = 0;
  for (int i = 0; i < kFormulas; ++i) {
    z3::context ctx;
    Case c = caseOf(i, rng);
    Formula f = randomFormula(ctx, rng, c.groups, false);
    BruteForce brute(ctx, f);
    Session s(ctx);
    load(s, f);
    MusResult r = findMus(s);
    std::uint32_t all = (1u << c.groups) - 1;
    if (brute.corrects(0)) {
      EXPECT_EQ(r.answer, Answer::Sat);
      continue;
    }
    ++unsat;
    ASSERT_EQ(r.answer, Answer::Unsat);
    EXPECT_TRUE(r.minimal);
    // "Only the MUS enforced" = relax everything else.
    std::uint32_t mus = BruteForce::toMask(r.softs);
    EXPECT_FALSE(brute.corrects(all & ~mus)) << "formula " << i << ": not unsatisfiable";
    for (SoftId id : r.softs)
      EXPECT_TRUE(brute.corrects((all & ~mus) | (1u << id))) << "formula " << i << ": not minimal";
  }
  EXPECT_GT(unsat, kFormulas / 2);
}

}  // namespace
}  // namespace culprit::solve

namespace culprit::solve {
namespace {

// The SAT and CLD engines against the MaxSAT engine on formulas too large for the brute-force
// oracle (12–16 groups, unit weights, size bound 3): the same MCSs as sets, each with a
// witness model, and the same stop reason.
TEST(RandomFormulas, SatAndCldEnginesMatchMaxSatEngine) {
  std::mt19937 rng(20261126);
  std::size_t total = 0;
  for (int i = 0; i < 40; ++i) {
    z3::context ctx;
    const std::size_t groups = 12 + std::uniform_int_distribution<std::size_t>(0, 4)(rng);
    Formula f = randomFormula(ctx, rng, groups, false);
    std::map<std::string, std::set<std::vector<SoftId>>> sets;
    std::map<std::string, StopReason> stops;
    for (const char* engine : {"maxsat", "sat", "cld"}) {
      Session s(ctx);
      load(s, f);
      std::unique_ptr<McsEnumerator> e = makeMcsEnumerator(engine, s, {.maxSize = 3});
      McsResult r = enumerateMcses(s, *e);
      ASSERT_TRUE(r.complete) << engine << " " << r.detail;
      for (const Mcs& m : r.mcses) {
        EXPECT_EQ(s.relaxedIn(m.model), m.softs) << engine;
        EXPECT_TRUE(sets[engine].insert(m.softs).second) << engine << ": reported twice";
      }
      stops[engine] = r.stop;
    }
    SCOPED_TRACE("formula " + std::to_string(i));
    EXPECT_EQ(sets["sat"], sets["maxsat"]);
    EXPECT_EQ(sets["cld"], sets["maxsat"]);
    EXPECT_EQ(stops["sat"], stops["maxsat"]);
    EXPECT_EQ(stops["cld"], stops["maxsat"]);
    total += sets["maxsat"].size();
  }
  EXPECT_GT(total, 40u);
}

}  // namespace
}  // namespace culprit::solve

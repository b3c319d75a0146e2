// The repair search: scenario B under both oracles, a two-fault program, bounds, and a property
// test on generated programs — every repair found passes every test and is minimal, the must
// set of the failure meets every repair, AllRepair and fl-AllRepair find the same repairs, and
// undoing the mutation that made the program faulty is among the repairs found.
#include "frontend/frontend.h"
#include "program_generator.h"
#include "repair/mutation.h"
#include "repair/patch.h"
#include "repair/repair.h"
#include "testing/testcase.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>
#include <sstream>

namespace culprit::repair {
namespace {

using test::ProgramGenerator;

struct Subject {
  std::unique_ptr<ir::Program> program, golden;
  testing::TestSuite suite;
  testing::Oracle oracle;

  Subject(const std::string& source, const std::vector<std::string>& tests,
          const std::string& goldenSource = "") {
    program = frontend::parseSource(source, "s.c", frontend::Options{});
    if (!goldenSource.empty()) {
      golden = frontend::parseSource(goldenSource, "golden.c", frontend::Options{});
      oracle.golden = golden.get();
    }
    for (const std::string& line : tests) {
      testing::TestCase t = testing::parseTestLine(line, ".", false);
      t.index = static_cast<int>(suite.tests.size()) + 1;
      suite.tests.push_back(t);
    }
    suite.path = "tests";
  }
  RepairProblem problem(bool withTests = true) {
    RepairProblem p;
    p.program = program.get();
    if (withTests) {
      p.suite = &suite;
      p.oracle = &oracle;
    }
    return p;
  }
  /// Every test passes with `mutations` applied.
  bool passes(const std::vector<Site>& sites, const std::vector<Mutation>& mutations) {
    const Applied applied(sites, mutations);
    for (const testing::TestCase& t : suite.tests) {
      const testing::Expected want = testing::expectedFor(t, oracle, {});
      if (testing::judgeAgainst(*program, t, exec::run(*program, t.input, {}), want).outcome !=
          testing::Outcome::Pass)
        return false;
    }
    return true;
  }
};

/// "line:col from->to" of each change, per repair.
std::set<std::string> describeAll(const RepairResult& r) {
  std::set<std::string> out;
  for (const Repair& rep : r.repairs) {
    std::string d;
    for (const Mutation& m : rep.mutations) {
      const Site& s = r.sites[m.site];
      d += (d.empty() ? "" : " ") + std::to_string(s.line) + ":" + std::to_string(s.col) + " " +
           s.original + "->" + alternativeText(s, m.alternative);
    }
    out.insert(d);
  }
  return out;
}

// Scenario B (SCENARIOS.md): the constant change -1 -> 0 on the boundary condition repairs it.
const char* kAbsolute = R"(#include <assert.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int x = atoi(argv[1]);
  int abs = x;
  if (x < -1)
    abs = -x;
  assert(abs >= 0);
  return 0;
}
)";

TEST(RepairSearch, ScenarioBWithTests) {
  Subject s(kAbsolute, {"-1", "0", "3", "-5", "-2"});
  for (RepairOptions::Must must :
       {RepairOptions::Must::Every, RepairOptions::Must::None, RepairOptions::Must::Adaptive}) {
    RepairOptions o;
    o.must = must;
    const RepairResult r = findRepairs(s.problem(), o);
    EXPECT_TRUE(r.complete) << r.incompleteReason;
    EXPECT_EQ(describeAll(r), (std::set<std::string>{"6:11 -1->0", "6:11 -1->1", "6:9 <-><="}))
        << static_cast<int>(must);
    EXPECT_EQ(r.originalFailure.rfind("test 1 (-1)", 0), 0u) << r.originalFailure;
    // The must set of the failure: the condition's operator and constant (line 5 has no site).
    std::set<std::string> must_;
    for (std::uint32_t id : r.originalMust)
      must_.insert(std::to_string(r.sites[id].line) + ":" + std::to_string(r.sites[id].col));
    EXPECT_EQ(must_, (std::set<std::string>{"6:9", "6:11"}));
    for (const Repair& rep : r.repairs)
      EXPECT_EQ(rep.verifiedBy, "passes all 5 tests of tests");
  }
}

/// The text of a file of the source tree.
std::string sourceFile(const std::string& path) {
  std::ifstream in(std::string(CULPRIT_SOURCE_DIR) + "/" + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(RepairSearch, ScenarioBWithAssertions) {
  // Scenario B with a nondet input kept in range by an assumption (as in bmc-counterexample).
  const std::string absval = sourceFile("tests/regress/bmc-counterexample/absval.c");
  ASSERT_FALSE(absval.empty());
  Subject s(absval, {});
  RepairOptions o;
  o.unwind = 2;
  const RepairResult r = findRepairs(s.problem(false), o);
  EXPECT_TRUE(r.complete) << r.incompleteReason;
  EXPECT_EQ(describeAll(r), (std::set<std::string>{"8:11 -1->0", "8:11 -1->1", "8:9 <-><="}));
  EXPECT_EQ(r.originalFailure, "nondet input [-1] violates an assertion at s.c:10");
  ASSERT_FALSE(r.repairs.empty());
  EXPECT_NE(r.repairs[0].verifiedBy.find("within --unwind 2"), std::string::npos);
  // Without the assumption, x = INT_MIN overflows -x: no level-1 repair.
  std::string unbounded = absval;
  unbounded.replace(unbounded.find("__VERIFIER_assume(x"), 41, "(void)0;");
  Subject overflow(unbounded, {});
  EXPECT_TRUE(findRepairs(overflow.problem(false), o).repairs.empty());
}

// Two faults: `a - b` should be `a + b`, and `>= 10` should be `> 10` (or `>= 11`).
const char* kTwoFaultsGolden = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]), b = atoi(argv[2]);
  int r = a + b;
  if (r > 10)
    r = 20;
  printf("%d\n", r);
  return 0;
}
)";

TEST(RepairSearch, TwoFaultsNeedTwoMutations) {
  std::string faulty = kTwoFaultsGolden;
  faulty.replace(faulty.find("a + b"), 5, "a - b");
  faulty.replace(faulty.find("r > 10"), 6, "r >= 10");
  std::vector<std::string> tests;
  for (int a = -3; a <= 14; a += 3)
    for (int b = -4; b <= 8; b += 4)
      tests.push_back(std::to_string(a) + " " + std::to_string(b));
  Subject s(faulty, tests, kTwoFaultsGolden);
  RepairOptions o;
  const RepairResult r = findRepairs(s.problem(), o);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(describeAll(r),
            (std::set<std::string>{"5:13 -->+ 6:9 >=->>", "5:13 -->+ 6:12 10->11"}));
  o.maxMutations = 1;
  o.synthesize = RepairOptions::Synthesize::Never;
  EXPECT_TRUE(findRepairs(s.problem(), o).repairs.empty());
  // Semantic repair's greedy search at several places finds both changes.
  o.synthesize = RepairOptions::Synthesize::Auto;
  const RepairResult several = findRepairs(s.problem(), o);
  ASSERT_EQ(several.repairs.size(), 1u);
  EXPECT_EQ(several.repairs[0].mutations.size(), 2u);
  EXPECT_EQ(several.repairs[0].foundBy.rfind("synthesis: holes at 2 places", 0), 0u);
}

TEST(RepairSearch, BadInput) {
  Subject passing(kAbsolute, {"0", "4"});
  EXPECT_THROW(findRepairs(passing.problem(), {}), NothingToRepair);
  // A loop the bound cannot hold, under the assertion oracle.
  Subject deep(R"(#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, s = 0;
  while (i < n) { s = s + 2; i = i + 1; }
  assert(s != 7);
  return 0;
}
)",
               {});
  RepairOptions o;
  o.unwind = 3;
  EXPECT_THROW(findRepairs(deep.problem(false), o), RepairError);
}

TEST(RepairSearch, TimeoutGivesAnIncompleteResult) {
  Subject s(kAbsolute, {"-1", "0", "3"});
  RepairOptions o;
  o.timeoutSeconds = 1e-6;
  const RepairResult r = findRepairs(s.problem(), o);
  EXPECT_FALSE(r.complete);
  EXPECT_NE(r.incompleteReason.find("--timeout"), std::string::npos) << r.incompleteReason;
}

TEST(RepairProperty, RepairsPassAreMinimalMeetTheMustSetAndUndoTheFault) {
  int checked = 0;
  for (unsigned seed = 1; checked < 25 && seed < 300; ++seed) {
    ProgramGenerator gen(seed);
    const std::string golden = gen.program();
    std::vector<std::string> tests;
    for (int i = 0; i < 25; ++i)
      tests.push_back(gen.test());
    Subject s(golden, tests, golden);
    // Make the program faulty with one random level-1 mutation, kept applied.
    const std::vector<Site> before = findSites(*s.program, 1);
    if (before.empty()) continue;
    const Site& site =
        before[static_cast<std::size_t>(gen.pick(0, static_cast<int>(before.size()) - 1))];
    const Mutation fault{site.id,
                         static_cast<std::uint32_t>(gen.pick(1, static_cast<int>(site.count())))};
    const Applied faulty(before, {fault});
    if (s.passes(before, {})) continue;  // the mutation changed no test's outcome
    ++checked;
    RepairOptions o;
    o.timeoutSeconds = 60;
    o.synthesize = RepairOptions::Synthesize::Never;  // the mutation search's properties
    o.must = RepairOptions::Must::Every;
    const RepairResult fl = findRepairs(s.problem(), o);
    o.must = RepairOptions::Must::None;
    const RepairResult plain = findRepairs(s.problem(), o);
    o.must = RepairOptions::Must::Adaptive;
    const RepairResult adaptive = findRepairs(s.problem(), o);
    ASSERT_TRUE(fl.complete && plain.complete && adaptive.complete) << golden;
    EXPECT_EQ(describeAll(fl), describeAll(plain)) << golden;
    EXPECT_EQ(describeAll(adaptive), describeAll(plain)) << golden;
    EXPECT_LE(fl.stats.candidates, plain.stats.candidates);
    EXPECT_EQ(fl.stats.candidates + fl.stats.prunedByMust + fl.stats.prunedByRepairs,
              plain.stats.candidates + plain.stats.prunedByRepairs)
        << "every candidate of the space is validated or pruned";
    // The alternative that gives the golden's token back, when the faulty expression has one
    // (not for a constant mutated to 0, say): that single change passes every test, so it is a
    // minimal repair the search must find.
    std::optional<Mutation> inverse;
    for (std::uint32_t k = 1; k <= fl.sites[fault.site].count(); ++k)
      if (alternativeText(fl.sites[fault.site], k) == site.original) inverse = {fault.site, k};
    if (inverse) {
      bool found = false;
      for (const Repair& rep : fl.repairs)
        found = found || rep.mutations == std::vector<Mutation>{*inverse};
      EXPECT_TRUE(found) << "the fault's inverse is not among the repairs\n" << golden;
    }
    for (const Repair& rep : fl.repairs) {
      EXPECT_TRUE(s.passes(fl.sites, rep.mutations)) << golden;
      // Minimal: no proper non-empty subset passes (sizes are at most 2).
      if (rep.mutations.size() == 2) {
        for (const Mutation& m : rep.mutations)
          EXPECT_FALSE(s.passes(fl.sites, {m})) << golden;
      }
      bool meets = false;
      for (const Mutation& m : rep.mutations)
        meets = meets || std::count(fl.originalMust.begin(), fl.originalMust.end(), m.site);
      EXPECT_TRUE(meets) << "a repair misses the must set\n" << golden;
    }
  }
  EXPECT_GE(checked, 15);
}

}  // namespace
}  // namespace culprit::repair

// The option table, technique variants, the registry's declarations and the driver (one run per
// failing test, every diagnosis replayed, aggregate, suite-scope techniques once).
#include "formula_test_util.h"
#include "ir/error.h"
#include "localize/driver.h"
#include "localize/options.h"
#include "solve/mcs.h"

#include <gtest/gtest.h>

namespace culprit::localize::test {
namespace {

TEST(Options, EveryDeclaredOptionOfATechniqueExists) {
  for (const TechniqueInfo& t : techniques())
    for (const std::string& name : t.options)
      EXPECT_NE(findOption(name), nullptr) << t.name << " declares unknown option " << name;
}

TEST(Options, SetParsesTypedValues) {
  FormulaOptions o;
  EXPECT_EQ(setOption(o, "max-size", "2"), "");
  EXPECT_EQ(o.maxSize, 2u);
  EXPECT_EQ(setOption(o, "ints", "math"), "");
  EXPECT_EQ(o.ints, FormulaOptions::Ints::Math);
  EXPECT_EQ(setOption(o, "timeout", "0.5"), "");
  EXPECT_DOUBLE_EQ(o.timeoutSeconds, 0.5);
  EXPECT_EQ(setOption(o, "weights", "ochiai"), "");
  EXPECT_EQ(o.weights, "ochiai");
  EXPECT_EQ(setOption(o, "weights", "none"), "");
  EXPECT_EQ(o.weights, "");
  EXPECT_EQ(setOption(o, "suspect-inputs", "true"), "");
  EXPECT_TRUE(o.suspectInputs);
  EXPECT_EQ(setOption(o, "expand", "conditions"), "");
  EXPECT_EQ(findOption("expand")->get(o), "conditions");
}

TEST(Options, SetRejectsBadValuesWithTheOptionsName) {
  FormulaOptions o;
  EXPECT_EQ(setOption(o, "max-size", "-1"), "max-size: '-1' is not a non-negative integer");
  EXPECT_EQ(setOption(o, "max-size", "2x"), "max-size: '2x' is not a non-negative integer");
  EXPECT_EQ(setOption(o, "timeout", "soon"),
            "timeout: 'soon' is not a non-negative number of seconds");
  EXPECT_EQ(setOption(o, "ints", "float"), "ints: 'float' is not one of auto, bv, math");
  EXPECT_EQ(setOption(o, "colour", "red"), "unknown option 'colour'");
  EXPECT_EQ(o.maxSize, FormulaOptions().maxSize);  // untouched
}

TEST(Options, DefaultsAreShownFromADefaultConstructedValue) {
  const FormulaOptions o;
  EXPECT_EQ(findOption("max-size")->get(o), "3");
  EXPECT_EQ(findOption("timeout")->get(o), "60");
  EXPECT_EQ(findOption("weights")->get(o), "none");
  EXPECT_EQ(findOption("mcs-engine")->get(o), "maxsat");
}

TEST(Options, McsEngineChoicesAreTheSolveRegistrysEnginesWithTheirHelp) {
  const OptionSpec* spec = findOption("mcs-engine");
  ASSERT_NE(spec, nullptr);
  std::vector<std::string> names;
  for (const solve::McsEnumeratorInfo& e : solve::mcsEnumerators()) {
    names.emplace_back(e.name);
    EXPECT_NE(spec->help.find(std::string(e.help)), std::string::npos) << e.name;
  }
  EXPECT_EQ(spec->choices, names);
  EXPECT_EQ(spec->choices.front(), findOption("mcs-engine")->get(FormulaOptions()));
}

TEST(Variants, ApplySettingsInOrder) {
  const TechniqueVariant v = parseVariant("pf:weights=ochiai:max-size=2:suspect-inputs");
  EXPECT_EQ(v.technique, "pf");
  EXPECT_EQ(v.label, "pf:weights=ochiai:max-size=2:suspect-inputs");
  FormulaOptions o;
  v.apply(o);
  EXPECT_EQ(o.weights, "ochiai");
  EXPECT_EQ(o.maxSize, 2u);
  EXPECT_TRUE(o.suspectInputs);
  EXPECT_TRUE(parseVariant("ochiai").settings.empty());
}

TEST(Variants, RejectUnknownTechniquesOptionsAndValues) {
  EXPECT_THROW(parseVariant("magic"), UserError);
  EXPECT_THROW(parseVariant("pf:colour=red"), UserError);
  EXPECT_THROW(parseVariant("pf:max-size=many"), UserError);
  EXPECT_THROW(parseVariant("pf:max-size"), UserError);           // a value is needed
  EXPECT_THROW(parseVariant("ochiai:weights=dstar"), UserError);  // not an option of ochiai
  EXPECT_THROW(parseVariant("fs:unwind=3"), UserError);           // trace formulas do not unwind
  try {
    parseVariant("pf:colour=red");
  } catch (const UserError& e) {
    EXPECT_STREQ(e.what(), "technique variant 'pf:colour=red': pf has no option 'colour'");
  }
}

TEST(Registry, KindsAndScopes) {
  EXPECT_EQ(findTechnique("ochiai")->kind, TechniqueKind::Ranking);
  EXPECT_EQ(findTechnique("ochiai")->scope, TechniqueScope::Suite);
  EXPECT_EQ(findTechnique("pf")->kind, TechniqueKind::Diagnoses);
  EXPECT_EQ(findTechnique("pf")->scope, TechniqueScope::FailingTest);
}

// Two failing tests of scenario A's program (b <= a fails whenever y < 5 or not).
struct Suite {
  std::unique_ptr<ir::Program> program;
  testing::TestSuite suite;
  testing::Oracle oracle;
  testing::SuiteResult results;
  testing::CoverageMatrix coverage;
  Problem problem;

  explicit Suite(const char* source, const std::string& entry,
                 std::vector<std::vector<std::int64_t>> tests) {
    program = frontend::parseSource(source, "t.c");
    for (std::size_t i = 0; i < tests.size(); ++i) {
      testing::TestCase tc;
      tc.index = static_cast<int>(i + 1);
      tc.input.entryArgs = tests[i];
      suite.tests.push_back(tc);
    }
    testing::SuiteOptions so;
    so.run.entry = entry;
    so.run.coverage = true;
    results = testing::runSuite(*program, suite, oracle, so);
    coverage = testing::coverageMatrix(results, program->stmts.size());
    problem.program = program.get();
    problem.suite = &suite;
    problem.results = &results;
    problem.coverage = &coverage;
    problem.oracle = &oracle;
    problem.runOptions.entry = entry;
  }
};

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

TEST(Driver, RunsAPerTestTechniqueOnEveryFailingTestAndReplays) {
  Suite s(kTwoBranches, "two_branches", {{0, 0}, {3, 9}});
  const LocalizeReport report = localizeAll(*findTechnique("pf"), s.problem);
  ASSERT_EQ(report.perTest.size(), 2u);
  EXPECT_FALSE(report.suite);
  ASSERT_TRUE(report.aggregate);
  EXPECT_EQ(report.aggregate->reports, 2u);
  // Test 1 (y = 0) runs line 9, test 2 (y = 9) line 11; either increment, or the condition
  // together with the other increment, corrects the run.
  EXPECT_EQ(asSet(report.perTest[0].result), (std::set<LineSet>{{9}, {8, 11}}));
  EXPECT_EQ(asSet(report.perTest[1].result), (std::set<LineSet>{{11}, {8, 9}}));
  for (const TestRun& t : report.perTest) {
    for (const Diagnosis& d : t.result.diagnoses)
      EXPECT_EQ(d.feasible, Feasibility::Feasible) << "test " << t.test;
    EXPECT_GT(t.result.totalMs, 0);
    EXPECT_EQ(t.result.stats.totalMs, t.result.totalMs);
  }
}

TEST(Driver, ExplainsOnlyTheSelectedTests) {
  Suite s(kTwoBranches, "two_branches", {{0, 0}, {3, 9}});
  const LocalizeReport report = localizeAll(*findTechnique("fs"), s.problem, {2});
  ASSERT_EQ(report.perTest.size(), 1u);
  EXPECT_EQ(report.perTest[0].test, 1u);
  EXPECT_FALSE(report.aggregate);
  EXPECT_TRUE(report.complete());
}

TEST(Driver, RunsASuiteTechniqueOnce) {
  Suite s(kTwoBranches, "two_branches", {{0, 0}, {3, 9}});
  const LocalizeReport report = localizeAll(*findTechnique("ochiai"), s.problem);
  ASSERT_TRUE(report.suite);
  EXPECT_TRUE(report.suite->ranking);
  EXPECT_TRUE(report.perTest.empty());
}

}  // namespace
}  // namespace culprit::localize::test

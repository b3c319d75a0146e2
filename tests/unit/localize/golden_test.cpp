// The golden oracle end to end: the failing test's expected stdout (the golden program's output
// events) and exit status are the formula's oracle, and replay judges with the same golden.
// Subjects from bench/programs (argv programs reading their inputs with atoi).
#include "formula_test_util.h"
#include "testing/testcase.h"

#include <gtest/gtest.h>

namespace culprit::localize::test {
namespace {

using encode::Family;

struct Subject {
  std::unique_ptr<ir::Program> program, golden;
  testing::TestCase test;
  testing::Oracle oracle;
  FormulaTask task;

  Subject(const std::string& dir, const std::string& version, const std::string& line) {
    const std::string base = std::string(CULPRIT_SOURCE_DIR) + "/bench/programs/" + dir + "/";
    program = frontend::parseFile(base + version);
    golden = frontend::parseFile(base + "golden.c");
    test = testing::parseTestLine(line, base, false);
    test.index = 1;
    oracle.golden = golden.get();
    task.program = program.get();
    task.test = &test;
    task.oracle = &oracle;
  }
};

TEST(GoldenOracle, ExpectedOutputEventsAreTheObservedGoldenRun) {
  Subject s("twobranch", "v1.c", "0 0");
  const TaskExpectation te = taskExpectation(s.task);
  ASSERT_TRUE(te.expect.output.has_value()) << te.note;
  ASSERT_EQ(te.expect.output->size(), 1u);
  EXPECT_EQ((*te.expect.output)[0].key, std::string("%d %d\n"));
  EXPECT_EQ((*te.expect.output)[0].values, (std::vector<std::int64_t>{0, -1}));
  EXPECT_EQ(te.expect.exitStatus, 0);
}

TEST(GoldenOracle, EveryFormulaFindsTheWrongIncrement) {
  Subject s("twobranch", "v1.c", "0 0");
  for (Family f : {Family::Program, Family::TraceFlowSensitive, Family::TraceFlowInsensitive}) {
    const Result r = runReplayed(s.task, f, "t");
    EXPECT_EQ(feasibilityOf(r, {19}), Feasibility::Feasible) << encode::familyName(f);
  }
}

TEST(GoldenOracle, ProgramFormulaFindsTheBoundaryConditionOthersDoNot) {
  Subject s("absval", "v1.c", "-1");
  const Result pf = runReplayed(s.task, Family::Program, "pf");
  EXPECT_EQ(feasibilityOf(pf, {14}), Feasibility::Feasible);
  for (Family f : {Family::TraceFlowSensitive, Family::TraceFlowInsensitive}) {
    const Result r = runReplayed(s.task, f, "t");
    EXPECT_FALSE(asSet(r).count({14})) << encode::familyName(f);
    EXPECT_TRUE(asSet(r).count({13})) << encode::familyName(f);  // av = x
  }
}

TEST(GoldenOracle, HardInputStatementsAreNeverSuspected) {
  Subject s("twobranch", "v1.c", "0 0");
  for (const LineSet& d : lineSets(runReplayed(s.task, Family::Program, "pf")))
    for (std::uint32_t line : d)
      EXPECT_TRUE(line != 12 && line != 13) << line;
}

TEST(GoldenOracle, SuspectInputsMakesInputStatementsSoft) {
  Subject s("twobranch", "v1.c", "0 0");
  s.task.options.suspectInputs = true;
  bool inputSuspected = false;
  for (const LineSet& d : lineSets(runReplayed(s.task, Family::Program, "pf")))
    for (std::uint32_t line : d)
      inputSuspected = inputSuspected || line == 12 || line == 13;
  EXPECT_TRUE(inputSuspected);
}

}  // namespace
}  // namespace culprit::localize::test

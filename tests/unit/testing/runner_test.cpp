#include "frontend/frontend.h"
#include "testing/runner.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace culprit;
using namespace culprit::testing;

namespace {

const char* kMax = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int m = a;
  if (b > a)
    m = b;
  printf("%d\n", m);
  return 0;
}
)";

// Faulty: uses < where > is meant, so the smaller value is printed when b > a or b < a.
const char* kMaxFaulty = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int m = a;
  if (b < a)
    m = b;
  printf("%d\n", m);
  return 0;
}
)";

TestSuite suiteOf(const std::vector<std::string>& lines) {
  TestSuite s;
  for (const std::string& l : lines) {
    TestCase t = parseTestLine(l, "", false);
    t.index = static_cast<int>(s.tests.size()) + 1;
    s.tests.push_back(t);
  }
  return s;
}

}  // namespace

TEST(RunSuite, GoldenOracleJudgesEachTest) {
  auto golden = frontend::parseSource(kMax, "max.c");
  auto faulty = frontend::parseSource(kMaxFaulty, "max_faulty.c");
  TestSuite s = suiteOf({"1 2", "2 1", "3 3", "-5 7"});
  Oracle o;
  o.golden = golden.get();
  SuiteOptions opt;
  opt.jobs = 2;
  SuiteResult r = runSuite(*faulty, s, o, opt);
  ASSERT_EQ(r.results.size(), 4u);
  EXPECT_EQ(r.results[0].outcome, Outcome::Fail);
  EXPECT_EQ(r.results[1].outcome, Outcome::Fail);
  EXPECT_EQ(r.results[2].outcome, Outcome::Pass);
  EXPECT_EQ(r.results[3].outcome, Outcome::Fail);
  EXPECT_EQ(r.passed, 1);
  EXPECT_EQ(r.failed, 3);
  EXPECT_NE(r.results[0].reason.find("stdout differs"), std::string::npos);
}

TEST(RunSuite, GoldenAgainstItselfPassesEverything) {
  auto golden = frontend::parseSource(kMax, "max.c");
  TestSuite s = suiteOf({"1 2", "2 1", "0 0"});
  Oracle o;
  o.golden = golden.get();
  SuiteResult r = runSuite(*golden, s, o, {});
  EXPECT_EQ(r.passed, 3);
}

TEST(RunSuite, ExpectedFilesOracle) {
  auto prog = frontend::parseSource(kMax, "max.c");
  auto dir = std::filesystem::temp_directory_path() / "culprit-runner-expected";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "t1") << "2\n";
  std::ofstream(dir / "t2") << "9\n";  // wrong on purpose
  std::ofstream(dir / "t3") << "4\n";
  std::ofstream(dir / "t3.status") << "1\n";  // program exits 0: mismatch
  std::filesystem::remove(dir / "t4");
  TestSuite s = suiteOf({"1 2", "2 1", "4 4", "5 5"});
  Oracle o;
  o.expectedDir = dir.string();
  SuiteResult r = runSuite(*prog, s, o, {});
  EXPECT_EQ(r.results[0].outcome, Outcome::Pass);
  EXPECT_EQ(r.results[1].outcome, Outcome::Fail);
  EXPECT_EQ(r.results[2].outcome, Outcome::Fail);
  EXPECT_NE(r.results[2].reason.find("exit status"), std::string::npos);
  EXPECT_EQ(r.results[3].outcome, Outcome::Error);
  EXPECT_TRUE(r.results[3].oracleError);
}

TEST(RunSuite, AFailByTheOracleKeepsTheFirstDifferingLine) {
  auto prog = frontend::parseSource(kMax, "max.c");
  auto dir = std::filesystem::temp_directory_path() / "culprit-runner-difference";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "t1") << "2\nmore\n";  // the program prints one line
  std::ofstream(dir / "t2") << "3\n";        // it prints 2
  std::ofstream(dir / "t3") << "4";          // it prints "4\n"
  TestSuite s = suiteOf({"1 2", "2 1", "4 4"});
  Oracle o;
  o.expectedDir = dir.string();
  SuiteResult r = runSuite(*prog, s, o, {});
  const OutputDifference& missing = r.results[0].difference;
  EXPECT_EQ(missing.line, 2u);
  EXPECT_EQ(missing.expected, "more\n");
  EXPECT_TRUE(missing.actualEnded);
  EXPECT_FALSE(missing.expectedEnded);
  const OutputDifference& changed = r.results[1].difference;
  EXPECT_EQ(changed.line, 1u);
  EXPECT_EQ(changed.expected, "3\n");
  EXPECT_EQ(changed.actual, "2\n");
  const OutputDifference& newline = r.results[2].difference;
  EXPECT_EQ(newline.line, 1u);
  EXPECT_EQ(newline.expected, "4");
  EXPECT_EQ(newline.actual, "4\n");
}

TEST(RunSuite, AnExpectedStatusThatIsNoNumberIsAnOracleError) {
  auto prog = frontend::parseSource(kMax, "max.c");
  auto dir = std::filesystem::temp_directory_path() / "culprit-runner-bad-status";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "t1") << "2\n";
  std::ofstream(dir / "t1.status") << "abc\n";
  Oracle o;
  o.expectedDir = dir.string();
  SuiteResult r = runSuite(*prog, suiteOf({"1 2"}), o, {});
  EXPECT_EQ(r.results[0].outcome, Outcome::Error);
  EXPECT_TRUE(r.results[0].oracleError);
  EXPECT_NE(r.results[0].reason.find("t1.status: 'abc' is not an exit status"), std::string::npos);
}

TEST(ParseExitStatus, TakesOneWholeNumberFrom0To255) {
  int status = -1;
  EXPECT_EQ(parseExitStatus(" 3\n", status), "");
  EXPECT_EQ(status, 3);
  EXPECT_EQ(parseExitStatus("255", status), "");
  EXPECT_EQ(status, 255);
  for (const char* bad : {"abc", "", "\n", "256", "-1", "3 4", "3x", "99999999999"})
    EXPECT_NE(parseExitStatus(bad, status), "") << bad;
  EXPECT_EQ(status, 255);
}

TEST(RunSuite, AssertionsAndRuntimeErrorsFail) {
  auto prog = frontend::parseSource(R"(#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int x = atoi(argv[1]);
  assert(x != 1);
  return 10 / (x - 2);
}
)",
                                    "a.c");
  TestSuite s = suiteOf({"0", "1", "2"});
  SuiteResult r = runSuite(*prog, s, {}, {});
  EXPECT_EQ(r.results[0].outcome, Outcome::Pass);
  EXPECT_EQ(r.results[1].outcome, Outcome::Fail);
  EXPECT_EQ(r.results[2].outcome, Outcome::Error);
  EXPECT_TRUE(r.results[2].failing());
  EXPECT_FALSE(r.results[2].oracleError);
}

TEST(CoverageMatrix, RowsFollowRuns) {
  auto golden = frontend::parseSource(kMax, "max.c");
  auto faulty = frontend::parseSource(kMaxFaulty, "max_faulty.c");
  TestSuite s = suiteOf({"1 2", "3 3"});
  Oracle o;
  o.golden = golden.get();
  SuiteOptions opt;
  opt.run.coverage = true;
  SuiteResult r = runSuite(*faulty, s, o, opt);
  CoverageMatrix m = coverageMatrix(r, faulty->stmts.size());
  EXPECT_EQ(m.totalFailing(), 1);
  EXPECT_EQ(m.totalPassing(), 1);
  // `m = b` (the assignment on line 8) runs in neither test: 1 < 2 is false... for "1 2"
  // b < a is false, for "3 3" too.
  int checked = 0;
  for (const ir::Stmt* st : faulty->stmts) {
    if (st->range.line == 8) {
      EXPECT_FALSE(m.covered[0][st->id]);
      ++checked;
    }
    if (st->range.line == 9) {
      EXPECT_TRUE(m.covered[0][st->id] && m.covered[1][st->id]);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 2);
}

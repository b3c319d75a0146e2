// Ranking diagnoses by evidence (localize/rank.h): which statements forward a value, the order
// of the keys, the failing tests a diagnosis explains, and the program-wide ranking of lines.
#include "formula_test_util.h"
#include "localize/rank.h"
#include "localize/session.h"
#include "testing/testcase.h"

#include <cmath>
#include <gtest/gtest.h>

namespace culprit::localize::test {
namespace {

const ir::Stmt& onLine(const ir::Program& p, unsigned line) {
  for (const ir::Stmt* s : p.stmts)
    if (s->range.line == line && s->isExecutable()) return *s;
  throw std::logic_error("no statement on line " + std::to_string(line));
}

TEST(Rank, ForwardingStatements) {
  const auto p = frontend::parseSource(R"(int f(int x) {
  int y = x;
  return y;
}
int main(void) {
  int b = f(3);
  b = b * 2;
  b = f(b);
  return b + 1;
}
)",
                                       "t.c", {});
  EXPECT_TRUE(forwardsValue(*p, onLine(*p, 2).id));   // a copy
  EXPECT_TRUE(forwardsValue(*p, onLine(*p, 3).id));   // returns a variable
  EXPECT_TRUE(forwardsValue(*p, onLine(*p, 6).id));   // a call's result
  EXPECT_FALSE(forwardsValue(*p, onLine(*p, 7).id));  // computes
  EXPECT_TRUE(forwardsValue(*p, onLine(*p, 8).id));
  EXPECT_FALSE(forwardsValue(*p, onLine(*p, 9).id));
}

/// A program whose line 6 should be `b > 5`; tests 1 3 5 7: "3" and "5" fail.
struct Suite {
  std::unique_ptr<ir::Program> program, golden;
  culprit::testing::TestSuite suite;
  culprit::testing::Oracle oracle;
  culprit::testing::SuiteResult results;
  culprit::testing::CoverageMatrix coverage;
  Problem problem;

  Suite() {
    const std::string source = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = a + 1;
  if (b > 3)
    b = 0;
  int c = b;
  printf("%d\n", c);
  return 0;
}
)";
    std::string fixed = source;
    fixed.replace(fixed.find("b > 3"), 5, "b > 5");
    program = frontend::parseSource(source, "t.c", {});
    golden = frontend::parseSource(fixed, "g.c", {});
    oracle.golden = golden.get();
    for (const char* line : {"1", "3", "4", "7"}) {
      culprit::testing::TestCase t = culprit::testing::parseTestLine(line, "", false);
      t.index = static_cast<int>(suite.tests.size()) + 1;
      suite.tests.push_back(t);
    }
    culprit::testing::SuiteOptions so;
    so.run.coverage = true;
    results = culprit::testing::runSuite(*program, suite, oracle, so);
    coverage = culprit::testing::coverageMatrix(results, program->stmts.size());
    problem = makeProblem(*program, suite, results, coverage, oracle, so.run, {});
  }

  Diagnosis diagnosis(std::vector<unsigned> lines, Feasibility f) const {
    Diagnosis d;
    for (unsigned line : lines) {
      const ir::Stmt& s = onLine(*program, line);
      d.locations.push_back({s.id, s.range.file, s.range.line, 0});
    }
    d.feasible = f;
    return d;
  }
};

std::vector<std::vector<unsigned>> linesOf(const Result& r) {
  std::vector<std::vector<unsigned>> out;
  for (const Diagnosis& d : r.diagnoses) {
    out.emplace_back();
    for (const Location& l : d.locations)
      out.back().push_back(l.line);
  }
  return out;
}

TEST(Rank, KeysInOrderFeasibleSizeRoleTestsSpectrum) {
  Suite s;
  ASSERT_TRUE(s.results.results[1].failing() && s.results.results[2].failing());
  ASSERT_FALSE(s.results.results[0].failing() || s.results.results[3].failing());
  Result r;
  r.diagnoses = {s.diagnosis({5}, Feasibility::Infeasible),
                 s.diagnosis({5, 8}, Feasibility::Feasible),
                 s.diagnosis({8}, Feasibility::Feasible),  // a copy
                 s.diagnosis({7}, Feasibility::Feasible),  // under line 6, a diagnosis alone
                 s.diagnosis({6}, Feasibility::Feasible)};
  DiagnosisRanker ranker(s.problem);
  ranker.rank(r, 1);
  // {6} computes the decision; {7} runs under it and {8} copies: both downstream. Both explain
  // the other failing test ("4": relaxed, b or c may be 5), so the spectrum decides: line 7 runs
  // in both failing tests and one passing test (Ochiai 2/sqrt(2*3)), line 8 in every test
  // (2/sqrt(2*4)).
  EXPECT_EQ(linesOf(r), (std::vector<std::vector<unsigned>>{{6}, {7}, {8}, {5, 8}, {5}}));
  std::vector<std::string> decided;
  for (const Diagnosis& d : r.diagnoses)
    decided.push_back(d.evidence->decidedBy);
  EXPECT_EQ(decided, (std::vector<std::string>{"role", "spectrum", "size", "feasible", ""}));
  EXPECT_NEAR(r.diagnoses[1].evidence->suspiciousness, 2 / std::sqrt(6.0), 1e-9);
  EXPECT_NEAR(r.diagnoses[2].evidence->suspiciousness, 2 / std::sqrt(8.0), 1e-9);
  EXPECT_EQ(r.diagnoses[0].evidence->explains, 2u);
  EXPECT_EQ(r.diagnoses[0].evidence->checked, 2u);
  EXPECT_EQ(r.diagnoses[1].evidence->downstream, 1u);
  EXPECT_EQ(r.diagnoses[2].evidence->downstream, 1u);
  EXPECT_EQ(r.diagnoses[0].evidence->downstream, 0u);
}

TEST(Rank, ProgramRankingByMeanReciprocalPosition) {
  Result a, b;
  auto at = [](std::uint32_t line) {
    Diagnosis d;
    d.locations.push_back({0, 0, line, 0});
    return d;
  };
  a.diagnoses = {at(6), at(8)};
  b.diagnoses = {at(8), at(6), at(9)};
  const std::vector<RankedLocation> r = programRanking({&a, &b});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].score, 0.75);  // (1 + 1/2) / 2, tied with line 8
  EXPECT_EQ(r[1].score, 0.75);
  EXPECT_EQ(r[0].rank, 2u);  // ties take the worst position
  EXPECT_EQ(r[1].rank, 2u);
  EXPECT_EQ(r[2].line, 9u);
  EXPECT_DOUBLE_EQ(r[2].score, 1.0 / 6);
  EXPECT_EQ(r[2].rank, 3u);
  EXPECT_EQ(r[2].tests, 1u);
  EXPECT_EQ(r[0].first, 1u);
}

}  // namespace
}  // namespace culprit::localize::test

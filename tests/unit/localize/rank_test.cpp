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

/// A program whose line 6 should be `b > 5`; tests 1 3 4 7: "3" and "4" fail.
constexpr const char* kCondition = R"(#include <stdio.h>
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

/// `source`, its golden (`wrong` replaced by `right`) and tests 1 3 4 7, with coverage.
struct Suite {
  std::unique_ptr<ir::Program> program, golden;
  culprit::testing::TestSuite suite;
  culprit::testing::Oracle oracle;
  culprit::testing::SuiteResult results;
  culprit::testing::CoverageMatrix coverage;
  Problem problem;

  explicit Suite(const std::string& source = kCondition, const std::string& wrong = "b > 3",
                 const std::string& right = "b > 5") {
    std::string fixed = source;
    fixed.replace(fixed.find(wrong), wrong.size(), right);
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

  /// A feasible one-statement diagnosis on `line` whose angelic value (a branch's direction
  /// for a condition) at the statement's first execution is `value`.
  Diagnosis fix(unsigned line, std::int64_t value) const {
    Diagnosis d = diagnosis({line}, Feasibility::Feasible);
    const ir::Stmt& s = onLine(*program, line);
    d.angelic = {AngelicValue{s.id, 0, value, s.isBranch(), std::nullopt}};
    return d;
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

TEST(Rank, NoCheckIsAskedPastTheRunsTimeout) {
  // The diagnoses of the test above, ranked with no time left of --timeout: none of the 5 checks
  // against the other failing test (they have no angelic values to replay) is asked. Each
  // diagnosis explains its own test only, with one unknown, and a note counts them.
  Suite s;
  Result r;
  r.diagnoses = {s.diagnosis({5}, Feasibility::Infeasible),
                 s.diagnosis({5, 8}, Feasibility::Feasible),
                 s.diagnosis({8}, Feasibility::Feasible), s.diagnosis({7}, Feasibility::Feasible),
                 s.diagnosis({6}, Feasibility::Feasible)};
  DiagnosisRanker ranker(s.problem);
  ranker.rank(r, 1, 0.0);
  for (const Diagnosis& d : r.diagnoses) {
    EXPECT_EQ(d.evidence->explains, 1u);
    EXPECT_EQ(d.evidence->checked, 2u);
    EXPECT_EQ(d.evidence->unknown, 1u);
  }
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_EQ(r.notes[0], "ranking: 5 checks of whether a diagnosis explains other failing tests "
                        "were not asked: the time limit (--timeout) had run out (they count as "
                        "unknown)");
  // With time left, they are asked (the test above: {6} explains both failing tests).
  Result again;
  again.diagnoses = {s.diagnosis({6}, Feasibility::Feasible)};
  ranker.rank(again, 1, 60.0);
  EXPECT_EQ(again.diagnoses[0].evidence->explains, 2u);
  EXPECT_TRUE(again.notes.empty());
}

TEST(Rank, StatementAfterAnEarlyReturnRunsUnderItsCondition) {
  // Line 4 should be `b > 3`. Tests "3" and "4" (b = 4, 5) fail: 8 and 10 where 0 is expected.
  // Either line 4 (true) or line 6 (0) makes them pass; each fix, replayed on the other failing
  // test, passes it too. Line 6 is nested in no branch, but it runs only when line 4 is false
  // (the return above it leaves the function): it counts as downstream of line 4, which the
  // role key puts first. Without that, the spectrum would decide for line 6: it runs in the two
  // failing tests and one passing test ("1", b = 2), Ochiai 2/sqrt(2*3); line 4 in every test,
  // 2/sqrt(2*4).
  Suite s(R"(#include <stdio.h>
#include <stdlib.h>
int g(int b) {
  if (b > 5)
    return 0;
  return b * 2;
}
int main(int argc, char *argv[]) {
  printf("%d\n", g(atoi(argv[1]) + 1));
  return 0;
}
)",
          "b > 5", "b > 3");
  ASSERT_TRUE(s.results.results[1].failing() && s.results.results[2].failing());
  ASSERT_FALSE(s.results.results[0].failing() || s.results.results[3].failing());
  Result r;
  r.diagnoses = {s.fix(6, 0), s.fix(4, 1)};
  DiagnosisRanker ranker(s.problem);
  ranker.rank(r, 1);
  EXPECT_EQ(linesOf(r), (std::vector<std::vector<unsigned>>{{4}, {6}}));
  EXPECT_EQ(r.diagnoses[0].evidence->decidedBy, "role");
  EXPECT_EQ(r.diagnoses[0].evidence->downstream, 0u);
  EXPECT_EQ(r.diagnoses[1].evidence->downstream, 1u);
  EXPECT_EQ(r.diagnoses[0].evidence->explains, 2u);
  EXPECT_EQ(r.diagnoses[1].evidence->explains, 2u);
  EXPECT_NEAR(r.diagnoses[0].evidence->suspiciousness, 2 / std::sqrt(8.0), 1e-9);
  EXPECT_NEAR(r.diagnoses[1].evidence->suspiciousness, 2 / std::sqrt(6.0), 1e-9);
}

TEST(Rank, BranchThatExplainsFewerTestsDoesNotDecide) {
  // Line 6 should be `b - 2`. Tests "1", "3" and "4" (b = 2, 4, 5) fail: -1, 1, 2 where 0, 2, 3
  // are expected; "7" (b = 8) passes. For test "1", line 4 (true: return 0) and line 6 (0)
  // are diagnoses. Line 6 runs only when line 4 is false, but line 4 explains test "1" only
  // (returning 0 fails "3" and "4"), line 6 all three (its 0 replayed fails them, but relaxed in
  // their trace formulas it takes 2 and 3): line 6 is not downstream of line 4 and comes first
  // by the tests key.
  Suite s(R"(#include <stdio.h>
#include <stdlib.h>
int g(int b) {
  if (b > 5)
    return 0;
  return b - 3;
}
int main(int argc, char *argv[]) {
  printf("%d\n", g(atoi(argv[1]) + 1));
  return 0;
}
)",
          "b - 3", "b - 2");
  ASSERT_TRUE(s.results.results[0].failing() && s.results.results[1].failing() &&
              s.results.results[2].failing());
  ASSERT_FALSE(s.results.results[3].failing());
  Result r;
  r.diagnoses = {s.fix(4, 1), s.fix(6, 0)};
  DiagnosisRanker ranker(s.problem);
  ranker.rank(r, 0);
  EXPECT_EQ(linesOf(r), (std::vector<std::vector<unsigned>>{{6}, {4}}));
  EXPECT_EQ(r.diagnoses[0].evidence->decidedBy, "tests");
  EXPECT_EQ(r.diagnoses[0].evidence->explains, 3u);
  EXPECT_EQ(r.diagnoses[0].evidence->checked, 3u);
  EXPECT_EQ(r.diagnoses[1].evidence->explains, 1u);
  EXPECT_EQ(r.diagnoses[0].evidence->downstream, 0u);
  EXPECT_EQ(r.diagnoses[1].evidence->downstream, 0u);
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

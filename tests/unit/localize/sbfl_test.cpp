#include "localize/sbfl.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace culprit;
using namespace culprit::localize;

TEST(Suspiciousness, FormulasByHand) {
  // f = 2 of F = 4 failing, p = 1 of P = 8 passing.
  Suspiciousness t = suspiciousness(SbflFormula::Tarantula, 2, 1, 4, 8);
  EXPECT_DOUBLE_EQ(t.score, 0.5 / (0.5 + 0.125));
  EXPECT_DOUBLE_EQ(t.confidence, 0.5);
  EXPECT_DOUBLE_EQ(suspiciousness(SbflFormula::Ochiai, 2, 1, 4, 8).score, 2 / std::sqrt(4.0 * 3));
  EXPECT_DOUBLE_EQ(suspiciousness(SbflFormula::DStar, 2, 1, 4, 8).score, 4.0 / (1 + 2));
}

TEST(Suspiciousness, NoFailingCoverageScoresZero) {
  for (auto f : {SbflFormula::Tarantula, SbflFormula::Ochiai, SbflFormula::DStar})
    EXPECT_EQ(suspiciousness(f, 0, 5, 3, 10).score, 0);
  EXPECT_EQ(suspiciousness(SbflFormula::Ochiai, 0, 0, 0, 0).score, 0);
}

TEST(Suspiciousness, DStarWithoutPassingOrMissedFailuresIsTop) {
  double top = suspiciousness(SbflFormula::DStar, 3, 0, 3, 10).score;
  double next = suspiciousness(SbflFormula::DStar, 3, 1, 3, 10).score;
  EXPECT_GT(top, next);
  EXPECT_TRUE(std::isfinite(top));
}

TEST(ParseSbflFormula, Names) {
  EXPECT_EQ(parseSbflFormula("ochiai"), SbflFormula::Ochiai);
  EXPECT_EQ(parseSbflFormula("dstar"), SbflFormula::DStar);
  EXPECT_EQ(parseSbflFormula("tarantula"), SbflFormula::Tarantula);
  EXPECT_FALSE(parseSbflFormula("magic"));
}

namespace {

/// A program of `lines` one-statement lines (statement i on line i+1) plus a trusted line.
struct FakeProgram {
  ir::Program p;
  std::vector<std::unique_ptr<ir::Stmt>> owned;
  explicit FakeProgram(int lines) {
    p.files.push_back({"f.c", {}});
    p.functions.resize(2);
    p.functions[1].trusted = true;
    for (int i = 0; i <= lines; ++i) {
      auto s = std::make_unique<ir::Stmt>();
      s->kind = ir::StmtKind::Expr;
      s->role = ir::StmtRole::Assign;
      s->id = i;
      s->func = i == lines ? 1 : 0;
      s->range.line = i + 1;
      p.stmts.push_back(s.get());
      owned.push_back(std::move(s));
    }
  }
};

culprit::testing::CoverageMatrix matrix(std::vector<std::vector<bool>> rows,
                                        std::vector<bool> failing) {
  culprit::testing::CoverageMatrix m;
  m.statementCount = rows[0].size();
  m.covered = std::move(rows);
  m.failing = std::move(failing);
  m.usable.assign(m.failing.size(), true);
  return m;
}

}  // namespace

TEST(RankLines, OrdersByScoreAndSkipsTrustedCode) {
  FakeProgram fp(3);
  // stmt 0 covered by every test, stmt 1 only by the failing test, stmt 2 only by passing.
  auto m = matrix({{1, 1, 0, 1}, {1, 0, 1, 1}, {1, 0, 1, 1}}, {true, false, false});
  SbflRanking r = rankLines(fp.p, m, SbflFormula::Ochiai);
  ASSERT_EQ(r.lines.size(), 3u);  // trusted line 4 is not ranked
  EXPECT_EQ(r.lines[0].line, 2u);
  EXPECT_DOUBLE_EQ(r.lines[0].susp.score, 1.0);
  EXPECT_EQ(r.lines[0].rank.worst, 1u);
  EXPECT_EQ(r.lines[1].line, 1u);
  EXPECT_EQ(r.lines[2].line, 3u);
  EXPECT_EQ(r.lines[2].susp.score, 0);
  EXPECT_EQ(r.totalFailed, 1);
  EXPECT_EQ(r.totalPassed, 2);
}

TEST(RankLines, TiesTakeTheWorstPosition) {
  FakeProgram fp(3);
  auto m = matrix({{1, 1, 1, 0}, {0, 0, 1, 0}}, {true, false});
  SbflRanking r = rankLines(fp.p, m, SbflFormula::Ochiai);
  // lines 1 and 2: f=1,p=0 -> 1.0 tie at positions 1-2; line 3: f=1,p=1
  EXPECT_EQ(r.lines[0].rank.worst, 2u);
  EXPECT_EQ(r.lines[0].rank.best, 1u);
  EXPECT_EQ(r.lines[1].rank.worst, 2u);
  EXPECT_EQ(r.lines[2].line, 3u);
  EXPECT_EQ(r.lines[2].rank.worst, 3u);
}

TEST(RankLines, TarantulaBreaksTiesByConfidence) {
  FakeProgram fp(2);
  // Both lines have Tarantula 1.0 only-failing coverage, but line 2 is covered by 2 of 2
  // failing tests (confidence 1) and line 1 by 1 of 2 (confidence 0.5).
  auto m = matrix({{1, 1, 0}, {0, 1, 0}, {0, 0, 0}}, {true, true, false});
  SbflRanking r = rankLines(fp.p, m, SbflFormula::Tarantula);
  EXPECT_EQ(r.lines[0].line, 2u);
  EXPECT_EQ(r.lines[0].rank.worst, 1u);
  EXPECT_EQ(r.lines[1].line, 1u);
  EXPECT_EQ(r.lines[1].rank.worst, 2u);
}

TEST(RankLines, UnusableTestsAreIgnored) {
  FakeProgram fp(1);
  auto m = matrix({{1, 0}, {1, 0}}, {true, true});
  m.usable[1] = false;
  SbflRanking r = rankLines(fp.p, m, SbflFormula::Ochiai);
  EXPECT_EQ(r.totalFailed, 1);
  EXPECT_EQ(r.lines[0].failedCover, 1);
}

TEST(StatementScores, MatchesLineScoresForOneStatementLines) {
  FakeProgram fp(3);
  auto m = matrix({{1, 1, 0, 1}, {1, 0, 1, 1}}, {true, false});
  auto scores = statementScores(fp.p, m, SbflFormula::DStar);
  ASSERT_EQ(scores.size(), 4u);
  EXPECT_DOUBLE_EQ(scores[0], 1.0 / (1 + 0));
  EXPECT_GT(scores[1], scores[0]);
  EXPECT_EQ(scores[2], 0);
  EXPECT_EQ(scores[3], 0);  // trusted
}

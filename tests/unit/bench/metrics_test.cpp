// The benchmark's formulas on hand-made examples; every expected value is worked out in the
// comment above it.
#include "bench/metrics.h"

#include <gtest/gtest.h>

using namespace culprit;
using namespace culprit::bench;
using localize::Feasibility;

namespace {

/// Lines 1..n of file 0 are executable; `faulty` are the faulty ones.
GroundTruth truth(unsigned n, std::vector<unsigned> faulty) {
  GroundTruth t;
  for (unsigned l = 1; l <= n; ++l)
    t.executable.insert({0, l});
  for (unsigned l : faulty)
    t.faulty.insert({0, l});
  return t;
}

DiagnosisLines diag(std::vector<unsigned> lines, Feasibility f = Feasibility::Unchecked) {
  DiagnosisLines d;
  for (unsigned l : lines)
    d.lines.push_back({0, l});
  d.feasible = f;
  return d;
}

/// A ranking of `lines` whose consecutive entries with equal `scores` tie.
std::vector<RankedEntry> ranking(std::vector<unsigned> lines, std::vector<double> scores) {
  auto pos = localize::tiePositions(
      lines.size(), [&](std::size_t i, std::size_t j) { return scores[i] == scores[j]; });
  std::vector<RankedEntry> out;
  for (std::size_t i = 0; i < lines.size(); ++i)
    out.push_back({{0, lines[i]}, pos[i]});
  return out;
}

}  // namespace

TEST(Exam, Percent) {
  EXPECT_DOUBLE_EQ(examPercent(3, 12), 25.0);
  EXPECT_DOUBLE_EQ(examPercent(0, 0), 0.0);
}

// N = 10, faulty {7}. D1 = {3,4} infeasible, D2 = {4,5,7} feasible, D3 = {7} feasible.
// D1 examines 3 and 4 (2 lines). D2 brings 5 and 7 (4 was read already): worst 2 + 2 = 4
// lines = 40%, average 2 + (2+1)/2 = 3.5 lines = 35%; rank 2. Precision 2/3. D3 = {7} is all
// faulty and feasible: fault and fix localized.
TEST(DiagnosisMetrics, ExamWalksDiagnosesCountingEachLineOnce) {
  RunMetrics m =
      diagnosisMetrics({diag({3, 4}, Feasibility::Infeasible),
                        diag({4, 5, 7}, Feasibility::Feasible), diag({7}, Feasibility::Feasible)},
                       truth(10, {7}));
  EXPECT_FALSE(m.ranking);
  EXPECT_EQ(m.executableLines, 10u);
  EXPECT_EQ(m.diagnoses, 3u);
  EXPECT_EQ(m.feasible, 2u);
  EXPECT_EQ(m.unchecked, 0u);
  EXPECT_DOUBLE_EQ(*m.precision, 2.0 / 3);
  EXPECT_TRUE(m.faultLocalized);
  EXPECT_EQ(m.fixLocalized, true);
  EXPECT_TRUE(m.found);
  EXPECT_DOUBLE_EQ(*m.exam, 40.0);
  EXPECT_DOUBLE_EQ(*m.examAverage, 35.0);
  EXPECT_EQ(m.rank, 2.0);
  EXPECT_EQ(m.linesExamined, 4u);
}

// A line that is not executable (42) is not counted: D1 examines 1 line, D2 = {7} one more:
// 2 of 10 lines = 20% both worst and average.
TEST(DiagnosisMetrics, NonExecutableLinesAreNotExamined) {
  RunMetrics m = diagnosisMetrics({diag({3, 42}), diag({7})}, truth(10, {7}));
  EXPECT_DOUBLE_EQ(*m.exam, 20.0);
  EXPECT_DOUBLE_EQ(*m.examAverage, 20.0);
  EXPECT_EQ(m.linesExamined, 2u);
  EXPECT_EQ(m.unchecked, 2u);
  EXPECT_DOUBLE_EQ(*m.precision, 0.0);
}

// {7} alone is infeasible; the feasible {7, 8} holds a non-faulty line: fault localized, fix
// not. First diagnosis holds the faulty line: 1 line = 10%.
TEST(DiagnosisMetrics, FixNeedsAFeasibleAllFaultyDiagnosis) {
  RunMetrics m = diagnosisMetrics(
      {diag({7}, Feasibility::Infeasible), diag({7, 8}, Feasibility::Feasible)}, truth(10, {7}));
  EXPECT_TRUE(m.faultLocalized);
  EXPECT_EQ(m.fixLocalized, false);
  EXPECT_DOUBLE_EQ(*m.exam, 10.0);
  EXPECT_EQ(m.rank, 1.0);
  EXPECT_EQ(m.linesExamined, 1u);
}

// Two faulty lines {2, 9}: D1 = {2, 9} is all faulty (success with several faults); a
// diagnosis mixing faulty and correct lines alone is not.
TEST(DiagnosisMetrics, SuccessMeansEveryLineFaulty) {
  EXPECT_TRUE(diagnosisMetrics({diag({2, 9})}, truth(10, {2, 9})).faultLocalized);
  EXPECT_FALSE(diagnosisMetrics({diag({2, 3})}, truth(10, {2, 9})).faultLocalized);
  EXPECT_FALSE(diagnosisMetrics({diag({})}, truth(10, {2})).faultLocalized);
}

TEST(DiagnosisMetrics, FaultNeverReached) {
  RunMetrics m = diagnosisMetrics({diag({1}), diag({2})}, truth(10, {7}));
  EXPECT_FALSE(m.found);
  EXPECT_FALSE(m.exam);
  EXPECT_FALSE(m.rank);
  EXPECT_FALSE(m.linesExamined);
  EXPECT_FALSE(m.faultLocalized);
  RunMetrics none = diagnosisMetrics({}, truth(10, {7}));
  EXPECT_EQ(none.diagnoses, 0u);
  EXPECT_FALSE(none.precision);
  EXPECT_FALSE(none.found);
}

// Scores 0.9 0.9 | 0.5 0.5 0.5 | 0.1 on lines 1 2 | 7 4 5 | 6: groups at 1-2, 3-5, 6.
// Faulty 7: worst 5 (50% of 10 lines), best 3, average 4 (40%). Top group {1,2} is not
// faulty: no success.
TEST(RankingMetrics, TiesTakeTheWorstPositionAndTheAverage) {
  auto r = ranking({1, 2, 7, 4, 5, 6}, {0.9, 0.9, 0.5, 0.5, 0.5, 0.1});
  RunMetrics m = rankingMetrics(r, truth(10, {7}));
  EXPECT_TRUE(m.ranking);
  EXPECT_FALSE(m.diagnoses);
  EXPECT_FALSE(m.fixLocalized);
  EXPECT_FALSE(m.faultLocalized);
  EXPECT_TRUE(m.found);
  EXPECT_EQ(m.rank, 5.0);
  EXPECT_EQ(m.rankBest, 3.0);
  EXPECT_EQ(m.rankAverage, 4.0);
  EXPECT_DOUBLE_EQ(*m.exam, 50.0);
  EXPECT_DOUBLE_EQ(*m.examAverage, 40.0);
  EXPECT_EQ(m.linesExamined, 5u);
}

// Faulty {6, 7}: the first faulty line is 7 (group 3-5), not 6 (position 6).
TEST(RankingMetrics, FirstFaultyLineCounts) {
  auto r = ranking({1, 2, 7, 4, 5, 6}, {0.9, 0.9, 0.5, 0.5, 0.5, 0.1});
  EXPECT_EQ(rankingMetrics(r, truth(10, {6, 7})).rank, 5.0);
}

// Top group {1, 2}: success when both are faulty (rank 2, 20%, average 15%), not when only
// line 1 is (it ties with a correct line), though line 1 still has rank 2.
// Top N counts a tie group at its worst position: line 7 ties at 3-5, so it is in the top 5
// and not in the top 3, though its best position is 3. Diagnoses: the first diagnosis holding
// a faulty line is 2nd (D1 = {3, 4}, D2 = {4, 5, 7}): top 3, not top 1. A fault never reached
// is in no top N.
TEST(TopN, TiesAtTheirWorstPosition) {
  auto r = ranking({1, 2, 7, 4, 5, 6}, {0.9, 0.9, 0.5, 0.5, 0.5, 0.1});
  RunMetrics m = rankingMetrics(r, truth(10, {7}));
  EXPECT_FALSE(inTop(m, 1));
  EXPECT_FALSE(inTop(m, 3));
  EXPECT_FALSE(inTop(m, 4));
  EXPECT_TRUE(inTop(m, 5));
  RunMetrics d = diagnosisMetrics({diag({3, 4}), diag({4, 5, 7})}, truth(10, {7}));
  EXPECT_FALSE(inTop(d, 1));
  EXPECT_TRUE(inTop(d, 2));
  EXPECT_TRUE(inTop(d, 3));
  EXPECT_FALSE(inTop(rankingMetrics(r, truth(10, {9})), 5));
}

TEST(RankingMetrics, SuccessWhenTheTopGroupIsAllFaulty) {
  auto r = ranking({1, 2, 7}, {0.9, 0.9, 0.5});
  RunMetrics both = rankingMetrics(r, truth(10, {1, 2}));
  EXPECT_TRUE(both.faultLocalized);
  EXPECT_DOUBLE_EQ(*both.exam, 20.0);
  EXPECT_DOUBLE_EQ(*both.examAverage, 15.0);
  RunMetrics one = rankingMetrics(r, truth(10, {1}));
  EXPECT_FALSE(one.faultLocalized);
  EXPECT_EQ(one.rank, 2.0);
  EXPECT_TRUE(rankingMetrics(ranking({3, 1}, {1.0, 0.2}), truth(10, {3})).faultLocalized);
  RunMetrics missing = rankingMetrics(r, truth(10, {9}));
  EXPECT_FALSE(missing.found);
  EXPECT_FALSE(missing.exam);
  EXPECT_FALSE(missing.linesExamined);
  EXPECT_FALSE(rankingMetrics({}, truth(10, {9})).faultLocalized);
}

TEST(ClassifyRun, TimeoutsIncompleteAndOk) {
  EXPECT_EQ(classifyRun(true, "", 100, 60), RunStatus::Ok);
  EXPECT_EQ(classifyRun(false, "timeout after 60 s", 60000, 60), RunStatus::Timeout);
  EXPECT_EQ(classifyRun(false, "Time limit reached", 10, 60), RunStatus::Timeout);
  EXPECT_EQ(classifyRun(false, "MCS size bound 3", 10, 60), RunStatus::Incomplete);
  EXPECT_EQ(classifyRun(true, "", 61000, 60), RunStatus::Timeout);  // measured overrun
}

// The notes of a pf run whose program formula was stopped by its first-MCS budget (as
// localize/solving.cpp and diagnose.cpp word them).
const std::string kBudget = "first-MCS budget: the program formula found no MCS in 6 s (60% of "
                            "--timeout 10): that budget stopped it at its query 1";
const std::string kFallback = "fallback: the diagnoses shown are the flow-sensitive trace "
                              "formula's (the failing run's path, as fs computes them), not the "
                              "program formula's";

TEST(ClassifyRun, TraceFallbackWithDiagnosesIsIncomplete) {
  EXPECT_EQ(classifyRun(false, kBudget + "; " + kFallback, 7000, 10, 3), RunStatus::Incomplete);
  // No diagnoses: the budget is what the run ended with.
  EXPECT_EQ(classifyRun(false, kBudget + "; " + kFallback, 7000, 10, 0), RunStatus::Timeout);
  // The trace formula ran out of time as well.
  EXPECT_EQ(classifyRun(false,
                        kBudget + "; " + kFallback + "; the trace formula: timeout after 4 s",
                        10000, 10, 2),
            RunStatus::Timeout);
  // Over the wall-clock limit, whatever the notes say.
  EXPECT_EQ(classifyRun(false, kBudget + "; " + kFallback, 10500, 10, 3), RunStatus::Timeout);
  // Another bound cut the trace formula: incomplete.
  EXPECT_EQ(
      classifyRun(false, kBudget + "; " + kFallback + "; MCS size bound 3 reached", 7000, 10, 3),
      RunStatus::Incomplete);
  // A run not stopped by the budget keeps its timeout, diagnoses or not.
  EXPECT_EQ(classifyRun(false, "timeout after 10 s (--timeout)", 9000, 10, 5), RunStatus::Timeout);
}

// r1 ranking ok: EXAM 50 (avg 40), rank 5, 10 ms.  r2 ranking ok, fault not reached: counts
// EXAM 100, 20 ms.  r3 diagnoses, timeout: 4 diagnoses, 1 feasible, EXAM 20 (avg 10), rank 1,
// fault and fix localized, 60000 ms (solver 50000), soft 10, hard 30.  r4 diagnoses, error,
// 5 ms.
// Rates over 4 runs: fault 1/4 = 25%; fix 1 of 2 non-ranking runs = 50%; top 1 and top 3:
// r3 alone, 25%; top 5: r1 and r3, 50% (the timeout keeps its partial result). EXAM over the
// 3 runs with results: (50 + 100 + 20) / 3, average (40 + 100 + 10) / 3 = 50; lines examined
// (10 executable lines each): (5 + 10 + 2) / 3. Rank over the 2 runs that found the fault:
// (5 + 1) / 2 = 3. Precision 1/4. Times over 4 runs: solver
// 50000 / 4 = 12500, total 60035 / 4 = 15008.75. Soft 10/3, hard 30/3 over runs with results.
TEST(Aggregate, ByHand) {
  RunRecord r1, r2, r3, r4;
  r1.metrics.ranking = r2.metrics.ranking = true;
  r1.metrics.found = true, r1.metrics.exam = 50, r1.metrics.examAverage = 40, r1.metrics.rank = 5;
  r1.costs.totalMs = 10;
  r2.costs.totalMs = 20;
  r3.status = RunStatus::Timeout;
  r3.metrics.diagnoses = 4, r3.metrics.feasible = 1, r3.metrics.found = true;
  r3.metrics.exam = 20, r3.metrics.examAverage = 10, r3.metrics.rank = 1;
  r3.metrics.faultLocalized = true, r3.metrics.fixLocalized = true;
  r3.costs = {50000, 60000, 0, 10, 30, 7, {}, {}, {}};
  r1.metrics.executableLines = r2.metrics.executableLines = r3.metrics.executableLines = 10;
  r1.metrics.linesExamined = 5, r3.metrics.linesExamined = 2;
  r4.status = RunStatus::Error;
  r4.costs.totalMs = 5;
  Aggregate a = aggregate({&r1, &r2, &r3, &r4});
  EXPECT_EQ(a.runs, 4u);
  EXPECT_EQ(a.ok, 2u);
  EXPECT_EQ(a.timeouts, 1u);
  EXPECT_EQ(a.errors, 1u);
  EXPECT_EQ(a.incomplete, 0u);
  EXPECT_EQ(a.withResults, 3u);
  EXPECT_EQ(a.faultLocalized, 1u);
  EXPECT_EQ(a.fixLocalized, 1u);
  EXPECT_EQ(a.fixApplicable, 2u);
  EXPECT_DOUBLE_EQ(*a.faultRate, 25.0);
  EXPECT_DOUBLE_EQ(*a.fixRate, 50.0);
  EXPECT_DOUBLE_EQ(*a.meanExam, 170.0 / 3);
  EXPECT_DOUBLE_EQ(*a.meanExamAverage, 50.0);
  EXPECT_EQ(a.found, 2u);
  EXPECT_DOUBLE_EQ(*a.meanRank, 3.0);
  EXPECT_EQ(a.top, (std::array<std::size_t, 3>{1, 1, 2}));
  EXPECT_DOUBLE_EQ(*a.topRate[0], 25.0);
  EXPECT_DOUBLE_EQ(*a.topRate[1], 25.0);
  EXPECT_DOUBLE_EQ(*a.topRate[2], 50.0);
  EXPECT_DOUBLE_EQ(*a.meanLinesExamined, 17.0 / 3);
  EXPECT_DOUBLE_EQ(*a.meanDiagnoses, 4.0);
  EXPECT_DOUBLE_EQ(*a.precision, 0.25);
  EXPECT_DOUBLE_EQ(a.meanSolverMs, 12500.0);
  EXPECT_DOUBLE_EQ(a.meanTotalMs, 15008.75);
  EXPECT_DOUBLE_EQ(a.sumTotalMs, 60035.0);
  // Totals 5, 10, 20, 60000: nearest rank, the 2nd and the 4th of 4.
  EXPECT_DOUBLE_EQ(a.p50TotalMs, 10.0);
  EXPECT_DOUBLE_EQ(a.p90TotalMs, 60000.0);
  EXPECT_DOUBLE_EQ(a.meanSoft, 10.0 / 3);
  EXPECT_DOUBLE_EQ(a.meanHard, 10.0);
}

TEST(Aggregate, EmptyAndRankingOnly) {
  Aggregate none = aggregate({});
  EXPECT_EQ(none.runs, 0u);
  EXPECT_FALSE(none.faultRate);
  EXPECT_FALSE(none.meanExam);
  EXPECT_FALSE(none.topRate[0]);
  EXPECT_FALSE(none.meanLinesExamined);
  RunRecord r;
  r.metrics.ranking = true;
  Aggregate a = aggregate({&r});
  EXPECT_FALSE(a.fixRate);  // fix localization does not apply to rankings
  EXPECT_DOUBLE_EQ(*a.meanExam, 100.0);
  EXPECT_DOUBLE_EQ(*a.meanLinesExamined, 0.0);  // no executable line recorded: none read
  EXPECT_DOUBLE_EQ(*a.topRate[2], 0.0);
  EXPECT_FALSE(a.meanRank);
  EXPECT_FALSE(a.precision);
}

namespace {

RunRecord versionRun(const std::string& subject, std::size_t lines, std::optional<double> rank,
                     std::size_t examined = 0, RunStatus status = RunStatus::Ok) {
  RunRecord r;
  r.key = {subject, "pf", 1};
  r.status = status;
  r.metrics.executableLines = lines;
  r.metrics.diagnoses = 3;
  if (rank) {
    r.metrics.found = true;
    r.metrics.rank = *rank;
    r.metrics.linesExamined = examined;
    r.metrics.exam = examPercent(static_cast<double>(examined), lines);
    r.metrics.faultLocalized = *rank == 1;
  }
  return r;
}

}  // namespace

// Version a: 4 failing tests, three reach the fault first (1 line of 10), one never (10
// lines, EXAM 100%): fault 75%, rank 1, top-1/3/5 75%, EXAM (3 * 10 + 100) / 4 = 32.5%,
// lines (1 + 1 + 1 + 10) / 4 = 3.25. Version b: one test, rank 4 after 6 lines of 20 (30%):
// fault 0%, top-1/3 0%, top-5 100%. Version c: one test, an error: fault 0%, top 0%, no rank,
// EXAM or lines. By version (3 versions): fault 25%, rank (1 + 4) / 2 = 2.5, top-1 and top-3
// 25%, top-5 (75 + 100 + 0) / 3, EXAM (32.5 + 30) / 2 = 31.25%, lines (3.25 + 6) / 2 = 4.625.
// Pooled over the 6 runs instead, top-1 is 3/6 = 50% and rank (1 + 1 + 1 + 4) / 4 = 1.75:
// version a's many tests would outweigh the others.
TEST(AggregateByVersion, EachVersionWeighsTheSame) {
  std::vector<RunRecord> runs = {
      versionRun("a", 10, 1, 1), versionRun("a", 10, 1, 1),
      versionRun("b", 20, 4, 6), versionRun("a", 10, 1, 1),
      versionRun("a", 10, {}),   versionRun("c", 10, {}, 0, RunStatus::Error)};
  std::vector<const RunRecord*> all;
  for (const RunRecord& r : runs)
    all.push_back(&r);
  VersionMeans v = aggregateByVersion(all);
  EXPECT_EQ(v.versions, 3u);
  EXPECT_DOUBLE_EQ(*v.faultRate, 25.0);
  EXPECT_DOUBLE_EQ(*v.meanRank, 2.5);
  EXPECT_DOUBLE_EQ(*v.topRate[0], 25.0);
  EXPECT_DOUBLE_EQ(*v.topRate[1], 25.0);
  EXPECT_DOUBLE_EQ(*v.topRate[2], 175.0 / 3);
  EXPECT_DOUBLE_EQ(*v.meanExam, 31.25);
  EXPECT_DOUBLE_EQ(*v.meanLinesExamined, 4.625);
  Aggregate pooled = aggregate(all);
  EXPECT_DOUBLE_EQ(*pooled.topRate[0], 50.0);
  EXPECT_DOUBLE_EQ(*pooled.meanRank, 1.75);

  VersionMeans none = aggregateByVersion({});
  EXPECT_EQ(none.versions, 0u);
  EXPECT_FALSE(none.meanRank);
  EXPECT_FALSE(none.topRate[0]);
}

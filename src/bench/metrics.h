// Every number the benchmark reports is computed here, once: per-run metrics of a ranking or
// of a list of diagnoses against the ground truth (faulty lines), the status of a run, and
// the aggregates over runs shown in the tables. Inputs are plain line sets, so each formula
// is unit-tested on hand-made examples (tests/unit/bench/metrics_test.cpp).
#pragma once

#include "bench/record.h"
#include "localize/ranking.h"
#include "localize/technique.h"

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace culprit::bench {

/// A source line: (index into Program::files, line).
using Line = std::pair<std::uint32_t, std::uint32_t>;

struct GroundTruth {
  std::set<Line> executable;  ///< distinct lines of untrusted executable statements
  std::set<Line> faulty;      ///< the subject's faulty lines (all executable)
};

/// One diagnosis reduced to what the metrics need.
struct DiagnosisLines {
  std::vector<Line> lines;
  localize::Feasibility feasible = localize::Feasibility::Unchecked;
};

/// One ranked line reduced to what the metrics need; entries in ranking order.
struct RankedEntry {
  Line line;
  localize::RankPosition rank;
};

/// 100 * examined / executableLines.
double examPercent(double examined, std::size_t executableLines);

/// Metrics of diagnoses read in order. EXAM walks them, examining each diagnosis's new
/// executable lines at once; the worst case counts all new lines of the diagnosis that holds
/// the first faulty line, the average counts half of them (as for a tie in a ranking).
/// `rank` is the 1-based position of that diagnosis.
RunMetrics diagnosisMetrics(const std::vector<DiagnosisLines>& diagnoses, const GroundTruth& truth);

/// Metrics of a ranking: rank and EXAM of the first faulty line (worst and average position
/// of its tie group); success when the top tie group holds only faulty lines.
RunMetrics rankingMetrics(const std::vector<RankedEntry>& ranking, const GroundTruth& truth);

/// Status of a finished run: a timeout when the technique says its time ran out or the run
/// overran `timeoutSeconds`; incomplete when another bound cut it; ok otherwise. A run with
/// `diagnoses` whose program formula was stopped by the first-MCS budget, the trace formula
/// answering within the time left, is incomplete, not a timeout.
RunStatus classifyRun(bool complete, const std::string& incompleteReason, double elapsedMs,
                      double timeoutSeconds, std::size_t diagnoses = 0);

/// The N of the top-N columns: a run is in the top N when its rank is at most N.
inline constexpr std::array<std::size_t, 3> kTopN = {1, 3, 5};

/// Whether a run reached a faulty line at rank `n` or better (ties at their worst position).
bool inTop(const RunMetrics& m, std::size_t n);

/// Aggregates over a set of runs (one technique on one subject, or on every subject).
struct Aggregate {
  std::size_t runs = 0, ok = 0, timeouts = 0, errors = 0, incomplete = 0;
  std::size_t withResults = 0;  ///< runs that did not end in an error
  std::size_t faultLocalized = 0, fixLocalized = 0;
  std::size_t fixApplicable = 0;  ///< runs that are not rankings (fix localization applies)
  std::size_t found = 0;          ///< runs that reached a faulty line
  std::size_t diagnosesTotal = 0, feasibleTotal = 0;
  std::optional<double> faultRate, fixRate;         ///< percent of runs / of fixApplicable
  std::optional<double> meanExam, meanExamAverage;  ///< runs with results; not found = 100
  std::optional<double> meanRank;                   ///< runs that found a faulty line
  std::optional<double> meanDiagnoses;              ///< diagnosis-based runs with results
  std::optional<double> precision;                  ///< feasibleTotal / diagnosesTotal
  /// Runs whose rank is at most kTopN[i], and their percent of all runs.
  std::array<std::size_t, kTopN.size()> top{};
  std::array<std::optional<double>, kTopN.size()> topRate;
  /// Lines examined, over runs with results; a run that never reaches a faulty line counts
  /// all its executable lines.
  std::optional<double> meanLinesExamined;
  double meanSolverMs = 0, meanTotalMs = 0, sumTotalMs = 0;
  /// Median and 90th percentile of the total time per run (timeouts count at their limit).
  double p50TotalMs = 0, p90TotalMs = 0;
  double meanSoft = 0, meanHard = 0;
};

Aggregate aggregate(const std::vector<const RunRecord*>& runs);

/// Means over versions (subjects) of the per-version aggregates, so that each faulty version
/// weighs the same however many failing tests it has. A mean is over the versions where the
/// per-version value exists (mean rank: versions where some run found a faulty line).
struct VersionMeans {
  std::size_t versions = 0;
  std::optional<double> faultRate;
  std::optional<double> meanRank;
  std::array<std::optional<double>, kTopN.size()> topRate;
  std::optional<double> meanExam;
  std::optional<double> meanLinesExamined;
};

/// Groups `runs` by subject, aggregates each group and averages the groups' values.
VersionMeans aggregateByVersion(const std::vector<const RunRecord*>& runs);

}  // namespace culprit::bench

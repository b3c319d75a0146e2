// The benchmark's formulas, in one place.
//
// Per run (ground truth: the subject's faulty lines; N = distinct lines of untrusted
// executable statements):
//  - diagnoses, feasible, precision = feasible / diagnoses (absent without diagnoses);
//  - fault localized: some diagnosis is non-empty and all its lines are faulty; for a ranking,
//    the top tie group holds only faulty lines (a ranking always has "some" line that is);
//  - fix localized: such a diagnosis is also feasible (diagnoses only);
//  - lines examined: executable lines read until the first faulty line, that line included.
//    Diagnoses are read in order and each one's not-yet-examined executable lines are
//    examined at once: worst case all k of them, average (k + 1) / 2 of them. For a ranking
//    the first faulty line's tie group gives RankPosition::worst and ::average.
//  - EXAM = 100 * lines examined / N (worst case; exam_average from the average case);
//  - rank: the first faulty line's rank (rankings, worst position of its tie group), or the
//    1-based position of the first diagnosis that contains a faulty line;
//  - top N: the run reached a faulty line with rank <= N.
// Aggregates: rates (fault, fix, top N) are over all runs (errors count as failures); EXAM
// and lines-examined means are over runs with results, a run that never reaches a faulty line
// counting 100% / N (the whole program read); rank means are over runs that reached one;
// precision is pooled (sum feasible / sum diagnoses); times are means over all runs. Runs cut
// by a bound (timeout, incomplete) keep the metrics of their partial results.
// By version: the same aggregate per subject, then the mean of the subjects' values.
#include "bench/metrics.h"

#include "localize/solving.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <string>
#include <string_view>

namespace culprit::bench {

double examPercent(double examined, std::size_t executableLines) {
  return executableLines ? 100.0 * examined / static_cast<double>(executableLines) : 0.0;
}

namespace {

bool allFaulty(const std::vector<Line>& lines, const GroundTruth& truth) {
  return !lines.empty() && std::all_of(lines.begin(), lines.end(),
                                       [&](const Line& l) { return truth.faulty.count(l) != 0; });
}

bool anyFaulty(const std::vector<Line>& lines, const GroundTruth& truth) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const Line& l) { return truth.faulty.count(l) != 0; });
}

}  // namespace

RunMetrics diagnosisMetrics(const std::vector<DiagnosisLines>& diagnoses,
                            const GroundTruth& truth) {
  RunMetrics m;
  std::size_t n = truth.executable.size();
  m.executableLines = n;
  m.diagnoses = diagnoses.size();
  m.fixLocalized = false;
  for (const DiagnosisLines& d : diagnoses) {
    m.feasible += d.feasible == localize::Feasibility::Feasible;
    m.unchecked += d.feasible == localize::Feasibility::Unchecked;
    if (allFaulty(d.lines, truth)) {
      m.faultLocalized = true;
      if (d.feasible == localize::Feasibility::Feasible) m.fixLocalized = true;
    }
  }
  if (!diagnoses.empty())
    m.precision = static_cast<double>(m.feasible) / static_cast<double>(diagnoses.size());

  std::set<Line> examined;
  for (std::size_t i = 0; i < diagnoses.size() && !m.found; ++i) {
    std::set<Line> fresh;
    for (const Line& l : diagnoses[i].lines)
      if (truth.executable.count(l) && !examined.count(l)) fresh.insert(l);
    if (anyFaulty(diagnoses[i].lines, truth)) {
      double before = static_cast<double>(examined.size());
      double k = static_cast<double>(fresh.size());
      m.found = true;
      m.rank = m.rankBest = m.rankAverage = static_cast<double>(i + 1);
      m.linesExamined = examined.size() + fresh.size();
      if (n) {
        m.exam = examPercent(before + k, n);
        m.examAverage = examPercent(before + (k + 1) / 2, n);
      }
    }
    examined.insert(fresh.begin(), fresh.end());
  }
  return m;
}

RunMetrics rankingMetrics(const std::vector<RankedEntry>& ranking, const GroundTruth& truth) {
  RunMetrics m;
  m.ranking = true;
  std::size_t n = truth.executable.size();
  m.executableLines = n;
  bool topAllFaulty = false;
  for (const RankedEntry& e : ranking) {
    if (e.rank.best != 1) break;
    topAllFaulty = truth.faulty.count(e.line) != 0;
    if (!topAllFaulty) break;
  }
  m.faultLocalized = topAllFaulty;
  const RankedEntry* first = nullptr;
  for (const RankedEntry& e : ranking)
    if (truth.faulty.count(e.line) && (!first || e.rank.best < first->rank.best)) first = &e;
  if (!first) return m;
  m.found = true;
  m.rank = static_cast<double>(first->rank.worst);
  m.rankBest = static_cast<double>(first->rank.best);
  m.rankAverage = first->rank.average;
  m.linesExamined = first->rank.worst;
  if (n) {
    m.exam = examPercent(static_cast<double>(first->rank.worst), n);
    m.examAverage = examPercent(first->rank.average, n);
  }
  return m;
}

namespace {

/// `reason` without its clauses ("; "-separated) that begin with `words`.
std::string withoutClauses(const std::string& reason, std::string_view words) {
  std::string kept;
  std::size_t from = 0;
  while (from <= reason.size()) {
    std::size_t end = reason.find("; ", from);
    if (end == std::string::npos) end = reason.size();
    const std::string_view clause(reason.data() + from, end - from);
    if (!clause.starts_with(words)) kept += (kept.empty() ? "" : "; ") + std::string(clause);
    from = end + 2;
  }
  return kept;
}

}  // namespace

RunStatus classifyRun(bool complete, const std::string& incompleteReason, double elapsedMs,
                      double timeoutSeconds, std::size_t diagnoses) {
  // The first-MCS budget (60% of --timeout) stops the program formula and the trace formula
  // answers in the time left: with diagnoses from it, the run ended within its time, by a bound
  // of its own. A run whose trace formula ran out of time too still says "timeout" after it.
  std::string reason =
      diagnoses ? withoutClauses(incompleteReason, localize::kFirstMcsNoteWords) : incompleteReason;
  std::transform(reason.begin(), reason.end(), reason.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  bool timeCut = !complete && (reason.find("timeout") != std::string::npos ||
                               reason.find("time limit") != std::string::npos ||
                               reason.find("timed out") != std::string::npos);
  if (timeCut || (timeoutSeconds > 0 && elapsedMs > timeoutSeconds * 1000))
    return RunStatus::Timeout;
  return complete ? RunStatus::Ok : RunStatus::Incomplete;
}

namespace {

std::optional<double> mean(double sum, std::size_t count) {
  if (!count) return std::nullopt;
  return sum / static_cast<double>(count);
}

/// The smallest value with at least fraction `p` of the values at or below it (nearest rank).
double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size())));
  return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

}  // namespace

bool inTop(const RunMetrics& m, std::size_t n) {
  return m.found && m.rank && *m.rank <= static_cast<double>(n);
}

Aggregate aggregate(const std::vector<const RunRecord*>& runs) {
  Aggregate a;
  double examSum = 0, examAvgSum = 0, rankSum = 0, diagSum = 0, solverSum = 0, linesSum = 0;
  double softSum = 0, hardSum = 0;
  std::size_t diagRuns = 0;
  std::vector<double> totals;
  for (const RunRecord* r : runs) {
    totals.push_back(r->costs.totalMs);
    ++a.runs;
    a.ok += r->status == RunStatus::Ok;
    a.timeouts += r->status == RunStatus::Timeout;
    a.errors += r->status == RunStatus::Error;
    a.incomplete += r->status == RunStatus::Incomplete;
    solverSum += r->costs.solverMs;
    a.sumTotalMs += r->costs.totalMs;
    const RunMetrics& m = r->metrics;
    if (!m.ranking) ++a.fixApplicable;
    if (r->status == RunStatus::Error) continue;
    ++a.withResults;
    a.faultLocalized += m.faultLocalized;
    a.fixLocalized += m.fixLocalized.value_or(false);
    examSum += m.found ? m.exam.value_or(100) : 100;
    examAvgSum += m.found ? m.examAverage.value_or(100) : 100;
    const auto all = static_cast<double>(m.executableLines);
    linesSum += m.found && m.linesExamined ? static_cast<double>(*m.linesExamined) : all;
    if (m.found) ++a.found, rankSum += m.rank.value_or(0);
    for (std::size_t i = 0; i < kTopN.size(); ++i)
      a.top[i] += inTop(m, kTopN[i]);
    if (m.diagnoses) {
      ++diagRuns;
      diagSum += static_cast<double>(*m.diagnoses);
      a.diagnosesTotal += *m.diagnoses;
      a.feasibleTotal += m.feasible;
    }
    softSum += static_cast<double>(r->costs.soft);
    hardSum += static_cast<double>(r->costs.hard);
  }
  if (a.runs) a.faultRate = 100.0 * static_cast<double>(a.faultLocalized) / a.runs;
  for (std::size_t i = 0; a.runs && i < kTopN.size(); ++i)
    a.topRate[i] = 100.0 * static_cast<double>(a.top[i]) / static_cast<double>(a.runs);
  if (a.fixApplicable) a.fixRate = 100.0 * static_cast<double>(a.fixLocalized) / a.fixApplicable;
  a.meanExam = mean(examSum, a.withResults);
  a.meanExamAverage = mean(examAvgSum, a.withResults);
  a.meanRank = mean(rankSum, a.found);
  a.meanLinesExamined = mean(linesSum, a.withResults);
  a.meanDiagnoses = mean(diagSum, diagRuns);
  if (a.diagnosesTotal)
    a.precision = static_cast<double>(a.feasibleTotal) / static_cast<double>(a.diagnosesTotal);
  a.meanSolverMs = mean(solverSum, a.runs).value_or(0);
  a.meanTotalMs = mean(a.sumTotalMs, a.runs).value_or(0);
  a.p50TotalMs = percentile(totals, 0.5);
  a.p90TotalMs = percentile(totals, 0.9);
  a.meanSoft = mean(softSum, a.withResults).value_or(0);
  a.meanHard = mean(hardSum, a.withResults).value_or(0);
  return a;
}

namespace {

/// Adds `v` to a running sum and count when it exists.
struct OptionalMean {
  double sum = 0;
  std::size_t count = 0;
  void add(const std::optional<double>& v) {
    if (v) sum += *v, ++count;
  }
  std::optional<double> value() const { return mean(sum, count); }
};

}  // namespace

VersionMeans aggregateByVersion(const std::vector<const RunRecord*>& runs) {
  std::map<std::string, std::vector<const RunRecord*>> bySubject;  // sorted: sums in one order
  for (const RunRecord* r : runs)
    bySubject[r->key.subject].push_back(r);
  VersionMeans v;
  OptionalMean fault, rank, exam, lines;
  std::array<OptionalMean, kTopN.size()> top;
  for (const auto& [subject, group] : bySubject) {
    const Aggregate a = aggregate(group);
    ++v.versions;
    fault.add(a.faultRate);
    rank.add(a.meanRank);
    exam.add(a.meanExam);
    lines.add(a.meanLinesExamined);
    for (std::size_t i = 0; i < kTopN.size(); ++i)
      top[i].add(a.topRate[i]);
  }
  v.faultRate = fault.value();
  v.meanRank = rank.value();
  v.meanExam = exam.value();
  v.meanLinesExamined = lines.value();
  for (std::size_t i = 0; i < kTopN.size(); ++i)
    v.topRate[i] = top[i].value();
  return v;
}

}  // namespace culprit::bench

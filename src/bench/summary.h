// What a bench directory shows a reader, derived from its runs and metadata only (so a merge
// of shards regenerates it): runs.csv, summary.json, summary.md (a paper-style table per
// subject and technique, a per-technique table, the same by version, a per-version table,
// scaling plots, problems) and scaling-*.svg.
#pragma once

#include "bench/metrics.h"
#include "bench/record.h"
#include "bench/svg.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace culprit::bench {

/// A text table rendered as Markdown or as aligned plain text.
struct Table {
  std::vector<std::string> header;
  std::vector<bool> rightAligned;  ///< per column (missing: left)
  std::vector<std::vector<std::string>> rows;
  std::string markdown() const;
  std::string text() const;
};

/// One row per record, a header line first; fields quoted as RFC 4180 says.
std::string runsCsv(const std::vector<RunRecord>& runs);

nlohmann::json aggregateJson(const Aggregate& a);
/// The `by_version` object of a technique in summary.json.
nlohmann::json versionMeansJson(const VersionMeans& v);
nlohmann::json summaryJson(const BenchMeta& meta, const std::vector<RunRecord>& runs);

/// Row per technique: runs, success rates, EXAM, rank, top-1/3/5, lines examined, diagnoses,
/// precision, times, sizes, timeouts, errors, incomplete runs.
Table techniqueTable(const BenchMeta& meta, const std::vector<RunRecord>& runs);

/// Row per technique: the means over versions (subjects) of the per-version values of
/// versionTable (fault localized, rank, top-1/3/5, EXAM, lines examined).
Table versionMeansTable(const BenchMeta& meta, const std::vector<RunRecord>& runs);

/// Row per subject and technique with runs: its runs aggregated (fault localized, rank,
/// top-1/3/5, EXAM, lines examined).
Table versionTable(const BenchMeta& meta, const std::vector<RunRecord>& runs);

/// Row per subject, a column per technique ("rank / EXAM / success"), and a row for all runs.
Table subjectTable(const BenchMeta& meta, const std::vector<RunRecord>& runs);

/// Row per fault class (the subjects' "kind"), a column per technique: successes and mean
/// EXAM over the runs of subjects of that class. No rows when no subject has a kind.
Table kindTable(const BenchMeta& meta, const std::vector<RunRecord>& runs);

/// A plot per scaling family with at least two scales that has runs: file name and plot.
std::vector<std::pair<std::string, LinePlot>> scalingPlots(const BenchMeta& meta,
                                                           const std::vector<RunRecord>& runs);

std::string summaryMarkdown(const BenchMeta& meta, const std::vector<RunRecord>& runs,
                            const std::vector<std::string>& plotFiles);

/// Writes runs.csv, summary.json, summary.md and the plots into `dir` (runs are sorted in
/// report order first). Returns the per-technique table as plain text, for stdout.
std::string writeReports(const std::string& dir, const BenchMeta& meta,
                         std::vector<RunRecord> runs);

}  // namespace culprit::bench

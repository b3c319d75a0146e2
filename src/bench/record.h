// The plain data of a benchmark: one RunRecord per (subject, technique, failing test) run,
// the metadata of the bench (subjects, techniques, problems found in subjects), and their
// JSON forms. A record is one line of runs.jsonl; everything else (CSV, tables, plots) is
// derived from records and metadata, so shard outputs merge by concatenation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace culprit::bench {

/// What identifies a run: resuming skips keys already recorded; sharding partitions keys.
struct RunKey {
  std::string subject;
  std::string technique;
  int test = 0;  ///< 1-based index of the failing test explained; 0: the whole suite
  bool operator==(const RunKey&) const = default;
  auto operator<=>(const RunKey&) const = default;
};

enum class RunStatus : std::uint8_t {
  Ok,          ///< finished within its bounds
  Incomplete,  ///< a bound other than time cut enumeration (results are partial)
  Timeout,     ///< the time limit cut the run, or the run overran it (results may be partial)
  Error,       ///< the technique threw: no results
};
const char* runStatusName(RunStatus s);
std::optional<RunStatus> parseRunStatus(const std::string& name);

/// Metrics of one run (formulas in metrics.cpp). Optional values are absent when they do not
/// apply (no diagnoses for a ranking, no rank when the faulty line is never reached).
struct RunMetrics {
  bool ranking = false;                  ///< the technique returned a ranking, not diagnoses
  std::size_t executableLines = 0;       ///< the EXAM denominator
  std::optional<std::size_t> diagnoses;  ///< diagnosis-based runs only
  std::size_t feasible = 0, unchecked = 0;
  std::optional<double> precision;  ///< feasible / diagnoses
  bool faultLocalized = false;
  std::optional<bool> fixLocalized;         ///< diagnosis-based runs only
  bool found = false;                       ///< some faulty line was reached
  std::optional<double> exam, examAverage;  ///< percent, worst case / average over ties
  std::optional<double> rank, rankBest, rankAverage;
  /// Executable lines read up to and including the first faulty line (EXAM's numerator, worst
  /// case); absent when no faulty line is reached.
  std::optional<std::size_t> linesExamined;
};

/// Costs of one run, from the technique's Stats and the harness's own clock.
struct RunCosts {
  double solverMs = 0;
  double totalMs = 0;  ///< wall time measured by the harness around the technique
  double suiteMs = 0;  ///< the subject's suite run with coverage, shared by all its runs
  std::size_t soft = 0, hard = 0, queries = 0;
  /// The technique's own counters (localize::Stats::counters) by name.
  std::map<std::string, std::size_t> counters;
  /// CPU time (user + system) and peak resident memory of the run's own process: measured for
  /// isolated runs (a fork of the subject server, whose loaded subject the resident set
  /// includes), absent with --no-isolate. Unlike totalMs, CPU time does not grow with the load.
  std::optional<double> cpuMs, peakRssMb;
};

struct RunRecord {
  RunKey key;
  RunStatus status = RunStatus::Ok;
  std::string message;  ///< error text, or the bound that made the run incomplete
  RunMetrics metrics;
  RunCosts costs;
};

/// Fields in a fixed order (the columns of runs.csv).
nlohmann::ordered_json toJson(const RunRecord& r);
/// Throws std::runtime_error naming the missing or mistyped field.
RunRecord recordFromJson(const nlohmann::json& j);

/// A problem found while loading a subject; `skipped` when it kept the subject from running.
struct SubjectProblem {
  std::string subject;
  bool skipped = true;
  std::string message;
  bool operator==(const SubjectProblem&) const = default;
};

/// What the summary needs to know about a subject besides its runs.
struct SubjectInfo {
  std::string name;
  std::string family;  ///< scaling family ("" when none)
  std::optional<double> scale;
  std::vector<unsigned> faultyLines;
  std::string fault;
  std::string kind;  ///< fault class ("" when not given)
};

/// meta.json: everything about a bench output directory except its runs.
struct BenchMeta {
  std::string name;      ///< manifest name
  std::string manifest;  ///< manifest path as given
  std::vector<std::string> techniques;
  double timeoutSeconds = 0;
  std::vector<SubjectInfo> subjects;  ///< in manifest order
  std::vector<SubjectProblem> problems;
  std::vector<std::string> shards;  ///< "I/N" of each shard that wrote into this directory
};

nlohmann::ordered_json toJson(const BenchMeta& m);
BenchMeta metaFromJson(const nlohmann::json& j);

}  // namespace culprit::bench

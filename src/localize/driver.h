// The driver: runs a registered technique the way a user asks for it — once on the whole suite,
// or once per failing test — replays every diagnosis, aggregates per-test results, and
// measures each run's total time in one place. `culprit localize` and `culprit bench` both go
// through it; techniques only compute (TECHNIQUES.md: techniques return plain data).
#pragma once

#include "localize/aggregate.h"
#include "localize/rank.h"
#include "localize/technique.h"

#include <functional>
#include <optional>
#include <vector>

namespace culprit::localize {

/// One run of `technique` on `problem` (on the suite, or on `problem.failingTest` for a
/// per-test technique), with every diagnosis replayed for feasibility, then ordered by
/// evidence (rank.h; unless --order enumeration) with `ranker` (nullptr: one of its own), and
/// Result::totalMs / stats.totalMs measured around all of it.
Result runTechnique(const TechniqueInfo& technique, const Problem& problem,
                    DiagnosisRanker* ranker = nullptr);

/// A per-test result: `test` indexes problem.suite->tests.
struct TestRun {
  std::size_t test = 0;
  Result result;
};

struct LocalizeReport {
  std::optional<Result> suite;         ///< suite-scope techniques
  std::vector<TestRun> perTest;        ///< per-test techniques, in suite order
  std::optional<Aggregate> aggregate;  ///< over perTest, when it has more than one result
  /// Diagnosis techniques: the lines of every per-test result's diagnoses, most suspicious
  /// first (rank.h, programRanking).
  std::vector<RankedLocation> ranking;
  /// Every result complete.
  bool complete() const;
};

/// Runs `technique` on `base` (whose failingTest is ignored): a suite-scope technique once;
/// a per-test one on every failing test of base.results, or only on those whose 1-based index
/// is in `onlyTests` when that is not empty. `progress` (when set) hears, before each per-test
/// run and after the last, how many of the failing tests to explain are done.
using ProgressFn = std::function<void(std::size_t done, std::size_t total)>;
LocalizeReport localizeAll(const TechniqueInfo& technique, const Problem& base,
                           const std::vector<int>& onlyTests = {}, const ProgressFn& progress = {});

}  // namespace culprit::localize

// The bench driver: loads each subject (program, golden program, tests; validates them and the
// ground truth; runs the suite with coverage), plans its runs — one per suite-scope technique
// variant, one per failing test for per-test techniques — and runs them through the driver on
// a pool of worker threads, appending each record to the run log as it finishes. Runs already
// recorded and runs of other shards are skipped; a subject with a problem is reported and
// skipped, never fatal.
#pragma once

#include "bench/manifest.h"
#include "bench/metrics.h"
#include "bench/progress.h"
#include "bench/runlog.h"
#include "localize/technique.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace culprit::bench {

struct BenchOptions {
  /// Technique variants ("pf", "pf:weights=ochiai"; localize/options.h), in table order.
  std::vector<std::string> techniques;
  unsigned jobs = 0;           ///< parallel runs (0: all cores)
  double timeoutSeconds = 60;  ///< per run
  Shard shard;
  unsigned maxFailing = 0;  ///< failing tests explained per subject (0: all)
  std::uint64_t stepLimit = 10'000'000;
  localize::FormulaOptions formula;  ///< defaults for formula-based techniques
  /// When set, runs of per-failing-test techniques execute in a child process started with
  /// this command line, which prints the run's record as one JSON line (runIsolated). The
  /// child is killed at the hard limit: timeout + max(10 s, timeout / 2).
  std::function<std::vector<std::string>(const RunKey&)> childCommand;
};

struct BenchOutcome {
  std::vector<SubjectProblem> problems;
  std::set<std::string> validated;  ///< subjects loaded (successfully or not) this time
  std::size_t ran = 0;
};

/// Runs every pending run of `manifest`. Never throws for a bad subject (see problems).
BenchOutcome runBench(const Manifest& manifest, const BenchOptions& options,
                      const std::set<RunKey>& recorded, RunLog& log, Progress& progress);

/// The child's side of an isolated run: loads the subject again (its golden program was
/// checked by the parent) and runs `key`. Always returns a record; errors are records too.
RunRecord runIsolated(const Subject& subject, const RunKey& key, const BenchOptions& options);

/// timeout + max(10 s, timeout / 2): when a child that has not answered is killed.
double hardLimitSeconds(double timeoutSeconds);

}  // namespace culprit::bench

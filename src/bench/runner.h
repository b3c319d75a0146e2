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

#include <cstdio>
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
  /// Failing tests explained per subject (0: all); cfaults starts from as many (its own
  /// max-failing, unless the variant sets it).
  unsigned maxFailing = 0;
  std::uint64_t stepLimit = 10'000'000;
  localize::FormulaOptions formula;  ///< defaults for formula-based techniques
  unsigned memoryMb = 0;             ///< address-space limit of an isolated run, in MiB (0: none)
  /// When set, runs are isolated (whole-suite techniques' too): each worker starts a subject
  /// server with this command line (`culprit bench MANIFEST ... serve --subject S`, which
  /// calls serveSubject) and sends it the keys of the subject's runs; the server forks a child
  /// per run, killed at the hard limit: timeout + max(10 s, timeout / 2).
  std::function<std::vector<std::string>(const std::string& subject)> serverCommand;
};

struct BenchOutcome {
  std::vector<SubjectProblem> problems;
  std::set<std::string> validated;  ///< subjects loaded (successfully or not) this time
  std::size_t ran = 0;
};

/// Runs every pending run of `manifest`. Never throws for a bad subject (see problems).
BenchOutcome runBench(const Manifest& manifest, const BenchOptions& options,
                      const std::set<RunKey>& recorded, RunLog& log, Progress& progress);

/// The subject server of an isolated bench: loads `subject` once (its golden program was
/// checked by the parent), then answers each line of `in` — a JSON object {"technique": T,
/// "test": K} — with the record of that run, one JSON line on `out`, run in a forked child.
/// Returns at the end of `in`. Always answers; errors are records too.
void serveSubject(const Subject& subject, const BenchOptions& options, std::FILE* in,
                  std::FILE* out);

/// timeout + max(10 s, timeout / 2): when a child that has not answered is killed.
double hardLimitSeconds(double timeoutSeconds);

}  // namespace culprit::bench

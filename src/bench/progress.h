// Progress of a bench as it runs: on a terminal one redrawn status line with a bar; otherwise
// (a log file, CI) one plain line per finished run. Problems always get a line of their own.
// Thread-safe: workers report from their own threads.
#pragma once

#include "bench/record.h"

#include <cstdio>
#include <memory>
#include <string>

namespace culprit::bench {

class Progress {
public:
  virtual ~Progress() = default;
  virtual void subjectLoaded(const std::string& subject, std::size_t pendingRuns) = 0;
  virtual void problem(const SubjectProblem& problem) = 0;
  virtual void runStarted(const RunKey& key) = 0;
  virtual void runFinished(const RunRecord& record) = 0;
  /// Leaves the terminal on a fresh line.
  virtual void finish() = 0;
};

/// `terminal` selects the redrawn bar (pass isatty of `out`'s descriptor); `subjects` is the
/// number of subjects to load.
std::unique_ptr<Progress> makeProgress(std::FILE* out, bool terminal, std::size_t subjects);

/// A progress that reports nothing (tests).
std::unique_ptr<Progress> makeSilentProgress();

/// "tritype-v1 / pf / test 3" ("tritype-v1 / ochiai" for whole-suite runs).
std::string describeKey(const RunKey& key);

}  // namespace culprit::bench

// The session entry point: one localization as a user asks for it, from a loaded program and
// its tests to the results and the runs a report shows. It judges the suite with coverage, finds
// a BMC counterexample when there are no tests, checks that the technique has what it needs,
// runs the driver (driver.h) and replays the runs a renderer shows. `culprit localize` calls
// runSession; `culprit bench`, which judges each subject's suite once for many runs, builds its
// Problems with makeProblem. Neither the CLI nor the bench assembles a Problem by hand.
#pragma once

#include "localize/driver.h"
#include "localize/technique.h"
#include "testing/runner.h"

#include <optional>
#include <string>
#include <vector>

namespace culprit::localize {

/// The Problem of technique runs on a judged suite (failingTest unset).
Problem makeProblem(const ir::Program& program, const testing::TestSuite& suite,
                    const testing::SuiteResult& results, const testing::CoverageMatrix& coverage,
                    const testing::Oracle& oracle, const exec::RunOptions& run,
                    const FormulaOptions& options);

/// A failing test's run and the angelic replays of its first diagnoses, traced.
struct ReplayedRuns {
  std::size_t test = 0;                  ///< index into suite->tests
  std::size_t run = 0;                   ///< index into LocalizeReport::perTest
  exec::RunResult failing;               ///< the failing run, with its trace
  std::vector<exec::RunResult> angelic;  ///< replay of diagnosis i (the first `shown` at most)
};

/// The failing test BMC found when the user gave none.
struct Counterexample {
  std::string testLine;
  unsigned unwind = 0;  ///< the bound it was found within
  double ms = 0;        ///< time of the search
  std::string replay;   ///< how its concrete replay failed, in words
};

/// What one localization needs. `suite` and `suiteOptions` may be changed: a counterexample
/// becomes the suite's only test (run with nondet uninitialised values, as it was found).
struct SessionRequest {
  const ir::Program* program = nullptr;
  testing::TestSuite* suite = nullptr;
  const testing::Oracle* oracle = nullptr;
  testing::SuiteOptions suiteOptions;
  const TechniqueInfo* technique = nullptr;
  FormulaOptions options;
  std::vector<int> onlyTests;  ///< explain only these failing tests (1-based; empty: all)
  ProgressFn progress;
  /// Trace the failing runs and the replays of their first `shownReplays` diagnoses (0: all).
  bool traceRuns = false;
  std::size_t shownReplays = 20;
  std::string programPath;  ///< named by errors about the program
  std::string testsPath;    ///< named by errors about the tests
};

struct SessionResult {
  std::optional<Counterexample> counterexample;
  testing::SuiteResult results;
  testing::CoverageMatrix coverage;
  LocalizeReport outcome;
  std::vector<ReplayedRuns> runs;  ///< with SessionRequest::traceRuns, one per per-test result
};

/// Runs one localization. Throws UserError (with its exit status) when the technique needs a
/// specification the program lacks, when no counterexample exists or replays, and when no
/// (selected) test fails.
SessionResult runSession(SessionRequest& request);

}  // namespace culprit::localize

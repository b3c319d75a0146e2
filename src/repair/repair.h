// Mutation repair (AllRepair) and its must-set-pruned variant (fl-AllRepair): every minimal
// set of mutations, at up to RepairOptions::maxMutations sites, that makes the program pass
// its oracle — the whole test suite, or its assertions for every input within the unwinding
// bound (bounded program formula).
//
// Search: candidates by increasing number of changes; each is validated; a repair blocks every
// superset of itself (minimality); a failing candidate blocks, with fl-AllRepair, every
// candidate that agrees with it on its must set (localize/must.h, computed by I-FOSFL on the
// meta-program formula that holds every alternative), and with plain AllRepair only itself.
//
// Then, under a test oracle, semantic repair (synthesize.h) when the mutation search found
// nothing (RepairOptions::synthesize); each repair's evidence — held-out tests passed
// (--holdout), bounded equivalence with the golden program — and the order of the repairs
// (find.cpp).
#pragma once

#include "exec/exec.h"
#include "ir/ir.h"
#include "repair/result.h"
#include "testing/runner.h"

#include <stdexcept>
#include <string>

namespace culprit::repair {

/// What to repair against. The program is mutated in place while the search runs and
/// restored before it returns.
struct RepairProblem {
  ir::Program* program = nullptr;
  /// The test suite and its oracle; nullptr: the program's assertions (nondet inputs).
  const testing::TestSuite* suite = nullptr;
  const testing::Oracle* oracle = nullptr;
  exec::RunOptions run;  ///< entry function and step limit
};

/// The program passes its oracle, so there is nothing to repair (RepairProblem's suite has no
/// failing test, or no input violates an assertion).
class NothingToRepair : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The problem cannot be searched as asked (the unwinding bound is too small, ...).
class RepairError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The golden program does not take the program's inputs (another argument count, another input
/// format): it fails on a test the program runs to the end, or exits with another status on
/// every test. Names the test (the tests file's line) that shows it.
class GoldenMismatch : public RepairError {
public:
  GoldenMismatch(const std::string& message, std::string testsFile, unsigned line)
      : RepairError(message), file(std::move(testsFile)), line(line) {}
  std::string file;
  unsigned line = 0;
};

/// Throws NothingToRepair, RepairError (GoldenMismatch), or encode::EncodeError (encode/encode.h)
/// when the assertion oracle's formula cannot be built.
RepairResult findRepairs(const RepairProblem& problem, const RepairOptions& options);

}  // namespace culprit::repair

// Mutation repair (AllRepair) and its must-set-pruned variant (fl-AllRepair): every minimal
// set of mutations, at up to RepairOptions::maxMutations sites, that makes the program pass
// its oracle — the whole test suite, or its assertions for every input within the unwinding
// bound (bounded program formula).
//
// Search: candidates by increasing number of changes; each is validated; a repair blocks every
// superset of itself (minimality); a failing candidate blocks, with fl-AllRepair, every
// candidate that agrees with it on its must set (localize/must.h, computed by I-FOSFL on the
// meta-program formula that holds every alternative), and with plain AllRepair only itself.
#pragma once

#include "encode/encode.h"
#include "repair/mutation.h"
#include "testing/runner.h"

#include <functional>
#include <string>
#include <vector>

namespace culprit::repair {

struct RepairStats;

struct RepairOptions {
  unsigned level = 1;         ///< mutation level (mutation.h)
  unsigned maxMutations = 2;  ///< sites changed at once
  /// When a failing candidate's must set is computed (the original failure's always is).
  enum class Must : std::uint8_t {
    None,      ///< plain AllRepair: every failing candidate is blocked alone
    Every,     ///< fl-AllRepair as published: every failing candidate's
    Adaptive,  ///< when it pays: the candidates it prunes cost more to validate than it does
  };
  Must must = Must::Adaptive;
  unsigned unwind = 10;  ///< bound of the program formulas
  encode::Ints ints = encode::Ints::BitVector;
  double timeoutSeconds = 300;  ///< whole search (0: none)
  /// Hears the statistics and the number of repairs after each validated candidate.
  std::function<void(const RepairStats&, std::size_t repairs)> progress;
};

/// What to repair against. The program is mutated in place while the search runs and
/// restored before it returns.
struct RepairProblem {
  ir::Program* program = nullptr;
  /// The test suite and its oracle; nullptr: the program's assertions (nondet inputs).
  const testing::TestSuite* suite = nullptr;
  const testing::Oracle* oracle = nullptr;
  exec::RunOptions run;  ///< entry function and step limit
};

struct Repair {
  std::vector<Mutation> mutations;  ///< sorted by site
  std::string verifiedBy;           ///< what it was checked against
  std::size_t candidate = 0;        ///< candidates validated when it was found
  double ms = 0;                    ///< time into the search when it was found
};

struct RepairStats {
  std::size_t sites = 0;
  double space = 0;                   ///< candidates with 1 to maxMutations changes
  std::size_t candidates = 0;         ///< candidates validated (the original program not counted)
  std::size_t mustBlocks = 0;         ///< failing candidates blocked with their must set
  std::size_t plainBlocks = 0;        ///< failing candidates blocked one by one
  std::uint64_t prunedByMust = 0;     ///< candidates never validated: a must block holds them
  std::uint64_t prunedByRepairs = 0;  ///< candidates never validated: they contain a repair
  std::size_t testRuns = 0;           ///< concrete test runs
  std::size_t formulaChecks = 0;      ///< meta-formula queries (validation and must sets)
  double generatorMs = 0, validationMs = 0, mustMs = 0, totalMs = 0;
};

struct RepairResult {
  std::vector<Site> sites;
  std::vector<Repair> repairs;  ///< every minimal repair found, in the order found
  std::string oracle;           ///< what candidates were validated against
  /// The must set of the original program's failure (sites), from its first failing test or
  /// counterexample; every repair changes one of them.
  std::vector<std::uint32_t> originalMust;
  std::string originalFailure;  ///< the failing test or counterexample it explains
  bool complete = true;
  std::string incompleteReason;
  std::vector<std::string> notes;
  RepairStats stats;
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

/// Throws NothingToRepair, RepairError, or encode::EncodeError when the assertion oracle's formula
/// cannot be built.
RepairResult findRepairs(const RepairProblem& problem, const RepairOptions& options);

}  // namespace culprit::repair

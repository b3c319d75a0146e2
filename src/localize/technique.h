// The technique interface and registry: a technique is one file under localize/, registered
// by name with help text; the CLI's --technique choices and help come from this registry.
#pragma once

#include "ir/ir.h"
#include "localize/sbfl.h"
#include "testing/runner.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace culprit::localize {

/// Options of the formula-based techniques (ignored by spectrum-based ones).
struct FormulaOptions {
  enum class Ints { BitVector, Math };
  enum class Granularity { Statement, Instance };
  Ints ints = Ints::BitVector;
  Granularity granularity = Granularity::Statement;
  unsigned unwind = 10;        ///< loop/recursion unwinding bound of the program formula
  unsigned maxSize = 3;        ///< MCS size bound (0: none)
  unsigned maxCount = 0;       ///< number of diagnoses bound (0: none)
  double timeoutSeconds = 60;  ///< per (program, failing test)
  std::string weights;         ///< clause weighting from a spectrum formula ("" = none)
  /// Statements that only store an input (`x = atoi(argv[1])`, `v = __VERIFIER_nondet_int()`)
  /// are soft groups too. Off by default: like the input itself they are hard, as in the papers.
  bool suspectInputs = false;
  /// Solver memory bound in MB (Z3's memory_max_size, process-wide); past it, enumeration
  /// stops with the diagnoses found so far, marked incomplete. 0: no bound.
  unsigned maxMemoryMb = 900;
};

/// What a technique gets: the program, its test suite and the judged runs (with coverage),
/// and for per-test techniques the failing test to explain.
struct Problem {
  const ir::Program* program = nullptr;
  const testing::TestSuite* suite = nullptr;
  const testing::SuiteResult* results = nullptr;
  const testing::CoverageMatrix* coverage = nullptr;
  int failingTest = -1;  ///< index into suite->tests (per-test techniques)
  FormulaOptions options;
  const testing::Oracle* oracle = nullptr;  ///< the suite's oracle (nullptr: assertions only)
  exec::RunOptions runOptions;              ///< entry function, step limit of the suite's runs
};

/// A source location of a diagnosis; iteration/call context when reported per instance.
struct Location {
  ir::StmtId stmt = ir::kNone;
  std::uint32_t file = 0, line = 0;
  std::uint32_t iteration = 0;  ///< 0: all instances (statement granularity)
  bool operator==(const Location&) const = default;
};

/// The value an instance should have produced for the failing test to pass.
struct AngelicValue {
  ir::StmtId stmt = ir::kNone;
  std::uint32_t occurrence = 0;  ///< which execution of the statement
  std::int64_t value = 0;        ///< the value, or for a branch its direction (1/0)
  bool branch = false;
};

enum class Feasibility { Unchecked, Feasible, Infeasible };

/// A minimal set of locations that, changed, explains the failure (an MCS mapped back to
/// source), with its angelic values and the verdict of its concrete replay.
struct Diagnosis {
  std::vector<Location> locations;
  std::vector<AngelicValue> angelic;
  Feasibility feasible = Feasibility::Unchecked;
  double weight = 0;  ///< total weight of the MCS (clause weighting), 0 when unweighted
};

struct Stats {
  double solverMs = 0, totalMs = 0;
  std::size_t soft = 0, hard = 0, queries = 0;
};

/// What a technique returns: plain data, rendered by report/.
struct Result {
  std::string technique;
  std::optional<SbflRanking> ranking;  ///< spectrum-based techniques
  std::vector<Diagnosis> diagnoses;    ///< formula-based techniques, in rank order
  bool complete = true;                ///< false when a bound or timeout cut enumeration
  std::string incompleteReason;        ///< which bound or timeout
  Stats stats;
  double totalMs = 0;
};

struct TechniqueInfo {
  std::string name;
  std::string help;
  std::function<Result(const Problem&)> run;
  bool perFailingTest = false;  ///< runs once per failing test (formula-based techniques)
};

/// Every registered technique, in the order `culprit --help` lists them.
const std::vector<TechniqueInfo>& techniques();
const TechniqueInfo* findTechnique(const std::string& name);
/// "tarantula|ochiai|dstar" for help texts and error messages.
std::string techniqueNames();

}  // namespace culprit::localize

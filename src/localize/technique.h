// The technique interface and registry: a technique is one file under localize/, registered
// by name with its kind, scope, help text and the options it reads; the CLI's --technique
// choices, its options and help, and the bench's technique variants come from this registry.
#pragma once

#include "ir/ir.h"
#include "localize/options.h"
#include "localize/sbfl.h"
#include "testing/runner.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace culprit::localize {

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
  /// What the failing run produced at this instance (unset when it never executed it).
  std::optional<std::int64_t> original;
};

enum class Feasibility { Unchecked, Feasible, Infeasible };

/// A branch decision on a diagnosis's angelic path: the `occurrence`-th execution of branch
/// statement `stmt` went `decision` (1/0; a switch: the arm entered, -1 for none).
struct BranchDecision {
  ir::StmtId stmt = ir::kNone;
  std::uint32_t occurrence = 0;
  std::int32_t decision = 0;
  bool deviates = false;  ///< the failing run decided otherwise (or never got here)
  bool operator==(const BranchDecision&) const = default;
};

/// A minimal set of locations that, changed, explains the failure (an MCS mapped back to
/// source), with its angelic values and the verdict of its concrete replay.
struct Diagnosis {
  std::vector<Location> locations;
  std::vector<AngelicValue> angelic;
  Feasibility feasible = Feasibility::Unchecked;
  double weight = 0;  ///< total weight of the MCS (clause weighting), 0 when unweighted
  /// ofc/agx: the branch decisions of the model's path, in execution order (empty otherwise).
  std::vector<BranchDecision> path;
};

struct Stats {
  double solverMs = 0, totalMs = 0;
  std::size_t soft = 0, hard = 0, queries = 0;
  std::size_t maxCore = 0;      ///< largest unsat core the solver returned
  std::size_t iterations = 0;   ///< ofc: MCS enumerations (0: not an on-demand technique)
  std::size_t refinements = 0;  ///< ofc/agx: runs added to the formula after the failing one
  std::size_t paths = 0;        ///< ofc/agx: distinct runs encoded (the failing one included)
  std::size_t candidates = 0;   ///< agx: MCSs of the angelic formula examined
  std::size_t confirmed = 0;    ///< ofc/agx: MCSs confirmed by a passing run, not by refinement
};

/// A test SAT-TAR generated, reproducible as a tests-file line.
struct GeneratedTest {
  std::string line;
  bool failing = false;
  std::string violated;   ///< the specification it violates (empty when it passes)
  std::size_t round = 0;  ///< the round that selected it (0: not selected)
  bool excluded = false;  ///< failing another specification: left to that one's partition
};

/// SAT-TAR's analysis of one violated specification.
struct SpecPartition {
  std::string spec;                  ///< the specification, in words
  int seedTest = -1;                 ///< suite index of its fault-revealing test
  std::vector<ir::StmtId> suspects;  ///< the statements of the failing run's MUC
  SbflRanking ranking;               ///< Tarantula + 1.0 for suspects, after the last round
  std::vector<GeneratedTest> tests;  ///< every test generated from the seed's path
  /// After each round, the lines at rank 1 (the results the paper shows per round).
  std::vector<std::vector<std::uint32_t>> topPerRound;
};

/// What a technique returns: plain data, rendered by report/.
struct Result {
  std::string technique;
  std::optional<SbflRanking> ranking;     ///< spectrum-based techniques (sattar: first partition)
  std::vector<SpecPartition> partitions;  ///< sattar: one per violated specification
  std::vector<Diagnosis> diagnoses;       ///< formula-based techniques, in rank order
  bool complete = true;                   ///< false when a bound or timeout cut enumeration
  std::string incompleteReason;           ///< which bound or timeout
  std::vector<std::string> notes;         ///< what else a reader should know (not incompleteness)
  Stats stats;
  double totalMs = 0;
};

/// What a technique returns.
enum class TechniqueKind : std::uint8_t {
  Ranking,    ///< a suspiciousness ranking of lines
  Diagnoses,  ///< minimal sets of statements with angelic values
  MustSet,    ///< a set of locations every repair changes
  Patches,    ///< repairs of the program
};
/// What one run of a technique explains.
enum class TechniqueScope : std::uint8_t { Suite, FailingTest };

struct TechniqueInfo {
  std::string name;
  std::string help;
  TechniqueKind kind = TechniqueKind::Ranking;
  TechniqueScope scope = TechniqueScope::Suite;
  std::vector<std::string> options;  ///< names of the options it reads (options.h)
  std::function<Result(const Problem&)> run;
  /// Without tests it explains a BMC counterexample (every per-test technique does).
  bool takesCounterexample = false;
  /// It needs a specification: assertions in the program, or a golden/expected oracle.
  bool needsSpecification = false;
  bool perFailingTest() const { return scope == TechniqueScope::FailingTest; }
};

/// Every registered technique, in the order `culprit --help` lists them.
const std::vector<TechniqueInfo>& techniques();
const TechniqueInfo* findTechnique(const std::string& name);
/// "tarantula|ochiai|dstar" for help texts and error messages.
std::string techniqueNames();
/// A formula-based technique (kind Diagnoses, scope FailingTest) reading the options every
/// formula technique reads plus `extraOptions`.
TechniqueInfo formulaTechnique(std::string name, std::string help,
                               const std::vector<std::string>& extraOptions,
                               std::function<Result(const Problem&)> run);

}  // namespace culprit::localize

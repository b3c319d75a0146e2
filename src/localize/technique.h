// The technique interface and registry: a technique is one file under localize/techniques/,
// registered by one line of techniques/techniques.def with its kind, scope, help text, the
// options it reads and declares, and its counters; the CLI's --technique choices, its options
// and help, the bench's technique variants and records, and the reports' statistics come from
// this registry.
#pragma once

#include "ir/ir.h"
#include "localize/options.h"
#include "localize/sbfl.h"
#include "testing/runner.h"

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
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

/// One failing test's share of a diagnosis that explains several tests at once (cfaults): the
/// values that test needs and the verdict of its own replay.
struct TestAngelic {
  std::size_t test = 0;  ///< index into suite->tests
  std::vector<AngelicValue> angelic;
  Feasibility feasible = Feasibility::Unchecked;
};

/// What a diagnosis is ranked by (localize/rank.h), each key in the order it counts.
struct RankEvidence {
  /// Failing tests whose trace formula its statements, relaxed, satisfy (its own included),
  /// out of `checked`; `unknown` of the checks had no answer (not encoded, solver gave up).
  std::size_t explains = 0, checked = 0, unknown = 0;
  double suspiciousness = 0;  ///< mean Ochiai of its statements over the suite
  /// Its statements that only carry out what another statement decides: forwarding a value,
  /// or running under a branch that is a diagnosis by itself.
  std::size_t downstream = 0;
  /// Other one-statement diagnoses of the same result whose fix, replayed, changes what its
  /// statement produces in the failing run: it comes after them (their fix flows into it).
  std::size_t after = 0;
  /// The first key on which it comes before the next diagnosis: feasible, size, role, tests,
  /// spectrum, flow, order (enumeration order); "" for the last.
  std::string decidedBy;
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
  /// Set when the diagnoses were ordered by evidence (--order evidence).
  std::optional<RankEvidence> evidence;
  /// A diagnosis of several failing tests at once (cfaults): each test's angelic values and
  /// replay (`angelic` is then empty; `feasible` is Feasible only when every test's is).
  std::vector<TestAngelic> perTest;
};

/// A technique's own count (as Z3's statistics: a name and a number), declared in its file.
struct Counter {
  std::string name;  ///< the JSON key and bench record key: "refinements"
  std::size_t value = 0;
  bool operator==(const Counter&) const = default;
};

struct Stats {
  double solverMs = 0, totalMs = 0;
  std::size_t soft = 0, hard = 0, queries = 0;
  std::size_t maxCore = 0;  ///< largest unsat core the solver returned
  double rankMs = 0;        ///< ordering the diagnoses by evidence (in totalMs)
  /// The technique's own counters (TechniqueInfo::counters), in the order it declares them
  /// (a deque: a reference from counter() stays valid as others are added).
  std::deque<Counter> counters;

  /// Counter `name`, added at 0 when missing.
  std::size_t& counter(std::string_view name) {
    for (Counter& c : counters)
      if (c.name == name) return c.value;
    counters.push_back({std::string(name), 0});
    return counters.back().value;
  }
  /// Counter `name` (0 when missing).
  std::size_t counter(std::string_view name) const {
    for (const Counter& c : counters)
      if (c.name == name) return c.value;
    return 0;
  }
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
  /// Queries the per-query budget (--query-rlimit) cut, by what they were asked for ("first
  /// MCS", "polishing", ...), with how many; each makes the result incomplete.
  std::vector<std::pair<std::string, std::size_t>> budgetCuts;
  Stats stats;
  double totalMs = 0;
};

/// What a technique returns.
enum class TechniqueKind : std::uint8_t {
  Ranking,    ///< a suspiciousness ranking of lines
  Diagnoses,  ///< minimal sets of statements with angelic values
  MustSet,    ///< a set of locations every repair changes
};
/// What one run of a technique explains.
enum class TechniqueScope : std::uint8_t { Suite, FailingTest };

/// A counter a technique declares: its name (Counter::name) and what it counts.
struct CounterSpec {
  std::string name;
  std::string help;
};

/// A registered technique: everything the CLI, the bench and the reports know of it.
struct TechniqueInfo {
  std::string name;
  std::string help;
  TechniqueKind kind = TechniqueKind::Ranking;
  TechniqueScope scope = TechniqueScope::Suite;
  /// Names of the options it reads: shared ones (options.h) and its own (ownOptions).
  std::vector<std::string> options;
  /// The options it declares itself (values in FormulaOptions::own).
  std::vector<OptionSpec> ownOptions;
  /// The counters its results carry in Stats::counters (reported in this order).
  std::vector<CounterSpec> counters;
  /// Its counters in words for the text report's statistics line (", 2 iterations"); unset:
  /// each non-zero counter as ", name N".
  std::function<std::string(const Stats&)> countersText;
  std::function<Result(const Problem&)> run;
  /// Without tests it explains a BMC counterexample (every per-test technique does).
  bool takesCounterexample = false;
  /// It needs a specification: assertions in the program, or a golden/expected oracle.
  bool needsSpecification = false;
  bool perFailingTest() const { return scope == TechniqueScope::FailingTest; }
};

/// Every registered technique, in the order `culprit --help` lists them: the built-in ones of
/// techniques/techniques.def, then those added by registerTechnique.
const std::deque<TechniqueInfo>& techniques();
const TechniqueInfo* findTechnique(const std::string& name);
/// Adds a technique to the registry (before any run; references to entries stay valid).
/// Throws std::invalid_argument when its name is taken or an own option's name is.
const TechniqueInfo& registerTechnique(TechniqueInfo technique);
/// The statistics line's words for `result`'s counters (TechniqueInfo::countersText of its
/// technique, or each non-zero counter as ", name N").
std::string countersText(const Result& result);
/// "tarantula|ochiai|dstar" for help texts and error messages.
std::string techniqueNames();
/// A formula-based technique (kind Diagnoses, scope FailingTest) reading the options every
/// formula technique reads plus `extraOptions`.
TechniqueInfo formulaTechnique(std::string name, std::string help,
                               const std::vector<std::string>& extraOptions,
                               std::function<Result(const Problem&)> run);

}  // namespace culprit::localize

// What ofc and agx share: the on-demand program formula of one failing test (encode/
// incremental.h) in a live solver session. It starts with the failing run explored; each
// exploring run (the failing test forced along a model's path, and with an MCS's angelic
// values) adds its branch sides, and the encoder hands the session only what is new.
#pragma once

#include "encode/incremental.h"
#include "localize/diagnose.h"
#include "localize/window_probe.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

namespace culprit::localize {

/// --max-refinements: most ofc iterations or agx refinements (both techniques declare it).
const OptionSpec& maxRefinementsOption();
/// --sibling-runs: most extra runs per explored path that take its new sides at the other
/// executions of the same branch statements (both techniques declare it; 0: none).
const OptionSpec& siblingRunsOption();
/// The counters both techniques report: "refinements" (batches of runs added after the failing
/// one) and "paths" (distinct runs encoded, the failing one included), set by finish(), and
/// "explored-models" (MCSs solveOnExplored confirmed).
std::vector<CounterSpec> onDemandCounters();

/// The step limit of the runs ofc and agx explore with hijacked branches or angelic values
/// (exploring and confirming a candidate's path): 64 times the failing
/// run's statement executions, at least 100,000 (and never above the task's --step-limit). A
/// path the loop bounds hold takes a small multiple of the failing run's steps; a hijacked loop
/// condition can make a run endless, which used to cost the whole --step-limit (10^7 traced
/// steps: 17 s of an ofc run of 0.7 s).
inline constexpr std::uint64_t kExploringStepFactor = 64;
inline constexpr std::uint64_t kLeastExploringSteps = 100'000;
std::uint64_t exploringStepLimit(const exec::RunResult& failing);

/// Wall seconds of each of solveOnExplored's queries (at most two per candidate): a model on
/// one path is a trace formula's, found in milliseconds; one that takes longer is left to
/// exploring.
inline constexpr double kExploredModelSeconds = 2;

/// What is left of the task's --timeout since `start` (unbounded when it is 0).
solve::Deadline runDeadline(const FormulaTask& task, std::chrono::steady_clock::time_point start);

/// ", N confirmed by a passing run" for a non-zero counter "confirmed", else "".
std::string confirmedText(const Stats& stats);

class OnDemandFormula {
public:
  /// Encodes the failing run of `task` as the family `unexplored` says. When the program
  /// cannot be encoded, ok() is false and `r` says why.
  OnDemandFormula(const FormulaTask& task, encode::Unexplored unexplored, Result& r);
  bool ok() const { return encoder_.has_value() && !broken_; }
  solve::Session& session() { return *session_; }
  const encode::Encoding& encoding() const { return encoder_->encoding(); }
  const encode::Exploration& exploration() const { return encoder_->exploration(); }

  /// Runs the failing test (traced) with every decision of `path` forced, and the values of
  /// `angelic` when given.
  exec::RunResult runAlong(const std::vector<encode::PathStep>& path,
                           const std::vector<AngelicValue>* angelic);
  /// Runs the failing test with the values of `angelic` forced and nothing else; when it
  /// passes within the unwinding bound (a model of the program formula with the angelic
  /// statements relaxed), its branch decisions; nullopt otherwise.
  std::optional<std::vector<BranchDecision>> confirm(const std::vector<AngelicValue>& angelic);
  /// A model of the formula with `mcs` relaxed whose path stays on explored sides, where the
  /// formula is exact: a model of the program formula, so `mcs` (minimal in the weaker
  /// on-demand formula) is one of the program formula's, without exploring anything. Looked for
  /// along the failing run's decisions at the branches of statements outside `mcs`, with only
  /// the failing run's last execution of `mcs`'s statements free (the earlier ones keep the
  /// failing run's values and decisions): one free value makes the query as cheap as a trace
  /// formula's, where all of them free can make it as hard as the program formula's (a loop of
  /// 100 iterations). One query within `seconds` and `deadline`. Returns `mcs` with that model
  /// (counted in "explored-models"), or nullopt (none found: not an MCS of the program formula, or
  /// one whose fix needs an unexplored side or more executions, or the budget ran out). Fixing
  /// values and decisions only removes models, so whatever model is found is one of the program
  /// formula.
  std::optional<solve::Mcs> solveOnExplored(const solve::Mcs& mcs, double seconds,
                                            const solve::Deadline& deadline);
  /// Every single statement whose relaxation solveOnExplored confirms (then an MCS of the
  /// program formula: one statement is minimal, the formula failing), each with its model: a
  /// technique reports and blocks them before enumerating, so that the solver never searches
  /// the grown formula for them (sumeven n100: a model with `i++` relaxed at all 100
  /// executions, 10-30 M z3 units in the whole formula, milliseconds with its last executions
  /// free on the failing path).
  std::vector<solve::Mcs> confirmSingletons(double seconds, const solve::Deadline& deadline);
  /// A candidate MCS {`id`} of the formula as it stands, with a model that keeps the failing
  /// run's values at all but the group's last 1, 2, 4 or 8 executions (a window probe, see
  /// window_probe.h); its path may leave the explored sides, to be explored as any candidate's.
  /// nullopt when the group ran fewer than kWindowProbeLeastExecutions times in the failing
  /// run, or no window has a model. The enumeration would
  /// search all executions of such a group at once (sumeven n60, ofc: 43 M z3 units for one
  /// such query). Counted in "window-models". Pre: the formula with every group enforced is
  /// unsatisfiable.
  std::optional<solve::Mcs> solveInWindow(solve::SoftId id, const solve::Deadline& deadline);
  /// The groups of the branch statements the formula holds once (one instance: outside loops and
  /// repeated calls), when the formula has a group
  /// that window probes ask for (windowProbed: kWindowProbeLeastExecutions executions of the
  /// failing run or more, as on a loop; none on the Siemens-style subject), else none. An
  /// unexplored side of such a branch lets its relaxation do anything (agx's free sides), so each
  /// is a candidate MCS that must be explored or confirmed; asked for before the loop statements'
  /// candidates grow the formula, it costs a query on the failing run's formula, not one of the
  /// enumeration on the grown one (sumeven n100, agx: the range check `n < 0 || n > N` took one
  /// of 1.4 M z3 units there).
  std::vector<std::uint32_t> onceBranchGroups() const;
  /// A candidate MCS {`id`} of the formula as it stands: a model with `id` alone relaxed and
  /// every other group enforced (one query within `deadline`); counted in "early-candidates".
  /// Pre: the formula with every group enforced is unsatisfiable (one group is then minimal).
  std::optional<solve::Mcs> solveAlone(solve::SoftId id, const solve::Deadline& deadline);
  /// The group (encoding().groups index) of soft id `id`.
  std::uint32_t groupOf(solve::SoftId id) const { return groups_.group(id); }
  /// The soft id of group `group` in the current session (nullopt: not sent to the solver).
  std::optional<solve::SoftId> softOf(std::uint32_t group) const { return groups_.softOf(group); }
  /// Tail runs for `mcs`: for each if/loop statement of `mcs` not given tail runs before, the
  /// failing test run with one of that statement's last kTailRuns executions in the failing
  /// run flipped (each run one flip). Exploring a condition from its end first lets
  /// solveOnExplored confirm a fix that flips a few late executions (sumeven: three of the last
  /// four `i % 2 == 0`) without exploring every execution's other side, which makes the
  /// formula the whole program formula and its MCS queries as hard as pf's. Empty when there
  /// is no such statement: explore the model's path (runAlong, siblings) instead. At most
  /// --sibling-runs runs per statement (0: none).
  std::vector<exec::RunResult> tailRuns(const solve::Mcs& mcs);
  static constexpr std::size_t kTailRuns = 8;
  /// Does `mcs` hold an if, loop or switch statement?
  bool hasCondition(const solve::Mcs& mcs) const;
  /// Sibling runs of `path` (--sibling-runs): for each step of `path` that takes a side not
  /// encoded yet, the failing test run with only that side forced at another execution of the
  /// same branch statement in the failing run (the other loop iterations, mostly). A model that
  /// leaves the explored program at one iteration can leave it at the others just as well; one
  /// refinement that explores them all saves a refinement (and a solver search) per iteration.
  /// At most --sibling-runs runs, spread over the executions.
  std::vector<exec::RunResult> siblings(const std::vector<encode::PathStep>& path) const;
  /// Adds `runs` (of runAlong or siblings) to the formula in one encoding pass, as one
  /// refinement. Returns the number of branch sides they explored first; 0 when they explored
  /// nothing new or could not be encoded (then ok() is false, noted).
  std::size_t add(const std::vector<exec::RunResult>& runs);
  std::size_t add(const exec::RunResult& run);
  /// A new session holding the latest pass only (what earlier passes added and the latest no
  /// longer has is left behind).
  void restart();
  /// Clauses the session holds that the latest pass no longer has (left behind where a newly
  /// explored side changed the values downstream of its join), against the latest pass's.
  std::size_t staleClauses() const;
  std::size_t liveClauses() const { return encoding().hard.size(); }
  /// Runs added after the failing one.
  std::size_t refinements() const { return refinements_; }
  /// What the failing run produced at each statement instance (value or decision), as
  /// producedValues (replay.h) gives it: kept from the run the formula was built from.
  const std::map<exec::InstanceKey, std::int64_t>& failingValues() const { return failingValues_; }
  /// The branch decisions of `run`, each marked where the failing run decided otherwise.
  std::vector<BranchDecision> decisionsOf(const exec::RunResult& run) const;

  /// The soft groups of `mcs` (encoding().groups indexes).
  std::vector<std::uint32_t> groupsOf(const solve::Mcs& mcs) const;
  /// After restart(): `mcs` (of the earlier session, whose groups are `groups`) in the terms
  /// of the current session; nullopt when one of its groups is no longer sent to the solver.
  std::optional<solve::Mcs> carriedOver(const solve::Mcs& mcs,
                                        const std::vector<std::uint32_t>& groups) const;
  /// The diagnosis of `mcs` on `path`: locations, angelic values, and the path, each decision
  /// marked where the failing run decided otherwise.
  Diagnosis diagnosis(const solve::Mcs& mcs, const std::vector<encode::PathStep>& path) const;
  /// The session's statistics, the encoding's size and the exploration (counters "paths" and
  /// "refinements"), into `r.stats`; notes
  /// on exploring runs that failed or hit the step limit.
  void finish(Result& r) const;

private:
  void handOver(const encode::IncrementalEncoder::Delta& delta);
  /// The failing test run with `hooks`, within the exploring step limit; counts a run that
  /// ends badly (finish() notes it).
  exec::RunResult explore(exec::FixedHooks& hooks);
  /// The guard literals of solveOnExplored for the latest pass (built once per pass).
  void buildExploredGuards();

  const FormulaTask& task_;
  Result& r_;
  std::unique_ptr<solve::Context> context_;  // first: outlives the session and the encoder
  std::optional<solve::Session> session_;
  std::optional<encode::IncrementalEncoder> encoder_;
  bool broken_ = false;
  std::vector<std::uint64_t> weights_;  ///< by statement (empty: unweighted)
  SessionGroups groups_;
  std::map<exec::InstanceKey, std::int32_t> failingDecisions_;
  std::map<exec::InstanceKey, std::int64_t> failingValues_;
  std::optional<encode::Exploration> failingSides_;  ///< the sides the failing run took
  /// What the failing run produced at each instance (see producedValues).
  ProducedValues produced_;
  /// solveOnExplored's guards, for the encoder pass `guardsPass_`: `onExplored_` implies that
  /// no unexplored side is taken; `pinned_[s]` that the branches of statement s decide as in
  /// the failing run wherever it reached them.
  std::set<ir::StmtId> tailed_;  ///< statements tailRuns explored
  std::size_t guardsPass_ = 0;
  std::optional<z3::expr> onExplored_;
  std::map<ir::StmtId, z3::expr> pinned_;
  /// Statement executions an exploring run may take: a hijacked branch can make a loop endless,
  /// and such a run is encoded only as far as the loop bounds reach (see exploringStepLimit).
  std::uint64_t exploreSteps_ = 0;
  std::unordered_map<ir::StmtId, unsigned> loopBounds_;  ///< --loop-bounds run (else empty)
  /// --loop-bounds run: loops of recursive functions, per depth (else empty)
  std::unordered_map<ir::StmtId, std::vector<unsigned>> depthBounds_;
  std::size_t refinements_ = 0;
  std::map<std::string, std::size_t> endings_;   ///< exploring runs by how they ended, if badly
  std::vector<solve::QueryStats> earlierStats_;  ///< of sessions left behind by restart()
};

}  // namespace culprit::localize

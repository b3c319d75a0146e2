// What ofc and agx share: the on-demand program formula of one failing test (encode/
// incremental.h) in a live solver session. It starts with the failing run explored; each
// exploring run (the failing test forced along a model's path, and with an MCS's angelic
// values) adds its branch sides, and the encoder hands the session only what is new.
#pragma once

#include "encode/incremental.h"
#include "localize/diagnose.h"

#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

namespace culprit::localize {

/// --max-refinements: most ofc iterations or agx refinements (both techniques declare it).
const OptionSpec& maxRefinementsOption();
/// --sibling-runs: most extra runs per explored path that take its new sides at the other
/// executions of the same branch statements (both techniques declare it; 0: none).
const OptionSpec& siblingRunsOption();
/// The counters both techniques report: "refinements" (batches of runs added after the failing
/// one) and "paths" (distinct runs encoded, the failing one included), set by finish().
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

  const FormulaTask& task_;
  Result& r_;
  std::unique_ptr<solve::Context> context_;  // first: outlives the session and the encoder
  std::optional<solve::Session> session_;
  std::optional<encode::IncrementalEncoder> encoder_;
  bool broken_ = false;
  std::vector<std::uint64_t> weights_;  ///< by statement (empty: unweighted)
  SessionGroups groups_;
  std::map<exec::InstanceKey, std::int32_t> failingDecisions_;
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

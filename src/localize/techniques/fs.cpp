// fs — MCSs of the flow-sensitive trace formula, then branch diagnoses of the failing path.
//
// Computes: every MCS (within bounds) of input(T) ∧ TF_fs(T) ∧ oracle(T), where TF_fs holds the
// statement instances the failing run executed (from the interpreter's trace), each instance
// its own SSA version, and keeps the run's branch conditions as guards: `sel_b -> (g_b = cond)`
// soft, and every assignment under a branch holds only while its guards do
// (`sel_a -> (guards -> x_k = e)`). Relaxing a guard therefore frees the values it controls.
// Follows: the flow-sensitive trace formula of the error-invariant / on-demand papers
// (TECHNIQUES.md, "Trace formulas").
// Branch diagnoses (ours, LocFaults' deviations of one condition): the formula holds one path,
// so a fault whose fix changes the path (a dropped case, a condition that should hold at a tab,
// a loop one step longer) has no MCS in it, or only MCSs whose replay fails. When no diagnosis
// of the formula replays feasibly (or the formula was not built: a bound of building it), fs
// relaxes the branch decisions themselves, one source
// condition at a time: each execution of an if or loop condition on the failing path decided
// the other way (the interpreter hijacks it, as OFC does, and goes on concretely), then the
// condition decided false, and true, at every execution. A decision whose run passes the test
// is a branch diagnosis (the condition, with the forced directions as its angelic values:
// feasible by construction). For each (the first kMostDeviations), fs then asks its formula why
// the condition decided as it did: the MCSs of the flow-sensitive trace formula of the failing
// path up to the condition's first changed execution, with the changed direction as the oracle
// (encode::EncodeOptions::Goal), each with the branch diagnosis's path. Every formula fs solves
// is still one path's, the failing run's; the other side of a condition is only ever run, never
// encoded.
// Pre: the failing run did not hit the step limit. Post: the formula's diagnoses in nondecreasing
// size, then per branch diagnosis, the condition and its path MCSs; condition diagnoses of the
// formula are often infeasible (the other branch was never encoded), which the replay reports.
// The branch step gets what the formula's enumeration leaves of --timeout (the formula gets at
// most kFormulaShare of it when the timeout is set); a cut is noted.
// Departures: short-circuit operands with side effects follow the run (the unexecuted operand
// is free, like an unencoded branch); output events stay in the formula when a guard is
// relaxed, their values freed. Switch arms are not deviated (as in locfaults).
#include "localize/diagnose.h"
#include "localize/phases.h"

#include <algorithm>
#include <chrono>
#include <fmt/format.h>
#include <set>

namespace culprit::localize {
namespace {

using Clock = std::chrono::steady_clock;

/// The share of --timeout the formula's own enumeration may take; the branch step gets the rest
/// (and what the enumeration did not use).
constexpr double kFormulaShare = 0.6;
/// The formula's diagnoses replayed to decide whether the branch step runs.
constexpr std::size_t kReplayChecks = 32;
/// Branch diagnoses whose path MCSs are computed.
constexpr std::size_t kMostDeviations = 8;
/// Executions a constant decision forces (as angelic values, by execution number).
constexpr std::uint32_t kConstantExecutions = 64;

/// A passing decision of one source condition: the forced directions and the first execution
/// where they differ from the failing run.
struct BranchFix {
  std::vector<AngelicValue> forced;
  exec::InstanceKey first;
  bool direction = false;  ///< the forced direction at `first`
};

bool anyFeasible(const FormulaTask& task, const Result& r) {
  const std::size_t n = std::min(r.diagnoses.size(), kReplayChecks);
  for (std::size_t i = 0; i < n; ++i)
    if (passesWith(task, r.diagnoses[i].angelic)) return true;
  return false;
}

/// The if and loop conditions of the failing run that a decision may change, per source
/// statement: its executions' (occurrence, decision) in execution order.
std::map<ir::StmtId, std::vector<std::pair<std::uint32_t, std::int32_t>>>
deviable(const FormulaTask& task, const exec::RunResult& failing) {
  std::map<ir::StmtId, std::vector<std::pair<std::uint32_t, std::int32_t>>> out;
  for (const exec::TraceEntry& e : failing.trace) {
    const ir::Stmt& s = task.program->stmt(e.key.stmt);
    if (s.isBranch() && s.kind != ir::StmtKind::Switch && e.decision >= 0 &&
        !task.program->functions[s.func].trusted)
      out[e.key.stmt].emplace_back(e.key.occurrence, e.decision);
  }
  return out;
}

/// The passing decisions, at most one per source condition (its executions in the order of the
/// failing run, then false and true at every execution), within `deadline`; `runs` counts the
/// replays. Sets `cut` when the deadline stopped the search.
std::vector<BranchFix> branchFixes(const FormulaTask& task, const exec::RunResult& failing,
                                   Clock::time_point deadline, bool timed, std::size_t& runs,
                                   bool& cut) {
  const auto passing = [&](const std::vector<AngelicValue>& forced) {
    ++runs;
    return passesWith(task, forced);
  };
  // Execution order of the conditions' first executions: the earliest decisions first.
  const auto conditions = deviable(task, failing);
  std::vector<ir::StmtId> order;
  for (const exec::TraceEntry& e : failing.trace)
    if (e.key.occurrence == 0 && conditions.count(e.key.stmt)) order.push_back(e.key.stmt);
  std::vector<BranchFix> out;
  for (ir::StmtId stmt : order) {
    const auto& executions = conditions.at(stmt);
    std::optional<BranchFix> found;
    for (const auto& [occurrence, decision] : executions) {
      if (timed && Clock::now() >= deadline) {
        cut = true;
        return out;
      }
      BranchFix f{{AngelicValue{stmt, occurrence, decision ? 0 : 1, true, decision}},
                  {stmt, occurrence},
                  decision == 0};
      if (passing(f.forced)) {
        found = std::move(f);
        break;
      }
    }
    for (std::int32_t side = 0; side <= 1 && !found; ++side) {
      const auto differs = std::find_if(executions.begin(), executions.end(),
                                        [&](const auto& e) { return e.second != side; });
      if (differs == executions.end()) continue;  // the failing run's own decisions
      if (timed && Clock::now() >= deadline) {
        cut = true;
        return out;
      }
      BranchFix f{{}, {stmt, differs->first}, side == 1};
      for (std::uint32_t k = 0; k < kConstantExecutions; ++k) {
        std::optional<std::int64_t> original;
        if (k < executions.size() && executions[k].first == k) original = executions[k].second;
        f.forced.push_back(AngelicValue{stmt, k, side, true, original});
      }
      if (passing(f.forced)) found = std::move(f);
    }
    if (found) out.push_back(std::move(*found));
  }
  return out;
}

/// The diagnosis of a passing decision: its condition, its forced directions as angelic values
/// and path.
Diagnosis branchDiagnosis(const FormulaTask& task, const BranchFix& f) {
  Diagnosis d;
  const ir::Stmt& s = task.program->stmt(f.first.stmt);
  d.locations.push_back({f.first.stmt, s.range.file, s.range.line, 0});
  d.angelic = f.forced;
  for (const AngelicValue& a : f.forced)
    d.path.push_back({a.stmt, a.occurrence, static_cast<std::int32_t>(a.value),
                      !a.original || *a.original != a.value});
  return d;
}

/// Appends the branch step's diagnoses to `r` within what `start`'s --timeout leaves.
void addBranchDiagnoses(const FormulaTask& task, solve::Context& context, Clock::time_point start,
                        Result& r) {
  const bool timed = task.options.timeoutSeconds > 0;
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(std::max(0.0, task.options.timeoutSeconds)));
  Result scratch;
  const exec::RunResult failing = traceFailingRun(task, false, scratch);
  std::size_t& runs = r.stats.counter("deviated-runs");
  bool cut = false;
  const std::vector<BranchFix> fixes = branchFixes(task, failing, deadline, timed, runs, cut);
  r.stats.counter("branch-diagnoses") = fixes.size();
  if (!fixes.empty())  // read after the formula's own notes, e.g. that no statement explains it
    r.notes.push_back("fs's branch step: deciding " + counted(fixes.size(), "condition") +
                      " of the failing run the other way makes the test pass (branch diagnoses, "
                      "each checked by a replay)");
  if (cut)
    addNote(r, "timeout during fs's branch decisions (--timeout): conditions after the first " +
                   counted(fixes.size(), "passing decision") +
                   " were not all tried (a larger --timeout, or 0 for none, lifts it)");
  const auto known = [&](const Diagnosis& d) {
    return std::any_of(r.diagnoses.begin(), r.diagnoses.end(),
                       [&](const Diagnosis& o) { return o.locations == d.locations; });
  };
  std::size_t analysed = 0;
  bool late = false;  // no time left for path MCSs: the branch diagnoses alone
  for (const BranchFix& f : fixes) {
    Diagnosis branch = branchDiagnosis(task, f);
    const std::vector<BranchDecision> path = branch.path;
    if (!known(branch)) r.diagnoses.push_back(std::move(branch));
    if (analysed == kMostDeviations || late) continue;
    const double left = timed ? task.options.timeoutSeconds - secondsSince(start) : 0;
    if (timed && left <= 0) {
      addNote(r, "timeout (--timeout): the path MCSs of some of fs's branch diagnoses were not "
                 "computed (a larger --timeout, or 0 for none, lifts it)");
      late = true;
      continue;
    }
    ++analysed;
    encode::EncodeOptions o = encodeOptions(task, encode::Family::TraceFlowSensitive);
    if (timed) o.deadline = deadline;
    o.goal = encode::EncodeOptions::Goal{f.first.stmt, f.first.occurrence, f.direction};
    Result part;
    PhaseTimer pathPhase("path formulas");
    try {
      encode::Encoding enc =
          encode::encode(context.z3(), *task.program, task.test->input, {}, o, &failing);
      noteConcretized(enc, part);
      encode::sliceToObligations(enc);
      enumerateDiagnoses(task, enc, context, left, part);
    } catch (const encode::EncodeError& e) {
      addNote(part, std::string("not encoded: ") + e.what());
    }
    r.stats.queries += part.stats.queries;
    r.stats.solverMs += part.stats.solverMs;
    if (!part.complete) addNote(r, "path MCSs of a branch diagnosis: " + part.incompleteReason);
    for (Diagnosis& d : part.diagnoses) {
      d.path = path;
      if (!known(d)) r.diagnoses.push_back(std::move(d));
    }
  }
  if (fixes.size() > kMostDeviations)
    r.notes.push_back(fmt::format("path MCSs of the first {} of {} branch diagnoses only",
                                  kMostDeviations, fixes.size()));
}

Result localizeFlowSensitive(const FormulaTask& task) {
  const Clock::time_point start = Clock::now();
  Result r;
  r.technique = "fs";
  std::optional<PhaseTimer> phase(std::in_place, "z3 context");
  std::unique_ptr<solve::Context> context = makeSolverContext(task);
  phase.emplace("encode");
  // Building the formula counts against its share too: the branch step needs no formula.
  const double timeout = task.options.timeoutSeconds;
  FormulaTask formula = task;
  if (timeout > 0) formula.options.timeoutSeconds = kFormulaShare * timeout;
  std::optional<encode::Encoding> enc =
      errorFormula(context->z3(), formula, encode::Family::TraceFlowSensitive, r);
  phase.reset();
  if (enc)
    enumerateDiagnoses(task, *enc, *context,
                       timeout > 0 ? kFormulaShare * timeout - secondsSince(start) : timeout, r);
  if (anyFeasible(task, r)) return r;
  phase.emplace("branch decisions");
  addBranchDiagnoses(task, *context, start, r);
  return r;
}

}  // namespace

TechniqueInfo fsTechnique() {
  TechniqueInfo t =
      formulaTechnique("fs",
                       "formula-based: MCSs of the failing run's flow-sensitive trace formula "
                       "(branch guards kept); when none replays, the run's conditions decided "
                       "the other way and the MCSs of the path up to them",
                       {}, [](const Problem& p) { return localizeFlowSensitive(formulaTask(p)); });
  t.counters = {{"deviated-runs", "replays with a condition decided the other way"},
                {"branch-diagnoses", "conditions whose other decision makes the test pass"}};
  return t;
}

}  // namespace culprit::localize

// ofc — on-demand formula computation: MCSs of a partial program formula grown where MCSs
// point.
//
// Computes: the MCSs (within the size, count and time bounds) of input(T) ∧ PF ∧ oracle(T),
// PF the program formula as pf encodes it (loops and recursion unwound to --unwind), without
// encoding the whole of PF: only the branch sides runs of T have taken.
// Follows: on-demand formula computation (TECHNIQUES.md). Iteration 1 encodes the failing run;
// a branch side no run took is cut: it reaches its join having written its variables unknown
// values (encode/incremental.h, Unexplored::Cut), so relaxing a condition frees what the other
// side could write, as the paper's phi with an unencoded side does. Each iteration enumerates
// all MCSs from scratch (a new MaxSAT enumeration in a solver scope; the formula itself lives on
// in the session and only grows, and a pass that left clauses behind gets a new session holding
// only the latest formula: dropStaleClauses), then re-runs T along the path of every MCS that
// leaves the explored program, adds the new runs' sides, and repeats until no MCS does.
// Pre: the failing test fails. Post (--expand paths, the default): when it ends, every MCS's
// model stays on encoded paths, so the MCSs are exactly the program formula's within the
// bounds. With --expand conditions (the paper's rule) only a condition in an MCS whose other
// side is unexplored sends the search there; MCSs whose models take other unexplored sides are
// reported as they are (the driver's replay shows which are infeasible).
// Confirmation by replay (--expand paths): before an MCS's path is explored, the test runs with
// the MCS's angelic values only (every other statement and branch as the program computes it);
// a run that passes within the unwinding bound is a model of the program formula, so the MCS
// (minimal already in the weaker partial formula) is one of the program formula's and needs no
// exploring; only the others add their run along the path.
// Settled MCSs (--expand paths): an MCS whose model stays on explored sides, or whose angelic
// values make a passing run, is one of the program formula's and of every later iteration's; it
// is kept and blocked in later enumerations instead of being found again (sumeven n20: 33 -> 18
// queries, 4 -> 3 iterations; at n100, 35 -> 20 queries).
// Departures: sibling runs (--sibling-runs, OnDemandFormula::siblings): an expanded path's
// new sides are also explored at the other executions of the same branches in the failing run,
// so a loop needs one iteration of ofc, not one per loop iteration. A cut side that may escape
// (return, exit, output, input, writes through pointers) is free instead of cut: a path through it
// is unconstrained, like an unexplored side of the angelic program, which keeps each iteration an
// over-approximation of the program formula. Exploring runs force the model's whole path and its
// angelic values (paper mode: the path's decisions only, as execution hijacking). An iteration
// stopped by the memory bound or the first-MCS budget with no MCS falls back as pf does: the
// trace formula, and the failing run's angelic formula, whose candidates a passing replay
// confirms (angelic_fallback.h; agx's first formula, ofc's own cuts the unexplored sides).
#include "localize/diagnose.h"
#include "localize/on_demand.h"
#include "localize/window_probe.h"

#include <algorithm>
#include <chrono>
#include <set>

namespace culprit::localize {
namespace {

/// --expand: which MCSs send the search down an unexplored branch side. paths: every MCS whose
/// model takes one (the result then equals the program formula's); conditions: only a
/// condition in the MCS, as in the OFC paper.
const OptionSpec& expandOption() {
  static const OptionSpec spec = ownChoiceOption(
      "expand", "on-demand techniques (ofc, agx)",
      "ofc: explore the branch sides the MCSs' models take (paths) or only those of conditions "
      "in an MCS (conditions, as in the paper)",
      {"paths", "conditions"});
  return spec;
}

bool expandsConditionsOnly(const FormulaTask& task) {
  return ownText(task.options, expandOption()) == "conditions";
}

using Clock = std::chrono::steady_clock;

/// The MCSs of one iteration, with their paths.
struct Found {
  solve::Mcs mcs;
  std::vector<encode::PathStep> path;
};

/// An MCS of the program formula found in an earlier iteration: its model stayed on explored
/// sides, or a run with its angelic values passed. It is an MCS of every later formula too
/// (they lie between the program formula and the one it was found in).
struct Settled {
  solve::Mcs mcs;       ///< its soft ids are the current session's (see carryOver)
  Diagnosis diagnosis;  ///< built when it was found, on that iteration's encoding
  bool confirmed = false;
  std::vector<std::uint32_t> groups;  ///< of `mcs` (encoding().groups indexes)
  bool blocked = true;                ///< false: a group of it left the formula (nothing to block)
};

/// `mcs` settled, with its groups in the current session.
Settled settle(const OnDemandFormula& formula, solve::Mcs mcs, Diagnosis d, bool confirmed) {
  std::vector<std::uint32_t> groups = formula.groupsOf(mcs);
  return {std::move(mcs), std::move(d), confirmed, std::move(groups), true};
}

/// A new session holding the latest pass only, when the session holds clauses it no longer
/// has: each iteration enumerates afresh in a scope of its own, so the new session loses no
/// blocking clause or core, only what z3 learned, and the next enumeration searches a formula
/// without the copies the pass left behind downstream of each newly explored join (sumeven n100:
/// 849 -> 729 hard clauses, pf's count; the final enumeration's last query, the proof that no
/// MCS is left, 14.8 -> 5.7 M z3 units). The settled MCSs keep their groups' new soft ids.
/// False when the formula broke.
bool dropStaleClauses(OnDemandFormula& formula, std::vector<Settled>& settled) {
  if (formula.staleClauses() == 0) return true;
  formula.restart();
  if (!formula.ok()) return false;
  for (Settled& s : settled) {
    std::optional<solve::Mcs> again = formula.carriedOver(s.mcs, s.groups);
    s.blocked = again.has_value();
    if (again) s.mcs.softs = std::move(again->softs);
  }
  return true;
}

/// The loop statements' single-statement MCSs of the formula as it is that window probes find
/// (OnDemandFormula::solveInWindow), but the settled ones: the enumeration would search every
/// execution of such a statement at once (sumeven n60: 43 M z3 units for one such query).
/// Empty when the formula with every statement enforced does not fail.
std::vector<solve::Mcs> windowCandidates(OnDemandFormula& formula,
                                         const std::vector<Settled>& settled,
                                         const solve::Deadline& deadline) {
  std::vector<solve::Mcs> out;
  bool failsChecked = false;
  solve::Session& session = formula.session();
  for (solve::SoftId id : session.allSofts()) {
    if (std::any_of(settled.begin(), settled.end(), [&](const Settled& s) {
          return s.blocked && s.mcs.softs == std::vector<solve::SoftId>{id};
        }))
      continue;
    std::optional<solve::Mcs> m = formula.solveInWindow(id, deadline);
    if (!m) continue;
    if (!failsChecked) {
      failsChecked = true;
      if (session.check(session.selectorsExcept({}), deadline) != solve::Answer::Unsat) return {};
    }
    out.push_back(std::move(*m));
  }
  return out;
}

/// Every MCS of the formula as it is, within the bounds, but the settled ones (blocked: found
/// again, they would cost the same queries again).
std::vector<Found> enumerateAll(const FormulaTask& task, OnDemandFormula& formula,
                                double secondsLeft, const std::vector<Settled>& settled, Result& r,
                                solve::StopReason& stop, std::string& detail) {
  std::vector<Found> found;
  try {
    solve::Session::Scope scope(formula.session());  // this iteration's blocking, relaxations
    std::unique_ptr<solve::McsEnumerator> e = makeEnumerator(task, formula.session(), secondsLeft);
    for (const Settled& s : settled)
      if (s.blocked) e->accept(s.mcs);
    if (!expandsConditionsOnly(task))
      e = withFoundFirst(windowCandidates(formula, settled,
                                          task.options.timeoutSeconds > 0
                                              ? solve::Deadline::after(std::max(0.001, secondsLeft))
                                              : solve::Deadline()),
                         std::move(e), task.options.maxCount);
    while (std::optional<solve::Mcs> mcs = e->next()) {
      if (mcs->softs.empty()) {
        addNote(r, "the formula does not fail: the oracle of this failure is not encoded");
        continue;
      }
      std::vector<encode::PathStep> path = modelPath(formula.encoding(), mcs->model);
      found.push_back({std::move(*mcs), std::move(path)});
    }
    stop = e->stopReason();
    detail = e->stopDetail();
  } catch (const z3::exception& e) {  // --max-memory hit outside a check (a push)
    stop = solve::StopReason::SolverUnknown;
    detail = e.msg();
  }
  return found;
}

/// The prefix of `path` to force for expanding it: all of it when it leaves the explored
/// program anywhere (--expand paths); up to the last unencoded decision of a condition in the
/// MCS (--expand conditions). Empty: nothing to expand.
std::vector<encode::PathStep> expansion(const FormulaTask& task, const OnDemandFormula& formula,
                                        const Found& f) {
  if (!expandsConditionsOnly(task)) {
    const bool leaves = std::any_of(f.path.begin(), f.path.end(),
                                    [](const encode::PathStep& s) { return !s.encoded; });
    return leaves ? f.path : std::vector<encode::PathStep>{};
  }
  std::set<ir::StmtId> conditions;
  for (std::uint32_t g : formula.groupsOf(f.mcs))
    conditions.insert(formula.encoding().groups[g].stmt);
  std::size_t end = 0;
  for (std::size_t i = 0; i < f.path.size(); ++i)
    if (!f.path[i].encoded && conditions.count(f.path[i].stmt)) end = i + 1;
  return {f.path.begin(), f.path.begin() + static_cast<std::ptrdiff_t>(end)};
}

Result localizeOnDemand(const FormulaTask& task) {
  const Clock::time_point start = Clock::now();
  Result r;
  r.technique = "ofc";
  OnDemandFormula formula(task, encode::Unexplored::Cut, r);
  if (!formula.ok()) return r;
  const bool paperRule = expandsConditionsOnly(task);
  const unsigned maxIterations = ownUnsigned(task.options, maxRefinementsOption());
  std::size_t& iterations = r.stats.counter("iterations");
  std::size_t& confirmed = r.stats.counter("confirmed");
  std::vector<Diagnosis> diagnoses;  // of the latest iteration, built on its encoding
  std::vector<Settled> settled;      // --expand paths: MCSs of the program formula found so far
  solve::StopReason stop = solve::StopReason::Exhausted;
  std::string detail;
  if (!paperRule)
    for (solve::Mcs& m :
         formula.confirmSingletons(kExploredModelSeconds, runDeadline(task, start))) {
      Diagnosis d = formula.diagnosis(m, modelPath(formula.encoding(), m.model));
      settled.push_back(settle(formula, std::move(m), std::move(d), false));
    }
  for (;;) {
    ++iterations;
    const double left =
        task.options.timeoutSeconds - std::chrono::duration<double>(Clock::now() - start).count();
    const std::vector<Found> found = enumerateAll(task, formula, left, settled, r, stop, detail);
    diagnoses.clear();
    std::vector<solve::Weight> weights;  // of each diagnosis's MCS (its size, unweighted)
    for (const Settled& s : settled) {
      diagnoses.push_back(s.diagnosis);
      weights.push_back(s.mcs.weight);
    }
    std::vector<exec::RunResult> runs;  // to add: one per distinct path
    std::vector<solve::Mcs> tailed;     // MCSs whose conditions' last executions runs explore
    std::set<std::vector<std::pair<ir::StmtId, std::int32_t>>> seen;
    const bool stopped =
        stop == solve::StopReason::Timeout || stop == solve::StopReason::SolverUnknown;
    for (const Found& f : found) {
      diagnoses.push_back(formula.diagnosis(f.mcs, f.path));
      weights.push_back(f.mcs.weight);
      if (stopped) continue;
      const std::vector<encode::PathStep> path = expansion(task, formula, f);
      if (path.empty()) {
        if (!paperRule) settled.push_back(settle(formula, f.mcs, diagnoses.back(), false));
        continue;
      }
      if (!paperRule) {
        if (std::optional<std::vector<BranchDecision>> p =
                formula.confirm(diagnoses.back().angelic)) {
          diagnoses.back().path = std::move(*p);
          settled.push_back(settle(formula, f.mcs, diagnoses.back(), true));
          continue;
        }
        if (std::optional<solve::Mcs> m =
                formula.solveOnExplored(f.mcs, kExploredModelSeconds, runDeadline(task, start))) {
          diagnoses.back() = formula.diagnosis(*m, modelPath(formula.encoding(), m->model));
          settled.push_back(settle(formula, std::move(*m), diagnoses.back(), false));
          continue;
        }
      }
      // --expand paths: a condition of the MCS is explored from its end first (tailRuns); the
      // MCS's path, with its sibling runs, once that is done.
      std::vector<exec::RunResult> batch;
      if (!paperRule) batch = formula.tailRuns(f.mcs);
      if (!batch.empty()) tailed.push_back(f.mcs);
      if (batch.empty()) {
        // Sibling runs repeat a condition's new side at its other executions; for an MCS of
        // assignments only, the run with its angelic values takes the sides they lead to
        // (siblings made sumeven's formula whole for `i = 1`: 12.5 -> 6.1 s at n100).
        if (paperRule || formula.hasCondition(f.mcs)) batch = formula.siblings(path);
        batch.insert(batch.begin(),
                     formula.runAlong(path, paperRule ? nullptr : &diagnoses.back().angelic));
      }
      for (exec::RunResult& run : batch) {
        std::vector<std::pair<ir::StmtId, std::int32_t>> key;
        for (const BranchDecision& b : formula.decisionsOf(run))
          key.emplace_back(b.stmt, b.decision);
        if (seen.insert(key).second) runs.push_back(std::move(run));
      }
    }
    // Enumeration order: by weight (size), the settled ones first within a weight.
    std::vector<std::size_t> order(diagnoses.size());
    for (std::size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return weights[a] < weights[b]; });
    std::vector<Diagnosis> sorted;
    for (std::size_t i : order)
      sorted.push_back(std::move(diagnoses[i]));
    diagnoses = std::move(sorted);
    confirmed = static_cast<std::size_t>(std::count_if(
        settled.begin(), settled.end(), [](const Settled& s) { return s.confirmed; }));
    if (stopped || runs.empty()) break;
    if (maxIterations && iterations >= maxIterations) {
      addNote(r, "iteration bound " + std::to_string(maxIterations) +
                     " reached (--max-refinements): the MCSs of the last iteration are shown");
      break;
    }
    const std::size_t newSides = formula.add(runs);
    if (!formula.ok()) break;
    if (newSides == 0) {
      addNote(r, "unexplored branch sides on MCS paths could not be explored: the MCSs of "
                 "the last iteration are shown");
      break;
    }
    // An MCS of the last formula is one of the grown formula too (it lies between the two);
    // with a model on the explored sides now, it is settled before the next enumeration, which
    // would otherwise look for it again in a formula where its conditions may have every
    // execution's other side (sumeven n100: 38 M z3 units for `i % 2 == 0`).
    for (const solve::Mcs& m : tailed)
      if (std::optional<solve::Mcs> again =
              formula.solveOnExplored(m, kExploredModelSeconds, runDeadline(task, start))) {
        Diagnosis d = formula.diagnosis(*again, modelPath(formula.encoding(), again->model));
        settled.push_back(settle(formula, std::move(*again), std::move(d), false));
      }
    if (!dropStaleClauses(formula, settled)) break;
  }
  r.diagnoses = std::move(diagnoses);
  addNote(r, stopNote(stop, detail, task.options));
  formula.finish(r);
  if (!r.complete)
    r.incompleteReason += " (after " + counted(r.stats.counter("iterations"), "iteration") + ")";
  return r;
}

}  // namespace

TechniqueInfo ofcTechnique() {
  TechniqueInfo t = formulaTechnique(
      "ofc",
      "formula-based: on-demand formula computation, the failing run's formula grown "
      "along the branch sides MCSs take (works with --weights)",
      {"unwind", "loop-bounds", "loop-slack"},
      [](const Problem& p) { return withTraceFallback(p, localizeOnDemand, /*angelic=*/true); });
  t.ownOptions = {expandOption(), maxRefinementsOption(), siblingRunsOption()};
  t.counters = {{"iterations", "MCS enumerations, one per formula grown"}};
  for (CounterSpec& c : onDemandCounters())
    t.counters.push_back(std::move(c));
  t.counters.push_back({"confirmed", "MCSs of the last iteration confirmed by a passing run"});
  t.countersText = [](const Stats& s) {
    return ", " + counted(s.counter("iterations"), "iteration") + ", " +
           counted(s.counter("paths"), "path") + " explored" + confirmedText(s);
  };
  return t;
}

}  // namespace culprit::localize

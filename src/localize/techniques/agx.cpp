// agx — AgxFaults: angelic fix localization on a program formula refined on demand.
//
// Computes: the minimal fix candidates of the failing test T — MCSs of input(T) ∧ PF ∧ oracle(T)
// (PF the program formula, as pf encodes it: loops and recursion unwound to --unwind) whose
// model stays on encoded paths — each with its angelic values and its angelic path (the branch
// decisions of the model's run), within the size, count and time bounds.
// Follows: AgxFaults (TECHNIQUES.md). The angelic program encodes the branch sides concrete runs
// of T have taken; a side no run took is an angelic path, free to do anything (encode/
// incremental.h, Unexplored::Free). One incremental core-guided MaxSAT enumeration (Fu–Malik,
// solve/mcs_maxsat.cpp) runs from start to end: each candidate MCS is analysed with its model;
// if its path takes a side not yet encoded, T runs again with the candidate's angelic values
// and the path's decisions forced, the run's new sides are encoded and handed to the live
// solver (cores and lower bound survive: the formula only gets stronger), and enumeration goes
// on; otherwise the candidate is a minimal fix candidate: reported and blocked.
// Confirmation by replay: a candidate whose model leaves the encoded program is first replayed
// with its angelic values only (everything else as the program computes it); when that run
// passes the test within the unwinding bound, it is a model of the program formula with the
// candidate's statements relaxed, so the candidate — minimal already in the weaker angelic
// program — is an MCS of the program formula: it is reported with that run's path, and the
// formula is not refined. Only the other candidates refine the angelic program.
// Pre: the failing test fails. Post: every diagnosis is an MCS of the program formula (its model
// is a model of PF: all of its path is encoded exactly; minimal because the angelic program
// over-approximates PF); when enumeration ends exhausted (or at the size bound), they are all
// of PF's MCSs within the bounds. Feasibility is replayed by the driver.
// Departures: confirmation by replay is ours (the paper refines every such candidate). So are
// sibling runs (--sibling-runs, OnDemandFormula::siblings): a refinement also explores the
// sides the candidate's path takes first at the other executions of the same branches in the
// failing run; on a loop the paper's refinement explores one iteration per solver search. The
// paper starts from input ∧ oracle and encodes the failing run at its first
// refinement; here the failing run is encoded from the start (the same formula, one query
// less). Refinement forces the whole angelic path, not only its first unexplored decision. A
// candidate whose exploring run adds no new side (it stopped before the side: step limit,
// runtime error) cannot be refined; it is reported as it is, and the result marked incomplete.
// Relaxed loop conditions cannot add iterations beyond --unwind (as in pf).
#include "localize/diagnose.h"
#include "localize/on_demand.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <fmt/format.h>

namespace culprit::localize {
namespace {

/// --refine-session: after a refinement go on in the same solver session (keep, as in the
/// paper), start a new one holding only the latest formula (rebuild), or keep it until the
/// clauses left behind by refinements outnumber a quarter of the latest formula's (auto).
const OptionSpec& refineSessionOption() {
  static const OptionSpec spec = ownChoiceOption(
      "refine-session", "on-demand techniques (ofc, agx)",
      "agx: after a refinement keep the solver session (keep: cores and blocks survive, stale "
      "clauses too), start a new one with the latest formula and the accepted MCSs blocked "
      "(rebuild), or keep it until stale clauses outnumber a quarter of the formula's (auto)",
      {"auto", "keep", "rebuild"});
  return spec;
}

/// auto: the session is rebuilt when the stale clauses exceed this share of the live ones. On a
/// loop each refinement re-encodes what follows the first changed join, and the solver slowed
/// down 4x (sumeven-n60: 15 s against 3.7 s CPU) carrying those copies, at 44% stale clauses.
constexpr double kStaleShare = 0.25;

std::string lineOf(const FormulaTask& task, ir::StmtId s) {
  return std::to_string(task.program->stmt(s).range.line);
}

Result localizeAngelic(const FormulaTask& task) {
  const auto start = std::chrono::steady_clock::now();
  Result r;
  r.technique = "agx";
  OnDemandFormula formula(task, encode::Unexplored::Free, r);
  if (!formula.ok()) return r;
  const double elapsed = secondsSince(start);
  std::unique_ptr<solve::McsEnumerator> enumerator =
      makeEnumerator(task, formula.session(), task.options.timeoutSeconds - elapsed);
  bool stopped = false;
  const unsigned maxRefinements = ownUnsigned(task.options, maxRefinementsOption());
  const std::string sessionMode = ownText(task.options, refineSessionOption());
  std::size_t& candidates = r.stats.counter("candidates");
  std::size_t& confirmed = r.stats.counter("confirmed");
  std::vector<std::pair<solve::Mcs, std::vector<std::uint32_t>>> accepted;  // with its groups
  for (solve::Mcs& m : formula.confirmSingletons(kExploredModelSeconds, runDeadline(task, start))) {
    r.diagnoses.push_back(formula.diagnosis(m, modelPath(formula.encoding(), m.model)));
    enumerator->accept(m);
    std::vector<std::uint32_t> groups = formula.groupsOf(m);
    accepted.emplace_back(std::move(m), std::move(groups));
  }
  // The loop statements' single-statement candidates come from window probes first, each
  // asked again on the grown formula after its refinement; the enumeration then starts with
  // them blocked (it would search every execution of such a statement at once).
  std::deque<std::uint32_t> windowed;  // encoding groups
  for (solve::SoftId id : formula.session().allSofts()) {
    const std::uint32_t g = formula.groupOf(id);
    if (std::none_of(accepted.begin(), accepted.end(),
                     [&](const auto& a) { return a.second == std::vector<std::uint32_t>{g}; }))
      windowed.push_back(g);
  }
  bool failsChecked = false;  // the formula with every group enforced is unsatisfiable
  const auto nextCandidate = [&]() -> std::optional<solve::Mcs> {
    for (; !windowed.empty(); windowed.pop_front()) {
      const std::optional<solve::SoftId> id = formula.softOf(windowed.front());
      if (!id) continue;
      std::optional<solve::Mcs> m = formula.solveInWindow(*id, runDeadline(task, start));
      if (m && !failsChecked) {
        failsChecked = true;
        solve::Session& s = formula.session();
        if (s.check(s.selectorsExcept({}), runDeadline(task, start)) != solve::Answer::Unsat) {
          windowed.clear();  // no MCS (or none known): the enumeration says which
          break;
        }
      }
      if (m) return m;
    }
    return enumerator->candidate();
  };
  const auto accept = [&](solve::Mcs& mcs) {
    enumerator->accept(mcs);
    std::vector<std::uint32_t> groups = formula.groupsOf(mcs);
    if (!windowed.empty() && groups == std::vector<std::uint32_t>{windowed.front()})
      windowed.pop_front();
    accepted.emplace_back(std::move(mcs), std::move(groups));
  };
  while (std::optional<solve::Mcs> mcs = nextCandidate()) {
    ++candidates;
    if (mcs->softs.empty()) {
      addNote(r, "the formula does not fail: the oracle of this failure is not encoded");
      stopped = true;
      break;
    }
    const std::vector<encode::PathStep> path = modelPath(formula.encoding(), mcs->model);
    const auto leaves = std::find_if(path.begin(), path.end(),
                                     [](const encode::PathStep& s) { return !s.encoded; });
    Diagnosis d = formula.diagnosis(*mcs, path);
    if (leaves != path.end()) {
      if (std::optional<std::vector<BranchDecision>> p = formula.confirm(d.angelic)) {
        d.path = std::move(*p);  // a model of the program formula: the candidate is its MCS
        ++confirmed;
        r.diagnoses.push_back(std::move(d));
        accept(*mcs);
        continue;
      }
      if (std::optional<solve::Mcs> m =
              formula.solveOnExplored(*mcs, kExploredModelSeconds, runDeadline(task, start))) {
        // A model of the program formula on explored sides: the candidate is its MCS.
        r.diagnoses.push_back(formula.diagnosis(*m, modelPath(formula.encoding(), m->model)));
        accept(*mcs);
        continue;
      }
      if (maxRefinements && formula.refinements() >= maxRefinements) {
        addNote(r, "refinement bound " + std::to_string(maxRefinements) +
                       " reached (--max-refinements): further refinements may remove or add "
                       "diagnoses");
        stopped = true;
        break;
      }
      // A condition of the candidate is explored from its end first (tailRuns); the path of
      // the candidate's model, with its sibling runs, once that is done.
      std::vector<exec::RunResult> runs = formula.tailRuns(*mcs);
      std::size_t added = runs.empty() ? 0 : formula.add(runs);
      if (added == 0 && formula.ok()) {
        runs = formula.siblings(path);
        runs.insert(runs.begin(), formula.runAlong(path, &d.angelic));
        added = formula.add(runs);
      }
      if (added > 0) {
        if (sessionMode == "rebuild" ||
            (sessionMode == "auto" &&
             static_cast<double>(formula.staleClauses()) >
                 kStaleShare * static_cast<double>(formula.liveClauses()))) {
          enumerator.reset();  // it refers to the session restart() replaces
          formula.restart();
          if (!formula.ok()) {
            stopped = true;
            break;
          }
          enumerator = makeEnumerator(task, formula.session(),
                                      task.options.timeoutSeconds - secondsSince(start));
          // Soft ids are per session: the accepted MCSs are blocked again by their groups (one
          // whose group left the formula cannot come back as a candidate anyway).
          for (const auto& [m, groups] : accepted)
            if (std::optional<solve::Mcs> again = formula.carriedOver(m, groups))
              enumerator->accept(*again);
        }
        continue;
      }
      if (!formula.ok()) {
        stopped = true;
        break;
      }
      addNote(r, "the branch side at line " + lineOf(task, leaves->stmt) +
                     " on a diagnosis's angelic path could not be explored: it is reported "
                     "unconfirmed");
    }
    r.diagnoses.push_back(std::move(d));
    accept(*mcs);
  }
  if (!stopped)
    addNote(r, stopNote(enumerator->stopReason(), enumerator->stopDetail(), task.options));
  formula.finish(r);
  if (!r.complete)
    r.incompleteReason += " (after " + counted(r.stats.counter("refinements"), "refinement") + ")";
  return r;
}

}  // namespace

TechniqueInfo agxTechnique() {
  TechniqueInfo t = formulaTechnique(
      "agx",
      "formula-based: AgxFaults, angelic program refined on demand with incremental "
      "MaxSAT; minimal fix candidates with angelic values and paths",
      {"unwind", "loop-bounds", "loop-slack"},
      [](const Problem& p) { return withTraceFallback(p, localizeAngelic); });
  t.ownOptions = {maxRefinementsOption(), refineSessionOption(), siblingRunsOption()};
  t.counters = onDemandCounters();
  t.counters.push_back({"confirmed", "candidates confirmed by a passing run, not by refinement"});
  t.counters.push_back({"candidates", "MCSs of the angelic formula examined"});
  t.countersText = [](const Stats& s) {
    return fmt::format(", {} ({} explored), {} candidate MCSs{}, largest core {}",
                       counted(s.counter("refinements"), "refinement"),
                       counted(s.counter("paths"), "path"), s.counter("candidates"),
                       confirmedText(s), s.maxCore);
  };
  return t;
}

}  // namespace culprit::localize

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
// Refinement budget (ours): a candidate is confirmed by the replays of pf's angelic fallback
// (angelic_fallback.h: its values, each alone, a condition flipped at one execution or
// constant) before it is refined; agx refines during the first half of --timeout only
// (--refine-share 50): the first candidate past it that would need a refinement stops the
// enumeration, and the rest of the time goes to the angelic fallback (the unrefined angelic
// formula's candidates a replay confirms, added to those found so far). The result is
// incomplete, with a note; its diagnoses are still MCSs of PF, but for one: when the budget
// ends with no diagnosis at all, the candidate at hand is reported as it is, with a note saying
// it is unconfirmed (an MCS of the angelic formula; the driver's replay judges it). The
// explored-model queries of single statements before the enumeration (confirmSingletons) get
// the first kSingletonShare of --timeout, so that the enumeration and the fallback get theirs.
#include "localize/angelic_fallback.h"
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

/// The share of --timeout the explored-model queries of the single statements (before the
/// enumeration) may take. On bench/krsched each of the ~200 groups' query cost up to its 2 s,
/// and the singletons took the whole budget: no candidate, no fallback.
constexpr double kSingletonShare = 0.2;

/// --refine-share: the percent of --timeout agx refines in (default 50). Past it, at the next
/// candidate that no replay or explored model confirms, agx stops and gives the rest to pf's
/// angelic fallback (angelic_fallback.h: the failing run's angelic formula, not refined, its
/// candidates kept when a replay confirms them). On bench/ftokens every refinement made the
/// next query cost about 2 M z3 units, and runs cut by --timeout after a few refinements
/// reported none of the candidates that the unrefined formula's replays confirm.
const OptionSpec& refineShareOption() {
  static const OptionSpec spec = ownUnsignedOption(
      "refine-share", "on-demand techniques (ofc, agx)",
      "agx: percent of --timeout in which agx refines its candidates; past it, a candidate that "
      "needs a refinement stops agx and the rest of the time goes to the angelic fallback (100: "
      "refine all the time)",
      50, 100);
  return spec;
}

std::string refineBudgetNote(const FormulaTask& task, unsigned share, std::size_t refinements) {
  // Not the words "timeout" or "time limit": the bench counts a run stopped by its own budget
  // by what it found (bench/metrics.cpp), as after the first-MCS budget.
  return fmt::format("refinement budget: agx refined for {} s ({}% of the test's budget) and "
                     "made {}; the rest went to the angelic fallback",
                     share * task.options.timeoutSeconds / 100, share,
                     counted(refinements, "refinement"));
}

std::string lineOf(const FormulaTask& task, ir::StmtId s) {
  return std::to_string(task.program->stmt(s).range.line);
}

/// "lines 12, 30" of a diagnosis's locations.
std::string linesOf(const FormulaTask& task, const Diagnosis& d) {
  std::string out;
  for (const Location& l : d.locations)
    out += (out.empty() ? "line " : ", ") + lineOf(task, l.stmt);
  return out;
}

Result localizeAngelic(const FormulaTask& task, bool& refineBudgetSpent) {
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
  const unsigned share = ownUnsigned(task.options, refineShareOption());
  const double refineSeconds = task.options.timeoutSeconds > 0 && share < 100
                                   ? share * task.options.timeoutSeconds / 100
                                   : -1;
  std::vector<std::pair<solve::Mcs, std::vector<std::uint32_t>>> accepted;  // with its groups
  const solve::Deadline singletonsBy =
      task.options.timeoutSeconds > 0
          ? solve::Deadline::after(
                std::max(0.001, kSingletonShare * task.options.timeoutSeconds - elapsed))
          : solve::Deadline();
  for (solve::Mcs& m : formula.confirmSingletons(kExploredModelSeconds, singletonsBy)) {
    r.diagnoses.push_back(formula.diagnosis(m, modelPath(formula.encoding(), m.model)));
    enumerator->accept(m);
    std::vector<std::uint32_t> groups = formula.groupsOf(m);
    accepted.emplace_back(std::move(m), std::move(groups));
  }
  // The branches the formula holds once come first (OnDemandFormula::onceBranchGroups),
  // then the loop statements' single-statement candidates from window probes, each asked again
  // on the grown formula after its refinement; the enumeration then starts with them blocked
  // (it would search every execution of such a statement at once).
  const auto notAccepted = [&](std::uint32_t g) {
    return std::none_of(accepted.begin(), accepted.end(),
                        [&](const auto& a) { return a.second == std::vector<std::uint32_t>{g}; });
  };
  std::deque<std::uint32_t> early, windowed;  // encoding groups
  for (std::uint32_t g : formula.onceBranchGroups())
    if (notAccepted(g)) early.push_back(g);
  for (solve::SoftId id : formula.session().allSofts())
    if (notAccepted(formula.groupOf(id))) windowed.push_back(formula.groupOf(id));
  std::optional<bool> fails;  // the formula with every group enforced is unsatisfiable
  const auto formulaFails = [&] {
    if (!fails) {
      solve::Session& s = formula.session();
      fails = s.check(s.selectorsExcept({}), runDeadline(task, start)) == solve::Answer::Unsat;
    }
    return *fails;
  };
  const auto nextCandidate = [&]() -> std::optional<solve::Mcs> {
    for (; !early.empty(); early.pop_front()) {
      const std::optional<solve::SoftId> id = formula.softOf(early.front());
      if (!id) continue;
      if (!formulaFails()) {
        early.clear();
        windowed.clear();  // no MCS (or none known): the enumeration says which
        break;
      }
      if (std::optional<solve::Mcs> m = formula.solveAlone(*id, runDeadline(task, start))) {
        early.pop_front();  // refined, it is the enumeration's again
        return m;
      }
    }
    for (; !windowed.empty(); windowed.pop_front()) {
      const std::optional<solve::SoftId> id = formula.softOf(windowed.front());
      if (!id) continue;
      std::optional<solve::Mcs> m = formula.solveInWindow(*id, runDeadline(task, start));
      if (m && !formulaFails()) {
        windowed.clear();  // no MCS (or none known): the enumeration says which
        break;
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
      if (confirmedByReplay(task, formula, d)) {
        // A model of the program formula: the candidate is its MCS (d's path is the replay's).
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
      if (refineSeconds >= 0 && secondsSince(start) >= refineSeconds) {
        addNote(r, refineBudgetNote(task, share, formula.refinements()));
        if (r.diagnoses.empty()) {
          // Nothing confirmed in the budget: the candidate in hand is reported as it is, an MCS
          // of the angelic formula that may not be one of the program formula.
          addNote(r, "the refinement budget ended with no confirmed candidate: the candidate "
                     "at hand (" +
                         linesOf(task, d) + ") is reported unconfirmed");
          r.diagnoses.push_back(std::move(d));
        }
        refineBudgetSpent = stopped = true;
        break;
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

/// localizeAngelic, then pf's angelic fallback in the time left when the refinement budget
/// stopped it (its formula released first).
Result localizeAngelicOrFallBack(const FormulaTask& task) {
  const auto start = std::chrono::steady_clock::now();
  bool refineBudgetSpent = false;
  Result r = localizeAngelic(task, refineBudgetSpent);
  if (refineBudgetSpent) angelicFallback(task, start, r);
  return r;
}

}  // namespace

TechniqueInfo agxTechnique() {
  TechniqueInfo t = formulaTechnique(
      "agx",
      "formula-based: AgxFaults, angelic program refined on demand with incremental "
      "MaxSAT; minimal fix candidates with angelic values and paths",
      {"unwind", "loop-bounds", "loop-slack"},
      [](const Problem& p) { return withTraceFallback(p, localizeAngelicOrFallBack); });
  t.ownOptions = {maxRefinementsOption(), refineSessionOption(), siblingRunsOption(),
                  refineShareOption()};
  t.counters = onDemandCounters();
  t.counters.push_back({"confirmed", "candidates confirmed by a passing run, not by refinement"});
  t.counters.push_back({"candidates", "MCSs of the angelic formula examined"});
  t.counters.push_back({"early-candidates",
                        "candidates of branches encoded once, asked before the loop statements'"});
  t.countersText = [](const Stats& s) {
    return fmt::format(", {} ({} explored), {} candidate MCSs{}, largest core {}",
                       counted(s.counter("refinements"), "refinement"),
                       counted(s.counter("paths"), "path"), s.counter("candidates"),
                       confirmedText(s), s.maxCore);
  };
  return t;
}

}  // namespace culprit::localize

// The angelic fallback of the program formula: see angelic_fallback.h.
//
// Why: a fault whose fix changes the failing run's path (a dropped case, a condition that
// should hold) has no diagnosis in the trace formula, which encodes the run's path only; the
// angelic formula lets a relaxed statement leave the path (an unexplored side is free), and a
// concrete replay with the candidate's angelic values tells whether the program really passes
// that way. That is agx's first formula and its confirmation by replay (techniques/agx.cpp),
// without refinement: each query is about as cheap as the trace formula's.
#include "localize/angelic_fallback.h"

#include "localize/on_demand.h"
#include "localize/phases.h"
#include "localize/replay.h"

#include <algorithm>
#include <chrono>

namespace culprit::localize {
namespace {

/// Replays tried per candidate with one deviating angelic value alone, and with one execution
/// of a condition of the candidate flipped.
constexpr std::size_t kSingleTries = 8;
constexpr std::size_t kFlipTries = 64;

}  // namespace

// The replays that may confirm `d`: all of its angelic values; each value that differs from
// the failing run's alone (the model of a statement relaxed at every execution may change
// executions the fix does not need; the other executions then compute their values as the
// program does, which a relaxed statement may do too); the failing run's value plus and minus
// 1 at each such instance, alone (the model's value only has to take the run off its path,
// where an unexplored side is free: bench/krsched v4 needs the raised job's priority one
// higher, and its model gave 0); and, for each if or loop condition of
// `d`, each of its executions in the failing run flipped alone, the last first (the angelic
// formula lets a model leave the run at the first execution it can, where the fix may need a
// later one: a loop that should go on at the one character it stops at), then the same
// decision forced at every execution, false and then true (a condition wrong at each of its
// executions, those after the failing run's last one included). Each replay that passes is a
// model of the program formula with `d`'s statements relaxed.
bool confirmedByReplay(const FormulaTask& task, OnDemandFormula& formula, Diagnosis& d) {
  const std::map<exec::InstanceKey, std::int64_t>& failing = formula.failingValues();
  std::vector<std::vector<AngelicValue>> tries{d.angelic};
  std::vector<AngelicValue> nearRun;  // the run's value +-1 at a deviating value's instance
  for (const AngelicValue& a : d.angelic) {
    if (tries.size() > kSingleTries) break;
    auto it = failing.find({a.stmt, a.occurrence});
    if (it != failing.end() && it->second == a.value) continue;
    tries.push_back({a});
    if (a.branch || it == failing.end()) continue;
    for (const std::int64_t step : {1, -1})
      if (const std::int64_t v = it->second + step;
          v != a.value && v != INT64_MIN && v != INT64_MAX)
        nearRun.push_back(AngelicValue{a.stmt, a.occurrence, v, false, it->second});
  }
  for (AngelicValue& a : nearRun)
    tries.push_back({std::move(a)});
  for (const Location& l : d.locations) {
    const ir::Stmt& s = task.program->stmt(l.stmt);
    if (!s.isBranch() || s.kind == ir::StmtKind::Switch) continue;
    std::size_t flips = 0;
    for (auto it = failing.lower_bound({l.stmt + 1, 0});
         it != failing.begin() && flips < kFlipTries; ++flips) {
      --it;
      if (it->first.stmt != l.stmt) break;
      tries.push_back(
          {AngelicValue{l.stmt, it->first.occurrence, it->second == 0 ? 1 : 0, true, it->second}});
    }
    for (std::int64_t side : {0, 1}) {  // the same decision at every execution
      std::vector<AngelicValue> constant;
      for (std::uint32_t k = 0; k < kFlipTries; ++k)
        constant.push_back(AngelicValue{l.stmt, k, side, true, std::nullopt});
      tries.push_back(std::move(constant));
    }
  }
  const PhaseTimer phase("angelic: replays");
  for (std::vector<AngelicValue>& angelic : tries)
    if (std::optional<std::vector<BranchDecision>> p = formula.confirm(angelic)) {
      d.angelic = std::move(angelic);
      d.path = std::move(*p);
      return true;
    }
  return false;
}

Result confirmedAngelicCandidates(const FormulaTask& task) {
  const PhaseTimer phase("angelic");
  const auto start = std::chrono::steady_clock::now();
  Result r;
  r.technique = "angelic";
  OnDemandFormula formula(task, encode::Unexplored::Free, r);
  if (!formula.ok()) return r;
  std::unique_ptr<solve::McsEnumerator> enumerator =
      makeEnumerator(task, formula.session(), task.options.timeoutSeconds - secondsSince(start));
  std::size_t unconfirmed = 0;
  while (std::optional<solve::Mcs> mcs = enumerator->candidate()) {
    if (mcs->softs.empty()) {
      addNote(r, "the formula does not fail: the oracle of this failure is not encoded");
      break;
    }
    const std::vector<encode::PathStep> path = modelPath(formula.encoding(), mcs->model);
    Diagnosis d = formula.diagnosis(*mcs, path);
    const bool leaves =
        std::any_of(path.begin(), path.end(), [](const encode::PathStep& s) { return !s.encoded; });
    if (!leaves || confirmedByReplay(task, formula, d))
      r.diagnoses.push_back(std::move(d));  // !leaves: a model on the run's sides, one of PF's
    else
      ++unconfirmed;
    enumerator->accept(*mcs);
  }
  addNote(r, stopNote(enumerator->stopReason(), enumerator->stopDetail(), task.options));
  addNote(r, counted(unconfirmed, "candidate") +
                 " of the angelic formula not confirmed by a replay (dropped, with their "
                 "supersets; agx refines them)");
  formula.finish(r);
  return r;
}

}  // namespace culprit::localize

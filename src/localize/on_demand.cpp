// OnDemandFormula: see on_demand.h.
#include "localize/on_demand.h"

#include "localize/loop_bounds.h"
#include "localize/replay.h"

#include <algorithm>

namespace culprit::localize {

const OptionSpec& maxRefinementsOption() {
  static const OptionSpec spec =
      ownUnsignedOption("max-refinements", "on-demand techniques (ofc, agx)",
                        "most ofc iterations or agx refinements (0: no bound)", 1000);
  return spec;
}

const OptionSpec& siblingRunsOption() {
  static const OptionSpec spec = ownUnsignedOption(
      "sibling-runs", "on-demand techniques (ofc, agx)",
      "most extra runs per explored path that take its new branch sides at the other executions "
      "of the same branches in the failing run (0: explore the path only, as the papers do)",
      64);
  return spec;
}

std::string confirmedText(const Stats& stats) {
  const std::size_t n = stats.counter("confirmed");
  return n ? ", " + std::to_string(n) + " confirmed by a passing run" : "";
}

std::uint64_t exploringStepLimit(const exec::RunResult& failing) {
  return std::max<std::uint64_t>(kLeastExploringSteps, kExploringStepFactor * failing.steps);
}

std::vector<CounterSpec> onDemandCounters() {
  return {{"refinements", "batches of runs added to the formula after the failing run"},
          {"paths", "distinct runs encoded (the failing one included)"}};
}

OnDemandFormula::OnDemandFormula(const FormulaTask& task, encode::Unexplored unexplored, Result& r)
    : task_(task), r_(r), context_(makeSolverContext(task)) {
  try {
    const TaskExpectation te = taskExpectation(context_->z3(), task);
    addNote(r, te.note);
    const exec::RunResult failing = traceFailingRun(task, /*boundedByUnwind=*/true, r);
    for (const exec::TraceEntry& e : failing.trace)
      if (task.program->stmt(e.key.stmt).isBranch()) failingDecisions_[e.key] = e.decision;
    exploreSteps_ = exploringStepLimit(failing);
    encode::EncodeOptions o = encodeOptions(task, encode::Family::Program);
    o.unexplored = unexplored;
    o.loopUnwind = loopBounds_ = programLoopBounds(task, failing, r);
    o.recursionUnwind = programRecursionBounds(task, failing, r);
    o.loopUnwindByDepth = depthBounds_ = programLoopDepthBounds(task, failing, o.loopUnwind, r);
    encoder_.emplace(context_->z3(), *task.program, task.test->input, te.expect, o);
    const encode::IncrementalEncoder::Delta first = encoder_->addRun(failing);
    session_.emplace(context_->z3(),
                     context_->sessionOptions(solverLogic(task, encoder_->encoding())));
    weights_ = statementWeights(task, r);
    handOver(first);
  } catch (const encode::EncodeError& e) {
    addNote(r, std::string("not encoded: ") + e.what());
    broken_ = true;
  } catch (const z3::exception& e) {
    addNote(r, std::string("not encoded: solver: ") + e.msg());
    broken_ = true;
  }
}

void OnDemandFormula::handOver(const encode::IncrementalEncoder::Delta& delta) {
  groups_.load(*session_, encoder_->encoding(), delta.hard, delta.groups, weights_);
}

exec::RunResult OnDemandFormula::runAlong(const std::vector<encode::PathStep>& path,
                                          const std::vector<AngelicValue>* angelic) {
  exec::FixedHooks hooks = angelic ? angelicHooks(*angelic) : exec::FixedHooks{};
  for (const encode::PathStep& step : path)
    hooks.hijacks[{step.stmt, step.occurrence}] = step.decision;
  exec::RunResult run = traceRun(task_, &hooks, exploreSteps_);
  if (run.verdict == exec::Verdict::RuntimeError || run.verdict == exec::Verdict::StepLimit)
    ++endings_[run.verdict == exec::Verdict::StepLimit ? "hit the step limit"
                                                       : "ended in a runtime error"];
  return run;
}

std::optional<std::vector<BranchDecision>>
OnDemandFormula::confirm(const std::vector<AngelicValue>& angelic) {
  exec::FixedHooks hooks = angelicHooks(angelic);
  // Cut like an exploring run: one that needs more steps leaves the loop bounds anyway.
  const exec::RunResult run = traceRun(task_, &hooks, exploreSteps_);
  if (run.failed() || !withinLoopBounds(task_, run, loopBounds_) ||
      !withinLoopDepthBounds(*task_.program, run, depthBounds_))
    return std::nullopt;
  // Call depth within the bound: stricter than the encoder, which bounds recursion only.
  for (const std::vector<ir::StmtId>& calls : run.callContexts)
    if (calls.size() > task_.options.unwind) return std::nullopt;
  if (!passesTest(task_, run)) return std::nullopt;
  return decisionsOf(run);
}

std::vector<BranchDecision> OnDemandFormula::decisionsOf(const exec::RunResult& run) const {
  std::vector<BranchDecision> out;
  for (const exec::TraceEntry& e : run.trace) {
    const ir::Stmt& s = task_.program->stmt(e.key.stmt);
    if (!s.isBranch() || (e.decision < 0 && s.kind != ir::StmtKind::Switch)) continue;
    auto it = failingDecisions_.find(e.key);
    const bool deviates = it == failingDecisions_.end() || it->second != e.decision;
    out.push_back(BranchDecision{e.key.stmt, e.key.occurrence, e.decision, deviates});
  }
  return out;
}

std::vector<exec::RunResult>
OnDemandFormula::siblings(const std::vector<encode::PathStep>& path) const {
  const std::size_t most = ownUnsigned(task_.options, siblingRunsOption());
  std::vector<exec::InstanceKey> keys;  // executions of the failing run to force
  std::vector<std::int32_t> sides;
  for (const encode::PathStep& step : path) {
    if (step.encoded) continue;
    for (const auto& [key, decision] : failingDecisions_)
      if (key.stmt == step.stmt && key.occurrence != step.occurrence && decision != step.decision) {
        keys.push_back(key);
        sides.push_back(step.decision);
      }
  }
  std::vector<exec::RunResult> out;
  if (keys.empty() || most == 0) return out;
  const std::size_t n = std::min(most, keys.size());
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t k = i * keys.size() / n;  // spread evenly over the executions
    exec::FixedHooks hooks;
    hooks.hijacks[keys[k]] = sides[k];
    out.push_back(traceRun(task_, &hooks, exploreSteps_));
  }
  return out;
}

std::size_t OnDemandFormula::add(const exec::RunResult& run) {
  return add(std::vector<exec::RunResult>{run});
}

std::size_t OnDemandFormula::add(const std::vector<exec::RunResult>& runs) {
  ++refinements_;
  try {
    std::vector<const exec::RunResult*> batch;
    for (const exec::RunResult& run : runs)
      batch.push_back(&run);
    const encode::IncrementalEncoder::Delta delta = encoder_->addRuns(batch);
    handOver(delta);
    return delta.newSides;
  } catch (const encode::EncodeError& e) {
    addNote(r_, std::string("an explored path is not encoded: ") + e.what());
  } catch (const z3::exception& e) {
    addNote(r_, std::string("an explored path is not encoded: solver: ") + e.msg());
  }
  broken_ = true;
  return 0;
}

void OnDemandFormula::restart() {
  earlierStats_.push_back(session_->stats());
  session_.reset();
  groups_ = SessionGroups();
  try {
    session_.emplace(context_->z3(),
                     context_->sessionOptions(solverLogic(task_, encoder_->encoding())));
    handOver(encoder_->restart());
  } catch (const z3::exception& e) {
    addNote(r_, std::string("solver: ") + e.msg());
    broken_ = true;
  }
}

std::size_t OnDemandFormula::staleClauses() const {
  const std::size_t live = liveClauses(), held = encoder_->handedOver();
  return held > live ? held - live : 0;
}

std::vector<std::uint32_t> OnDemandFormula::groupsOf(const solve::Mcs& mcs) const {
  return groups_.groups(mcs.softs);
}

std::optional<solve::Mcs>
OnDemandFormula::carriedOver(const solve::Mcs& mcs,
                             const std::vector<std::uint32_t>& groups) const {
  solve::Mcs out = mcs;
  out.softs.clear();
  for (std::uint32_t g : groups) {
    const std::optional<solve::SoftId> soft = groups_.softOf(g);
    if (!soft) return std::nullopt;
    out.softs.push_back(*soft);
  }
  std::sort(out.softs.begin(), out.softs.end());
  return out;
}

Diagnosis OnDemandFormula::diagnosis(const solve::Mcs& mcs,
                                     const std::vector<encode::PathStep>& path) const {
  const bool weighted = !session_->unitWeights();
  Diagnosis d = toDiagnosis(task_, encoding(), mcs.model, groupsOf(mcs),
                            weighted ? static_cast<double>(mcs.weight) : 0);
  for (const encode::PathStep& step : path) {
    auto it = failingDecisions_.find({step.stmt, step.occurrence});
    const bool deviates = it == failingDecisions_.end() || it->second != step.decision;
    d.path.push_back(BranchDecision{step.stmt, step.occurrence, step.decision, deviates});
  }
  return d;
}

void OnDemandFormula::finish(Result& r) const {
  std::vector<solve::QueryStats> all = earlierStats_;
  if (session_) {
    all.push_back(session_->stats());
    r.stats.soft = session_->softCount();  // the latest session's: the latest formula's
  }
  for (const solve::QueryStats& q : all) {
    r.stats.solverMs += q.solverMs;
    r.stats.queries += q.queries;
    r.stats.maxCore = std::max(r.stats.maxCore, q.maxCore);
  }
  if (encoder_) {
    r.stats.hard = encoder_->handedOver();
    r.stats.counter("paths") = encoder_->exploration().runs();
  }
  r.stats.counter("refinements") = refinements_;
  for (const auto& [how, count] : endings_)
    r.notes.push_back(std::to_string(count) + " exploring run" + (count == 1 ? "" : "s") + " " +
                      how +
                      (count == 1 ? " (its path is encoded as far as it went)"
                                  : " (their paths are encoded as far as they went)"));
}

}  // namespace culprit::localize

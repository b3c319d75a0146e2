// OnDemandFormula: see on_demand.h.
#include "localize/on_demand.h"

#include "localize/loop_bounds.h"
#include "localize/replay.h"
#include "solve/query_cuts.h"

#include <algorithm>
#include <array>
#include <set>

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

solve::Deadline runDeadline(const FormulaTask& task, std::chrono::steady_clock::time_point start) {
  if (task.options.timeoutSeconds <= 0) return {};
  return solve::Deadline::after(std::max(1e-3, task.options.timeoutSeconds - secondsSince(start)));
}

std::uint64_t exploringStepLimit(const exec::RunResult& failing) {
  return std::max<std::uint64_t>(kLeastExploringSteps, kExploringStepFactor * failing.steps);
}

std::vector<CounterSpec> onDemandCounters() {
  return {{"refinements", "batches of runs added to the formula after the failing run"},
          {"paths", "distinct runs encoded (the failing one included)"},
          {"explored-models",
           "MCSs confirmed by a model on the explored sides, without exploring runs"}};
}

OnDemandFormula::OnDemandFormula(const FormulaTask& task, encode::Unexplored unexplored, Result& r)
    : task_(task), r_(r), context_(makeSolverContext(task)) {
  try {
    const TaskExpectation te = taskExpectation(context_->z3(), task);
    addNote(r, te.note);
    const exec::RunResult failing = traceFailingRun(task, /*boundedByUnwind=*/true, r);
    for (const exec::TraceEntry& e : failing.trace)
      if (task.program->stmt(e.key.stmt).isBranch()) failingDecisions_[e.key] = e.decision;
    failingValues_ = producedValues(failing);
    failingSides_.emplace(*task.program);
    failingSides_->add(failing);
    produced_ = producedValues(*task.program, failing);
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
  return explore(hooks);
}

exec::RunResult OnDemandFormula::explore(exec::FixedHooks& hooks) {
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

void OnDemandFormula::buildExploredGuards() {
  if (onExplored_ && guardsPass_ == encoder_->passes()) return;
  guardsPass_ = encoder_->passes();
  pinned_.clear();
  z3::context& ctx = session_->ctx();
  z3::expr_vector stay(ctx);
  std::map<ir::StmtId, z3::expr_vector> pins;
  for (const encode::BranchPoint& b : encoding().branches) {
    if (b.isSwitch) {  // arms past 61 share a bit: the model's path is checked after all
      for (std::int32_t arm = -1; arm < 62; ++arm)
        if (b.unencoded & encode::sideBit(arm)) {
          const z3::expr value = b.decision.is_bv()
                                     ? ctx.bv_val(arm, b.decision.get_sort().bv_size())
                                     : ctx.int_val(arm);
          stay.push_back(z3::implies(b.reached, b.decision != value));
        }
      continue;
    }
    if (b.unencoded & encode::sideBit(1)) stay.push_back(z3::implies(b.reached, !b.decision));
    if (b.unencoded & encode::sideBit(0)) stay.push_back(z3::implies(b.reached, b.decision));
    const bool taken = failingSides_->has(b.site, 1), skipped = failingSides_->has(b.site, 0);
    if (taken != skipped)
      pins.try_emplace(b.stmt, ctx)
          .first->second.push_back(z3::implies(b.reached, taken ? b.decision : !b.decision));
  }
  onExplored_ = session_->freshBool("explored");
  session_->addHard(z3::implies(*onExplored_, z3::mk_and(stay)));
  for (const auto& [stmt, clauses] : pins) {
    const z3::expr literal = session_->freshBool("pinned");
    session_->addHard(z3::implies(literal, z3::mk_and(clauses)));
    pinned_.emplace(stmt, literal);
  }
}

std::optional<solve::Mcs> OnDemandFormula::solveOnExplored(const solve::Mcs& mcs, double seconds,
                                                           const solve::Deadline& deadline) {
  const solve::QueryPurpose purpose("confirmation");
  try {
    buildExploredGuards();
    z3::context& ctx = session_->ctx();
    const std::vector<std::uint32_t> groups = groupsOf(mcs);
    std::set<ir::StmtId> relaxed;
    std::vector<std::pair<std::size_t, z3::expr>> fixable;  // trace position, fixing clause
    for (std::uint32_t g : groups) {
      relaxed.insert(encoding().groups[g].stmt);
      for (auto& pin : pinnedInstances(ctx, encoding(), encoding().groups[g], produced_))
        fixable.push_back(std::move(pin));
    }
    std::sort(fixable.begin(), fixable.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    // z3::expr_vector copies share their elements: each try is built on its own.
    auto base = [&] {
      z3::expr_vector v = session_->selectorsExcept(mcs.softs);
      v.push_back(*onExplored_);
      return v;
    };
    auto pinned = [&] {
      z3::expr_vector v = base();
      for (const auto& [stmt, literal] : pinned_)
        if (!relaxed.count(stmt)) v.push_back(literal);
      return v;
    };
    // One try: the last fixable execution free, the earlier ones as in the failing run. Wider
    // windows (the last 2, 4, 8 free) cost more than they saved on sumeven: a model found
    // there changed the solver's later searches for the worse (agx n100 3.1 -> 46 s CPU).
    std::vector<z3::expr_vector> tries{pinned()};
    if (fixable.size() > 1) {
      z3::expr_vector fixed(ctx);
      for (std::size_t i = 0; i + 1 < fixable.size(); ++i)
        fixed.push_back(fixable[i].second);
      const z3::expr literal = session_->freshBool("fixed");
      session_->addHard(z3::implies(literal, z3::mk_and(fixed)));
      tries.back().push_back(literal);
    }
    for (const z3::expr_vector& assumptions : tries) {
      if (deadline.expired()) return std::nullopt;
      const solve::Deadline query = deadline.bounded() && deadline.remainingMs() < seconds * 1000
                                        ? deadline
                                        : solve::Deadline::after(seconds);
      const solve::Answer answer = session_->check(assumptions, query);
      if (answer == solve::Answer::Unknown) return std::nullopt;
      if (answer != solve::Answer::Sat) continue;
      solve::Mcs out = mcs;
      out.model = session_->model();
      const std::vector<encode::PathStep> path = encode::modelPath(encoding(), out.model);
      if (std::all_of(path.begin(), path.end(),
                      [](const encode::PathStep& s) { return s.encoded; })) {
        ++r_.stats.counter("explored-models");
        return out;
      }
    }
  } catch (const z3::exception& e) {  // --max-memory hit while adding the guards
    addNote(r_, std::string("solver: ") + e.msg());
  }
  return std::nullopt;
}

std::optional<solve::Mcs> OnDemandFormula::solveInWindow(solve::SoftId id,
                                                         const solve::Deadline& deadline) {
  const solve::QueryPurpose purpose("window probe");
  try {
    std::optional<solve::Mcs> m = windowModel(
        *session_, id,
        pinnedInstances(session_->ctx(), encoding(), encoding().groups[groups_.group(id)],
                        produced_, kWindowProbeLeastExecutions),
        deadline);
    if (m) ++r_.stats.counter("window-models");
    return m;
  } catch (const z3::exception& e) {  // --max-memory hit while adding a window
    addNote(r_, std::string("solver: ") + e.msg());
  }
  return std::nullopt;
}

std::vector<std::uint32_t> OnDemandFormula::onceBranchGroups() const {
  std::vector<std::uint32_t> out;
  if (std::none_of(
          encoding().groups.begin(), encoding().groups.end(),
          [&](const encode::SoftGroup& g) { return windowProbed(encoding(), g, produced_); }))
    return out;
  for (solve::SoftId id : session_->allSofts()) {
    const std::uint32_t g = groups_.group(id);
    const encode::SoftGroup& group = encoding().groups[g];
    if (group.instances.size() == 1 && task_.program->stmt(group.stmt).isBranch()) out.push_back(g);
  }
  return out;
}

std::optional<solve::Mcs> OnDemandFormula::solveAlone(solve::SoftId id,
                                                      const solve::Deadline& deadline) {
  const solve::QueryPurpose purpose("single-execution branch");
  const std::array<solve::SoftId, 1> relaxed{id};
  if (session_->check(session_->selectorsExcept(relaxed), deadline) != solve::Answer::Sat)
    return std::nullopt;
  ++r_.stats.counter("early-candidates");
  return solve::Mcs{{id}, session_->weight(id), session_->model()};
}

std::vector<solve::Mcs> OnDemandFormula::confirmSingletons(double seconds,
                                                           const solve::Deadline& deadline) {
  std::vector<solve::Mcs> out;
  for (solve::SoftId id : session_->allSofts()) {
    if (deadline.expired()) break;
    solve::Mcs one{{id}, session_->weight(id), z3::model(session_->ctx())};
    if (std::optional<solve::Mcs> m = solveOnExplored(one, seconds, deadline))
      out.push_back(std::move(*m));
  }
  return out;
}

bool OnDemandFormula::hasCondition(const solve::Mcs& mcs) const {
  for (std::uint32_t g : groupsOf(mcs))
    if (task_.program->stmt(encoding().groups[g].stmt).isBranch()) return true;
  return false;
}

std::vector<exec::RunResult> OnDemandFormula::tailRuns(const solve::Mcs& mcs) {
  std::vector<exec::RunResult> out;
  // --sibling-runs 0 explores the model's path only, as the papers do: no tail runs either.
  const std::size_t most =
      std::min<std::size_t>(kTailRuns, ownUnsigned(task_.options, siblingRunsOption()));
  if (most == 0) return out;
  for (std::uint32_t g : groupsOf(mcs)) {
    const ir::StmtId stmt = encoding().groups[g].stmt;
    if (task_.program->stmt(stmt).kind == ir::StmtKind::Switch || !tailed_.insert(stmt).second)
      continue;
    // failingDecisions_ is ordered by (statement, occurrence): the statement's executions end
    // where the next statement's begin.
    auto end = failingDecisions_.lower_bound({stmt + 1, 0});
    std::size_t taken = 0;
    for (auto it = end; it != failingDecisions_.begin() && taken < most;) {
      --it;
      if (it->first.stmt != stmt) break;
      if (it->second < 0) continue;
      exec::FixedHooks hooks;
      hooks.hijacks[it->first] = it->second ? 0 : 1;
      out.push_back(explore(hooks));
      ++taken;
    }
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
  onExplored_.reset();  // the guards lived in the old session
  pinned_.clear();
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

// Diagnosis building: see diagnose.h.
//
// Solving (single formula). The formula is sliced to the oracle's cone of influence (soft
// groups no obligation depends on are in no MCS and are left out); a Result is complete only
// when the enumeration was exhausted within FormulaOptions::maxSize/maxCount/timeoutSeconds.
#include "localize/diagnose.h"

#include "localize/angelic.h"
#include "localize/angelic_fallback.h"
#include "localize/cell_bounds.h"
#include "localize/formula_size.h"
#include "localize/phases.h"
#include "localize/statement_blocking.h"
#include "localize/window_probe.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

namespace culprit::localize {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

Diagnosis toDiagnosis(const FormulaTask& task, const encode::Encoding& enc, const z3::model& model,
                      std::span<const std::uint32_t> groups, double weight) {
  Diagnosis d;
  for (std::uint32_t g : groups) {
    const encode::SoftGroup& group = enc.groups[g];
    const ir::SourceRange& at = task.program->stmt(group.stmt).range;
    Location loc{group.stmt, at.file, at.line, 0};
    if (task.options.granularity == FormulaOptions::Granularity::Instance &&
        !group.instances.empty())
      loc.iteration = enc.instances[group.instances.front()].origin.iteration;
    d.locations.push_back(loc);
  }
  sortLocations(d.locations);
  for (const encode::AngelicInstance& a : encode::angelicValues(enc, model, groups))
    d.angelic.push_back(AngelicValue{a.key.stmt, a.key.occurrence, a.value,
                                     a.kind != encode::InstanceKind::Value, std::nullopt});
  d.weight = weight;
  return d;
}

void noteConcretized(const encode::Encoding& enc, Result& r) {
  for (const std::string& site : enc.concretized)
    addNote(r, "concretized: " + site +
                   " takes the failing run's value (no exact encoding of a computed operand)");
}

namespace {

/// Trace families: the formula ends with the failing run's first wrong output event
/// (EncodeOptions::stopAfterOutput) unless --whole-trace.
void stopAtWrongOutput(z3::context& ctx, const FormulaTask& task, const TaskExpectation& te,
                       encode::EncodeOptions& o) {
  if (task.options.wholeTrace || !te.expect.output) return;
  const std::optional<encode::Observed> run =
      encode::observe(ctx, *task.program, task.test->input, task.run);
  if (!run) return;  // a failing run's formula ends at its failure anyway
  // A run that printed more or fewer events than expected: its whole trace formula has no MCS
  // (the number of events is the trace's), which it finds at once; cut, it would search for
  // corrections of a prefix that replay then rejects (bench/gotostat v7).
  if (run->events.size() != te.expect.output->size()) return;
  o.stopAfterOutput = encode::firstWrongOutput(run->events, *te.expect.output);
}

void noteStoppedAtOutput(const encode::Encoding& enc, const encode::EncodeOptions& o,
                         const TaskExpectation& te, Result& r) {
  if (!enc.stoppedAtOutput) return;
  r.notes.push_back("the trace formula ends with the run's first wrong output (output call " +
                    std::to_string(*o.stopAfterOutput + 1) + " of " +
                    std::to_string(te.expect.output->size()) +
                    " expected): the later output and the exit status are left to replay "
                    "(--whole-trace encodes them)");
}

}  // namespace

std::optional<encode::Encoding> errorFormula(z3::context& ctx, const FormulaTask& task,
                                             encode::Family family, Result& r) {
  try {
    const TaskExpectation te = taskExpectation(ctx, task);
    addNote(r, te.note);
    const exec::RunResult failing = traceFailingRun(task, family == encode::Family::Program, r);
    encode::EncodeOptions o = encodeOptions(task, family);
    if (family != encode::Family::Program) stopAtWrongOutput(ctx, task, te, o);
    if (task.firstMcsBy && (!o.deadline || *task.firstMcsBy < *o.deadline))
      o.deadline = task.firstMcsBy;
    if (family == encode::Family::Program) {
      o.maxHard = task.programHardLimit;
      o.loopUnwind = programLoopBounds(task, failing, r);
      o.recursionUnwind = programRecursionBounds(task, failing, r);
      o.loopUnwindByDepth = programLoopDepthBounds(task, failing, o.loopUnwind, r);
      o.varCells = programVarCells(task, failing, o.expandArraysUpTo, r);
      if (task.cutByCallTree) o.callTree = programCallTree(task, failing);
    }
    // The encoding's memory bound counts the growth of z3's process-wide estimate, which a
    // context freed meanwhile (the program formula's, before a fallback) moves: it starts after
    // them (regress pf-memory-fallback-trace lost its fallback in 1 run of 2 or 3 without).
    if (o.maxMemoryMb) solve::Context::awaitDisposals();
    encode::Encoding enc =
        encode::encode(ctx, *task.program, task.test->input, te.expect, o, &failing);
    noteCutCalls(task, enc, r);
    noteConcretized(enc, r);
    noteStoppedAtOutput(enc, o, te, r);
    if (task.slice) encode::sliceToObligations(enc);
    if (family == encode::Family::Program && task.programBitLimit) {
      const std::uint64_t bits = formulaSize(enc).bits;
      if (bits > task.programBitLimit) {
        addNote(r, formulaBitsNote(bits, task.programBitLimit));
        return std::nullopt;
      }
    }
    return enc;
  } catch (const encode::EncodeBoundError& e) {
    // Reported as the bound it is, so that pf, ofc and agx fall back to the trace formula.
    const bool memory = e.bound == encode::EncodeBoundError::Bound::Memory;
    if (e.bound == encode::EncodeBoundError::Bound::Size)
      addNote(r, formulaLimitNote(task.programHardLimit));
    else if (!memory && task.firstMcsBy && Clock::now() >= *task.firstMcsBy)
      addNote(r, firstMcsNote(std::nullopt, task.options));
    else
      addNote(r, stopNote(memory ? solve::StopReason::SolverUnknown : solve::StopReason::Timeout,
                          memory ? "out of memory" : "", task.options));
    r.notes.push_back(std::string("not encoded: ") + e.what());
    return std::nullopt;
  } catch (const encode::EncodeError& e) {
    addNote(r, std::string("not encoded: ") + e.what());
    return std::nullopt;
  } catch (const z3::exception& e) {
    addNote(r, std::string("not encoded: solver: ") + e.msg());
    return std::nullopt;
  }
}

namespace {

/// Clause weighting (--weights) with a size bound K: the MCSs weighted MaxSAT enumerates in
/// order of weight are the MCSs of at most K soft groups, which the unweighted enumeration finds
/// as well; this orders them by weight (stably: ties keep the enumeration's order) and keeps the
/// `maxCount` cheapest. Same diagnoses, same order when the enumeration is complete; measured on
/// bench/siemens, the weighted core-guided enumeration took about 10 times as long (DESIGN.md).
/// A cut enumeration orders the MCSs it found.
void weightOrdered(solve::McsResult& mr, const SessionGroups& loaded, const encode::Encoding& enc,
                   const std::vector<std::uint64_t>& weights, std::size_t maxCount) {
  for (solve::Mcs& mcs : mr.mcses) {
    mcs.weight = 0;
    for (std::uint32_t g : loaded.groups(mcs.softs))
      mcs.weight += groupWeight(weights, enc, g);
  }
  std::stable_sort(mr.mcses.begin(), mr.mcses.end(),
                   [](const solve::Mcs& a, const solve::Mcs& b) { return a.weight < b.weight; });
  if (maxCount && mr.mcses.size() > maxCount) {
    mr.mcses.erase(mr.mcses.begin() + static_cast<std::ptrdiff_t>(maxCount), mr.mcses.end());
    mr.stop = solve::StopReason::CountBound;
  }
}

}  // namespace

void addDiagnoses(const FormulaTask& task, const encode::Encoding& enc, solve::Context& context,
                  const SessionGroups& loaded, const solve::McsResult& mr, bool weighted,
                  const solve::Deadline& deadline, Result& r) {
  std::optional<AngelicPolisher> polisher;
  std::size_t polished = 0, unpolished = 0;  // the latter: cut by the time limit
  for (const solve::Mcs& mcs : mr.mcses) {
    if (mcs.softs.empty()) {
      addNote(r, "the formula does not fail: the oracle of this failure is not encoded");
      continue;
    }
    const std::vector<std::uint32_t> groups = loaded.groups(mcs.softs);
    r.diagnoses.push_back(
        toDiagnosis(task, enc, mcs.model, groups, weighted ? static_cast<double>(mcs.weight) : 0));
    if (!polisher) polisher.emplace(task, enc, context);
    if (polisher->polish(r.diagnoses.back(), groups, deadline, &mcs.model))
      ++polished;
    else if (deadline.expired())
      ++unpolished;
  }
  if (polished) r.notes.push_back(AngelicPolisher::kNote);
  if (unpolished)  // the values shown are not the ones a complete run would show
    addNote(r, (unpolished == 1 ? std::string("1 diagnosis keeps")
                                : std::to_string(unpolished) + " diagnoses keep") +
                   " the solver's first angelic values: the time limit (--timeout) ran out "
                   "before readable ones were chosen");
  if (polisher) {
    r.stats.solverMs += polisher->solverMs();
    r.stats.queries += polisher->queries();
  }
}

namespace {

/// The window probes end with the first-MCS budget: their first query is the enumeration's
/// first, and one that never settles (contest wordstat-v1: 10 s) must leave the fallbacks
/// their time, as the enumeration does.
solve::Deadline probeDeadline(const FormulaTask& task, const solve::Deadline& deadline) {
  if (!task.firstMcsBy) return deadline;
  double seconds = std::chrono::duration<double>(*task.firstMcsBy - Clock::now()).count();
  if (deadline.bounded()) seconds = std::min(seconds, deadline.remainingMs() / 1000.0);
  return solve::Deadline::after(std::max(0.001, seconds));
}

}  // namespace

void enumerateDiagnoses(const FormulaTask& task, const encode::Encoding& enc,
                        solve::Context& context, double secondsLeft, Result& r,
                        std::size_t collapseFrom) {
  const solve::Deadline deadline = task.options.timeoutSeconds > 0
                                       ? solve::Deadline::after(std::max(0.001, secondsLeft))
                                       : solve::Deadline();
  solve::Session session(context.z3(), context.sessionOptions(solverLogic(task, enc)));
  SessionGroups loaded;
  std::optional<PhaseTimer> phase(std::in_place, "enumerate");
  const std::vector<std::uint64_t> weights = statementWeights(task, r);
  // Clause weights within a size bound: every MCS of at most --max-size statements, ordered by
  // weight (weightOrdered); without a bound the weighted MaxSAT enumeration itself.
  const bool sortByWeight = !weights.empty() && task.options.maxSize > 0;
  loaded.loadAll(session, enc, sortByWeight ? std::vector<std::uint64_t>{} : weights);
  FormulaTask bounds = task;
  if (sortByWeight) bounds.options.maxCount = 0;  // the cheapest, not the first, N
  // Single-statement MCSs near the failing run first (the program formula's loops).
  std::vector<solve::Mcs> probed;
  const Clock::time_point probing = Clock::now();
  if (enc.family == encode::Family::Program && weights.empty() && session.unitWeights() &&
      hasProbeableGroup(enc))
    probed = probeWindows(task, enc, traceRun(task, nullptr), session, loaded,
                          probeDeadline(task, deadline), r);
  std::unique_ptr<solve::McsEnumerator> enumerator = withFoundFirst(
      std::move(probed), makeEnumerator(bounds, session, secondsLeft - secondsSince(probing)),
      bounds.options.maxCount);
  StatementBlocking* blocking = nullptr;
  if (collapseFrom) {
    auto wrapped = std::make_unique<StatementBlocking>(std::move(enumerator), session, loaded, enc,
                                                       collapseFrom);
    blocking = wrapped.get();
    enumerator = std::move(wrapped);
  }
  solve::McsResult mr = solve::enumerateMcses(session, *enumerator);
  if (blocking && blocking->widened())
    r.notes.push_back(std::string(collapseFrom > 1 ? "MCSs of several executions" : "MCSs") +
                      ", one per set of source statements: those over other executions of the "
                      "same statements (other loop iterations) are not enumerated");
  if (sortByWeight) weightOrdered(mr, loaded, enc, weights, task.options.maxCount);
  r.stats.solverMs = mr.solver.solverMs;
  r.stats.queries = mr.solver.queries;
  addNote(r, stopNote(mr.stop, mr.detail, task.options));
  phase.reset();
  addDiagnoses(task, enc, context, loaded, mr, !weights.empty(), deadline, r);
  // A trace that stops inside its failing instance cannot relax that instance: when nothing
  // else explains a runtime error in a statement that computes a value, that statement may
  // still be the fault.
  if (r.diagnoses.empty() && enc.truncated && enc.family != encode::Family::Program &&
      mr.stop == solve::StopReason::Exhausted) {
    const exec::RunResult failing = traceRun(task, nullptr);
    if (failing.verdict == exec::Verdict::RuntimeError && failing.failedStmt != ir::kNone &&
        task.program->stmt(failing.failedStmt).producesValue())
      addNote(r, "the run fails inside its last statement, which a trace formula cannot relax: "
                 "that statement may be the fault (pf can blame it)");
  }
  // An exhausted enumeration without an MCS: even with every soft group relaxed the hard
  // clauses contradict the oracle (a formula that passes unrelaxed gives the empty MCS).
  if (r.diagnoses.empty() && r.complete && mr.stop == solve::StopReason::Exhausted)
    r.notes.push_back(
        enc.family == encode::Family::Program
            ? "no statement the formula may relax explains the failure, even all of them at once "
              "(within the loop bounds): the fault may lie in code kept hard (inputs, trusted "
              "code, the arguments of output and library calls)"
            : "no statement of the trace formula explains the failure, even all of them at "
              "once: the fault may lie in code kept hard (inputs, trusted code, the arguments of "
              "output and library calls), or need statements the run did not execute (pf and "
              "ofc encode those)");
  r.stats.maxCore = mr.solver.maxCore;
  r.stats.soft = loaded.size();
  r.stats.hard = enc.hard.size();
}

Result localizeWithFormula(const FormulaTask& task, encode::Family family,
                           const std::string& technique) {
  const Clock::time_point start = Clock::now();
  Result r;
  r.technique = technique;
  std::optional<PhaseTimer> phase(std::in_place, "z3 context");
  std::unique_ptr<solve::Context> context = makeSolverContext(task);
  phase.emplace("encode");
  std::optional<encode::Encoding> enc = errorFormula(context->z3(), task, family, r);
  phase.reset();
  if (enc)
    enumerateDiagnoses(task, *enc, *context, task.options.timeoutSeconds - secondsSince(start), r);
  return r;
}

Result withTraceFallback(const Problem& p, Result (*run)(const FormulaTask&), bool angelic) {
  const Clock::time_point start = Clock::now();
  const FormulaTask task = formulaTask(p);
  FormulaTask first = task;
  if (const double share = firstMcsBudgetSeconds(task.options.timeoutSeconds); share > 0)
    first.firstMcsBy =
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(share));
  Result r = run(first);
  traceFallback(task, start, r, angelic);
  return r;
}

bool needsTraceFallback(const Result& r) {
  return r.diagnoses.empty() && !r.complete &&
         (stoppedByMemoryBound(r) || stoppedByFirstMcsBudget(r));
}

namespace {

/// The seconds left of `task`'s --timeout since `start`, rounded down to 10 ms for the notes
/// (3.36, not 3.36899 s); 0 when the task has no timeout.
double secondsLeft(const FormulaTask& task, Clock::time_point start) {
  if (task.options.timeoutSeconds <= 0) return 0;
  return std::floor((task.options.timeoutSeconds - secondsSince(start)) * 100) / 100;
}

}  // namespace

void angelicFallback(const FormulaTask& task, Clock::time_point start, Result& r) {
  FormulaTask angelic = task;
  angelic.firstMcsBy.reset();
  if (task.options.timeoutSeconds > 0) {
    angelic.options.timeoutSeconds = secondsLeft(task, start);
    if (angelic.options.timeoutSeconds <= 0) {
      addNote(r, "no time was left for the angelic fallback");
      return;
    }
  }
  Result a = confirmedAngelicCandidates(angelic);
  const std::size_t n = a.diagnoses.size();
  addNote(r, "fallback: " + std::to_string(n) + (n == 1 ? " diagnosis" : " diagnoses") +
                 " of the failing run's angelic formula (unexplored branch sides free) confirmed "
                 "by a passing replay, MCSs of the program formula" +
                 (a.complete ? std::string() : " (" + a.incompleteReason + ")"));
  for (Diagnosis& d : a.diagnoses)
    if (std::none_of(r.diagnoses.begin(), r.diagnoses.end(),
                     [&](const Diagnosis& e) { return e.locations == d.locations; }))
      r.diagnoses.push_back(std::move(d));
  r.notes.insert(r.notes.end(), a.notes.begin(), a.notes.end());
  r.stats.solverMs += a.stats.solverMs;
  r.stats.queries += a.stats.queries;
}

void traceFallback(const FormulaTask& task, Clock::time_point start, Result& r, bool angelic) {
  if (!needsTraceFallback(r)) return;
  FormulaTask trace = task;
  if (task.options.timeoutSeconds > 0) {
    trace.options.timeoutSeconds = secondsLeft(task, start);
    if (trace.options.timeoutSeconds <= 0) {
      addNote(r, "no time was left for the trace formula fallback");
      return;
    }
    // The trace formula first, within two thirds of what is left: the angelic part gets the
    // rest, and more when the trace formula ends early (it mostly does).
    if (angelic)
      trace.options.timeoutSeconds = std::floor(trace.options.timeoutSeconds * 200 / 3) / 100;
  }
  Result fs = localizeWithFormula(trace, encode::Family::TraceFlowSensitive, r.technique);
  if (angelic) angelicFallback(task, start, r);
  addNote(r, "fallback: the diagnoses shown" + std::string(angelic ? " after those" : "") +
                 " are the flow-sensitive trace formula's (the failing run's path, as fs "
                 "computes them), not the program formula's" +
                 (fs.complete ? std::string() : "; the trace formula: " + fs.incompleteReason));
  for (Diagnosis& d : fs.diagnoses)
    if (std::none_of(r.diagnoses.begin(), r.diagnoses.end(),
                     [&](const Diagnosis& e) { return e.locations == d.locations; }))
      r.diagnoses.push_back(std::move(d));
  r.notes.insert(r.notes.end(), fs.notes.begin(), fs.notes.end());
  r.stats.solverMs += fs.stats.solverMs;
  r.stats.queries += fs.stats.queries;
}

}  // namespace culprit::localize

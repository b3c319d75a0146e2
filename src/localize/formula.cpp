// Shared steps of the formula-based techniques: see formula.h.
//
// Oracle. With a golden program the expectation is the golden run's stdout as output events
// (values printed by each output call, in order) plus its exit status; assertions and runtime
// errors always count. An expected-output directory contributes its exit status only (its text
// is not split into events yet): the note says so.
// Bounds. FormulaOptions::maxSize/maxCount/timeoutSeconds bound the enumeration; a Result is
// complete only when the enumeration was exhausted. For the program formula the failing run
// itself must fit in the unwinding bound, otherwise the hard "bound not reached" assumption
// excludes it and the result is flagged.
// Weights. With FormulaOptions::weights, each soft group weighs clauseWeight(score of its
// statement) and the MaxSAT-based enumeration reports cheapest (most suspicious) MCSs first.
// Solving (single formula). The formula is sliced to the oracle's cone of influence (soft
// groups no obligation depends on are in no MCS and are left out).
#include "localize/formula.h"

#include "ir/error.h"
#include "localize/loop_bounds.h"
#include "localize/replay.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace culprit::localize {

std::uint32_t deepestIteration(const ir::Program& program, const exec::RunResult& run) {
  std::uint32_t deepest = 0;
  for (const auto& [loop, bodies] : loopIterations(program, run))
    deepest = std::max(deepest, bodies);
  return deepest;
}

FormulaTask formulaTask(const Problem& problem) {
  FormulaTask t;
  t.program = problem.program;
  if (!problem.suite || problem.failingTest < 0 ||
      static_cast<std::size_t>(problem.failingTest) >= problem.suite->tests.size())
    throw std::invalid_argument("formula technique without a failing test");
  t.test = &problem.suite->tests[static_cast<std::size_t>(problem.failingTest)];
  t.oracle = problem.oracle;
  t.run = problem.runOptions;
  t.coverage = problem.coverage;
  t.options = problem.options;
  return t;
}

TaskExpectation taskExpectation(const FormulaTask& task) {
  z3::context ctx;
  return taskExpectation(ctx, task);
}

TaskExpectation taskExpectation(z3::context& ctx, const FormulaTask& task) {
  TaskExpectation te;
  if (!task.oracle) return te;
  if (task.oracle->golden) {
    if (std::optional<encode::Observed> obs =
            encode::observe(ctx, *task.oracle->golden, task.test->input, task.run)) {
      te.expect.output = std::move(obs->events);
      te.expect.exitStatus = obs->exitStatus;
    } else {
      te.note = "the golden program fails on this test: only assertions are encoded";
    }
  } else if (!task.oracle->expectedDir.empty()) {
    std::ifstream status(task.oracle->expectedDir + "/t" + std::to_string(task.test->index) +
                         ".status");
    int s = 0;
    if (status >> s || !status.is_open()) te.expect.exitStatus = s;
    te.note = "expected output text is not encoded (exit status and assertions only)";
  }
  return te;
}

encode::EncodeOptions encodeOptions(const FormulaTask& task, encode::Family family) {
  encode::EncodeOptions o;
  o.family = family;
  o.ints = taskInts(task);
  o.granularity = task.options.granularity == FormulaOptions::Granularity::Instance
                      ? encode::Granularity::Instance
                      : encode::Granularity::Statement;
  o.unwind = task.options.unwind;
  o.entry = task.run.entry;
  o.programName = task.run.programName;
  o.hardInputStatements = !task.options.suspectInputs;
  o.nondetUninitialised = task.run.nondetUninitialised;
  return o;
}

void addNote(Result& r, const std::string& note) {
  if (note.empty()) return;
  r.complete = false;
  r.incompleteReason += (r.incompleteReason.empty() ? "" : "; ") + note;
}

std::string counted(std::size_t n, const std::string& singular) {
  return std::to_string(n) + " " + singular + (n == 1 ? "" : "s");
}

exec::RunResult traceRun(const FormulaTask& task, exec::Observer* observer) {
  exec::RunOptions traced = task.run;
  traced.trace = true;
  traced.coverage = false;
  traced.observer = observer;
  return exec::run(*task.program, task.test->input, traced);
}

bool passesTest(const FormulaTask& task, const exec::RunResult& run) {
  const testing::Oracle assertionsOnly;
  return passes(*task.program, *task.test, run, task.oracle ? *task.oracle : assertionsOnly,
                task.run);
}

exec::RunResult traceFailingRun(const FormulaTask& task, bool boundedByUnwind, Result& r) {
  exec::RunResult failing = traceRun(task, nullptr);
  // Under --loop-bounds run every loop fits by construction (recursion is not counted here).
  if (!boundedByUnwind || task.options.loopBounds != FormulaOptions::LoopBounds::Uniform)
    return failing;
  if (const std::uint32_t deepest = deepestIteration(*task.program, failing);
      deepest > task.options.unwind)
    addNote(r, "unwinding bound " + std::to_string(task.options.unwind) +
                   " is below the failing run's " + std::to_string(deepest) + " loop iterations");
  return failing;
}

std::unordered_map<ir::StmtId, unsigned>
programLoopBounds(const FormulaTask& task, const exec::RunResult& failing, Result& r) {
  if (task.options.loopBounds != FormulaOptions::LoopBounds::Run) return {};
  std::unordered_map<ir::StmtId, unsigned> bounds =
      runLoopBounds(*task.program, failing, task.options.loopSlack, task.options.unwind);
  const std::string listed = describeLoopBounds(*task.program, bounds);
  if (!listed.empty())
    r.notes.push_back("loops unwound to the failing run's iterations + " +
                      std::to_string(task.options.loopSlack) +
                      " (--loop-bounds run; library loops and loops it never reached: at "
                      "least --unwind " +
                      std::to_string(task.options.unwind) + "): " + listed);
  return bounds;
}

bool withinLoopBounds(const FormulaTask& task, const exec::RunResult& run,
                      const std::unordered_map<ir::StmtId, unsigned>& bounds) {
  for (const auto& [loop, bodies] : loopIterations(*task.program, run)) {
    auto it = bounds.find(loop);
    if (bodies > (it == bounds.end() ? task.options.unwind : it->second)) return false;
  }
  return true;
}

std::unique_ptr<solve::Context> makeSolverContext(const FormulaTask& task) {
  solve::ContextOptions o;
  o.maxMemoryMb = task.options.maxMemoryMb;
  if (const char* dir = std::getenv("CULPRIT_DUMP_SMT2")) o.dumpDir = dir;
  try {
    return std::make_unique<solve::Context>(std::move(o));
  } catch (const solve::ContextError& e) {
    throw UserError(std::string("CULPRIT_DUMP_SMT2: ") + e.what());
  }
}

encode::Ints resolveInts(FormulaOptions::Ints ints, const ir::Program& program) {
  switch (ints) {
  case FormulaOptions::Ints::BitVector: return encode::Ints::BitVector;
  case FormulaOptions::Ints::Math: return encode::Ints::Math;
  case FormulaOptions::Ints::Auto: break;
  }
  return encode::preferredInts(program);
}

encode::Ints taskInts(const FormulaTask& task) {
  return resolveInts(task.options.ints, *task.program);
}

std::string solverLogic(encode::Ints ints, const encode::Encoding& enc) {
  if (enc.usesFloats) return enc.usesArrays ? solve::kFloatArrayLogic : solve::kFloatLogic;
  return ints == encode::Ints::BitVector && !enc.usesArrays ? "QF_BV" : "";
}

std::string solverLogic(const FormulaTask& task, const encode::Encoding& enc) {
  return solverLogic(taskInts(task), enc);
}

std::uint64_t clauseWeight(double score) {
  // Weight ~ 10/score: a statement covered by every failing and no passing test (Ochiai 1)
  // weighs 10, one never covered by a failing test 1000; resolution is coarse on purpose, as
  // large weights slow core-guided MaxSAT down.
  constexpr double kScale = 10, kMax = 1000;
  if (!(score > 0)) return static_cast<std::uint64_t>(kMax);
  if (std::isinf(score)) return 1;
  return static_cast<std::uint64_t>(std::clamp(std::round(kScale / score), 1.0, kMax));
}

std::vector<std::uint64_t> statementWeights(const FormulaTask& task, Result& r) {
  if (task.options.weights.empty()) return {};
  const std::optional<SbflFormula> formula = parseSbflFormula(task.options.weights);
  if (!formula || !task.coverage) {
    addNote(r, "clause weights '" + task.options.weights + "' unavailable: unweighted");
    return {};
  }
  std::vector<std::uint64_t> weights;
  for (double score : statementScores(*task.program, *task.coverage, *formula))
    weights.push_back(clauseWeight(score));
  return weights;
}

std::uint64_t groupWeight(const std::vector<std::uint64_t>& weights, const encode::Encoding& enc,
                          std::uint32_t group) {
  const ir::StmtId s = enc.groups[group].stmt;
  if (weights.empty()) return 1;
  return s < weights.size() ? weights[s] : clauseWeight(0);
}

std::unique_ptr<solve::McsEnumerator> makeEnumerator(const FormulaTask& task,
                                                     solve::Session& session, double secondsLeft) {
  solve::McsBounds bounds;
  bounds.maxSize = task.options.maxSize;
  bounds.maxCount = task.options.maxCount;
  if (task.options.timeoutSeconds > 0) bounds.timeoutSeconds = std::max(0.001, secondsLeft);
  std::unique_ptr<solve::McsEnumerator> e =
      solve::makeMcsEnumerator(task.options.mcsEngine, session, bounds);
  if (!e) throw UserError("unknown MCS engine '" + task.options.mcsEngine + "'");
  return e;
}

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
  std::sort(d.locations.begin(), d.locations.end(), [](const Location& a, const Location& b) {
    return std::tie(a.file, a.line, a.iteration, a.stmt) <
           std::tie(b.file, b.line, b.iteration, b.stmt);
  });
  for (const encode::AngelicInstance& a : encode::angelicValues(enc, model, groups))
    d.angelic.push_back(AngelicValue{a.key.stmt, a.key.occurrence, a.value,
                                     a.kind != encode::InstanceKind::Value, std::nullopt});
  d.weight = weight;
  return d;
}

std::string stopNote(solve::StopReason stop, const std::string& detail, const FormulaOptions& o) {
  switch (stop) {
  case solve::StopReason::Exhausted: return "";
  case solve::StopReason::SizeBound:
    return "MCS size bound " + std::to_string(o.maxSize) + " reached: larger MCSs may exist";
  case solve::StopReason::CountBound:
    return "diagnosis count bound " + std::to_string(o.maxCount) + " reached";
  case solve::StopReason::Timeout: {
    std::ostringstream seconds;  // 0.5, 60: no trailing zeros
    seconds << o.timeoutSeconds;
    return "timeout after " + seconds.str() + " s (--timeout): the diagnoses so far are shown";
  }
  case solve::StopReason::SolverUnknown:
    if (o.maxMemoryMb && solve::Context::outOfMemory(detail))
      return "solver memory bound " + std::to_string(o.maxMemoryMb) +
             " MB reached (--max-memory): the diagnoses so far are shown";
    return "solver gave up: " + detail;
  }
  return "";
}

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

void noteConcretized(const encode::Encoding& enc, Result& r) {
  for (const std::string& site : enc.concretized)
    addNote(r, "concretized: " + site +
                   " takes the failing run's value (no exact encoding of a computed operand)");
}

std::optional<encode::Encoding> errorFormula(z3::context& ctx, const FormulaTask& task,
                                             encode::Family family, Result& r) {
  try {
    const TaskExpectation te = taskExpectation(ctx, task);
    addNote(r, te.note);
    const exec::RunResult failing = traceFailingRun(task, family == encode::Family::Program, r);
    encode::EncodeOptions o = encodeOptions(task, family);
    if (family == encode::Family::Program) o.loopUnwind = programLoopBounds(task, failing, r);
    encode::Encoding enc =
        encode::encode(ctx, *task.program, task.test->input, te.expect, o, &failing);
    noteConcretized(enc, r);
    encode::sliceToObligations(enc);
    return enc;
  } catch (const encode::EncodeError& e) {
    addNote(r, std::string("not encoded: ") + e.what());
    return std::nullopt;
  } catch (const z3::exception& e) {
    addNote(r, std::string("not encoded: solver: ") + e.msg());
    return std::nullopt;
  }
}

void enumerateDiagnoses(const FormulaTask& task, const encode::Encoding& enc,
                        solve::Context& context, double secondsLeft, Result& r) {
  const solve::Deadline deadline = task.options.timeoutSeconds > 0
                                       ? solve::Deadline::after(std::max(0.001, secondsLeft))
                                       : solve::Deadline();
  solve::Session session(context.z3(), context.sessionOptions(solverLogic(task, enc)));
  for (const encode::HardClause& h : enc.hard)
    session.addHard(h.clause);
  const std::vector<std::uint64_t> weights = statementWeights(task, r);
  std::vector<std::uint32_t> groupOf;  // SoftId -> group
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
    if (enc.groups[g].relevant) {
      session.addSoft(enc.groups[g].selector, groupWeight(weights, enc, g));
      groupOf.push_back(g);
    }
  std::unique_ptr<solve::McsEnumerator> enumerator = makeEnumerator(task, session, secondsLeft);
  const solve::McsResult mr = solve::enumerateMcses(session, *enumerator);
  const bool weighted = !session.unitWeights();
  std::optional<AngelicPolisher> polisher;
  std::size_t polished = 0;
  for (const solve::Mcs& mcs : mr.mcses) {
    if (mcs.softs.empty()) {
      addNote(r, "the formula does not fail: the oracle of this failure is not encoded");
      continue;
    }
    std::vector<std::uint32_t> groups;
    for (solve::SoftId s : mcs.softs)
      groups.push_back(groupOf[s]);
    r.diagnoses.push_back(
        toDiagnosis(task, enc, mcs.model, groups, weighted ? static_cast<double>(mcs.weight) : 0));
    if (!polisher) polisher.emplace(task, enc, context);
    polished += polisher->polish(r.diagnoses.back(), groups, deadline) ? 1 : 0;
  }
  addNote(r, stopNote(mr.stop, mr.detail, task.options));
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
  if (polished) r.notes.push_back(AngelicPolisher::kNote);
  r.stats.solverMs = mr.solver.solverMs + (polisher ? polisher->solverMs() : 0);
  r.stats.queries = mr.solver.queries + (polisher ? polisher->queries() : 0);
  r.stats.maxCore = mr.solver.maxCore;
  r.stats.soft = groupOf.size();
  r.stats.hard = enc.hard.size();
}

Result localizeWithFormula(const FormulaTask& task, encode::Family family,
                           const std::string& technique) {
  const Clock::time_point start = Clock::now();
  Result r;
  r.technique = technique;
  std::unique_ptr<solve::Context> context = makeSolverContext(task);
  if (std::optional<encode::Encoding> enc = errorFormula(context->z3(), task, family, r))
    enumerateDiagnoses(task, *enc, *context, task.options.timeoutSeconds - secondsSince(start), r);
  return r;
}

}  // namespace culprit::localize

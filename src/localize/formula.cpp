// Shared driver of the single-formula techniques: see formula.h.
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
// Solving. The formula is sliced to the oracle's cone of influence (soft groups no obligation
// depends on are in no MCS and are left out); pure bit-vector formulas go to z3's QF_BV solver
// (incremental SAT: 2-4x faster than the default solver on these formulas), integer ones to
// z3's default. Enumeration is the solver layer's "maxsat" engine (BugAssist's loop).
#include "localize/formula.h"

#include "ir/error.h"
#include "localize/replay.h"
#include "solve/mcs.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

namespace culprit::localize {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void finish(Result& r, Clock::time_point start) {
  r.totalMs = msSince(start);
  r.stats.totalMs = r.totalMs;
}

void addNote(Result& r, const std::string& note) {
  if (note.empty()) return;
  r.complete = false;
  r.incompleteReason += (r.incompleteReason.empty() ? "" : "; ") + note;
}

/// The largest loop iteration the run reached (0 without loops).
std::uint32_t deepestIteration(const exec::RunResult& run) {
  std::uint32_t deepest = 0;
  for (const std::vector<std::uint32_t>& context : run.loopContexts)
    for (std::uint32_t k : context)
      deepest = std::max(deepest, k);
  return deepest;
}

std::vector<std::uint64_t> groupWeights(const FormulaTask& task, const encode::Encoding& enc,
                                        Result& r) {
  std::vector<std::uint64_t> weights(enc.groups.size(), 1);
  if (task.options.weights.empty()) return weights;
  const std::optional<SbflFormula> formula = parseSbflFormula(task.options.weights);
  if (!formula || !task.coverage) {
    addNote(r, "clause weights '" + task.options.weights + "' unavailable: unweighted");
    return weights;
  }
  const std::vector<double> scores = statementScores(*task.program, *task.coverage, *formula);
  for (std::size_t g = 0; g < enc.groups.size(); ++g) {
    const ir::StmtId s = enc.groups[g].stmt;
    weights[g] = clauseWeight(s < scores.size() ? scores[s] : 0);
  }
  return weights;
}

Diagnosis toDiagnosis(const FormulaTask& task, const encode::Encoding& enc, const solve::Mcs& mcs,
                      const std::vector<std::uint32_t>& groupOf, bool weighted) {
  Diagnosis d;
  std::vector<std::uint32_t> groups;
  for (solve::SoftId s : mcs.softs)
    groups.push_back(groupOf[s]);
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
  for (const encode::AngelicInstance& a : encode::angelicValues(enc, mcs.model, groups))
    d.angelic.push_back(
        AngelicValue{a.key.stmt, a.key.occurrence, a.value, a.kind != encode::InstanceKind::Value});
  d.weight = weighted ? static_cast<double>(mcs.weight) : 0;
  return d;
}

std::string stopNote(const solve::McsResult& mr, const FormulaOptions& o) {
  switch (mr.stop) {
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
    if (o.maxMemoryMb && mr.detail.find("out of memory") != std::string::npos)
      return "solver memory bound " + std::to_string(o.maxMemoryMb) +
             " MB reached (--max-memory): the diagnoses so far are shown";
    return "solver gave up: " + mr.detail;
  }
  return "";
}

}  // namespace

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
  o.ints = task.options.ints == FormulaOptions::Ints::Math ? encode::Ints::Math
                                                           : encode::Ints::BitVector;
  o.granularity = task.options.granularity == FormulaOptions::Granularity::Instance
                      ? encode::Granularity::Instance
                      : encode::Granularity::Statement;
  o.unwind = task.options.unwind;
  o.entry = task.run.entry;
  o.programName = task.run.programName;
  o.hardInputStatements = !task.options.suspectInputs;
  return o;
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

namespace {

/// The failing run with its trace; flags a program-formula bound below the run's loops.
exec::RunResult traceFailingRun(const FormulaTask& task, encode::Family family, Result& r) {
  exec::RunOptions traced = task.run;
  traced.trace = true;
  traced.observer = nullptr;
  exec::RunResult failing = exec::run(*task.program, task.test->input, traced);
  const std::uint32_t deepest = deepestIteration(failing);
  if (family == encode::Family::Program && deepest > task.options.unwind)
    addNote(r, "unwinding bound " + std::to_string(task.options.unwind) +
                   " is below the failing run's " + std::to_string(deepest) + " loop iterations");
  return failing;
}

/// input ∧ formula ∧ oracle, sliced to the oracle's cone; nullopt (with a note) when the
/// program or its golden version uses something the encoder cannot express.
std::optional<encode::Encoding> errorFormula(z3::context& ctx, const FormulaTask& task,
                                             encode::Family family, Result& r) {
  try {
    const TaskExpectation te = taskExpectation(ctx, task);
    addNote(r, te.note);
    const exec::RunResult failing = traceFailingRun(task, family, r);
    encode::Encoding enc = encode::encode(ctx, *task.program, task.test->input, te.expect,
                                          encodeOptions(task, family), &failing);
    encode::sliceToObligations(enc);
    return enc;
  } catch (const encode::EncodeError& e) {
    addNote(r, std::string("not encoded: ") + e.what());
    return std::nullopt;
  } catch (const z3::exception& e) {  // e.g. past the memory bound while building terms
    addNote(r, std::string("not encoded: solver: ") + e.msg());
    return std::nullopt;
  }
}

/// Bounds what Z3 may allocate while it lives: `maxMemoryMb` more than now (0: no bound).
/// Z3's bound (memory_max_size) is process-wide and counts every context, including one still
/// being deleted in the background, hence relative. It covers only the solver's queries, where
/// past the bound Z3 answers unknown ("out of memory"): Z3 4.8.12 crashes when it runs out
/// while building terms (Z3_mk_bvadd_no_underflow dereferences a failed Z3_mk_bvslt).
class SolverMemoryBound {
public:
  explicit SolverMemoryBound(unsigned maxMemoryMb) {
    if (maxMemoryMb)
      z3::set_param("memory_max_size",
                    static_cast<int>((Z3_get_estimated_alloc_size() >> 20) + maxMemoryMb));
  }
  ~SolverMemoryBound() { z3::set_param("memory_max_size", 0); }
  SolverMemoryBound(const SolverMemoryBound&) = delete;
  SolverMemoryBound& operator=(const SolverMemoryBound&) = delete;
};

/// Every MCS within the task's bounds, as diagnoses in enumeration order.
void enumerateDiagnoses(const FormulaTask& task, const encode::Encoding& enc, z3::context& ctx,
                        double secondsLeft, Result& r) {
  solve::SessionOptions so;
  if (task.options.ints == FormulaOptions::Ints::BitVector && !enc.usesArrays) so.logic = "QF_BV";
  if (const char* dir = std::getenv("CULPRIT_DUMP_SMT2")) {  // debugging aid
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error)
      throw UserError("CULPRIT_DUMP_SMT2: cannot create directory " + std::string(dir) + ": " +
                      error.message());
    so.dumpDir = dir;
  }
  solve::Session session(ctx, so);
  for (const encode::HardClause& h : enc.hard)
    session.addHard(h.clause);
  const std::vector<std::uint64_t> weights = groupWeights(task, enc, r);
  std::vector<std::uint32_t> groupOf;  // SoftId -> group
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
    if (enc.groups[g].relevant) {
      session.addSoft(enc.groups[g].selector, weights[g]);
      groupOf.push_back(g);
    }
  solve::McsBounds bounds;
  bounds.maxSize = task.options.maxSize;
  bounds.maxCount = task.options.maxCount;
  if (task.options.timeoutSeconds > 0) bounds.timeoutSeconds = std::max(0.001, secondsLeft);
  std::unique_ptr<solve::McsEnumerator> enumerator =
      solve::makeMcsEnumerator("maxsat", session, bounds);
  const solve::McsResult mr = [&] {
    const SolverMemoryBound bound(task.options.maxMemoryMb);
    return solve::enumerateMcses(session, *enumerator);
  }();
  const bool weighted = !session.unitWeights();
  for (const solve::Mcs& mcs : mr.mcses) {
    if (mcs.softs.empty()) {
      addNote(r, "the formula does not fail: the oracle of this failure is not encoded");
      continue;
    }
    r.diagnoses.push_back(toDiagnosis(task, enc, mcs, groupOf, weighted));
  }
  addNote(r, stopNote(mr, task.options));
  r.stats.solverMs = mr.solver.solverMs;
  r.stats.queries = mr.solver.queries;
  r.stats.soft = groupOf.size();
  r.stats.hard = enc.hard.size();
}

/// Deletes Z3 contexts on a worker thread. Z3 can take minutes to delete a context of a large
/// program formula (measured: 160 s for the 900 MB context of bench primes-v1 with --unwind 42,
/// 600 s at 3.5 GB, 8 s for a 33 MB one cut short by --max-memory 1), and neither the size nor
/// the formula predicts it well, so every context goes this way and reports are never held
/// up. At normal exit the worker finishes its queue (Z3 must not be torn down under it); the
/// command line ends with _Exit and does not wait.
class ContextDisposer {
public:
  static ContextDisposer& instance() {
    static ContextDisposer disposer;
    return disposer;
  }
  void dispose(std::unique_ptr<z3::context> context) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(context));
    }
    ready_.notify_one();
  }
  ~ContextDisposer() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    ready_.notify_one();
    worker_.join();
  }
  ContextDisposer(const ContextDisposer&) = delete;
  ContextDisposer& operator=(const ContextDisposer&) = delete;

private:
  ContextDisposer() : worker_([this] { drain(); }) {}
  void drain() {
    for (;;) {
      std::unique_ptr<z3::context> next;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, nothing left
        next = std::move(queue_.front());
        queue_.pop_front();
      }
      next.reset();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::unique_ptr<z3::context>> queue_;
  bool stop_ = false;
  std::thread worker_;  // last: starts once the members above exist
};

}  // namespace

Result localizeWithFormula(const FormulaTask& task, encode::Family family,
                           const std::string& technique) {
  const Clock::time_point start = Clock::now();
  Result r;
  r.technique = technique;
  auto context = std::make_unique<z3::context>();
  z3::context& ctx = *context;
  if (std::optional<encode::Encoding> enc = errorFormula(ctx, task, family, r)) {
    enumerateDiagnoses(task, *enc, ctx, task.options.timeoutSeconds - msSince(start) / 1000, r);
    const testing::Oracle assertionsOnly;
    replayAll(r.diagnoses, *task.program, *task.test, task.oracle ? *task.oracle : assertionsOnly,
              task.run);
  }
  finish(r, start);
  ContextDisposer::instance().dispose(std::move(context));
  return r;
}

}  // namespace culprit::localize

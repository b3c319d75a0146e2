// Task building: see task.h.
//
// Oracle. With a golden program the expectation is the golden run's stdout as output events
// (values printed by each output call, in order) plus its exit status; assertions and runtime
// errors always count. An expected-output directory contributes its exit status only (its text
// is not split into events yet): the note says so.
// Bounds. For the program formula the failing run itself must fit in the unwinding bound,
// otherwise the hard "bound not reached" assumption excludes it and the result is flagged.
#include "localize/task.h"

#include "localize/loop_bounds.h"
#include "localize/replay.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <tuple>

namespace culprit::localize {

std::uint32_t deepestIteration(const ir::Program& program, const exec::RunResult& run) {
  std::uint32_t deepest = 0;
  for (const auto& [loop, bodies] : loopIterations(program, run))
    deepest = std::max(deepest, bodies);
  return deepest;
}

FormulaTask formulaTask(const Problem& problem) {
  if (!problem.suite || problem.failingTest < 0 ||
      static_cast<std::size_t>(problem.failingTest) >= problem.suite->tests.size())
    throw std::invalid_argument("formula technique without a failing test");
  FormulaTask t = formulaTask(*problem.program,
                              problem.suite->tests[static_cast<std::size_t>(problem.failingTest)],
                              problem.oracle, problem.runOptions, problem.options);
  t.coverage = problem.coverage;
  return t;
}

FormulaTask formulaTask(const ir::Program& program, const testing::TestCase& test,
                        const testing::Oracle* oracle, const exec::RunOptions& run,
                        const FormulaOptions& options) {
  FormulaTask t;
  t.program = &program;
  t.test = &test;
  t.oracle = oracle;
  t.run = run;
  t.options = options;
  return t;
}

std::optional<std::string> unencodableRun(const ir::Program& program, const exec::RunResult& run) {
  if (!run.uninitialisedUse) return std::nullopt;
  return "the run's " + run.message + " at " + program.where(run.where) +
         ": formulas do not model uninitialised values";
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
  o.relaxMacros = task.options.macroSites == FormulaOptions::MacroSites::On;
  o.nondetUninitialised = task.run.nondetUninitialised;
  // Building the formula is held to the solver's bounds too: one too large to build is
  // reported as the bound it reached (and pf, ofc, agx fall back) instead of exhausting memory.
  o.maxMemoryMb = task.options.maxMemoryMb;
  if (task.options.timeoutSeconds > 0)
    o.deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(task.options.timeoutSeconds));
  return o;
}

void addNote(Result& r, const std::string& note) {
  if (note.empty()) return;
  r.complete = false;
  r.incompleteReason += (r.incompleteReason.empty() ? "" : "; ") + note;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void sortLocations(std::vector<Location>& locations) {
  std::sort(locations.begin(), locations.end(), [](const Location& a, const Location& b) {
    return std::tie(a.file, a.line, a.iteration, a.stmt) <
           std::tie(b.file, b.line, b.iteration, b.stmt);
  });
}

std::string counted(std::size_t n, const std::string& singular) {
  return std::to_string(n) + " " + singular + (n == 1 ? "" : "s");
}

exec::RunResult traceRun(const FormulaTask& task, exec::Observer* observer,
                         std::uint64_t stepLimit) {
  exec::RunOptions traced = tracedOptions(task.run, observer);
  if (stepLimit) traced.stepLimit = std::min(traced.stepLimit, stepLimit);
  return exec::run(*task.program, task.test->input, traced);
}

const testing::Expected& ExpectedOnce::get(const testing::TestCase& test,
                                           const testing::Oracle& oracle,
                                           const exec::RunOptions& run) {
  std::call_once(once_, [&] { expected_ = testing::expectedFor(test, oracle, run); });
  return expected_;
}

const testing::Expected* taskExpected(const FormulaTask& task) {
  if (!task.oracle || !task.expected) return nullptr;
  return &task.expected->get(*task.test, *task.oracle, task.run);
}

bool passesTest(const FormulaTask& task, const exec::RunResult& run) {
  const testing::Oracle assertionsOnly;
  // As testing::judge, with the golden run made once: a run that did not exit needs no oracle.
  if (run.verdict == exec::Verdict::Exited)
    if (const testing::Expected* expected = taskExpected(task))
      return testing::judgeAgainst(*task.program, *task.test, run, *expected).outcome ==
             testing::Outcome::Pass;
  return passes(*task.program, *task.test, run, task.oracle ? *task.oracle : assertionsOnly,
                task.run);
}

bool passesWith(const FormulaTask& task, const std::vector<AngelicValue>& forced) {
  exec::RunOptions untraced = task.run;
  untraced.trace = false;
  untraced.coverage = false;
  return passesTest(task, tracedReplay(*task.program, *task.test, forced, untraced));
}

exec::RunResult traceFailingRun(const FormulaTask& task, bool boundedByUnwind, Result& r) {
  exec::RunResult failing = traceRun(task, nullptr);
  // Under --loop-bounds run every loop and recursion fits by construction.
  if (!boundedByUnwind || task.options.loopBounds != FormulaOptions::LoopBounds::Uniform)
    return failing;
  if (const std::uint32_t deepest = deepestIteration(*task.program, failing);
      deepest > task.options.unwind)
    addNote(r, "unwinding bound " + std::to_string(task.options.unwind) +
                   " is below the failing run's " + std::to_string(deepest) +
                   " loop iterations (--unwind " + std::to_string(deepest) +
                   " or --loop-bounds run lifts it)");
  unsigned deepestRecursion = 0;
  for (const auto& [fn, depth] : recursionDepths(*task.program, failing))
    deepestRecursion = std::max(deepestRecursion, depth);
  if (deepestRecursion > task.options.unwind)
    addNote(r, fmt::format("unwinding bound {} is below the failing run's recursion depth {} "
                           "(--unwind {} or --loop-bounds run lifts it)",
                           task.options.unwind, deepestRecursion, deepestRecursion));
  return failing;
}

namespace {

/// The note of bounds taken from the failing run: `how` they were chosen, then their list
/// (none when no bound was chosen).
void noteRunBounds(Result& r, const std::string& how, const std::string& listed) {
  if (!listed.empty()) r.notes.push_back(how + ": " + listed);
}

}  // namespace

std::unordered_map<ir::StmtId, unsigned>
programLoopBounds(const FormulaTask& task, const exec::RunResult& failing, Result& r) {
  if (task.options.loopBounds != FormulaOptions::LoopBounds::Run) return {};
  std::unordered_map<ir::StmtId, unsigned> bounds =
      runLoopBounds(*task.program, failing, task.options.loopSlack, task.options.unwind);
  std::string golden;
  if (task.oracle && task.oracle->golden) {
    const exec::RunResult run =
        exec::run(*task.oracle->golden, task.test->input, tracedOptions(task.run));
    if (!raiseToGoldenLoops(*task.program, *task.oracle->golden, run, task.options.loopSlack,
                            bounds)
             .empty())
      golden = fmt::format("; loops the golden program ran more often at the same line, to its "
                           "iterations + {}",
                           task.options.loopSlack);
  }
  noteRunBounds(r,
                fmt::format("loops unwound to the failing run's iterations + {0}; loops it never "
                            "reached to its longest loop's + {0} (at most --unwind {1}), or {0} "
                            "inside another such loop{2} (--loop-bounds run; a larger "
                            "--loop-slack or --unwind lifts them; library loops: at least "
                            "--unwind {1})",
                            task.options.loopSlack, task.options.unwind, golden),
                describeLoopBounds(*task.program, bounds));
  return bounds;
}

std::unordered_map<ir::FuncId, unsigned>
programRecursionBounds(const FormulaTask& task, const exec::RunResult& failing, Result& r) {
  if (task.options.loopBounds != FormulaOptions::LoopBounds::Run) return {};
  std::unordered_map<ir::FuncId, unsigned> bounds =
      runRecursionBounds(*task.program, failing, task.options.loopSlack, task.options.unwind);
  noteRunBounds(r,
                fmt::format("recursion unwound to the failing run's depth + {0}; functions it "
                            "never entered to its deepest recursion's + {0} (at most --unwind "
                            "{1}) (--loop-bounds run; a larger --loop-slack or --unwind lifts "
                            "them)",
                            task.options.loopSlack, task.options.unwind),
                describeRecursionBounds(*task.program, bounds));
  return bounds;
}

DepthBounds programLoopDepthBounds(const FormulaTask& task, const exec::RunResult& failing,
                                   const std::unordered_map<ir::StmtId, unsigned>& bounds,
                                   Result& r) {
  if (task.options.loopBounds != FormulaOptions::LoopBounds::Run) return {};
  DepthBounds byDepth = runLoopDepthBounds(*task.program, failing, task.options.loopSlack, bounds);
  noteRunBounds(r,
                fmt::format("loops of recursive functions unwound per depth of their function "
                            "to the failing run's iterations there + {0}, and to {0} at depths "
                            "where it did not run them (the last value holds for deeper calls; "
                            "--loop-bounds run; a larger --loop-slack lifts them, --loop-bounds "
                            "uniform removes them)",
                            task.options.loopSlack),
                describeLoopDepthBounds(*task.program, byDepth));
  return byDepth;
}

std::shared_ptr<const encode::CallTree> programCallTree(const FormulaTask& task,
                                                        const exec::RunResult& failing) {
  if (task.options.loopBounds != FormulaOptions::LoopBounds::Run) return nullptr;
  auto tree = std::make_shared<encode::CallTree>();
  tree->made.insert(failing.callContexts.begin(), failing.callContexts.end());
  tree->slack = task.options.callSlack;
  return tree;
}

void noteCutCalls(const FormulaTask& task, const encode::Encoding& enc, Result& r) {
  if (enc.cutCalls.empty()) return;
  std::vector<std::pair<ir::StmtId, ir::FuncId>> cut = enc.cutCalls;
  const ir::Program& program = *task.program;
  std::sort(cut.begin(), cut.end(), [&](const auto& a, const auto& b) {
    const ir::SourceRange &ra = program.stmt(a.first).range, &rb = program.stmt(b.first).range;
    return std::tie(ra.file, ra.line, ra.col, a) < std::tie(rb.file, rb.line, rb.col, b);
  });
  std::string listed;
  for (std::size_t i = 0; i < cut.size(); ++i) {
    if (i == 8) {
      listed += ", ...";
      break;
    }
    listed += fmt::format("{}{} {}", i ? ", " : "", program.where(program.stmt(cut[i].first).range),
                          program.functions[cut[i].second].name);
  }
  r.notes.push_back(
      fmt::format("calls more than {0} call{1} outside the failing run's call tree are "
                  "not inlined: the formula assumes they do not happen "
                  "(--loop-bounds run; a larger --call-slack lifts them): {2}",
                  task.options.callSlack, task.options.callSlack == 1 ? "" : "s", listed));
}

bool withinLoopBounds(const FormulaTask& task, const exec::RunResult& run,
                      const std::unordered_map<ir::StmtId, unsigned>& bounds) {
  for (const auto& [loop, bodies] : loopIterations(*task.program, run)) {
    auto it = bounds.find(loop);
    if (bodies > (it == bounds.end() ? task.options.unwind : it->second)) return false;
  }
  return true;
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

}  // namespace culprit::localize

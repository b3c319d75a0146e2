// Task building, the first kernel step of every formula technique: one failing test to explain
// with everything needed to encode, judge and replay it; the oracle of that test as the formula
// states it; the traced failing run; the loop bounds the program formula takes from it; and
// the notes that mark a result incomplete.
#pragma once

#include "encode/encode.h"
#include "localize/technique.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace culprit::localize {

/// The oracle's expectation of a task's test, computed once (ExpectedOnce::get).
class ExpectedOnce {
public:
  /// The expectation of `test` by `oracle` (the golden program's run), computed at the first
  /// call; the later calls must pass the same test and oracle.
  const testing::Expected& get(const testing::TestCase& test, const testing::Oracle& oracle,
                               const exec::RunOptions& run);

private:
  std::once_flag once_;
  testing::Expected expected_;
};

/// One failing test to explain, with everything needed to encode, judge and replay it.
struct FormulaTask {
  const ir::Program* program = nullptr;
  const testing::TestCase* test = nullptr;
  /// The suite's oracle; nullptr judges by the program's assertions (and runtime errors) only.
  const testing::Oracle* oracle = nullptr;
  exec::RunOptions run;  ///< entry function and step limit of the suite's runs
  const testing::CoverageMatrix* coverage = nullptr;  ///< needed for clause weights
  FormulaOptions options;
  /// When set, a program formula that has no MCS by then stops (its enumeration, or its
  /// encoding): the share of the budget pf, agx and ofc give it before their trace formula
  /// fallback takes the rest (diagnose.h, withTraceFallback).
  std::optional<std::chrono::steady_clock::time_point> firstMcsBy;
  /// pf's --formula-limit (0: none): a program formula that outgrows this many hard constraints
  /// while it is built is not solved; it stops like the first-MCS budget, with its note.
  std::uint64_t programHardLimit = 0;
  /// pf's --formula-bits (0: none): a program formula (sliced) whose distinct terms hold more
  /// bits than this (formulaSize) is not solved; it stops like the first-MCS budget, with its
  /// note.
  std::uint64_t programBitLimit = 0;
  /// pf: the program formula inlines calls by the failing run's call tree (--call-slack,
  /// programCallTree).
  bool cutByCallTree = false;
  /// errorFormula slices the formula to its obligations' cone (encode::sliceToObligations);
  /// false keeps every clause (a trace formula's early exit controls nothing in the cone, yet
  /// a check that holds the run's branches needs its condition: trace_checks.h).
  bool slice = true;
  /// The oracle's expectation of `test`, shared by the task's copies (a task's test and oracle
  /// never change): each replay judged by passesTest runs the golden program once in all.
  std::shared_ptr<ExpectedOnce> expected = std::make_shared<ExpectedOnce>();
};

/// The task of `problem.failingTest`.
FormulaTask formulaTask(const Problem& problem);
/// The task of test `test` of a program, judged by `oracle` (nullptr: assertions only).
FormulaTask formulaTask(const ir::Program& program, const testing::TestCase& test,
                        const testing::Oracle* oracle, const exec::RunOptions& run,
                        const FormulaOptions& options);

/// Why the failing run `run` cannot be stated by any formula (it read an uninitialised value:
/// it failed a check no formula states), with its site; nullopt when it can.
std::optional<std::string> unencodableRun(const ir::Program& program, const exec::RunResult& run);

/// The oracle of the task's test as the formula states it. `note` says what is not encoded.
struct TaskExpectation {
  encode::Expectation expect;
  std::string note;
};
TaskExpectation taskExpectation(const FormulaTask& task);
/// Same, observing the golden run in `ctx`.
TaskExpectation taskExpectation(z3::context& ctx, const FormulaTask& task);

/// `ints` for `program` (Auto: encode::preferredInts).
encode::Ints resolveInts(FormulaOptions::Ints ints, const ir::Program& program);
/// The integer encoding of the task's formulas.
encode::Ints taskInts(const FormulaTask& task);

/// The encoder options a task implies for `family`.
encode::EncodeOptions encodeOptions(const FormulaTask& task, encode::Family family);

/// Marks `r` incomplete with `note` appended to its reason (nothing for an empty note).
void addNote(Result& r, const std::string& note);
/// Seconds since `start`, the clock every technique's --timeout is measured on.
double secondsSince(std::chrono::steady_clock::time_point start);
/// Sorts a diagnosis's locations by file, line, iteration and statement.
void sortLocations(std::vector<Location>& locations);
/// "1 refinement", "3 refinements".
std::string counted(std::size_t n, const std::string& singular);

/// The most iterations any loop body ran in `run` (a traced run; 0 without loops): what
/// --unwind must be at least for the program formula to hold the run.
std::uint32_t deepestIteration(const ir::Program& program, const exec::RunResult& run);

/// The task's test run with its trace (no coverage), steered by `observer` (nullptr: none), cut
/// after `stepLimit` statement executions when that is below the task's own limit (0: none).
exec::RunResult traceRun(const FormulaTask& task, exec::Observer* observer,
                         std::uint64_t stepLimit = 0);
/// `run` (of the task's test) passes the task's oracle (in-code assertions only without one).
bool passesTest(const FormulaTask& task, const exec::RunResult& run);
/// The oracle's expectation of the task's test (its golden run's stdout and status); nullptr
/// without an oracle.
const testing::Expected* taskExpected(const FormulaTask& task);
/// The task's test, replayed untraced with `forced` (angelic values, branch directions), passes
/// the task's oracle.
bool passesWith(const FormulaTask& task, const std::vector<AngelicValue>& forced);

/// The failing run with its trace. With `boundedByUnwind` (program formulas under uniform
/// bounds), a run deeper than the unwinding bound is noted in `r`: the formula assumes no path
/// goes that deep.
exec::RunResult traceFailingRun(const FormulaTask& task, bool boundedByUnwind, Result& r);

/// Per-loop bounds of the program formula (EncodeOptions::loopUnwind) under --loop-bounds run,
/// read off `failing`, with a note in `r` listing them; empty (every loop at --unwind) under
/// the default uniform bounds.
std::unordered_map<ir::StmtId, unsigned>
programLoopBounds(const FormulaTask& task, const exec::RunResult& failing, Result& r);
/// Per-function recursion bounds of the program formula (EncodeOptions::recursionUnwind)
/// under --loop-bounds run, read off `failing`, with a note in `r` listing them; empty (every
/// function at --unwind) under uniform bounds.
std::unordered_map<ir::FuncId, unsigned>
programRecursionBounds(const FormulaTask& task, const exec::RunResult& failing, Result& r);
/// Per-depth bounds of the loops of recursive functions (EncodeOptions::loopUnwindByDepth)
/// under --loop-bounds run, read off `failing` and capped by `bounds` (programLoopBounds), with
/// a note in `r` listing them; empty under uniform bounds.
std::unordered_map<ir::StmtId, std::vector<unsigned>>
programLoopDepthBounds(const FormulaTask& task, const exec::RunResult& failing,
                       const std::unordered_map<ir::StmtId, unsigned>& bounds, Result& r);
/// The failing run's call tree with --call-slack (EncodeOptions::callTree) under --loop-bounds
/// run; null (every call inlined) under uniform bounds.
std::shared_ptr<const encode::CallTree> programCallTree(const FormulaTask& task,
                                                        const exec::RunResult& failing);
/// Notes in `r` the calls `enc` did not inline (EncodeOptions::callTree), with the option that
/// lifts the cut.
void noteCutCalls(const FormulaTask& task, const encode::Encoding& enc, Result& r);
/// Does every loop of `run` stay within its bound (`bounds`, else --unwind)?
bool withinLoopBounds(const FormulaTask& task, const exec::RunResult& run,
                      const std::unordered_map<ir::StmtId, unsigned>& bounds);

}  // namespace culprit::localize

// Feasibility replay, shared by every technique that reports angelic values: run the failing
// test again in the interpreter with the diagnosis's instances forced to their angelic values
// (branch instances hijacked to their angelic direction), and judge the run with the test's own
// oracle. A diagnosis is feasible iff that run passes; nothing else may call it feasible.
#pragma once

#include "localize/technique.h"
#include "testing/runner.h"

#include <map>
#include <vector>

namespace culprit::localize {

/// The interpreter hooks that force `angelic`.
exec::FixedHooks angelicHooks(const std::vector<AngelicValue>& angelic);

/// `result` (a run of `test`) passes under `oracle`; `run` gives the entry function and step
/// limit the oracle's own runs use.
bool passes(const ir::Program& program, const testing::TestCase& test, exec::RunResult result,
            const testing::Oracle& oracle, const exec::RunOptions& run);

/// Replays `test` on `program` with `angelic` forced; Feasible iff testing::judge passes it
/// under `oracle`. `run` gives the entry function and step limit (its observer is replaced).
Feasibility replay(const ir::Program& program, const testing::TestCase& test,
                   const std::vector<AngelicValue>& angelic, const testing::Oracle& oracle,
                   const exec::RunOptions& run);

/// The replay of suite test `test` (an index into problem.suite->tests) with `angelic` forced
/// passes the problem's oracle (in-code assertions only without one).
bool replayPasses(const Problem& problem, std::size_t test,
                  const std::vector<AngelicValue>& angelic);

/// What each statement instance produced in `run` (a traced run): its value, or a branch's
/// decision.
std::map<exec::InstanceKey, std::int64_t> producedValues(const exec::RunResult& run);

/// Sets AngelicValue::original of every angelic value of `diagnoses` to what the instance
/// produced in `failing` (a traced run of the failing test).
void recordOriginals(std::vector<Diagnosis>& diagnoses, const exec::RunResult& failing);

/// `run` for a traced run: with its trace, without coverage, steered by `observer` (nullptr:
/// none).
exec::RunOptions tracedOptions(const exec::RunOptions& run, exec::Observer* observer = nullptr);

/// The replay of `test` with `angelic` forced, as a run (with a trace when `run.trace`).
exec::RunResult tracedReplay(const ir::Program& program, const testing::TestCase& test,
                             const std::vector<AngelicValue>& angelic, const exec::RunOptions& run);

/// Replays each failing test's share of every diagnosis of several tests (Diagnosis::perTest)
/// on its own test, records each verdict and what each test's failing run produced, and sets
/// each diagnosis's verdict: feasible when every test's replay passes.
void replayPerTest(std::vector<Diagnosis>& diagnoses, const ir::Program& program,
                   const testing::TestSuite& suite, const testing::Oracle& oracle,
                   const exec::RunOptions& run);

/// Replays every diagnosis of `diagnoses` and records the verdict in it.
void replayAll(std::vector<Diagnosis>& diagnoses, const ir::Program& program,
               const testing::TestCase& test, const testing::Oracle& oracle,
               const exec::RunOptions& run);

}  // namespace culprit::localize

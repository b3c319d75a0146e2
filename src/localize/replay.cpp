// Feasibility replay: see replay.h.
//
// Instance keys are (statement, occurrence) in the original run's numbering. When a forced
// branch sends the replay down another path, later occurrences of a statement may number
// different executions than in the model; the replay still applies the values by number, which
// is what "the diagnosis, replayed concretely" means for a path the formula did not encode.
#include "localize/replay.h"

#include <map>

namespace culprit::localize {

exec::FixedHooks angelicHooks(const std::vector<AngelicValue>& angelic) {
  exec::FixedHooks hooks;
  for (const AngelicValue& a : angelic) {
    const exec::InstanceKey key{a.stmt, a.occurrence};
    if (a.branch)
      hooks.hijacks[key] = static_cast<std::int32_t>(a.value);
    else
      hooks.overrides[key] = a.value;
  }
  return hooks;
}

bool passes(const ir::Program& program, const testing::TestCase& test, exec::RunResult result,
            const testing::Oracle& oracle, const exec::RunOptions& run) {
  exec::RunOptions judged = run;
  judged.observer = nullptr;
  return testing::judge(program, test, std::move(result), oracle, judged).outcome ==
         testing::Outcome::Pass;
}

Feasibility replay(const ir::Program& program, const testing::TestCase& test,
                   const std::vector<AngelicValue>& angelic, const testing::Oracle& oracle,
                   const exec::RunOptions& run) {
  exec::RunOptions options = run;
  options.trace = false;
  options.coverage = false;
  return passes(program, test, tracedReplay(program, test, angelic, options), oracle, run)
             ? Feasibility::Feasible
             : Feasibility::Infeasible;
}

bool replayPasses(const Problem& problem, std::size_t test,
                  const std::vector<AngelicValue>& angelic) {
  const testing::Oracle assertionsOnly;
  return replay(*problem.program, problem.suite->tests.at(test), angelic,
                problem.oracle ? *problem.oracle : assertionsOnly,
                problem.runOptions) == Feasibility::Feasible;
}

exec::RunResult tracedReplay(const ir::Program& program, const testing::TestCase& test,
                             const std::vector<AngelicValue>& angelic,
                             const exec::RunOptions& run) {
  exec::FixedHooks hooks = angelicHooks(angelic);
  exec::RunOptions options = run;
  options.observer = &hooks;
  return exec::run(program, test.input, options);
}

void replayAll(std::vector<Diagnosis>& diagnoses, const ir::Program& program,
               const testing::TestCase& test, const testing::Oracle& oracle,
               const exec::RunOptions& run) {
  for (Diagnosis& d : diagnoses)
    d.feasible = replay(program, test, d.angelic, oracle, run);
}

std::map<exec::InstanceKey, std::int64_t> producedValues(const exec::RunResult& run) {
  std::map<exec::InstanceKey, std::int64_t> out;
  for (const exec::TraceEntry& t : run.trace)
    if (t.hasValue)
      out[t.key] = t.value;
    else if (t.decision >= 0)
      out[t.key] = t.decision;
  return out;
}

void recordOriginals(std::vector<Diagnosis>& diagnoses, const exec::RunResult& failing) {
  const std::map<exec::InstanceKey, std::int64_t> produced = producedValues(failing);
  for (Diagnosis& d : diagnoses)
    for (AngelicValue& a : d.angelic)
      if (auto it = produced.find({a.stmt, a.occurrence}); it != produced.end())
        a.original = it->second;
}

exec::RunOptions tracedOptions(const exec::RunOptions& run, exec::Observer* observer) {
  exec::RunOptions traced = run;
  traced.trace = true;
  traced.coverage = false;
  traced.observer = observer;
  return traced;
}

void replayPerTest(std::vector<Diagnosis>& diagnoses, const ir::Program& program,
                   const testing::TestSuite& suite, const testing::Oracle& oracle,
                   const exec::RunOptions& run) {
  const exec::RunOptions traced = tracedOptions(run);
  std::map<std::size_t, exec::RunResult> failing;  // each test's run, traced once
  for (Diagnosis& d : diagnoses) {
    if (d.perTest.empty()) continue;
    bool all = true, any = false;
    for (TestAngelic& t : d.perTest) {
      const testing::TestCase& test = suite.tests.at(t.test);
      t.feasible = replay(program, test, t.angelic, oracle, run);
      all = all && t.feasible == Feasibility::Feasible;
      any = any || t.feasible == Feasibility::Infeasible;
      auto it = failing.find(t.test);
      if (it == failing.end())
        it = failing.emplace(t.test, exec::run(program, test.input, traced)).first;
      std::vector<Diagnosis> one(1);
      one[0].angelic = std::move(t.angelic);
      recordOriginals(one, it->second);
      t.angelic = std::move(one[0].angelic);
    }
    d.feasible = all ? Feasibility::Feasible : any ? Feasibility::Infeasible : d.feasible;
  }
}

}  // namespace culprit::localize

// The session entry point: see session.h.
#include "localize/session.h"

#include "ir/error.h"
#include "localize/bmc.h"
#include "localize/phases.h"
#include "localize/replay.h"
#include "localize/task.h"

#include <algorithm>

namespace culprit::localize {
namespace {

bool hasAssertions(const ir::Program& program) {
  return std::any_of(program.stmts.begin(), program.stmts.end(),
                     [](const ir::Stmt* s) { return s->role == ir::StmtRole::Assert; });
}

/// No failing test given: searches a violating input with bounded model checking, confirms it
/// by concrete replay and makes it the suite's only test.
Counterexample findCounterexample(SessionRequest& q) {
  BmcOptions bo;
  bo.unwind = q.options.unwind;
  bo.entry = q.suiteOptions.run.entry;
  bo.timeoutSeconds = q.options.timeoutSeconds;
  bo.ints = resolveInts(q.options.ints, *q.program);
  BmcResult r = findViolation(*q.program, bo);
  using V = BmcResult::Verdict;
  if (r.verdict == V::NoViolation && r.preconditionUnsatisfiable)
    throw UserError("no input satisfies the assumptions (__VERIFIER_assume) within --unwind " +
                        std::to_string(bo.unwind) + ": the precondition is unsatisfiable",
                    q.programPath, 0, 0, kExitNoFailure);
  if (r.verdict == V::NoViolation)
    throw UserError(r.boundSufficient
                        ? "no input violates an assertion: nothing to localize"
                        : "no assertion violation within --unwind " + std::to_string(bo.unwind) +
                              " (the bound is too small to be sure)",
                    q.programPath, 0, 0, kExitNoFailure);
  if (r.verdict == V::Unknown)
    throw UserError("counterexample search gave up: " + r.reason, q.programPath, 0, 0,
                    kExitNoFailure);
  if (!r.confirmed)
    throw UserError("counterexample " + r.testLine + " did not replay: " + r.reason, q.programPath,
                    0, 0, kExitInternal);
  testing::TestCase t;
  t.index = 1;
  t.text = r.testLine;
  t.input = r.input;
  q.suite->path = "(counterexample)";
  q.suite->tests.push_back(t);
  q.suiteOptions.run.nondetUninitialised = true;  // as the counterexample was found
  return {r.testLine, bo.unwind, r.ms,
          r.replay.message.empty() ? exec::verdictName(r.replay.verdict) : r.replay.message};
}

/// The failing run of every per-test result and the replays of its first `shown` diagnoses.
std::vector<ReplayedRuns> replayedRuns(const SessionRequest& q, const LocalizeReport& outcome,
                                       const exec::RunOptions& run) {
  std::vector<ReplayedRuns> runs;
  exec::RunOptions traced = run;
  traced.trace = true;
  for (std::size_t i = 0; i < outcome.perTest.size(); ++i) {
    const TestRun& t = outcome.perTest[i];
    const testing::TestCase& test = q.suite->tests[t.test];
    ReplayedRuns r;
    r.test = t.test;
    r.run = i;
    r.failing = tracedReplay(*q.program, test, {}, traced);  // nothing forced
    // A must set is not a fix: it has no angelic values, so no replay differs from the run.
    const std::size_t count =
        q.technique->kind == TechniqueKind::MustSet ? 0 : t.result.diagnoses.size();
    const std::size_t shown = q.shownReplays ? std::min(q.shownReplays, count) : count;
    for (std::size_t d = 0; d < shown; ++d)
      r.angelic.push_back(tracedReplay(*q.program, test, t.result.diagnoses[d].angelic, traced));
    runs.push_back(std::move(r));
  }
  return runs;
}

}  // namespace

Problem makeProblem(const ir::Program& program, const testing::TestSuite& suite,
                    const testing::SuiteResult& results, const testing::CoverageMatrix& coverage,
                    const testing::Oracle& oracle, const exec::RunOptions& run,
                    const FormulaOptions& options) {
  Problem p;
  p.program = &program;
  p.suite = &suite;
  p.results = &results;
  p.coverage = &coverage;
  p.options = options;
  p.oracle = &oracle;
  p.runOptions = run;
  p.runOptions.coverage = false;
  return p;
}

SessionResult runSession(SessionRequest& q) {
  const TechniqueInfo& technique = *q.technique;
  if (technique.needsSpecification && !q.oracle->golden && q.oracle->expectedDir.empty() &&
      !hasAssertions(*q.program))
    throw UserError("no specification: " + technique.name +
                        " needs assertions in the program, --golden or --expected",
                    q.programPath, 0, 0, kExitBadInput);
  SessionResult s;
  if (q.suite->tests.empty()) s.counterexample = findCounterexample(q);
  {
    const PhaseTimer phase("suite");
    s.results = testing::runSuite(*q.program, *q.suite, *q.oracle, q.suiteOptions);
    s.coverage = testing::coverageMatrix(s.results, q.program->stmts.size());
  }
  if (s.coverage.totalFailing() == 0)
    throw UserError("no test fails: nothing to localize", q.testsPath, 0, 0, kExitNoFailure);
  const Problem problem = makeProblem(*q.program, *q.suite, s.results, s.coverage, *q.oracle,
                                      q.suiteOptions.run, q.options);
  s.outcome = localizeAll(technique, problem, q.onlyTests, q.progress);
  if (!s.outcome.suite && s.outcome.perTest.empty())
    throw UserError("none of the selected tests fails", q.testsPath, 0, 0, kExitNoFailure);
  if (q.traceRuns) s.runs = replayedRuns(q, s.outcome, problem.runOptions);
  return s;
}

}  // namespace culprit::localize

// The driver: see driver.h.
#include "localize/driver.h"

#include "localize/phases.h"
#include "localize/replay.h"
#include "localize/solving.h"
#include "localize/task.h"
#include "solve/query_cuts.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <optional>
#include <sstream>

namespace culprit::localize {
namespace {

/// Every counter `technique` declares, in its order (0 where the run set none), then any it
/// set without declaring.
void declareCounters(const TechniqueInfo& technique, Stats& stats) {
  std::deque<Counter> ordered;
  for (const CounterSpec& c : technique.counters)
    ordered.push_back({c.name, stats.counter(c.name)});
  for (const Counter& c : stats.counters)
    if (std::none_of(ordered.begin(), ordered.end(),
                     [&](const Counter& o) { return o.name == c.name; }))
      ordered.push_back(c);
  stats.counters = std::move(ordered);
}

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

/// The technique's run on `problem` with its diagnoses replayed, not yet ranked.
Result runReplayed(const TechniqueInfo& technique, const Problem& problem) {
  const auto start = std::chrono::steady_clock::now();
  solve::takeQueryCuts();  // the run's own only
  Result r = [&] {
    const solve::QueryPurpose purpose("solving");
    return technique.run(problem);
  }();
  noteQueryCuts(r, problem.options);
  declareCounters(technique, r.stats);
  // A must set is not a fix: there is nothing to replay.
  if (technique.perFailingTest() && technique.kind != TechniqueKind::MustSet &&
      !r.diagnoses.empty()) {
    const PhaseTimer phase("replay");
    const testing::TestCase& test =
        problem.suite->tests.at(static_cast<std::size_t>(problem.failingTest));
    const testing::Oracle assertionsOnly;
    replayAll(r.diagnoses, *problem.program, test,
              problem.oracle ? *problem.oracle : assertionsOnly, problem.runOptions);
    recordOriginals(r.diagnoses,
                    exec::run(*problem.program, test.input, tracedOptions(problem.runOptions)));
  }
  // A diagnosis of several failing tests at once: each test's share on its own test.
  if (!technique.perFailingTest() && technique.kind == TechniqueKind::Diagnoses) {
    const testing::Oracle assertionsOnly;
    replayPerTest(r.diagnoses, *problem.program, *problem.suite,
                  problem.oracle ? *problem.oracle : assertionsOnly, problem.runOptions);
  }
  r.totalMs = r.stats.totalMs = msSince(start);
  return r;
}

bool ranks(const TechniqueInfo& technique, const Problem& problem) {
  return technique.kind == TechniqueKind::Diagnoses &&
         problem.options.order == FormulaOptions::Order::Evidence;
}

/// Orders `r` (of problem.failingTest; of every failing test for a suite-scope technique) by
/// evidence; its time joins the run's.
void rankResult(DiagnosisRanker& ranker, const Problem& problem, Result& r) {
  std::optional<double> left;  // the rest of --timeout: ranking joins the run's time
  if (problem.options.timeoutSeconds > 0) left = problem.options.timeoutSeconds - r.totalMs / 1000;
  solve::takeQueryCuts();
  {
    const solve::QueryPurpose purpose("ranking");
    ranker.rank(r, problem.failingTest < 0 ? 0 : static_cast<std::size_t>(problem.failingTest),
                left);
  }
  noteQueryCuts(r, problem.options);
  r.totalMs = r.stats.totalMs = r.totalMs + r.stats.rankMs;
}

/// --total-timeout: the seconds left of the whole run's budget (none without one).
std::optional<double> budgetLeft(const FormulaOptions& o,
                                 std::chrono::steady_clock::time_point start) {
  if (o.totalTimeoutSeconds <= 0) return std::nullopt;
  return o.totalTimeoutSeconds - msSince(start) / 1000;
}

/// The next test's budget: what is left of the run's, at most --timeout (0: none).
double perTestTimeout(const FormulaOptions& o, double left) {
  return o.timeoutSeconds > 0 ? std::min(o.timeoutSeconds, left) : left;
}

/// The result of a failing test the whole-run budget left no time for.
Result budgetUsedUp(const TechniqueInfo& technique, const FormulaOptions& o) {
  Result r;
  r.technique = technique.name;
  std::ostringstream seconds;
  seconds << o.totalTimeoutSeconds;
  addNote(r, "not run: the whole-run budget of " + seconds.str() +
                 " s (--total-timeout) was used up by the tests before it (a larger "
                 "--total-timeout, or 0 for none, lifts it)");
  return r;
}

}  // namespace

Result runTechnique(const TechniqueInfo& technique, const Problem& problem,
                    DiagnosisRanker* ranker) {
  Result r = runReplayed(technique, problem);
  if (ranks(technique, problem) && !r.diagnoses.empty()) {
    std::optional<DiagnosisRanker> own;
    rankResult(ranker ? *ranker : own.emplace(problem), problem, r);
  }
  return r;
}

bool LocalizeReport::complete() const {
  if (suite && !suite->complete) return false;
  return std::all_of(perTest.begin(), perTest.end(),
                     [](const TestRun& t) { return t.result.complete; });
}

LocalizeReport localizeAll(const TechniqueInfo& technique, const Problem& base,
                           const std::vector<int>& onlyTests, const ProgressFn& progress) {
  LocalizeReport report;
  if (!technique.perFailingTest()) {
    Problem problem = base;
    if (base.options.totalTimeoutSeconds > 0)
      problem.options.timeoutSeconds =
          perTestTimeout(base.options, base.options.totalTimeoutSeconds);
    report.suite = runTechnique(technique, problem);
    return report;
  }
  std::vector<std::size_t> chosen;
  for (std::size_t i = 0; i < base.results->results.size(); ++i) {
    const testing::TestResult& t = base.results->results[i];
    if (t.failing() && (onlyTests.empty() ||
                        std::find(onlyTests.begin(), onlyTests.end(), t.index) != onlyTests.end()))
      chosen.push_back(i);
  }
  Problem problem = base;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i : chosen) {
    if (progress) progress(report.perTest.size(), chosen.size());
    problem.failingTest = static_cast<int>(i);
    const std::optional<double> left = budgetLeft(base.options, start);
    if (left && *left <= 0) {
      report.perTest.push_back({i, budgetUsedUp(technique, base.options)});
      continue;
    }
    if (left) problem.options.timeoutSeconds = perTestTimeout(base.options, *left);
    Result r = runReplayed(technique, problem);
    if (left && problem.options.timeoutSeconds < base.options.timeoutSeconds && !r.complete) {
      std::ostringstream seconds;
      seconds << std::setprecision(3) << problem.options.timeoutSeconds << " s left of the "
              << base.options.totalTimeoutSeconds << " s";
      addNote(r, "this test had only the " + seconds.str() + " of the whole run (--total-timeout)");
    }
    report.perTest.push_back({i, std::move(r)});
  }
  // Ranked once every test is explained (the other tests' formulas are built once for every
  // result, and the ranking's solver work cannot steer a later run's enumeration).
  if (ranks(technique, base)) {
    DiagnosisRanker ranker(base);
    for (TestRun& t : report.perTest) {
      problem.failingTest = static_cast<int>(t.test);
      if (!t.result.diagnoses.empty()) rankResult(ranker, problem, t.result);
    }
  }
  if (progress) progress(chosen.size(), chosen.size());
  if (technique.kind == TechniqueKind::Diagnoses) {
    std::vector<const Result*> results;
    for (const TestRun& t : report.perTest)
      results.push_back(&t.result);
    report.ranking = programRanking(results);
  }
  if (report.perTest.size() > 1) {
    std::vector<Result> results;
    for (const TestRun& t : report.perTest)
      results.push_back(t.result);
    report.aggregate = aggregate(results);
  }
  return report;
}

}  // namespace culprit::localize

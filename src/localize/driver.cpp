// The driver: see driver.h.
#include "localize/driver.h"

#include "localize/replay.h"

#include <algorithm>
#include <chrono>

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

}  // namespace

Result runTechnique(const TechniqueInfo& technique, const Problem& problem) {
  const auto start = std::chrono::steady_clock::now();
  Result r = technique.run(problem);
  declareCounters(technique, r.stats);
  // A must set is not a fix: there is nothing to replay.
  if (technique.perFailingTest() && technique.kind != TechniqueKind::MustSet &&
      !r.diagnoses.empty()) {
    const testing::TestCase& test =
        problem.suite->tests.at(static_cast<std::size_t>(problem.failingTest));
    const testing::Oracle assertionsOnly;
    replayAll(r.diagnoses, *problem.program, test,
              problem.oracle ? *problem.oracle : assertionsOnly, problem.runOptions);
    exec::RunOptions traced = problem.runOptions;
    traced.trace = true;
    traced.coverage = false;
    traced.observer = nullptr;
    recordOriginals(r.diagnoses, exec::run(*problem.program, test.input, traced));
  }
  r.totalMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  r.stats.totalMs = r.totalMs;
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
    report.suite = runTechnique(technique, base);
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
  for (std::size_t i : chosen) {
    if (progress) progress(report.perTest.size(), chosen.size());
    problem.failingTest = static_cast<int>(i);
    report.perTest.push_back({i, runTechnique(technique, problem)});
  }
  if (progress) progress(chosen.size(), chosen.size());
  if (report.perTest.size() > 1) {
    std::vector<Result> results;
    for (const TestRun& t : report.perTest)
      results.push_back(t.result);
    report.aggregate = aggregate(results);
  }
  return report;
}

}  // namespace culprit::localize

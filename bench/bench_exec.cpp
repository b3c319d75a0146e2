// Speed of the foundation: parsing and lowering the ~200-line Siemens-style subject, and
// interpreting it over its whole test universe with coverage on (issue targets: < 0.5 s and
// < 1 s on a 2-core machine). Run with `make bench` or build/bench/bench_exec.
#include "frontend/frontend.h"
#include "testing/runner.h"
#include "testing/testcase.h"

#include <benchmark/benchmark.h>

namespace {

const std::string kDir = CULPRIT_SOURCE_DIR "/bench/siemens/";

void BM_ParseAndLower(benchmark::State& state) {
  for (auto _ : state) {
    auto program = culprit::frontend::parseFile(kDir + "golden.c");
    benchmark::DoNotOptimize(program->stmts.size());
  }
}
BENCHMARK(BM_ParseAndLower)->Unit(benchmark::kMillisecond);

void BM_SuiteWithCoverage(benchmark::State& state) {
  auto program = culprit::frontend::parseFile(kDir + "v01.c");
  auto golden = culprit::frontend::parseFile(kDir + "golden.c");
  auto suite = culprit::testing::loadTests(kDir + "tests.txt");
  culprit::testing::Oracle oracle;
  oracle.golden = state.range(0) ? golden.get() : nullptr;
  culprit::testing::SuiteOptions options;
  options.run.coverage = true;
  for (auto _ : state) {
    auto result = culprit::testing::runSuite(*program, suite, oracle, options);
    benchmark::DoNotOptimize(result.passed);
  }
  state.counters["tests"] = static_cast<double>(suite.tests.size());
}
BENCHMARK(BM_SuiteWithCoverage)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

// Measurement tool (not a unit test): runs a formula technique on every failing test of the
// Siemens-style subject's versions (bench/siemens/suite.json) and reports, per version and
// overall, how often some diagnosis contains a faulty line, how often some diagnosis consists
// of faulty lines only, feasibility, and time per (version, failing test).
//
//   siemens_formula [--technique pf|fs|fi] [--versions v01,v02] [--max-tests N]
//                   [--max-size K] [--unwind U] [--weights ochiai] [--granularity instance]
//                   [--ints math] [--hard-inputs 0|1 (default 1)] [--timeout S]
// Times per (version, failing test): wall clock (Result::totalMs) and this process's CPU time
// (std::clock; z3 runs single-threaded here), the fair measure on a shared machine.
#include "bench/manifest.h"
#include "frontend/frontend.h"
#include "localize/driver.h"
#include "testing/testcase.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <set>
#include <string>
#include <vector>

using namespace culprit;

namespace {

struct Args {
  std::string technique = "pf";
  std::set<std::string> versions;
  std::size_t maxTests = 0;
  bool hardInputs = true;
  localize::FormulaOptions options;
};

Args parseArgs(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--technique")
      a.technique = v;
    else if (k == "--max-tests")
      a.maxTests = std::stoul(v);
    else if (k == "--max-size")
      a.options.maxSize = static_cast<unsigned>(std::stoul(v));
    else if (k == "--unwind")
      a.options.unwind = static_cast<unsigned>(std::stoul(v));
    else if (k == "--weights")
      a.options.weights = v;
    else if (k == "--ints" && v == "math")
      a.options.ints = localize::FormulaOptions::Ints::Math;
    else if (k == "--hard-inputs")
      a.hardInputs = v == "1";
    else if (k == "--timeout")
      a.options.timeoutSeconds = std::stod(v);
    else if (k == "--granularity" && v == "instance")
      a.options.granularity = localize::FormulaOptions::Granularity::Instance;
    else if (k == "--versions") {
      for (std::size_t p = 0; p < v.size();) {
        std::size_t q = v.find(',', p);
        if (q == std::string::npos) q = v.size();
        a.versions.insert("siemens-" + v.substr(p, q - p));
        p = q + 1;
      }
    }
  }
  return a;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

struct Totals {
  std::size_t runs = 0, contains = 0, exact = 0, exactFeasible = 0, diagnoses = 0, feasible = 0,
              incomplete = 0;
  std::vector<double> ms, cpu;  ///< wall-clock and CPU time per run
};

}  // namespace

int main(int argc, char** argv) {
  const Args args = parseArgs(argc, argv);
  const localize::TechniqueInfo* technique = localize::findTechnique(args.technique);
  if (!technique || !technique->perFailingTest()) {
    std::fprintf(stderr, "siemens_formula: no per-test technique '%s'\n", args.technique.c_str());
    return 2;
  }
  const bench::Manifest m =
      bench::loadManifest(std::string(CULPRIT_SOURCE_DIR) + "/bench/siemens/suite.json");
  Totals all;
  for (const bench::Subject& s : m.subjects) {
    if (!args.versions.empty() && !args.versions.count(s.name)) continue;
    auto program = frontend::parseFile(s.program);
    auto golden = frontend::parseFile(s.golden);
    const testing::TestSuite suite = testing::loadTests(s.tests);
    testing::Oracle oracle;
    oracle.golden = golden.get();
    testing::SuiteOptions so;
    so.run.coverage = true;
    const testing::SuiteResult results = testing::runSuite(*program, suite, oracle, so);
    const testing::CoverageMatrix coverage =
        testing::coverageMatrix(results, program->stmts.size());
    std::vector<std::size_t> failing;
    for (std::size_t i = 0; i < results.results.size(); ++i)
      if (results.results[i].failing()) failing.push_back(i);
    std::vector<std::size_t> chosen = failing;
    if (args.maxTests && failing.size() > args.maxTests) {
      chosen.clear();
      for (std::size_t k = 0; k < args.maxTests; ++k)
        chosen.push_back(failing[k * failing.size() / args.maxTests]);
    }
    const std::set<unsigned> faulty(s.faultyLines.begin(), s.faultyLines.end());
    Totals t;
    for (std::size_t i : chosen) {
      localize::Problem problem;
      problem.program = program.get();
      problem.suite = &suite;
      problem.results = &results;
      problem.failingTest = static_cast<int>(i);
      problem.oracle = &oracle;
      problem.coverage = &coverage;
      problem.options = args.options;
      problem.options.suspectInputs = !args.hardInputs;
      const std::clock_t cpu0 = std::clock();
      const localize::Result r = localize::runTechnique(*technique, problem);
      const double cpuMs = 1000.0 * static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
      bool contains = false, exact = false, exactFeasible = false;
      for (const localize::Diagnosis& d : r.diagnoses) {
        bool any = false, allFaulty = true;
        for (const localize::Location& l : d.locations) {
          any = any || faulty.count(l.line);
          allFaulty = allFaulty && faulty.count(l.line);
        }
        contains = contains || any;
        exact = exact || allFaulty;
        exactFeasible =
            exactFeasible || (allFaulty && d.feasible == localize::Feasibility::Feasible);
        t.feasible += d.feasible == localize::Feasibility::Feasible;
      }
      ++t.runs;
      t.contains += contains;
      t.exact += exact;
      t.exactFeasible += exactFeasible;
      t.diagnoses += r.diagnoses.size();
      t.incomplete += !r.complete && r.incompleteReason.find("size bound") == std::string::npos;
      t.ms.push_back(r.totalMs);
      t.cpu.push_back(cpuMs);
      if (std::getenv("VERBOSE") || (!contains && std::getenv("MISSES")))
        std::printf("  %s test %d: %zu diagnoses, contains=%d exact=%d %.0f ms cpu %.0f ms "
                    "(solver %.0f ms, %zu queries, soft %zu hard %zu) %s\n",
                    s.name.c_str(), suite.tests[i].index, r.diagnoses.size(), contains, exact,
                    r.totalMs, cpuMs, r.stats.solverMs, r.stats.queries, r.stats.soft, r.stats.hard,
                    r.incompleteReason.c_str());
    }
    std::printf("%-12s failing %4zu run %3zu contains %3zu exact %3zu exact+feasible %3zu "
                "diag/run %5.1f feasible %5.1f%% wall p50 %6.0f ms p90 %6.0f ms max %6.0f ms, "
                "cpu p50 %6.0f ms p90 %6.0f ms\n",
                s.name.c_str(), failing.size(), t.runs, t.contains, t.exact, t.exactFeasible,
                t.runs ? double(t.diagnoses) / double(t.runs) : 0.0,
                t.diagnoses ? 100.0 * double(t.feasible) / double(t.diagnoses) : 0.0,
                percentile(t.ms, 0.5), percentile(t.ms, 0.9), percentile(t.ms, 1.0),
                percentile(t.cpu, 0.5), percentile(t.cpu, 0.9));
    std::fflush(stdout);
    all.runs += t.runs;
    all.contains += t.contains;
    all.exact += t.exact;
    all.exactFeasible += t.exactFeasible;
    all.diagnoses += t.diagnoses;
    all.feasible += t.feasible;
    all.incomplete += t.incomplete;
    all.ms.insert(all.ms.end(), t.ms.begin(), t.ms.end());
    all.cpu.insert(all.cpu.end(), t.cpu.begin(), t.cpu.end());
  }
  std::printf("ALL %s: runs %zu contains %zu (%.1f%%) exact %zu (%.1f%%) exact+feasible %zu "
              "diag/run %.1f feasible %.1f%% incomplete(other than size) %zu wall p50 %.0f ms p90 "
              "%.0f ms max %.0f ms, cpu p50 %.0f ms p90 %.0f ms max %.0f ms\n",
              args.technique.c_str(), all.runs, all.contains,
              all.runs ? 100.0 * double(all.contains) / double(all.runs) : 0.0, all.exact,
              all.runs ? 100.0 * double(all.exact) / double(all.runs) : 0.0, all.exactFeasible,
              all.runs ? double(all.diagnoses) / double(all.runs) : 0.0,
              all.diagnoses ? 100.0 * double(all.feasible) / double(all.diagnoses) : 0.0,
              all.incomplete, percentile(all.ms, 0.5), percentile(all.ms, 0.9),
              percentile(all.ms, 1.0), percentile(all.cpu, 0.5), percentile(all.cpu, 0.9),
              percentile(all.cpu, 1.0));
  return 0;
}

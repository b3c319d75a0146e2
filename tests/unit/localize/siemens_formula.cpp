// Measurement tool (not a unit test): runs a formula technique (a variant, as culprit bench
// takes them: agx, pf:max-size=2) on every failing test of the Siemens-style subject's versions
// (bench/siemens/suite.json), through the driver (diagnoses replayed), and reports per version
// and overall: runs where some diagnosis reaches a faulty line, where one consists of faulty
// lines only (and is feasible), diagnoses per run, feasibility, and times. With --compare R it
// also runs reference technique R on the same tests and checks that both report the same set of
// diagnoses (as sets of statements) wherever both enumerations ended complete or at the size
// bound; each mismatch is printed with both sides' extra diagnoses.
//
//   siemens_formula --technique agx [--compare pf] [--versions v01,v02] [--max-tests N]
//                   [--timeout S] [--verbose 1]
// Times per (version, failing test): wall clock of the run (Result::totalMs) and this process's
// CPU time (std::clock; z3 runs single-threaded here), the fair measure on a shared machine.
#include "bench/manifest.h"
#include "bench/metrics.h"
#include "frontend/frontend.h"
#include "localize/driver.h"
#include "testing/testcase.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <set>
#include <string>
#include <vector>

using namespace culprit;

namespace {

struct Args {
  std::string technique = "pf", compare;
  std::set<std::string> versions;
  std::size_t maxTests = 0;
  double timeout = 60;
  bool verbose = false;
};

Args parseArgs(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--technique") a.technique = v;
    if (k == "--compare") a.compare = v;
    if (k == "--max-tests") a.maxTests = std::stoul(v);
    if (k == "--timeout") a.timeout = std::stod(v);
    if (k == "--verbose") a.verbose = v == "1";
    if (k == "--versions")
      for (std::size_t p = 0; p < v.size();) {
        std::size_t q = std::min(v.find(',', p), v.size());
        a.versions.insert("siemens-" + v.substr(p, q - p));
        p = q + 1;
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
  std::size_t runs = 0, found = 0, exact = 0, exactFeasible = 0, diagnoses = 0, feasible = 0,
              incomplete = 0;
  std::vector<double> ms, cpu;

  void add(const Totals& t) {
    runs += t.runs, found += t.found, exact += t.exact, exactFeasible += t.exactFeasible;
    diagnoses += t.diagnoses, feasible += t.feasible, incomplete += t.incomplete;
    ms.insert(ms.end(), t.ms.begin(), t.ms.end());
    cpu.insert(cpu.end(), t.cpu.begin(), t.cpu.end());
  }
  void print(const std::string& name, const std::string& technique) const {
    std::printf("%-12s %-8s runs %4zu found %4zu exact %4zu exact+feasible %4zu diag/run %5.1f "
                "feasible %5.1f%% cut short %3zu wall p50 %6.0f p90 %6.0f max %6.0f ms, cpu p50 "
                "%6.0f p90 %6.0f ms\n",
                name.c_str(), technique.c_str(), runs, found, exact, exactFeasible,
                runs ? double(diagnoses) / double(runs) : 0.0,
                diagnoses ? 100.0 * double(feasible) / double(diagnoses) : 0.0, incomplete,
                percentile(ms, 0.5), percentile(ms, 0.9), percentile(ms, 1.0), percentile(cpu, 0.5),
                percentile(cpu, 0.9));
  }
};

/// A technique variant, run through the driver.
struct Technique {
  localize::TechniqueVariant variant;
  const localize::TechniqueInfo* info = nullptr;
  Totals totals, version;
};

/// The diagnoses of a result as sets of statements.
std::set<std::set<ir::StmtId>> statementSets(const localize::Result& r) {
  std::set<std::set<ir::StmtId>> out;
  for (const localize::Diagnosis& d : r.diagnoses) {
    std::set<ir::StmtId> s;
    for (const localize::Location& l : d.locations)
      s.insert(l.stmt);
    out.insert(s);
  }
  return out;
}

/// Complete, or cut only by the size bound: the sets of two such runs must agree.
bool comparable(const localize::Result& r) {
  return r.complete || (r.incompleteReason.rfind("MCS size bound", 0) == 0 &&
                        r.incompleteReason.find(';') == std::string::npos);
}

std::string linesOf(const ir::Program& p, const std::set<ir::StmtId>& s) {
  std::string out;
  for (ir::StmtId id : s)
    out += (out.empty() ? "{" : ",") + std::to_string(p.stmt(id).range.line);
  return out + "}";
}

localize::Result runOne(Technique& t, localize::Problem problem, const bench::GroundTruth& truth,
                        double timeout) {
  problem.options.timeoutSeconds = timeout;
  t.variant.apply(problem.options);
  const std::clock_t cpu0 = std::clock();
  localize::Result r = localize::runTechnique(*t.info, problem);
  const double cpuMs = 1000.0 * static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  std::vector<bench::DiagnosisLines> lines;
  for (const localize::Diagnosis& d : r.diagnoses) {
    bench::DiagnosisLines l{{}, d.feasible};
    for (const localize::Location& loc : d.locations)
      l.lines.push_back({loc.file, loc.line});
    lines.push_back(std::move(l));
  }
  const bench::RunMetrics m = bench::diagnosisMetrics(lines, truth);
  bool exactFeasible = false;
  for (const bench::DiagnosisLines& d : lines)
    exactFeasible =
        exactFeasible || (d.feasible == localize::Feasibility::Feasible &&
                          std::all_of(d.lines.begin(), d.lines.end(),
                                      [&](const bench::Line& l) { return truth.faulty.count(l); }));
  Totals& v = t.version;
  ++v.runs;
  v.found += m.found;
  v.exact += m.faultLocalized;
  v.exactFeasible += exactFeasible;
  v.diagnoses += r.diagnoses.size();
  v.feasible += m.feasible;
  v.incomplete += !comparable(r);
  v.ms.push_back(r.totalMs);
  v.cpu.push_back(cpuMs);
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parseArgs(argc, argv);
  std::vector<Technique> techniques;
  for (const std::string& name : {args.technique, args.compare}) {
    if (name.empty()) continue;
    Technique t;
    t.variant = localize::parseVariant(name);
    t.info = localize::findTechnique(t.variant.technique);
    if (!t.info->perFailingTest()) {
      std::fprintf(stderr, "siemens_formula: '%s' is not a per-test technique\n", name.c_str());
      return 2;
    }
    techniques.push_back(std::move(t));
  }
  const bench::Manifest m =
      bench::loadManifest(std::string(CULPRIT_SOURCE_DIR) + "/bench/siemens/suite.json");
  std::size_t compared = 0, mismatches = 0;
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
    bench::GroundTruth truth;
    for (const ir::Stmt* st : program->stmts)
      if (st && st->isExecutable()) truth.executable.insert({st->range.file, st->range.line});
    for (unsigned line : s.faultyLines)
      truth.faulty.insert({0, line});
    std::vector<std::size_t> failing;
    for (std::size_t i = 0; i < results.results.size(); ++i)
      if (results.results[i].failing()) failing.push_back(i);
    std::vector<std::size_t> chosen = failing;
    if (args.maxTests && failing.size() > args.maxTests) {
      chosen.clear();
      for (std::size_t k = 0; k < args.maxTests; ++k)
        chosen.push_back(failing[k * failing.size() / args.maxTests]);
    }
    for (Technique& t : techniques)
      t.version = {};
    for (std::size_t i : chosen) {
      localize::Problem problem;
      problem.program = program.get();
      problem.suite = &suite;
      problem.results = &results;
      problem.failingTest = static_cast<int>(i);
      problem.oracle = &oracle;
      problem.coverage = &coverage;
      std::vector<localize::Result> rs;
      for (Technique& t : techniques)
        rs.push_back(runOne(t, problem, truth, args.timeout));
      const int index = suite.tests[i].index;
      if (args.verbose)
        for (std::size_t k = 0; k < rs.size(); ++k)
          std::printf("  %s test %d %s: %zu diagnoses, %.0f ms (solver %.0f ms, %zu queries) %s\n",
                      s.name.c_str(), index, techniques[k].variant.label.c_str(),
                      rs[k].diagnoses.size(), rs[k].totalMs, rs[k].stats.solverMs,
                      rs[k].stats.queries, rs[k].incompleteReason.c_str());
      if (rs.size() < 2 || !comparable(rs[0]) || !comparable(rs[1])) continue;
      ++compared;
      const auto a = statementSets(rs[0]), b = statementSets(rs[1]);
      if (a == b) continue;
      ++mismatches;
      std::string onlyA, onlyB;
      for (const auto& d : a)
        if (!b.count(d)) onlyA += " " + linesOf(*program, d);
      for (const auto& d : b)
        if (!a.count(d)) onlyB += " " + linesOf(*program, d);
      std::printf("  MISMATCH %s test %d: only %s:%s; only %s:%s\n", s.name.c_str(), index,
                  techniques[0].variant.label.c_str(), onlyA.c_str(),
                  techniques[1].variant.label.c_str(), onlyB.c_str());
    }
    for (Technique& t : techniques) {
      t.version.print(s.name, t.variant.label);
      t.totals.add(t.version);
    }
    std::fflush(stdout);
  }
  for (Technique& t : techniques)
    t.totals.print("ALL", t.variant.label);
  if (techniques.size() == 2)
    std::printf("compared %zu runs (both complete or at the size bound): %zu mismatches\n",
                compared, mismatches);
  return 0;
}

// Helpers of the formula-technique tests: a one-test task built from C text.
#pragma once

#include "frontend/frontend.h"
#include "localize/diagnose.h"
#include "localize/replay.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace culprit::localize::test {

/// localizeWithFormula with its diagnoses replayed, as the driver does.
inline Result runReplayed(const FormulaTask& task, encode::Family family,
                          const std::string& name = "test") {
  Result r = localizeWithFormula(task, family, name);
  const testing::Oracle assertionsOnly;
  replayAll(r.diagnoses, *task.program, *task.test, task.oracle ? *task.oracle : assertionsOnly,
            task.run);
  return r;
}

/// f(n) sums the even numbers below n (the loop should run to i <= n) and asserts the sum is
/// `expected`: lines 3 `s = 0`, 4 the loop, 5 the `if`, 6 `s = s + i`.
inline std::string sumEvenProgram(int expected) {
  return R"(#include <assert.h>
int f(int n) {
  int s = 0;
  for (int i = 1; i < n; i++) {
    if (i % 2 == 0)
      s = s + i;
  }
  assert(s == )" +
         std::to_string(expected) + R"();
  return s;
}
)";
}

/// A program with one test to explain (harness entry with integer arguments, or argv).
struct OneTest {
  std::unique_ptr<ir::Program> program;
  std::unique_ptr<ir::Program> golden;
  testing::TestCase test;
  testing::Oracle oracle;
  FormulaTask task;

  OneTest(const std::string& source, const std::string& entry, std::vector<std::int64_t> args,
          std::vector<std::string> trusted = {}) {
    frontend::Options fo;
    fo.trusted = std::move(trusted);
    program = frontend::parseSource(source, "t.c", fo);
    test.index = 1;
    test.input.entryArgs = std::move(args);
    task.program = program.get();
    task.test = &test;
    task.oracle = &oracle;
    task.run.entry = entry;
  }
  void setGolden(const std::string& source) {
    golden = frontend::parseSource(source, "golden.c");
    oracle.golden = golden.get();
  }
  Result run(encode::Family family) const { return runReplayed(task, family); }
  /// Registered technique `name` on this test with `options` (no replay).
  Result runNamed(const std::string& name, const FormulaOptions& options) const {
    testing::TestSuite suite;
    suite.tests.push_back(test);
    Problem p;
    p.program = program.get();
    p.suite = &suite;
    p.failingTest = 0;
    p.options = options;
    p.oracle = &oracle;
    p.runOptions = task.run;
    return findTechnique(name)->run(p);
  }
};

using LineSet = std::set<std::uint32_t>;

/// Each diagnosis as its set of lines.
inline std::vector<LineSet> lineSets(const Result& r) {
  std::vector<LineSet> out;
  for (const Diagnosis& d : r.diagnoses) {
    LineSet s;
    for (const Location& l : d.locations)
      s.insert(l.line);
    out.push_back(s);
  }
  return out;
}

inline std::set<LineSet> asSet(const Result& r) {
  auto v = lineSets(r);
  return {v.begin(), v.end()};
}

inline Feasibility feasibilityOf(const Result& r, const LineSet& lines) {
  for (const Diagnosis& d : r.diagnoses) {
    LineSet s;
    for (const Location& l : d.locations)
      s.insert(l.line);
    if (s == lines) return d.feasible;
  }
  return Feasibility::Unchecked;
}

}  // namespace culprit::localize::test

// Loop bounds read off a run (--loop-bounds run), and pf with them.
#include "formula_test_util.h"
#include "localize/loop_bounds.h"
#include "localize/on_demand.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace culprit::localize::test {
namespace {

// Line 4: outer loop (3 bodies for n = 3); line 5: inner loop (row i runs i + 1 bodies, at
// most 3); line 8: a loop the run never reaches for n > 0; line 9: do-while (1 body).
// strlen's loop (library) is unwound to at least --unwind.
const char* kNested = R"(int f(int n) {
  int s = 0;
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      s += j;
  if (n < 0)
    while (s > 0) s--;
  do { s++; } while (s < 0);
  return s;
}
)";

ir::StmtId loopAtLine(const ir::Program& p, std::uint32_t line) {
  for (const ir::Stmt* s : p.stmts)
    if (s && s->range.line == line &&
        (s->kind == ir::StmtKind::For || s->kind == ir::StmtKind::While ||
         s->kind == ir::StmtKind::DoWhile))
      return s->id;
  ADD_FAILURE() << "no loop at line " << line;
  return ir::kNone;
}

TEST(LoopBounds, CountsBodiesPerLoopNotTests) {
  OneTest t(kNested, "f", {3});
  const exec::RunResult run = traceRun(t.task, nullptr);
  const auto ran = loopIterations(*t.program, run);
  EXPECT_EQ(ran.at(loopAtLine(*t.program, 4)), 3u);  // the 4th test ends the loop
  EXPECT_EQ(ran.at(loopAtLine(*t.program, 5)), 3u);  // its longest entry (i = 2)
  EXPECT_FALSE(ran.contains(loopAtLine(*t.program, 8)));
  EXPECT_EQ(ran.at(loopAtLine(*t.program, 9)), 1u);

  const auto bounds = runLoopBounds(*t.program, run, 2, 7);
  EXPECT_EQ(bounds.at(loopAtLine(*t.program, 4)), 5u);
  // Never reached, outermost: the run's longest loop (3 bodies) plus the slack, at most 7.
  EXPECT_EQ(bounds.at(loopAtLine(*t.program, 8)), 5u);
  EXPECT_EQ(describeLoopBounds(*t.program, bounds), "t.c:4 5, t.c:5 5, t.c:8 5, t.c:9 3");
  EXPECT_EQ(runLoopBounds(*t.program, run, 2, 4).at(loopAtLine(*t.program, 8)), 4u);
  EXPECT_EQ(runLoopBounds(*t.program, run, 6, 4).at(loopAtLine(*t.program, 8)), 6u);
  EXPECT_EQ(describeLoopBounds(*t.program, bounds, 2), "t.c:4 5, t.c:5 5, ...");
}

// f's loop at line 3 runs n / 2 bodies, the golden's at the same line n; the loop at line 5
// runs 1 body in both; g's loop at line 9 is in a function the golden names h.
const char* kHalves = R"(int g(int n);
int f(int n) { int s = 0;
  for (int i = 0; i < n / 2; i++) s++;
  int t = 0;
  while (t < 1) t++;
  return s + t + g(n);
}
int g(int n) { int u = 0;
  while (u < n / 2) u++;
  return u;
}
)";

TEST(LoopBounds, GoldenLoopsAtTheSameLineRaiseTheBound) {
  OneTest t(kHalves, "f", {8});
  std::string golden = kHalves;
  golden.replace(golden.find("i < n / 2"), 9, "i < n");
  for (std::size_t at; (at = golden.find("g(")) != std::string::npos;)
    golden.replace(at, 2, "h(");
  golden.replace(golden.find("u < n / 2"), 9, "u < n");
  t.setGolden(golden);
  const exec::RunResult run = traceRun(t.task, nullptr);
  auto bounds = runLoopBounds(*t.program, run, 2, 10);
  EXPECT_EQ(describeLoopBounds(*t.program, bounds), "t.c:3 6, t.c:5 3, t.c:9 6");
  const exec::RunResult goldenRun = exec::run(*t.golden, t.test.input, [] {
    exec::RunOptions o;
    o.entry = "f";
    o.trace = true;
    return o;
  }());
  // Line 3: the golden ran 8 bodies, 8 + 2 = 10. Line 5: 1 + 2, not above 3. Line 9: the golden's
  // loop there is in h, not g.
  EXPECT_EQ(raiseToGoldenLoops(*t.program, *t.golden, goldenRun, 2, bounds),
            std::vector<ir::StmtId>{loopAtLine(*t.program, 3)});
  EXPECT_EQ(describeLoopBounds(*t.program, bounds), "t.c:3 10, t.c:5 3, t.c:9 6");
  // pf with the golden oracle lists the raised bound in its note.
  const Result r = t.runNamed("pf", t.task.options);
  ASSERT_FALSE(r.notes.empty());
  EXPECT_NE(r.notes[0].find("loops the golden program ran more often at the same line, to its "
                            "iterations + 2"),
            std::string::npos)
      << r.notes[0];
  EXPECT_NE(r.notes[0].find("t.c:3 10,"), std::string::npos) << r.notes[0];
}

TEST(LoopBounds, LibraryLoopsKeepAtLeastTheUniformBound) {
  OneTest t(R"(#include <string.h>
int h(int n) {
  char s[8] = "ab";
  int k = 0;
  if (n > 5) k = (int)strlen(s);
  return k;
}
)",
            "h", {1});
  const exec::RunResult run = traceRun(t.task, nullptr);
  const auto bounds = runLoopBounds(*t.program, run, 1, 6);
  ASSERT_FALSE(bounds.empty());
  for (const auto& [stmt, bound] : bounds)  // only library loops: strlen's, never reached
    EXPECT_EQ(bound, 6u) << t.program->where(t.program->stmt(stmt).range);
  EXPECT_EQ(describeLoopBounds(*t.program, bounds), "");
  // Reached: strlen ran 2 bodies, 2 + 1 is below --unwind 6.
  t.test.input.entryArgs = {6};
  const exec::RunResult reached = traceRun(t.task, nullptr);
  EXPECT_FALSE(loopIterations(*t.program, reached).empty());
  for (const auto& [stmt, bound] : runLoopBounds(*t.program, reached, 1, 6))
    EXPECT_EQ(bound, 6u);
  for (const auto& [stmt, bound] : runLoopBounds(*t.program, reached, 9, 6))
    EXPECT_EQ(bound, 11u);
}

TEST(LoopBounds, PfWithRunBoundsFindsTheFaultAndSaysHowItUnwound) {
  // The inner loop runs 4 times on the failing input; a uniform --unwind 2 cannot hold the
  // run, the run's own bounds can.
  const char* faulty = R"(int g(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += 2;
  return s;
}
)";
  OneTest t(faulty, "g", {4});
  t.setGolden(R"(int g(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += 3;
  return s;
}
)");
  FormulaOptions o;
  o.unwind = 2;
  o.loopBounds = FormulaOptions::LoopBounds::Uniform;
  const Result uniform = t.runNamed("pf", o);
  EXPECT_FALSE(uniform.complete);
  EXPECT_NE(uniform.incompleteReason.find("unwinding bound 2 is below the failing run's 4 loop "
                                          "iterations (--unwind 4 or --loop-bounds run lifts it)"),
            std::string::npos)
      << uniform.incompleteReason;

  o.loopBounds = FormulaOptions::LoopBounds::Run;
  o.loopSlack = 1;
  const Result run = t.runNamed("pf", o);
  EXPECT_TRUE(run.complete) << run.incompleteReason;
  ASSERT_FALSE(run.diagnoses.empty());
  EXPECT_EQ(run.diagnoses[0].locations.at(0).line, 4u);
  ASSERT_FALSE(run.notes.empty());
  EXPECT_EQ(run.notes[0], "loops unwound to the failing run's iterations + 1; loops it never "
                          "reached to its longest loop's + 1 (at most --unwind 2), or 1 inside "
                          "another such loop (--loop-bounds run; a larger --loop-slack or "
                          "--unwind lifts them; library loops: at least --unwind 2): t.c:3 5");
}

TEST(LoopBounds, OfcAndAgxFindWhatPfFindsUnderTheSameBounds) {
  // ofc (every path an MCS takes explored) and agx converge on the program formula's MCSs;
  // with --loop-bounds run all three read the same per-loop bounds off the failing run.
  const char* faulty = R"(int f(int n) {
  int s = 0;
  for (int r = 1; r <= n; r++)
    for (int k = 1; k < r; k++)
      s += k;
  return s;
}
)";
  OneTest t(faulty, "f", {3});
  std::string golden = faulty;
  golden.replace(golden.find("k < r"), 5, "k <= r");
  t.setGolden(golden);
  FormulaOptions o;
  o.loopBounds = FormulaOptions::LoopBounds::Run;
  o.loopSlack = 1;
  o.maxSize = 2;
  auto lineSets = [](const Result& r) {
    std::set<std::vector<std::uint32_t>> out;
    for (const Diagnosis& d : r.diagnoses) {
      std::vector<std::uint32_t> lines;
      for (const Location& l : d.locations)
        lines.push_back(l.line);
      std::sort(lines.begin(), lines.end());
      out.insert(lines);
    }
    return out;
  };
  const auto pf = lineSets(t.runNamed("pf", o));
  EXPECT_TRUE(pf.contains(std::vector<std::uint32_t>{4}));  // the fault alone
  EXPECT_EQ(lineSets(t.runNamed("ofc", o)), pf);
  EXPECT_EQ(lineSets(t.runNamed("agx", o)), pf);
}

TEST(LoopBounds, ExploringRunsStopAtAMultipleOfTheFailingRunsSteps) {
  exec::RunResult failing;
  failing.steps = 40;
  EXPECT_EQ(exploringStepLimit(failing), kLeastExploringSteps);  // a short run: the floor
  failing.steps = 10'000;
  EXPECT_EQ(exploringStepLimit(failing), 640'000u);
}

}  // namespace
}  // namespace culprit::localize::test

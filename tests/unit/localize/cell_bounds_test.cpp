// Cells of large arrays read off a run (--loop-bounds run): runVarCells.
#include "formula_test_util.h"
#include "localize/cell_bounds.h"

#include <gtest/gtest.h>

namespace culprit::localize::test {
namespace {

// f(3): t (30 rows of 10 cells) is used up to t[2][2], cell 22; big up to big[3]; small has
// fewer cells than any bound; unused is never touched; init is initialised whole.
const char* kTables = R"(int f(int n) {
  int t[30][10];
  int big[300];
  int small[20];
  int unused[400];
  int init[300] = {1};
  int i;
  for (i = 0; i < n; i++) t[i][2] = i;
  big[n] = 1;
  small[0] = 0;
  return t[0][2] + big[n] + small[0] + init[0];
}
)";

ir::VarId varNamed(const ir::Program& p, const std::string& name) {
  for (ir::VarId v = 0; v < p.vars.size(); ++v)
    if (p.vars[v].name == name) return v;
  ADD_FAILURE() << "no variable " << name;
  return ir::kNone;
}

TEST(CellBounds, WholeRowsTheRunUsedPlusTheSlack) {
  OneTest t(kTables, "f", {3});
  const exec::RunResult run = traceRun(t.task, nullptr);
  const ir::Program& p = *t.program;
  EXPECT_EQ(run.varCellsUsed.at(varNamed(p, "t")), 23u);  // t[2][2] is cell 22
  EXPECT_EQ(run.varCellsUsed.at(varNamed(p, "big")), 4u);
  EXPECT_EQ(run.varCellsUsed.at(varNamed(p, "init")), 300u);
  EXPECT_FALSE(run.varCellsUsed.contains(varNamed(p, "unused")));

  const auto cells = runVarCells(p, run, 2, 256);
  EXPECT_EQ(cells.size(), 3u);
  EXPECT_EQ(cells.at(varNamed(p, "t")), 50u);          // 3 rows + 2
  EXPECT_EQ(cells.at(varNamed(p, "big")), 6u);         // 4 cells + 2
  EXPECT_EQ(cells.at(varNamed(p, "unused")), 2u);      // the slack alone
  EXPECT_FALSE(cells.contains(varNamed(p, "small")));  // expanded whole anyway
  EXPECT_FALSE(cells.contains(varNamed(p, "init")));   // 302 is no bound of 300
  EXPECT_EQ(describeVarCells(p, cells),
            "t (t.c:2) 50 of 300 cells, big (t.c:3) 6 of 300 cells, unused (t.c:5) 2 of 400 "
            "cells");

  // A slack of 0 still models one row past the run's; a bound above arrayCells is none.
  EXPECT_EQ(runVarCells(p, run, 0, 256).at(varNamed(p, "t")), 40u);
  const auto few = runVarCells(p, run, 2, 40);
  EXPECT_FALSE(few.contains(varNamed(p, "t")));
  EXPECT_EQ(few.at(varNamed(p, "big")), 6u);
}

// f(3) fills t[0..2][2] and checks t[2][2] + 1 == 4: line 6 should add 2 (s = 4 passes).
const char* kFault = R"(#include <assert.h>
int f(int n) {
  int t[30][10];
  int i;
  for (i = 0; i < n; i++) t[i][2] = i;
  int s = t[n - 1][2] + 1;
  assert(s == n + 1);
  return s;
}
)";

TEST(CellBounds, ProgramFormulaOfABoundedTableExplainsTheRun) {
  // The run's path stays inside the 50 cells modelled of t, so the formula agrees with it and
  // pf relaxes line 6 (s = 4) as on the whole table.
  OneTest t(kFault, "f", {3});
  const Result r = t.run(encode::Family::Program);
  EXPECT_TRUE(r.complete) << r.incompleteReason;
  EXPECT_TRUE(asSet(r).contains(LineSet{6}));
  EXPECT_EQ(feasibilityOf(r, LineSet{6}), Feasibility::Feasible);
  bool noted = false;
  for (const std::string& n : r.notes)
    noted = noted || n.find(": t (t.c:3) 50 of 300 cells") != std::string::npos;
  EXPECT_TRUE(noted);
}

}  // namespace
}  // namespace culprit::localize::test

// The time fallback of pf, agx and ofc: the first-MCS budget (the program formula's share of
// --timeout), its report note, and when a result falls back on the trace formula.
#include "localize/diagnose.h"

#include <gtest/gtest.h>

namespace culprit::localize {
namespace {

FormulaOptions withTimeout(double seconds) {
  FormulaOptions o;
  o.timeoutSeconds = seconds;
  return o;
}

TEST(FirstMcsBudget, IsSixtyPercentOfTheTimeoutFromOneSecond) {
  EXPECT_DOUBLE_EQ(firstMcsBudgetSeconds(30), 18);
  EXPECT_DOUBLE_EQ(firstMcsBudgetSeconds(10), 6);
  EXPECT_DOUBLE_EQ(firstMcsBudgetSeconds(1), 0.6);
  // No split below a second (nothing is left to solve the trace formula in), nor without one.
  EXPECT_DOUBLE_EQ(firstMcsBudgetSeconds(0.5), 0);
  EXPECT_DOUBLE_EQ(firstMcsBudgetSeconds(0), 0);
}

TEST(FirstMcsBudget, NoteNamesTheFormulaTheQueryAndTheBudget) {
  EXPECT_EQ(firstMcsNote(4, withTimeout(30)),
            "first-MCS budget: the program formula found no MCS in 18 s (60% of --timeout 30): "
            "that budget stopped it at its query 4");
  EXPECT_EQ(firstMcsNote(0, withTimeout(10)),
            "first-MCS budget: the program formula found no MCS in 6 s (60% of --timeout 10), "
            "before its first query");
  EXPECT_EQ(firstMcsNote(std::nullopt, withTimeout(2.5)),
            "first-MCS budget: the program formula was not built in 1.5 s (60% of --timeout 2.5)");
}

TEST(FirstMcsBudget, StopNoteOfAnEnumerationItStopped) {
  const FormulaOptions o = withTimeout(30);
  EXPECT_EQ(
      stopNote(solve::StopReason::Timeout, "no MCS within the first-MCS budget; queries: 7", o),
      firstMcsNote(7, o));
  // Any other timeout keeps its note.
  EXPECT_TRUE(
      stopNote(solve::StopReason::Timeout, "deadline", o).starts_with("timeout after 30 s"));
}

TEST(TraceFallback, OnlyWithoutDiagnosisAfterTheMemoryBoundOrTheFirstMcsBudget) {
  const FormulaOptions o = withTimeout(30);
  Result first;
  addNote(first, firstMcsNote(3, o));
  EXPECT_TRUE(needsTraceFallback(first));
  Result memory;
  addNote(memory, "solver memory bound 900 MB reached (--max-memory): the diagnoses so far are "
                  "shown (a larger --max-memory lifts it)");
  EXPECT_TRUE(needsTraceFallback(memory));

  Result found = first;  // the budget only stops a formula without an MCS; still, diagnoses win
  found.diagnoses.emplace_back();
  EXPECT_FALSE(needsTraceFallback(found));
  Result timeout;  // the whole --timeout ran out: nothing is left for a fallback
  addNote(timeout, stopNote(solve::StopReason::Timeout, "deadline", o));
  EXPECT_FALSE(needsTraceFallback(timeout));
  Result sizeBound;
  addNote(sizeBound, stopNote(solve::StopReason::SizeBound, "", o));
  EXPECT_FALSE(needsTraceFallback(sizeBound));
  EXPECT_FALSE(needsTraceFallback(Result{}));  // complete without diagnosis: nothing to explain
}

// pf's --formula-limit stops a formula as its first-MCS budget would, before any query: the
// note is one of the budget's clauses, so the fallbacks run and the bench counts the run by
// what the fallbacks found (metrics.cpp drops the budget's clause).
TEST(FormulaLimit, ItsNoteIsAFirstMcsBudgetClauseThatFallsBack) {
  const std::string note = formulaLimitNote(20000);
  EXPECT_EQ(note, "first-MCS budget: the program formula outgrew 20000 hard constraints "
                  "(--formula-limit) while it was built and was not solved: its first MCS is not "
                  "expected within the budget (--formula-limit 0 lifts the limit)");
  Result r;
  addNote(r, note);
  EXPECT_TRUE(stoppedByFirstMcsBudget(r));
  EXPECT_FALSE(stoppedByMemoryBound(r));
  EXPECT_TRUE(needsTraceFallback(r));
  r.diagnoses.emplace_back();  // a formula stopped this way has none; still, diagnoses win
  EXPECT_FALSE(needsTraceFallback(r));
}

}  // namespace
}  // namespace culprit::localize

// pf's angelic fallback (angelic_fallback.h): candidates of the failing run's angelic formula
// confirmed by a passing replay, where the fix changes the run's path and the trace formula
// has no diagnosis at the fault.
#include "formula_test_util.h"
#include "localize/angelic_fallback.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace culprit::localize::test {
namespace {

// Every third character is a tab (9); the condition on line 6 counts spaces only, where tabs
// are blanks too: f(3) finds no blank, the assertion wants one, the last character.
const char* kTabs = R"(#include <assert.h>
int f(int n) {
  int blanks = 0, at = -1;
  for (int i = 0; i < n; i++) {
    int c = i % 3 == 2 ? 9 : 65;
    if (c == 32) {
      blanks++;
      at = i;
    }
  }
  assert(blanks == n / 3 && at == n - 1);
  return blanks;
}
)";

const Diagnosis* atLine(const Result& r, std::uint32_t line) {
  for (const Diagnosis& d : r.diagnoses)
    if (d.locations.size() == 1 && d.locations.front().line == line) return &d;
  return nullptr;
}

void replayed(const OneTest& t, Result& r) {
  replayAll(r.diagnoses, *t.program, t.test, t.oracle, t.task.run);
}

TEST(AngelicFallback, AConditionFlippedAtOneExecutionIsConfirmed) {
  OneTest t{kTabs, "f", {3}};
  t.task.options.timeoutSeconds = 30;
  Result r = confirmedAngelicCandidates(t.task);
  replayed(t, r);
  const Diagnosis* d = atLine(r, 6);
  ASSERT_NE(d, nullptr) << r.incompleteReason;
  // The run passes with the third execution true and the others false (blanks == 1, at == 2):
  // the confirming replay's values make it true and no other.
  EXPECT_EQ(std::count_if(d->angelic.begin(), d->angelic.end(),
                          [](const AngelicValue& a) { return a.branch && a.value == 1; }),
            1);
  EXPECT_TRUE(std::any_of(d->angelic.begin(), d->angelic.end(), [](const AngelicValue& a) {
    return a.branch && a.value == 1 && a.occurrence == 2;
  }));
  // Every kept candidate is a passing run of the program.
  for (const Diagnosis& k : r.diagnoses)
    EXPECT_EQ(k.feasible, Feasibility::Feasible);
  EXPECT_FALSE(r.complete);  // no refinement: never a complete enumeration
  // The trace formula cannot take the `if`'s other side: no diagnosis at line 6.
  EXPECT_EQ(atLine(t.run(encode::Family::TraceFlowSensitive), 6), nullptr);
}

TEST(AngelicFallback, AConditionWrongAtEveryExecutionIsForcedAtAll) {
  // The `if` should never hold (the assertion wants 0); it holds at both executions, and
  // flipping one leaves 1: only a replay with both executions false passes (the model's values,
  // or the decision forced false at every execution).
  OneTest t{R"(#include <assert.h>
int f(int n) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    if (i >= 0)
      k++;
  }
  assert(k == 0);
  return k;
}
)",
            "f",
            {2}};
  t.task.options.timeoutSeconds = 30;
  Result r = confirmedAngelicCandidates(t.task);
  const Diagnosis* d = atLine(r, 5);
  ASSERT_NE(d, nullptr) << r.incompleteReason;
  // Both executions (occurrences 0 and 1) false in the confirming replay.
  for (std::uint32_t k : {0u, 1u}) {
    auto it = std::find_if(d->angelic.begin(), d->angelic.end(),
                           [&](const AngelicValue& a) { return a.occurrence == k; });
    ASSERT_NE(it, d->angelic.end()) << "execution " << k;
    EXPECT_TRUE(it->branch);
    EXPECT_EQ(it->value, 0);
  }
}

}  // namespace
}  // namespace culprit::localize::test

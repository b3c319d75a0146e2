// Aggregation over several failing tests, and bounded model checking with nondet inputs.
#include "formula_test_util.h"
#include "ir/error.h"
#include "localize/aggregate.h"
#include "localize/bmc.h"
#include "testing/testcase.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace culprit::localize::test {
namespace {

Diagnosis diagnosis(std::vector<std::uint32_t> lines) {
  Diagnosis d;
  for (std::uint32_t l : lines)
    d.locations.push_back(Location{l * 10, 0, l, 0});
  return d;
}

Result report(std::vector<std::vector<std::uint32_t>> diagnoses) {
  Result r;
  for (auto& d : diagnoses)
    r.diagnoses.push_back(diagnosis(d));
  return r;
}

TEST(Aggregate, KeepsLocationsInEveryReportByAverageRank) {
  const Aggregate a = aggregate({report({{5}, {7, 8}, {9}}), report({{7}, {5}, {3}})});
  ASSERT_EQ(a.common.size(), 2u);
  EXPECT_EQ(a.common[0].location.line, 5u);  // ranks 1 and 2: 1.5
  EXPECT_DOUBLE_EQ(a.common[0].averageRank, 1.5);
  EXPECT_EQ(a.common[1].location.line, 7u);  // ranks 2 and 1: 1.5, later line
  EXPECT_EQ(a.all.size(), 5u);
  EXPECT_EQ(a.all[2].location.line, 8u);  // in one report only, rank 2
  EXPECT_EQ(a.all[2].reports, 1u);
  EXPECT_EQ(a.all[3].location.line, 3u);  // rank 3, ties with 9: by line
  EXPECT_EQ(a.all[4].location.line, 9u);
}

TEST(Aggregate, InstancesOfAStatementAreOneLocation) {
  Result r = report({{4}});
  r.diagnoses[0].locations[0].iteration = 2;
  r.diagnoses.push_back(diagnosis({4}));
  r.diagnoses[1].locations[0].iteration = 3;
  const Aggregate a = aggregate({r});
  ASSERT_EQ(a.all.size(), 1u);
  EXPECT_EQ(a.all[0].location.iteration, 0u);
  EXPECT_DOUBLE_EQ(a.all[0].averageRank, 1);
}

const char* kNondetProgram = R"(#include <assert.h>
int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int i, s = 0;
  __VERIFIER_assume(a >= 0 && a < 5);
  for (i = 0; i < a; i++)
    s += b;
  assert(s != 21);
  return 0;
}
)";

TEST(Bmc, FindsAViolatingInputAndReplaysIt) {
  auto p = frontend::parseSource(kNondetProgram, "t.c");
  BmcOptions o;
  o.unwind = 6;
  const BmcResult r = findViolation(*p, o);
  ASSERT_EQ(r.verdict, BmcResult::Verdict::Violation) << r.reason;
  EXPECT_TRUE(r.confirmed) << r.reason;
  // a, b, then the initial value of `i` (declared without initializer: nondet, as in CBMC).
  ASSERT_EQ(r.input.nondet.size(), 3u);
  EXPECT_EQ(r.input.nondet[0] * r.input.nondet[1], 21);
  const testing::TestCase back = testing::parseTestLine(r.testLine, ".", false);
  EXPECT_EQ(back.input.nondet, r.input.nondet);
}

TEST(Bmc, AnUninitialisedArrayIsNondetInTheFormulaAndInTheReplay) {
  auto p = frontend::parseSource(R"(#include <assert.h>
int main(void) {
  int a[3];
  struct { int x; char c; } s;
  assert(a[0] + a[1] != 7 || s.c != 'z');
  return 0;
}
)",
                                 "t.c");
  BmcOptions o;
  o.unwind = 2;
  const BmcResult r = findViolation(*p, o);
  ASSERT_EQ(r.verdict, BmcResult::Verdict::Violation) << r.reason;
  EXPECT_TRUE(r.confirmed) << r.reason;
  ASSERT_EQ(r.input.nondet.size(), 5u);  // a[0..2], s.x, s.c
  EXPECT_EQ(r.input.nondet[0] + r.input.nondet[1], 7);
  EXPECT_EQ(r.input.nondet[4], 'z');
}

TEST(Bmc, ALargeUninitialisedArrayIsOneArrayOfNondetValues) {
  // 300 cells: a Z3 array (EncodeOptions::expandArraysUpTo), its cells the nondet values.
  auto p = frontend::parseSource(R"(#include <assert.h>
int main(void) {
  int a[300];
  for (int i = 0; i < 2; i++) a[i] = i;
  assert(a[299] - a[1] != 5);
  return 0;
}
)",
                                 "t.c");
  BmcOptions o;
  o.unwind = 3;
  const BmcResult r = findViolation(*p, o);
  ASSERT_EQ(r.verdict, BmcResult::Verdict::Violation) << r.reason;
  EXPECT_TRUE(r.confirmed) << r.reason;
  ASSERT_EQ(r.input.nondet.size(), 300u);
  EXPECT_EQ(r.input.nondet[299], 6);
}

TEST(Bmc, UninitialisedPointersAndHeapCellsTakeTheFormulasValuesInTheReplay) {
  // No nondet pointers or heap cells: NULL and 0, one of their values, in both engines.
  auto p = frontend::parseSource(R"(#include <assert.h>
#include <stdlib.h>
int main(void) {
  int *q;
  int *h = malloc(2 * sizeof(int));
  int x = 1;
  if (q == 0) x = 2;
  x += h[1];
  assert(x == 1);
  return 0;
}
)",
                                 "t.c");
  BmcOptions o;
  o.unwind = 2;
  const BmcResult r = findViolation(*p, o);
  ASSERT_EQ(r.verdict, BmcResult::Verdict::Violation) << r.reason;
  EXPECT_TRUE(r.confirmed) << r.reason;
}

TEST(Bmc, ReportsSafetyAndWhetherTheBoundSufficed) {
  auto p = frontend::parseSource(R"(#include <assert.h>
int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int);
int main(void) {
  int a = __VERIFIER_nondet_int(), i, s = 0;
  __VERIFIER_assume(a >= 0 && a < 4);
  for (i = 0; i < a; i++)
    s += 7;
  assert(s != 20);
  return 0;
}
)",
                                 "t.c");
  BmcOptions o;
  o.unwind = 5;
  BmcResult r = findViolation(*p, o);
  EXPECT_EQ(r.verdict, BmcResult::Verdict::NoViolation);
  EXPECT_TRUE(r.boundSufficient);
  o.unwind = 2;
  r = findViolation(*p, o);
  EXPECT_EQ(r.verdict, BmcResult::Verdict::NoViolation);
  EXPECT_FALSE(r.boundSufficient);
}

TEST(SolverContext, RestartRlimitMustBeANumber) {
  // strtoul read "abc" as 0, which turned restarts off without a word.
  const FormulaTask task;
  for (const char* bad : {"abc", "", "12x", "-1", "99999999999"}) {
    ::setenv("CULPRIT_RESTART_RLIMIT", bad, 1);
    EXPECT_THROW(makeSolverContext(task), UserError) << bad;
  }
  for (const char* good : {"0", "4000000"}) {
    ::setenv("CULPRIT_RESTART_RLIMIT", good, 1);
    EXPECT_NE(makeSolverContext(task), nullptr) << good;
  }
  ::unsetenv("CULPRIT_RESTART_RLIMIT");
}

}  // namespace
}  // namespace culprit::localize::test

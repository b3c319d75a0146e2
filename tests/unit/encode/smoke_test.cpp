#include "encode_test_util.h"

#include <gtest/gtest.h>

namespace culprit::encode::test {
namespace {

const char* kScenarioA = R"(#include <assert.h>
void P(int x, int y) {
  int a, b;
  if (x >= 0)
    a = x;
  else
    a = -x;
  if (y < 5)
    b = a + 1;
  else
    b = a + 2;
  assert(b <= a);
}
)";

TEST(EncodeSmoke, ScenarioAProgramFormulaIsUnsatWithAllSelectors) {
  auto p = compile(kScenarioA);
  z3::context ctx;
  EncodeOptions o;
  o.entry = "P";
  Expectation ex;
  Encoding enc = encode(ctx, *p, entryInput({0, 0}), ex, o);
  EXPECT_EQ(checkWith(ctx, enc), z3::unsat);
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
    std::printf("group %u line %u sat=%d\n", g, lineOf(*p, enc, g),
                checkWith(ctx, enc, {g}) == z3::sat);
}

// Values only runtime checks depend on stay in the cone (`x * 3` could overflow); copies and
// comparisons that feed nothing are dropped.
TEST(Slice, DropsWhatNoObligationDependsOn) {
  auto p = compile(R"(#include <assert.h>
void f(int x) {
  int unused = x;
  int also = unused == 2;
  int y = x + 1;
  assert(y < x);
}
)");
  z3::context ctx;
  EncodeOptions o;
  o.entry = "f";
  Encoding enc = encode(ctx, *p, entryInput({4}), {}, o);
  const std::size_t before = enc.hard.size();
  EXPECT_GT(sliceToObligations(enc), 0u);
  EXPECT_LT(enc.hard.size(), before);
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g) {
    const std::uint32_t line = lineOf(*p, enc, g);
    EXPECT_EQ(enc.groups[g].relevant, line == 5) << line;
  }
  EXPECT_EQ(checkWith(ctx, enc), z3::unsat);
  std::uint32_t y = 0;
  while (lineOf(*p, enc, y) != 5)
    ++y;
  EXPECT_EQ(checkWith(ctx, enc, {y}), z3::sat);
}

TEST(Encoding, ReportsUnwindingHitsAndViolations) {
  auto p = compile(R"(#include <assert.h>
int g(int n) {
  int i = 0;
  while (i < n)
    i = i + 1;
  assert(i != 3);
  return i;
}
)");
  z3::context ctx;
  EncodeOptions o;
  o.entry = "g";
  o.unwind = 2;
  o.relax = false;
  Expectation none;
  none.assertions = false;
  const Encoding enc = encode(ctx, *p, entryInput({3}), none, o);
  z3::solver s(ctx);
  for (const HardClause& h : enc.hard)
    if (h.kind != HardKind::Unwinding) s.add(h.clause);
  s.add(enc.unwindingHit);
  EXPECT_EQ(s.check(), z3::sat);  // n = 3 needs a third iteration
  o.unwind = 4;
  const Encoding deeper = encode(ctx, *p, entryInput({3}), none, o);
  z3::solver v = solverFor(ctx, deeper);
  v.add(deeper.violation);
  EXPECT_EQ(v.check(), z3::sat);  // i == 3 at the assertion
}

/// Two nested loops over n, whose formula grows with the unwinding bound.
constexpr const char* kNestedLoops = R"(int f(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += i * j;
  return s;
}
)";

/// The message of the EncodeBoundError that encoding `p` under `o` throws, after checking its
/// bound; "" (and a failure) when it throws none.
std::string boundError(const ir::Program& p, const EncodeOptions& o,
                       EncodeBoundError::Bound expected) {
  z3::context ctx;
  try {
    encode(ctx, p, entryInput({3}), Expectation{}, o);
  } catch (const EncodeBoundError& e) {
    EXPECT_EQ(e.bound, expected);
    return e.what();
  }
  ADD_FAILURE() << "no EncodeBoundError";
  return "";
}

// Building the formula stops at its bounds (EncodeOptions::deadline, maxMemoryMb) with
// EncodeBoundError saying which, instead of growing on; unbounded, the same program encodes.
TEST(EncodeBounds, ADeadlineOrMemoryBoundStopsTheBuildingWithTheBound) {
  auto p = compile(kNestedLoops);
  z3::context ctx;
  EncodeOptions o;
  o.entry = "f";
  o.unwind = 12;  // about 300 instances: the bounds are checked every 64
  Expectation ex;
  EXPECT_NO_THROW(encode(ctx, *p, entryInput({3}), ex, o));
  o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  boundError(*p, o, EncodeBoundError::Bound::Time);
  o.deadline.reset();
  // The bound counts what this encoding adds (z3's allocation and the resident set grow from
  // where they stood when it began): 60 unwindings, about 7,000 instances, add more than 1 MB.
  o.unwind = 60;
  o.maxMemoryMb = 1;
  const std::string memory = boundError(*p, o, EncodeBoundError::Bound::Memory);
  EXPECT_NE(memory.find("outgrew 1 MB"), std::string::npos) << memory;
}

// EncodeOptions::maxHard (pf's --formula-limit): a formula that outgrows it stops while it is
// built (checked every 64 statement instances) or, when only its last instances pass it, at
// the end; a formula of exactly the limit is built.
TEST(EncodeBounds, AHardConstraintLimitStopsTheFormulaThatOutgrowsIt) {
  auto p = compile(kNestedLoops);
  z3::context ctx;
  EncodeOptions o;
  o.entry = "f";
  o.unwind = 12;  // about 300 instances
  const std::size_t hard = encode(ctx, *p, entryInput({3}), Expectation{}, o).hard.size();
  ASSERT_GT(hard, 100u);
  o.maxHard = hard;
  EXPECT_NO_THROW(encode(ctx, *p, entryInput({3}), Expectation{}, o));
  o.maxHard = hard - 1;  // past it only after the last check inside the build
  const std::string atEnd = boundError(*p, o, EncodeBoundError::Bound::Size);
  EXPECT_NE(atEnd.find("holds " + std::to_string(hard) + " hard constraints, over " +
                       std::to_string(hard - 1)),
            std::string::npos)
      << atEnd;
  o.maxHard = 10;  // past it long before the end: the check at the 64th instance stops it
  const std::string early = boundError(*p, o, EncodeBoundError::Bound::Size);
  EXPECT_NE(early.find("outgrew 10 hard constraints while it was being built, at 64 statement "
                       "instances"),
            std::string::npos)
      << early;
}

TEST(EncodeBounds, TheDeadlineIsCheckedInsideAStatementThatReadsManyCells) {
  // Four statement instances, fewer than the 64 between two checks; the third reads a 250-cell
  // array 70 times at offsets the formula computes (k is a relaxable value): 17,500 cells of
  // work in one statement.
  std::string sum = "a[k]";
  for (int i = 1; i < 70; ++i)
    sum += " + a[k + " + std::to_string(i) + "]";
  auto p = compile("#include <assert.h>\nvoid f(int n) {\n  int k = n % 7;\n  int a[250] = {0};\n"
                   "  int c = " +
                   sum + ";\n  assert(c == 0);\n}\n");
  z3::context ctx;
  EncodeOptions o;
  o.entry = "f";
  Expectation ex;
  EXPECT_NO_THROW(encode(ctx, *p, entryInput({3}), ex, o));
  o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  const std::string time = boundError(*p, o, EncodeBoundError::Bound::Time);
  EXPECT_NE(time.find("being built, at 3 statement instances"), std::string::npos) << time;
}

}  // namespace
}  // namespace culprit::encode::test

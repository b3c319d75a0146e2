// Uninitialised locals in formulas. Test mode: a run that used an uninitialised value failed a
// check no formula states, so it is not encoded; other runs read the cells' bits (0 in a fresh
// frame) like the interpreter. Bounded model checking (nondetUninitialised): the cells take
// nondet values at the declaration, in the interpreter's order.
#include "encode_test_util.h"

#include <gtest/gtest.h>

namespace culprit::encode::test {
namespace {

TEST(Uninitialised, ARunThatUsedAnUninitialisedValueIsNotEncoded) {
  auto p = compile(R"(#include <stdio.h>
int main(int argc, char **argv) {
  int n;
  if (argc > 1) n = 1;
  if (n) puts("set");
  return 0;
}
)");
  const exec::RunResult run = runTraced(*p, {});
  ASSERT_TRUE(run.uninitialisedUse) << run.message;
  z3::context ctx;
  for (Family f : {Family::Program, Family::TraceFlowSensitive, Family::TraceFlowInsensitive}) {
    EncodeOptions o;
    o.family = f;
    try {
      encode(ctx, *p, {}, {}, o, &run);
      ADD_FAILURE() << familyName(f) << " encoded";
    } catch (const EncodeError& e) {
      EXPECT_EQ(std::string(e.what()),
                "the run's runtime error: use of uninitialised value of 'n' in a condition at "
                "t.c:5: formulas do not model uninitialised values");
    }
  }
  const exec::RunResult passing = runTraced(*p, argsInput({"x"}));
  EXPECT_NO_THROW(encode(ctx, *p, argsInput({"x"}), {}, EncodeOptions{}, &passing));
}

const char* kNondetArray = R"(#include <stdio.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  for (int r = 0; r < 2; r++) {
    short a[3];
    int s = 0;
    for (int i = 0; i < 3; i++)
      s += a[i] * (i + 1);
    if (k > 0) printf("%d %d\n", r, s);
  }
  return 0;
}
)";

TEST(Uninitialised, NondetCellsFollowTheInterpretersOrderInEveryFamily) {
  auto p = compile(kNondetArray);
  exec::RunInput in;
  in.nondet = {1, 5, -2, 70000, 3, 4, 9};  // k, a[] of round 0, a[] of round 1; 70000 wraps
  exec::RunOptions ro;
  ro.trace = true;
  ro.nondetUninitialised = true;
  const exec::RunResult run = exec::run(*p, in, ro);
  ASSERT_EQ(run.verdict, exec::Verdict::Exited) << run.message;
  EXPECT_EQ(run.out, "0 13393\n1 38\n");  // 5 - 4 + 3 * 4464, 3 + 8 + 27
  const std::optional<Observed> obs = observe(*p, in, ro);
  ASSERT_TRUE(obs.has_value());
  z3::context ctx;
  for (Family f : {Family::Program, Family::TraceFlowSensitive, Family::TraceFlowInsensitive}) {
    EncodeOptions o;
    o.family = f;
    o.nondetUninitialised = true;
    o.unwind = 3;
    Expectation ex;
    ex.output = obs->events;
    ex.exitStatus = 0;
    const Encoding enc = encode(ctx, *p, in, ex, o, &run);
    EXPECT_EQ(checkWith(ctx, enc), z3::sat) << familyName(f);
    // Another value for a cell contradicts the expected output.
    in.nondet[5] = 5;
    const Encoding other = encode(ctx, *p, in, ex, o, f == Family::Program ? nullptr : &run);
    EXPECT_EQ(checkWith(ctx, other), z3::unsat) << familyName(f);
    in.nondet[5] = 4;
  }
}

TEST(Uninitialised, BoundedModelCheckingMakesTheCellsFreeInDeclarationOrder) {
  auto p = compile(kNondetArray);
  z3::context ctx;
  EncodeOptions o;
  o.symbolicNondet = o.nondetUninitialised = true;
  o.relax = false;  // as in bounded model checking: the loop counters are concrete
  o.unwind = 4;
  const Encoding enc = encode(ctx, *p, {}, {}, o);
  ASSERT_EQ(enc.nondet.size(), 7u);
  for (std::size_t i = 1; i < 7; ++i)
    EXPECT_EQ(enc.nondet[i].type, ir::IntKind::Short);
}

}  // namespace
}  // namespace culprit::encode::test

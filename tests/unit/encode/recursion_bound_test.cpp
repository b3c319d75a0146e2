// Per-function recursion bounds of the program formula (EncodeOptions::recursionUnwind).
#include "encode_test_util.h"

#include <gtest/gtest.h>

namespace culprit::encode::test {
namespace {

// sum(3) runs four frames of sum at once: three calls of sum from within itself.
const char* kSum = R"(int sum(int n) {
  if (n <= 0)
    return 0;
  return n + sum(n - 1);
}
)";

/// Can the formula of sum(3), bounds aside, reach a call beyond the recursion bound?
z3::check_result hitsTheBound(const ir::Program& p, const EncodeOptions& o) {
  z3::context ctx;
  Expectation none;
  none.assertions = false;
  const Encoding enc = encode(ctx, p, entryInput({3}), none, o);
  z3::solver s(ctx);
  for (const HardClause& h : enc.hard)
    if (h.kind != HardKind::Unwinding) s.add(h.clause);
  s.add(enc.unwindingHit);
  return s.check();
}

TEST(RecursionBound, APerFunctionBoundReplacesTheUniformOne) {
  auto p = compile(kSum);
  EncodeOptions o;
  o.entry = "sum";
  o.relax = false;
  o.unwind = 1;
  EXPECT_EQ(hitsTheBound(*p, o), z3::sat);  // the uniform bound 1 holds two frames
  o.unwind = 3;
  EXPECT_EQ(hitsTheBound(*p, o), z3::unsat);
  const ir::FuncId sum = p->findFunction("sum")->id;
  o.recursionUnwind[sum] = 2;  // in place of --unwind 3: too shallow for the run
  EXPECT_EQ(hitsTheBound(*p, o), z3::sat);
  o.unwind = 1;
  o.recursionUnwind[sum] = 3;  // enough, whatever the uniform bound
  EXPECT_EQ(hitsTheBound(*p, o), z3::unsat);
}

}  // namespace
}  // namespace culprit::encode::test

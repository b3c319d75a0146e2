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

}  // namespace
}  // namespace culprit::encode::test

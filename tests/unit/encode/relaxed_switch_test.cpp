// A relaxed switch selects an arm that some value of its expression selects: a labelled arm or
// the default, and no arm only when the switch has no default. Before, its decision was any
// integer, and "no arm" past a default made a formula satisfiable that no program change can
// satisfy (bench/siemens v12: arm 8 of 3, the replay left `cap` unassigned).
#include "encode_test_util.h"

#include <gtest/gtest.h>

namespace culprit::encode::test {
namespace {

/// `f(0)` with only the switch on line 4 relaxed (its arms on line 5), checked against
/// `assertion`.
z3::check_result relaxSwitch(const std::string& arms, const std::string& assertion,
                             std::vector<std::int64_t>* decisions = nullptr) {
  auto p = compile("#include <assert.h>\nint f(int k) {\n  int r = 7;\n  switch (k) {\n" + arms +
                   "\n  }\n  assert(" + assertion + ");\n  return r;\n}\n");
  z3::context ctx;
  EncodeOptions o;
  o.entry = "f";
  const Encoding enc = encode(ctx, *p, entryInput({0}), {}, o);
  const std::vector<std::uint32_t> sw = groupsOnLine(*p, enc, 4);
  EXPECT_EQ(sw.size(), 1u);
  z3::solver s = solverFor(ctx, enc);
  z3::expr_vector enforced(ctx);
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
    if (std::find(sw.begin(), sw.end(), g) == sw.end()) enforced.push_back(enc.groups[g].selector);
  const z3::check_result r = s.check(enforced);
  if (r == z3::sat && decisions)
    for (const AngelicInstance& a : angelicValues(enc, s.get_model(), sw))
      decisions->push_back(a.value);
  return r;
}

const char* kWithDefault = " case 0: r = 1; break; case 1: r = 2; break; default: r = 3; break; ";

TEST(RelaxedSwitch, NoArmIsNoChoiceWhenThereIsADefault) {
  // Only skipping every arm keeps r at 7: no value of k does that.
  EXPECT_EQ(relaxSwitch(kWithDefault, "r == 7"), z3::unsat);
}

TEST(RelaxedSwitch, TheDefaultArmIsAChoice) {
  std::vector<std::int64_t> decisions;
  EXPECT_EQ(relaxSwitch(kWithDefault, "r == 3", &decisions), z3::sat);
  EXPECT_EQ(decisions, std::vector<std::int64_t>{2});
  decisions.clear();
  EXPECT_EQ(relaxSwitch(kWithDefault, "r == 2", &decisions), z3::sat);
  EXPECT_EQ(decisions, std::vector<std::int64_t>{1});
}

TEST(RelaxedSwitch, NoArmIsAChoiceWithoutADefault) {
  std::vector<std::int64_t> decisions;
  EXPECT_EQ(relaxSwitch(" case 0: r = 1; break; case 1: r = 2; break; ", "r == 7", &decisions),
            z3::sat);
  EXPECT_EQ(decisions, std::vector<std::int64_t>{-1});
  EXPECT_EQ(relaxSwitch(" case 0: r = 1; break; case 1: r = 2; break; ", "r == 3"), z3::unsat);
}

}  // namespace
}  // namespace culprit::encode::test

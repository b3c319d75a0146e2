// EncodeOptions::stopAfterOutput: a trace formula that ends with the run's first wrong output
// event, and firstWrongOutput, which finds that event.
#include "encode_test_util.h"

#include <gtest/gtest.h>

namespace culprit::encode::test {
namespace {

// Line 4 is the fault (the golden adds 2): with no arguments the run prints 1, 2, 20 where the
// golden prints 1, 3, 30. Event 1 is the first wrong one.
const char* kProgram = R"(#include <stdio.h>
int main(int argc, char **argv) {
  int a = argc;
  int b = a + 1;
  printf("%d\n", a);
  printf("%d\n", b);
  int c = b * 10;
  printf("%d\n", c);
  return 0;
}
)";

OutputEvent event(std::int64_t v) { return OutputEvent{std::string("%d\n"), {v}}; }

TEST(StopAfterOutput, FirstWrongOutputIsTheFirstEventThatDiffers) {
  const std::vector<OutputEvent> want{event(1), event(3), event(30)};
  EXPECT_EQ(firstWrongOutput(want, want), std::nullopt);
  EXPECT_EQ(firstWrongOutput({event(1), event(2), event(20)}, want), 1u);
  EXPECT_EQ(firstWrongOutput({event(2), event(3), event(30)}, want), 0u);
  EXPECT_EQ(firstWrongOutput({event(1)}, want), 1u);  // the run printed too few
  EXPECT_EQ(firstWrongOutput({event(1), event(3), event(30), event(4)}, want), 3u);
  const OutputEvent otherFormat{std::string("%d;\n"), {3}};
  EXPECT_EQ(firstWrongOutput({event(1), otherFormat, event(30)}, want), 1u);
}

TEST(StopAfterOutput, TheTraceFormulaEndsWithTheFirstWrongEvent) {
  auto p = compile(kProgram);
  const exec::RunResult run = runTraced(*p, {});
  ASSERT_EQ(run.out, "1\n2\n20\n");
  Expectation ex;
  ex.output = std::vector<OutputEvent>{event(1), event(3), event(30)};
  ex.exitStatus = 0;
  z3::context ctx;
  for (Family f : {Family::TraceFlowSensitive, Family::TraceFlowInsensitive}) {
    EncodeOptions o;
    o.family = f;
    const Encoding whole = encode(ctx, *p, {}, ex, o, &run);
    EXPECT_FALSE(whole.stoppedAtOutput);
    EXPECT_EQ(whole.outputs.size(), 3u);
    EXPECT_EQ(groupsOnLine(*p, whole, 7).size(), 1u);  // c = b * 10 is a soft group
    o.stopAfterOutput = 1;
    const Encoding cut = encode(ctx, *p, {}, ex, o, &run);
    EXPECT_TRUE(cut.stoppedAtOutput);
    EXPECT_EQ(cut.outputs.size(), 2u);              // printf of c not encoded
    EXPECT_TRUE(groupsOnLine(*p, cut, 7).empty());  // nor the statement before it
    EXPECT_EQ(checkWith(ctx, cut), z3::unsat);      // event 1 must match: b = 3
    EXPECT_EQ(checkWith(ctx, cut, groupsOnLine(*p, cut, 4)), z3::sat);
    // The whole run is corrected by the same statement (b = 3 makes c = 30).
    EXPECT_EQ(checkWith(ctx, whole, groupsOnLine(*p, whole, 4)), z3::sat);
  }
}

TEST(StopAfterOutput, NoEffectOnTheProgramFormula) {
  auto p = compile(kProgram);
  Expectation ex;
  ex.output = std::vector<OutputEvent>{event(1), event(3), event(30)};
  z3::context ctx;
  EncodeOptions o;
  o.family = Family::Program;
  o.stopAfterOutput = 1;
  const Encoding enc = encode(ctx, *p, {}, ex, o);
  EXPECT_FALSE(enc.stoppedAtOutput);
  EXPECT_EQ(enc.outputs.size(), 3u);
}

}  // namespace
}  // namespace culprit::encode::test

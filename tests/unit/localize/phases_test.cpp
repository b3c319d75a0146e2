// Phase times (localize/phases.h): exclusive CPU time per phase, entries counted, off by default.
#include "localize/phases.h"

#include <gtest/gtest.h>

namespace culprit::localize {
namespace {

/// Burns at least `ms` milliseconds of this process's CPU time.
void spin(double ms) {
  const double until = processCpuMs() + ms;
  volatile unsigned sink = 0;
  while (processCpuMs() < until)
    for (unsigned i = 0; i < 1000; ++i)
      sink = sink + i;
}

const PhaseTime* find(const std::vector<PhaseTime>& all, const std::string& name) {
  for (const PhaseTime& p : all)
    if (p.name == name) return &p;
  return nullptr;
}

TEST(Phases, AnInnerPhasePausesTheOuterOneAndEntriesAreCounted) {
  enablePhaseTimes();
  {
    const PhaseTimer outer("outer");
    spin(20);
    for (int i = 0; i < 2; ++i) {
      const PhaseTimer inner("inner");
      spin(30);
    }
    spin(20);
  }
  const std::vector<PhaseTime> all = phaseTimes();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].name, "outer");  // in the order first entered
  EXPECT_EQ(all[0].count, 1u);
  EXPECT_EQ(all[1].count, 2u);
  // outer: its own 40 ms, not the inner 60 (a loaded machine adds little to CPU time).
  EXPECT_GE(all[0].cpuMs, 40);
  EXPECT_LT(all[0].cpuMs, 55);
  EXPECT_GE(all[1].cpuMs, 60);
  EXPECT_LT(all[1].cpuMs, 75);
  const std::string line = phaseTimesLine();
  EXPECT_NE(line.find("; outer "), std::string::npos) << line;
  EXPECT_NE(line.find(" (2); other "), std::string::npos) << line;
}

TEST(Phases, EnablingAgainClearsWhatWasRecorded) {
  enablePhaseTimes();
  { const PhaseTimer p("first"); }
  enablePhaseTimes();  // clears
  { const PhaseTimer p("second"); }
  const std::vector<PhaseTime> all = phaseTimes();
  EXPECT_EQ(find(all, "first"), nullptr);
  ASSERT_NE(find(all, "second"), nullptr);
  EXPECT_EQ(find(all, "second")->count, 1u);
}

}  // namespace
}  // namespace culprit::localize

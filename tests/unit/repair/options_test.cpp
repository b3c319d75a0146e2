// Repair's shared options (--ints, --unwind, --timeout): spelled and checked by localize's
// option table, with repair's defaults and --unwind's narrower range.
#include "repair/options.h"

#include <gtest/gtest.h>

namespace culprit::repair {
namespace {

TEST(RepairSharedOptions, AreLocalizeOptionsWithRepairsDefaults) {
  std::vector<std::string> names;
  for (const SharedOption& o : sharedOptions()) {
    names.push_back(o.spec->name);
    EXPECT_EQ(o.spec, localize::findOption(o.spec->name));
    EXPECT_FALSE(o.help.empty());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"ints", "unwind", "timeout"}));
  const RepairOptions defaults;
  EXPECT_EQ(sharedOptionValue(defaults, "ints"), "bv");
  EXPECT_EQ(sharedOptionValue(defaults, "unwind"), "10");
  EXPECT_EQ(sharedOptionValue(defaults, "timeout"), "300");
  EXPECT_EQ(localize::findOption("ints")->valueName, "{auto,bv,math}");
}

TEST(RepairSharedOptions, IntsTakesLocalizesValues) {
  RepairOptions o;
  EXPECT_EQ(setSharedOption(o, "ints", "math"), "");
  EXPECT_EQ(o.ints, RepairOptions::Ints::Math);
  EXPECT_EQ(setSharedOption(o, "ints", "auto"), "");
  EXPECT_EQ(o.ints, RepairOptions::Ints::Auto);
  EXPECT_EQ(setSharedOption(o, "ints", "bv"), "");
  EXPECT_EQ(o.ints, RepairOptions::Ints::BitVector);
  EXPECT_EQ(sharedOptionValue(o, "ints"), "bv");
  using LocalizeInts = localize::FormulaOptions::Ints;
  EXPECT_EQ(localizeInts(RepairOptions::Ints::Auto), LocalizeInts::Auto);
  EXPECT_EQ(localizeInts(RepairOptions::Ints::BitVector), LocalizeInts::BitVector);
  EXPECT_EQ(localizeInts(RepairOptions::Ints::Math), LocalizeInts::Math);
}

TEST(RepairSharedOptions, RejectsBadValuesWithTheOptionsNameAndKeepsTheOldValue) {
  RepairOptions o;
  EXPECT_EQ(setSharedOption(o, "ints", "foo"), "ints: 'foo' is not one of auto, bv, math");
  EXPECT_EQ(o.ints, RepairOptions::Ints::BitVector);
  EXPECT_EQ(setSharedOption(o, "unwind", "0"), "unwind: '0' is out of range (at least 1)");
  EXPECT_EQ(setSharedOption(o, "unwind", "10001"), "unwind: '10001' is out of range (1 to 10000)");
  EXPECT_EQ(setSharedOption(o, "unwind", "x"), "unwind: 'x' is not a non-negative integer");
  EXPECT_EQ(o.unwind, 10u);
  EXPECT_EQ(setSharedOption(o, "timeout", "-1"),
            "timeout: '-1' is not a non-negative number of seconds");
  EXPECT_EQ(o.timeoutSeconds, 300);
  EXPECT_EQ(setSharedOption(o, "max-size", "2"), "unknown option 'max-size'");
}

TEST(RepairSharedOptions, AcceptsTheBoundsOfTheirRanges) {
  RepairOptions o;
  EXPECT_EQ(setSharedOption(o, "unwind", "1"), "");
  EXPECT_EQ(o.unwind, 1u);
  EXPECT_EQ(setSharedOption(o, "unwind", "10000"), "");
  EXPECT_EQ(o.unwind, 10000u);
  EXPECT_EQ(setSharedOption(o, "timeout", "0"), "");
  EXPECT_EQ(o.timeoutSeconds, 0);
  EXPECT_EQ(setSharedOption(o, "timeout", "2.5"), "");
  EXPECT_EQ(o.timeoutSeconds, 2.5);
  EXPECT_EQ(o.ints, RepairOptions::Ints::BitVector);  // untouched by the others
}

}  // namespace
}  // namespace culprit::repair

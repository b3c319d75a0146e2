// cfaults' kept values: equality of value lists and the bounded, duplicate-free list of values
// a candidate tries by replay.
#include "localize/techniques/cfaults_values.h"

#include <gtest/gtest.h>

namespace culprit::localize::test {
namespace {

using cfaults_values::remember;
using cfaults_values::sameValues;

TEST(CfaultsValues, SameValuesComparesInstanceValueAndKindButNotTheOriginal) {
  const std::vector<AngelicValue> a = {{3, 0, 7, false, 5}};
  EXPECT_TRUE(sameValues(a, {{3, 0, 7, false, std::nullopt}}));
  EXPECT_FALSE(sameValues(a, {{3, 1, 7, false, 5}}));  // another execution
  EXPECT_FALSE(sameValues(a, {{3, 0, 8, false, 5}}));  // another value
  EXPECT_FALSE(sameValues(a, {{3, 0, 7, true, 5}}));   // a branch decision, not a value
  EXPECT_FALSE(sameValues(a, {{3, 0, 7, false, 5}, {4, 0, 1, false, 0}}));
}

TEST(CfaultsValues, RememberKeepsEachListOnceAndAtMost64) {
  std::vector<std::vector<AngelicValue>> known;
  remember(known, {{3, 0, 7, false, std::nullopt}});
  remember(known, {{3, 0, 7, false, std::nullopt}});
  EXPECT_EQ(known.size(), 1u);
  for (std::int64_t v = 0; v < 100; ++v)
    remember(known, {{4, 0, v, false, std::nullopt}});
  EXPECT_EQ(known.size(), 64u);
  EXPECT_EQ(known.back().front().value, 62);  // the first 63 new ones after the first list
}

}  // namespace
}  // namespace culprit::localize::test

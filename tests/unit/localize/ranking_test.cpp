#include "localize/ranking.h"

#include <gtest/gtest.h>

using culprit::localize::tiePositions;

TEST(TiePositions, WorstBestAverage) {
  std::vector<double> scores{0.9, 0.5, 0.5, 0.5, 0.1};
  auto pos = tiePositions(scores.size(), [&](auto i, auto j) { return scores[i] == scores[j]; });
  EXPECT_EQ(pos[0].best, 1u);
  EXPECT_EQ(pos[0].worst, 1u);
  for (int i = 1; i <= 3; ++i) {
    EXPECT_EQ(pos[i].best, 2u);
    EXPECT_EQ(pos[i].worst, 4u);
    EXPECT_DOUBLE_EQ(pos[i].average, 3.0);
  }
  EXPECT_EQ(pos[4].worst, 5u);
}

TEST(TiePositions, AllTied) {
  auto pos = tiePositions(3, [](auto, auto) { return true; });
  for (auto& p : pos)
    EXPECT_EQ(p.worst, 3u);
}

// Ranks with ties, computed in one place for every technique and report: a tie group of
// equal scores occupies positions [best, worst]; the rank reported is the worst position
// (as in the Tarantula literature), with best and average given too.
#pragma once

#include <cstddef>
#include <vector>

namespace culprit::localize {

struct RankPosition {
  std::size_t best = 0, worst = 0;  ///< 1-based
  double average = 0;
};

/// Positions of items already sorted by decreasing key; `sameGroup(i, j)` says whether items
/// i and j tie.
template <typename SameGroup>
std::vector<RankPosition> tiePositions(std::size_t n, SameGroup sameGroup) {
  std::vector<RankPosition> pos(n);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && sameGroup(i, j))
      ++j;
    for (std::size_t k = i; k < j; ++k)
      pos[k] = RankPosition{i + 1, j, (static_cast<double>(i + 1) + static_cast<double>(j)) / 2};
    i = j;
  }
  return pos;
}

}  // namespace culprit::localize

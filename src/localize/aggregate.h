// Several failing tests (OFC's aggregation): localize each failing test on its own, then keep
// the locations present in every per-test report, ranked by their average rank; the union of
// all reports is kept too, for tests that reveal different faults.
#pragma once

#include "localize/technique.h"

#include <vector>

namespace culprit::localize {

struct AggregateEntry {
  Location location;        ///< per statement (iteration 0)
  double averageRank = 0;   ///< over the reports that contain it
  std::size_t reports = 0;  ///< how many per-test reports contain it
};

struct Aggregate {
  std::size_t reports = 0;             ///< per-test results aggregated
  std::vector<AggregateEntry> common;  ///< in every report, by average rank
  std::vector<AggregateEntry> all;     ///< in some report: most reports first, then by rank
};

/// A location's rank in one report is the 1-based position of the first diagnosis that
/// contains it (locations of one diagnosis tie); for a spectrum ranking, its line's rank
/// (worst position of its tie group). Instances of one statement count as one location.
Aggregate aggregate(const std::vector<Result>& perTest);

}  // namespace culprit::localize

// Aggregation over several failing tests: see aggregate.h.
#include "localize/aggregate.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace culprit::localize {
namespace {

/// Rank of each statement in one report.
std::map<ir::StmtId, std::pair<Location, std::size_t>> ranksOf(const Result& r) {
  std::map<ir::StmtId, std::pair<Location, std::size_t>> ranks;
  for (std::size_t i = 0; i < r.diagnoses.size(); ++i)
    for (Location l : r.diagnoses[i].locations) {
      l.iteration = 0;
      ranks.try_emplace(l.stmt, l, i + 1);
    }
  if (r.ranking)
    for (const RankedLine& line : r.ranking->lines)
      for (ir::StmtId s : line.stmts)
        ranks.try_emplace(s, Location{s, line.file, line.line, 0}, line.rank.worst);
  return ranks;
}

bool byRank(const AggregateEntry& a, const AggregateEntry& b) {
  return std::tie(a.averageRank, a.location.file, a.location.line, a.location.stmt) <
         std::tie(b.averageRank, b.location.file, b.location.line, b.location.stmt);
}

}  // namespace

Aggregate aggregate(const std::vector<Result>& perTest) {
  Aggregate out;
  out.reports = perTest.size();
  std::map<ir::StmtId, AggregateEntry> entries;
  for (const Result& r : perTest)
    for (const auto& [stmt, ranked] : ranksOf(r)) {
      AggregateEntry& e =
          entries.try_emplace(stmt, AggregateEntry{ranked.first, 0, 0}).first->second;
      e.averageRank += static_cast<double>(ranked.second);
      ++e.reports;
    }
  for (auto& [stmt, e] : entries) {
    e.averageRank /= static_cast<double>(e.reports);
    out.all.push_back(e);
    if (e.reports == perTest.size()) out.common.push_back(e);
  }
  std::sort(out.common.begin(), out.common.end(), byRank);
  std::sort(out.all.begin(), out.all.end(), [](const AggregateEntry& a, const AggregateEntry& b) {
    if (a.reports != b.reports) return a.reports > b.reports;
    return byRank(a, b);
  });
  return out;
}

}  // namespace culprit::localize

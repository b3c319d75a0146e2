// Ranking reports of spectrum-based techniques. Ranks are worst-case positions among ties
// (computed once, in localize/ranking.h); text shows the best-average-worst span of a tie.
#include "report/report.h"

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace culprit::report {
namespace {

std::string rankSpan(const localize::RankPosition& r) {
  if (r.best == r.worst) return std::to_string(r.worst);
  return fmt::format("{} ({}-{})", r.worst, r.best, r.worst);
}

std::string renderRankingText(const ir::Program& program, const localize::Result& result,
                              const RankingReportOptions& options) {
  const localize::SbflRanking& rk = *result.ranking;
  std::string out =
      fmt::format("{} ranking of {} ({} failing, {} passing tests; {} executable lines)\n",
                  result.technique, program.files.empty() ? "?" : program.files[0].path,
                  rk.totalFailed, rk.totalPassed, rk.lines.size());
  std::size_t shownCount = options.top ? std::min(options.top, rk.lines.size()) : rk.lines.size();
  auto where = [&](const localize::RankedLine& l) {
    ir::SourceRange at;
    at.file = l.file, at.line = l.line;
    return at;
  };
  std::size_t width = 8;
  for (std::size_t i = 0; i < shownCount; ++i)
    width = std::max(width, program.where(where(rk.lines[i])).size());
  out += fmt::format("{:<12} {:>8}  {:<{}}  {}\n", "rank", "score", "location", width, "source");
  for (std::size_t i = 0; i < shownCount; ++i) {
    const localize::RankedLine& l = rk.lines[i];
    out += fmt::format("{:<12} {:>8.4f}  {:<{}}  {}\n", rankSpan(l.rank), l.susp.score,
                       program.where(where(l)), width, program.sourceLine(where(l)));
  }
  if (options.top && rk.lines.size() > options.top)
    out +=
        fmt::format("... {} more lines (use --top 0 to show all)\n", rk.lines.size() - options.top);
  out += "rank = worst-case position among equal scores (best-worst range shown for ties)\n";
  return out;
}

std::string renderRankingJson(const ir::Program& program, const localize::Result& result) {
  const localize::SbflRanking& rk = *result.ranking;
  nlohmann::json ranking = nlohmann::json::array();
  for (const localize::RankedLine& l : rk.lines) {
    ir::SourceRange at;
    at.file = l.file, at.line = l.line;
    ranking.push_back({{"file", program.files[l.file].path},
                       {"line", l.line},
                       {"score", l.susp.score},
                       {"confidence", l.susp.confidence},
                       {"rank", l.rank.worst},
                       {"rank_best", l.rank.best},
                       {"rank_average", l.rank.average},
                       {"failed", l.failedCover},
                       {"passed", l.passedCover},
                       {"source", program.sourceLine(at)}});
  }
  nlohmann::json j = {{"technique", result.technique},
                      {"program", program.files.empty() ? "" : program.files[0].path},
                      {"failing_tests", rk.totalFailed},
                      {"passing_tests", rk.totalPassed},
                      {"executable_lines", rk.lines.size()},
                      {"ranking", std::move(ranking)},
                      {"stats", {{"total_ms", result.totalMs}}}};
  return j.dump(2) + "\n";
}

}  // namespace

std::string renderRanking(const ir::Program& program, const localize::Result& result, Format format,
                          const RankingReportOptions& options) {
  if (!result.ranking) return "";
  return format == Format::Json ? renderRankingJson(program, result)
                                : renderRankingText(program, result, options);
}

}  // namespace culprit::report

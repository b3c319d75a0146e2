// Ranking reports of spectrum-based techniques. Ranks are worst-case positions among ties
// (computed once, in localize/ranking.h); text shows the best-average-worst span of a tie.
#include "report/report.h"
#include "report/words.h"

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
  std::string out = fmt::format(
      "{} ranking of {} ({} failing, {} passing tests; {} executable lines)\n", result.technique,
      programName(program), rk.totalFailed, rk.totalPassed, rk.lines.size());
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
  for (const std::string& note : result.notes)
    out += "note: " + note + "\n";
  return out;
}

nlohmann::json rankingJson(const ir::Program& program, const localize::SbflRanking& rk) {
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
  return ranking;
}

std::string renderRankingJson(const ir::Program& program, const localize::Result& result) {
  const localize::SbflRanking& rk = *result.ranking;
  nlohmann::json ranking = rankingJson(program, rk);
  nlohmann::json j = {{"technique", result.technique},
                      {"program", program.files.empty() ? "" : program.files[0].path},
                      {"files", programFiles(program)},
                      {"failing_tests", rk.totalFailed},
                      {"passing_tests", rk.totalPassed},
                      {"executable_lines", rk.lines.size()},
                      {"ranking", std::move(ranking)},
                      {"stats", {{"total_ms", result.totalMs}}}};
  if (!result.notes.empty()) j["notes"] = result.notes;
  return j.dump(2) + "\n";
}

std::string stmtLines(const ir::Program& program, const std::vector<ir::StmtId>& stmts) {
  std::string out;
  for (ir::StmtId s : stmts)
    out += (out.empty() ? "" : ", ") + program.where(program.stmt(s).range);
  return out.empty() ? "(none)" : out;
}

std::string renderPartitionsText(const ir::Program& program, const localize::Result& result,
                                 const RankingReportOptions& options) {
  std::string out;
  for (std::size_t i = 0; i < result.partitions.size(); ++i) {
    const localize::SpecPartition& p = result.partitions[i];
    std::size_t selected = 0, excluded = 0;
    for (const localize::GeneratedTest& t : p.tests)
      selected += t.round > 0, excluded += t.excluded;
    out +=
        fmt::format("== partition {}: {} (seed: failing test {})\n", i + 1, p.spec, p.seedTest + 1);
    out += fmt::format("MUC suspects: {}\n", stmtLines(program, p.suspects));
    out += fmt::format("generated tests: {} kept, {} selected in {} rounds, {} excluded (they "
                       "violate another specification)\n",
                       p.tests.size() - excluded, selected, p.topPerRound.size(), excluded);
    localize::Result one = result;
    one.ranking = p.ranking;
    one.notes.clear();  // said once, after every partition
    out += renderRankingText(program, one, options);
    std::string rounds;
    for (std::size_t r = 0; r < p.topPerRound.size(); ++r) {
      std::string lines;
      for (std::uint32_t l : p.topPerRound[r])
        lines += (lines.empty() ? "" : " ") + std::to_string(l);
      rounds += fmt::format("{}round {}: {}", rounds.empty() ? "" : "; ", r + 1, lines);
    }
    if (!rounds.empty()) out += "rank 1 after each round (lines): " + rounds + "\n";
    out += "\n";
  }
  if (!result.complete) out += "INCOMPLETE: " + result.incompleteReason + "\n";
  for (const std::string& note : result.notes)
    out += "note: " + note + "\n";
  return out;
}

std::string renderPartitionsJson(const ir::Program& program, const localize::Result& result) {
  nlohmann::json parts = nlohmann::json::array();
  for (const localize::SpecPartition& p : result.partitions) {
    nlohmann::json suspects = nlohmann::json::array(), tests = nlohmann::json::array();
    for (ir::StmtId s : p.suspects)
      suspects.push_back({{"file", program.files[program.stmt(s).range.file].path},
                          {"line", program.stmt(s).range.line},
                          {"source", program.sourceLine(program.stmt(s).range)}});
    for (const localize::GeneratedTest& t : p.tests)
      tests.push_back({{"line", t.line},
                       {"failing", t.failing},
                       {"violated", t.violated},
                       {"round", t.round},
                       {"excluded", t.excluded}});
    parts.push_back({{"specification", p.spec},
                     {"seed_test", p.seedTest + 1},
                     {"suspects", suspects},
                     {"ranking", rankingJson(program, p.ranking)},
                     {"tests", tests},
                     {"top_per_round", p.topPerRound}});
  }
  nlohmann::json j = {{"technique", result.technique},
                      {"program", program.files.empty() ? "" : program.files[0].path},
                      {"files", programFiles(program)},
                      {"partitions", parts},
                      {"complete", result.complete},
                      {"stats", {{"total_ms", result.totalMs}}}};
  if (!result.complete) j["incomplete_reason"] = result.incompleteReason;
  if (!result.notes.empty()) j["notes"] = result.notes;
  return j.dump(2) + "\n";
}

}  // namespace

std::string renderRanking(const ir::Program& program, const localize::Result& result, Format format,
                          const RankingReportOptions& options) {
  if (!result.partitions.empty())
    return format == Format::Json ? renderPartitionsJson(program, result)
                                  : renderPartitionsText(program, result, options);
  if (!result.ranking) return "";
  return format == Format::Json ? renderRankingJson(program, result)
                                : renderRankingText(program, result, options);
}

}  // namespace culprit::report

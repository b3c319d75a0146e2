// Text and JSON reports of `culprit localize`, and the renderer registry. A suite-scope
// technique renders its ranking; a per-test technique one section per failing test, then the
// aggregate when there are several (locations in every report by average rank, and the union).
#include "report/model.h"
#include "report/report.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace culprit::report {
namespace {

ir::SourceRange lineOf(const localize::AggregateEntry& e) {
  ir::SourceRange at;
  at.file = e.location.file, at.line = e.location.line;
  return at;
}

std::string aggregateText(const ir::Program& program, const localize::Aggregate& agg) {
  std::string text = fmt::format("== aggregate over {} failing tests: locations in every report, "
                                 "by average rank\n",
                                 agg.reports);
  for (const auto& e : agg.common)
    text += fmt::format("  {:>6.1f}  {}  {}\n", e.averageRank, program.where(lineOf(e)),
                        program.sourceLine(lineOf(e)));
  if (agg.common.empty()) text += "  (no location is in every report)\n";
  text += fmt::format("== union: {} locations in some report\n", agg.all.size());
  for (const auto& e : agg.all)
    text += fmt::format("  {:>3}/{} reports, average rank {:.1f}  {}  {}\n", e.reports, agg.reports,
                        e.averageRank, program.where(lineOf(e)), program.sourceLine(lineOf(e)));
  return text;
}

nlohmann::json aggregateJson(const ir::Program& program, const localize::Aggregate& agg) {
  auto entries = [&](const std::vector<localize::AggregateEntry>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : list)
      out.push_back({{"file", program.files[e.location.file].path},
                     {"line", e.location.line},
                     {"average_rank", e.averageRank},
                     {"reports", e.reports}});
    return out;
  };
  return {{"common", entries(agg.common)}, {"union", entries(agg.all)}};
}

/// The program-wide ranking (shown first when several tests fail): the first `top` lines.
std::string rankingText(const ir::Program& program, const std::vector<localize::RankedLocation>& r,
                        std::size_t failing, std::size_t top) {
  std::string text = fmt::format("== ranking over {} failing tests: lines of their diagnoses, most "
                                 "suspicious first\n",
                                 failing);
  const std::size_t shown = top ? std::min(top, r.size()) : r.size();
  for (std::size_t i = 0; i < shown; ++i) {
    ir::SourceRange at;
    at.file = r[i].file, at.line = r[i].line;
    text += fmt::format("  {:>3}  {:.3f}  {}  {}\n       {}\n", r[i].rank, r[i].score,
                        program.where(at), program.sourceLine(at), r[i].why);
  }
  if (shown < r.size())
    text += fmt::format("  ... {} more lines (use --top 0 to show all)\n", r.size() - shown);
  return text + "\n";
}

nlohmann::json rankingJson(const ir::Program& program,
                           const std::vector<localize::RankedLocation>& r) {
  nlohmann::json out = nlohmann::json::array();
  for (const localize::RankedLocation& l : r)
    out.push_back({{"rank", l.rank},
                   {"file", program.files[l.file].path},
                   {"line", l.line},
                   {"score", l.score},
                   {"tests", l.tests},
                   {"first", l.first},
                   {"why", l.why}});
  return out;
}

/// The failing test a per-test result explains, as JSON.
nlohmann::json testJson(const LocalizeModel& m, const localize::TestRun& t) {
  const testing::TestResult& r = m.results->results[t.test];
  return {{"index", r.index}, {"line", m.suite->tests[t.test].text}, {"reason", r.reason}};
}

}  // namespace

std::string renderLocalizeText(const LocalizeModel& m) {
  const localize::LocalizeReport& report = *m.outcome;
  if (report.suite && !report.suite->ranking)  // diagnoses of every failing test at once
    return m.preface + diagnosesText(*m.program, *report.suite, m.top, m.suite);
  if (report.suite) {
    RankingReportOptions ro;
    ro.top = m.top;
    return m.preface + renderRanking(*m.program, *report.suite, Format::Text, ro);
  }
  std::string text = m.preface;
  if (report.perTest.size() > 1 && !report.ranking.empty())
    text += rankingText(*m.program, report.ranking, report.perTest.size(), m.top);
  for (const localize::TestRun& t : report.perTest) {
    const testing::TestResult& r = m.results->results[t.test];
    text += fmt::format("== failing test {}: {}  ({})\n", r.index, m.suite->tests[t.test].text,
                        r.reason);
    text += diagnosesText(*m.program, t.result, m.top) + "\n";
  }
  if (report.aggregate) text += aggregateText(*m.program, *report.aggregate);
  return text;
}

std::string renderLocalizeJson(const LocalizeModel& m) {
  const localize::LocalizeReport& report = *m.outcome;
  if (report.suite && !report.suite->ranking)
    return diagnosesJson(*m.program, *report.suite, m.suite).dump(2) + "\n";
  if (report.suite) return renderRanking(*m.program, *report.suite, Format::Json);
  nlohmann::json runs = nlohmann::json::array();
  for (const localize::TestRun& t : report.perTest) {
    nlohmann::json j = diagnosesJson(*m.program, t.result);
    j["test"] = testJson(m, t);
    runs.push_back(std::move(j));
  }
  if (!report.aggregate) {
    if (!report.ranking.empty()) runs[0]["ranking"] = rankingJson(*m.program, report.ranking);
    return runs[0].dump(2) + "\n";
  }
  nlohmann::json all = {{"technique", m.technique->name},
                        {"complete", report.complete()},
                        {"runs", runs},
                        {"aggregate", aggregateJson(*m.program, *report.aggregate)}};
  if (!report.ranking.empty()) all["ranking"] = rankingJson(*m.program, report.ranking);
  return all.dump(2) + "\n";
}

std::vector<localize::RankedLocation> programWideRanking(const LocalizeModel& m) {
  const localize::LocalizeReport& o = *m.outcome;
  if (!o.ranking.empty() || !o.suite || o.suite->ranking) return o.ranking;
  return localize::programRanking({&*o.suite});
}

const std::vector<Renderer>& renderers() {
  static const std::vector<Renderer> all = {
      {"text", "for the terminal", false, renderLocalizeText},
      {"json", "machine-readable", false, renderLocalizeJson},
      {"sarif", "SARIF 2.1.0 for code-scanning tools", false, renderSarif},
      {"html", "one self-contained page: source, diagnoses, runs (use -o FILE)", true, renderHtml},
  };
  return all;
}

const Renderer* findRenderer(const std::string& name) {
  for (const Renderer& r : renderers())
    if (r.name == name) return &r;
  return nullptr;
}

std::string rendererNames() {
  std::string names;
  for (const Renderer& r : renderers())
    names += (names.empty() ? "" : ", ") + r.name;
  return names;
}

}  // namespace culprit::report

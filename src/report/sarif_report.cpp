// SARIF 2.1.0: the technique is the run's one rule; each diagnosis of each failing test (or,
// for ranking techniques, each of the first `top` ranked lines with a positive score) is a
// result. A result's locations are the statements of the diagnosis with their regions; its
// angelic values are related locations whose messages give the value; rank, score, weight,
// feasibility and the failing test are result properties. Completeness, notes and options are
// properties of the run, and an incomplete result is also an invocation notification, so a
// code-scanning tool that reads nothing else still says the list may be partial.
#include "report/model.h"
#include "report/report.h"
#include "report/words.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace culprit::report {
namespace {

using nlohmann::json;

/// A path as a URI reference: relative paths stay relative; absolute ones become file URIs.
std::string uriOf(const std::string& path) {
  std::string uri = path.starts_with('/') ? "file://" : "";
  for (const char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || std::string_view("/-._~").find(c) != std::string_view::npos)
      uri += c;
    else
      uri += fmt::format("%{:02X}", u);
  }
  return uri;
}

json region(const ir::SourceRange& r) {
  json j = {{"startLine", std::max(1u, r.line)}};
  if (r.col) j["startColumn"] = r.col;
  if (r.endLine >= r.line && r.endLine) j["endLine"] = r.endLine;
  if (r.endCol && (r.endLine > r.line || r.endCol > r.col)) j["endColumn"] = r.endCol;
  return j;
}

json physical(const ir::Program& program, const ir::SourceRange& r) {
  json j = {{"artifactLocation", {{"uri", uriOf(program.files[r.file].path)}, {"index", r.file}}},
            {"region", region(r)}};
  j["region"]["snippet"] = {{"text", program.sourceLine(r)}};
  return j;
}

json location(const ir::Program& program, const ir::SourceRange& r) {
  return {{"physicalLocation", physical(program, r)}};
}

/// A ranked line's region: the line, from its first statement's column.
ir::SourceRange lineRange(const ir::Program& program, const localize::RankedLine& l) {
  ir::SourceRange r;
  r.file = l.file, r.line = l.line;
  if (!l.stmts.empty()) r.col = program.stmt(l.stmts.front()).range.col;
  return r;
}

void addRankingResults(const LocalizeModel& m, const localize::SbflRanking& ranking,
                       const std::string& partition, json& results) {
  const ir::Program& program = *m.program;
  std::size_t shown = 0;
  for (const localize::RankedLine& l : ranking.lines) {
    if (!(l.susp.score > 0) || (m.top && shown == m.top)) break;
    ++shown;
    json r = {{"ruleId", m.technique->name},
              {"ruleIndex", 0},
              {"kind", "review"},
              {"level", "note"},
              {"message",
               {{"text", fmt::format("Suspicious line (rank {}, {} score {:.4f}): covered by {} of "
                                     "{} failing and {} of {} passing tests.",
                                     l.rank.worst, localize::sbflName(ranking.formula),
                                     l.susp.score, l.failedCover, ranking.totalFailed,
                                     l.passedCover, ranking.totalPassed)}}},
              {"locations", json::array({location(program, lineRange(program, l))})},
              {"properties",
               {{"rank", l.rank.worst},
                {"rankBest", l.rank.best},
                {"score", l.susp.score},
                {"failingTestsCovering", l.failedCover},
                {"passingTestsCovering", l.passedCover}}}};
    if (!partition.empty()) r["properties"]["specification"] = partition;
    results.push_back(std::move(r));
  }
}

/// One result per diagnosis of `ds`: of failing test `t` (a suite index), or of every failing
/// test at once (`t` empty: each diagnosis's per-test angelic values are its related locations).
void addDiagnosisResults(const LocalizeModel& m, std::optional<std::size_t> t,
                         const std::vector<localize::Diagnosis>& ds, json& results) {
  const ir::Program& program = *m.program;
  const std::size_t shown = m.top ? std::min(m.top, ds.size()) : ds.size();
  for (std::size_t i = 0; i < shown; ++i) {
    const localize::Diagnosis& d = ds[i];
    json locations = json::array(), related = json::array();
    std::string lines;
    for (const localize::Location& l : d.locations) {
      locations.push_back(location(program, program.stmt(l.stmt).range));
      lines += fmt::format("{}{}", lines.empty() ? "" : ", ", l.line);
    }
    auto relate = [&](const localize::AngelicValue& a, const std::string& of) {
      json rel = location(program, program.stmt(a.stmt).range);
      rel["id"] = related.size();
      rel["message"] = {{"text", fmt::format("angelic value{} (execution {}): {}", of,
                                             a.occurrence + 1, angelicValueText(program, a))}};
      related.push_back(std::move(rel));
    };
    for (const localize::AngelicValue& a : d.angelic)
      relate(a, "");
    for (const localize::TestAngelic& ta : d.perTest)
      for (const localize::AngelicValue& a : ta.angelic)
        relate(a, fmt::format(" for failing test {}", m.suite->tests[ta.test].index));
    const bool feasible = d.feasible == localize::Feasibility::Feasible;
    const std::string verdict =
        d.feasible == localize::Feasibility::Unchecked
            ? "not replayed"
            : (feasible ? "feasible: the replay with its angelic values passes"
                        : "infeasible: the replay with its angelic values still fails");
    const std::string of = t ? fmt::format("failing test {} ({})", m.results->results[*t].index,
                                           m.suite->tests[*t].text)
                             : "every failing test at once";
    json r = {
        {"ruleId", m.technique->name},
        {"ruleIndex", 0},
        {"kind", "review"},
        {"level", feasible ? "warning" : "note"},
        {"message",
         {{"text", fmt::format("Diagnosis {} of {}: changing line{} {} explains the "
                               "failure; {}.",
                               i + 1, of, d.locations.size() == 1 ? "" : "s", lines, verdict)}}},
        {"locations", std::move(locations)},
        {"properties", {{"rank", i + 1}, {"feasibility", feasibilityName(d.feasible)}}}};
    if (t) {
      r["properties"]["failingTest"] = m.results->results[*t].index;
      r["properties"]["failingTestLine"] = m.suite->tests[*t].text;
    } else {
      json tests = json::array();
      for (const localize::TestAngelic& ta : d.perTest)
        tests.push_back(m.suite->tests[ta.test].index);
      r["properties"]["failingTests"] = std::move(tests);
    }
    if (!related.empty()) r["relatedLocations"] = std::move(related);
    if (d.weight) r["properties"]["weight"] = d.weight;
    results.push_back(std::move(r));
  }
}

/// Every result of the outcome whose reason a reader must see: "test 3: timeout ...".
std::vector<std::string> incompleteness(const LocalizeModel& m) {
  std::vector<std::string> out;
  const localize::LocalizeReport& o = *m.outcome;
  if (o.suite && !o.suite->complete) out.push_back(o.suite->incompleteReason);
  for (const localize::TestRun& t : o.perTest)
    if (!t.result.complete)
      out.push_back(fmt::format("failing test {}: {}", m.results->results[t.test].index,
                                t.result.incompleteReason));
  return out;
}

}  // namespace

std::string renderSarif(const LocalizeModel& m) {
  const ir::Program& program = *m.program;
  const localize::LocalizeReport& o = *m.outcome;
  json results = json::array();
  std::vector<std::string> notes;
  if (o.suite) {
    if (o.suite->ranking && o.suite->partitions.empty())
      addRankingResults(m, *o.suite->ranking, "", results);
    for (const localize::SpecPartition& p : o.suite->partitions)
      addRankingResults(m, p.ranking, p.spec, results);
    if (!o.suite->ranking) addDiagnosisResults(m, std::nullopt, o.suite->diagnoses, results);
    notes = o.suite->notes;
  }
  for (const localize::TestRun& t : o.perTest) {
    addDiagnosisResults(m, t.test, t.result.diagnoses, results);
    for (const std::string& n : t.result.notes)
      if (std::find(notes.begin(), notes.end(), n) == notes.end()) notes.push_back(n);
  }
  json options = json::object();
  for (const auto& [name, value] : m.options)
    options[name] = value;
  json artifacts = json::array();
  for (const ir::SourceFile& f : program.files)
    artifacts.push_back({{"location", {{"uri", uriOf(f.path)}}}, {"roles", {"analysisTarget"}}});
  json notifications = json::array();
  const std::vector<std::string> cut = incompleteness(m);
  for (const std::string& reason : cut)
    notifications.push_back(
        {{"level", "warning"}, {"message", {{"text", "INCOMPLETE: " + reason}}}});
  json rule = {{"id", m.technique->name},
               {"name", m.technique->name},
               {"shortDescription", {{"text", m.technique->help}}},
               {"defaultConfiguration", {{"level", "warning"}}}};
  json run = {
      {"tool",
       {{"driver",
         {{"name", "culprit"}, {"version", CULPRIT_VERSION}, {"rules", json::array({rule})}}}}},
      {"invocations", json::array({{{"executionSuccessful", true},
                                    {"toolExecutionNotifications", std::move(notifications)}}})},
      {"artifacts", std::move(artifacts)},
      {"results", std::move(results)},
      {"properties",
       {{"technique", m.technique->name},
        {"options", std::move(options)},
        {"tests", m.suite->tests.size()},
        {"complete", cut.empty()},
        {"incompleteReasons", cut},
        {"notes", notes}}}};
  json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({std::move(run)})}};
  return log.dump(2) + "\n";
}

}  // namespace culprit::report

// SARIF 2.1.0 of `culprit localize`: the technique is the run's one rule (with help as text and
// markdown). Diagnosis techniques give one result per line of the program-wide ranking over the
// failing tests (the first `top`), whose related locations are the diagnoses holding the line
// (for each failing test, the first one, with its angelic values); on request
// (--sarif-results diagnoses) one result per diagnosis of each failing test instead. Ranking
// techniques give one result per ranked line with a positive score. Every result is of kind
// `fail`, level `warning` at rank 1 (with a feasible diagnosis) and `note` below, and carries a
// partialFingerprint that survives edits elsewhere in the file. URIs are relative to
// %SRCROOT% (sarif_log.h). Completeness, notes and options are properties of the run; each
// incomplete result is also an invocation notification (note for a bound the user chose,
// warning otherwise), so a tool that reads nothing else still says the list may be partial.
#include "report/model.h"
#include "report/report.h"
#include "report/sarif_log.h"
#include "report/words.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace culprit::report {
namespace {

using nlohmann::json;

constexpr const char* kFingerprint = "culpritLine/v1";
constexpr std::size_t kMaxRelated = 100;  ///< related locations of one ranked line

struct Sarif {
  const LocalizeModel& m;
  const ir::Program& program;
  sarif::Paths paths;
};

ir::SourceRange lineRange(std::uint32_t file, std::uint32_t line, std::uint32_t col = 0) {
  ir::SourceRange r;
  r.file = file, r.line = line, r.col = col;
  return r;
}

json result(const Sarif& s, const char* level, const std::string& message, json locations,
            const std::string& fingerprint, json properties) {
  return {{"ruleId", s.m.technique->name},
          {"ruleIndex", 0},
          {"kind", "fail"},
          {"level", level},
          {"message", {{"text", message}}},
          {"locations", std::move(locations)},
          {"partialFingerprints", {{kFingerprint, fingerprint}}},
          {"properties", std::move(properties)}};
}

// ---------------------------------------------------------------------------------------------
// Ranking techniques

/// A ranked line's region: the line, from its first statement's column.
ir::SourceRange rankedLineRange(const ir::Program& program, const localize::RankedLine& l) {
  return lineRange(l.file, l.line, l.stmts.empty() ? 0 : program.stmt(l.stmts.front()).range.col);
}

void addRankingResults(const Sarif& s, const localize::SbflRanking& ranking,
                       const std::string& partition, json& results) {
  std::size_t shown = 0;
  for (const localize::RankedLine& l : ranking.lines) {
    if (!(l.susp.score > 0) || (s.m.top && shown == s.m.top)) break;
    ++shown;
    json properties = {{"rank", l.rank.worst},
                       {"rankBest", l.rank.best},
                       {"score", l.susp.score},
                       {"failingTestsCovering", l.failedCover},
                       {"passingTestsCovering", l.passedCover}};
    if (!partition.empty()) properties["specification"] = partition;
    results.push_back(result(
        s, l.rank.best == 1 ? "warning" : "note",
        fmt::format("Suspicious line (rank {}, {} score {:.4f}): covered by {} of {} failing and "
                    "{} of {} passing tests.",
                    l.rank.worst, localize::sbflName(ranking.formula), l.susp.score, l.failedCover,
                    ranking.totalFailed, l.passedCover, ranking.totalPassed),
        json::array({sarif::location(s.program, s.paths, rankedLineRange(s.program, l))}),
        sarif::lineFingerprint(s.program, s.paths, l.file, l.line,
                               s.m.technique->name + "\n" + partition),
        std::move(properties)));
  }
}

// ---------------------------------------------------------------------------------------------
// Diagnosis techniques

/// A result of diagnoses: of one failing test (`test`, a suite index), or of every failing test
/// at once (no test).
struct Explained {
  std::optional<std::size_t> test;
  const localize::Result* result = nullptr;
};

std::vector<Explained> explained(const LocalizeModel& m) {
  std::vector<Explained> out;
  if (m.outcome->suite && !m.outcome->suite->ranking) out.push_back({{}, &*m.outcome->suite});
  for (const localize::TestRun& t : m.outcome->perTest)
    out.push_back({t.test, &t.result});
  return out;
}

std::string linesOf(const localize::Diagnosis& d) {
  std::string lines;
  for (const localize::Location& l : d.locations)
    lines += fmt::format("{}{}", lines.empty() ? "" : ", ", l.line);
  return lines;
}

std::string testName(const LocalizeModel& m, const Explained& e) {
  return e.test ? fmt::format("failing test {}", m.results->results[*e.test].index)
                : std::string("every failing test");
}

/// The angelic values of `d` at statement `stmt`, in words ("; "-separated), with the failing
/// test of each for a diagnosis of every test at once.
std::string angelicAt(const Sarif& s, const localize::Diagnosis& d, ir::StmtId stmt) {
  std::string out;
  auto add = [&](const localize::AngelicValue& a, const std::string& of) {
    if (a.stmt != stmt) return;
    out += fmt::format("{}angelic value{} (execution {}): {}", out.empty() ? "" : "; ", of,
                       a.occurrence + 1, angelicValueText(s.program, a));
  };
  for (const localize::AngelicValue& a : d.angelic)
    add(a, "");
  for (const localize::TestAngelic& ta : d.perTest)
    for (const localize::AngelicValue& a : ta.angelic)
      add(a, fmt::format(" for failing test {}", s.m.suite->tests[ta.test].index));
  return out;
}

/// One result per line of the program-wide ranking.
void addLocationResults(const Sarif& s, const std::vector<localize::RankedLocation>& ranking,
                        json& results) {
  const std::vector<Explained> all = explained(s.m);
  const std::size_t shown = s.m.top ? std::min(s.m.top, ranking.size()) : ranking.size();
  for (std::size_t k = 0; k < shown; ++k) {
    const localize::RankedLocation& at = ranking[k];
    json related = json::array();
    json tests = json::array();
    std::size_t feasible = 0, omitted = 0;
    std::uint32_t col = 0;
    for (const Explained& e : all) {
      const auto& ds = e.result->diagnoses;
      auto holds = [&](const localize::Diagnosis& d) {
        return std::any_of(
            d.locations.begin(), d.locations.end(),
            [&](const localize::Location& l) { return l.file == at.file && l.line == at.line; });
      };
      const auto first = std::find_if(ds.begin(), ds.end(), holds);
      if (first == ds.end()) continue;
      if (e.test) tests.push_back(s.m.results->results[*e.test].index);
      const localize::Diagnosis& d = *first;
      feasible += d.feasible == localize::Feasibility::Feasible;
      const std::string which =
          fmt::format("{}, diagnosis #{} ({}, line{} {})", testName(s.m, e), first - ds.begin() + 1,
                      feasibilityName(d.feasible), d.locations.size() == 1 ? "" : "s", linesOf(d));
      for (const localize::Location& l : d.locations) {
        const ir::SourceRange& r = s.program.stmt(l.stmt).range;
        if (l.file == at.file && l.line == at.line && (!col || (r.col && r.col < col))) col = r.col;
        if (related.size() == kMaxRelated) {
          ++omitted;
          continue;
        }
        json rel = sarif::location(s.program, s.paths, r);
        rel["id"] = related.size();
        const std::string values = angelicAt(s, d, l.stmt);
        rel["message"] = {{"text", which + (values.empty() ? "" : ": " + values)}};
        related.push_back(std::move(rel));
      }
    }
    json properties = {{"rank", at.rank},
                       {"score", at.score},
                       {"firstDiagnosisOf", at.first},
                       {"diagnosedIn", at.tests},
                       {"feasibleDiagnoses", feasible}};
    if (!tests.empty()) properties["failingTests"] = std::move(tests);
    if (omitted) properties["relatedLocationsOmitted"] = omitted;
    const std::size_t failing = all.size();
    json r =
        result(s, at.rank == 1 && feasible ? "warning" : "note",
               fmt::format("Line {} is rank {} of {} line{} diagnosed over {} (score {:.3f}): {}.",
                           at.line, at.rank, ranking.size(), ranking.size() == 1 ? "" : "s",
                           failing == 1 && !all[0].test
                               ? std::string("every failing test at once")
                               : fmt::format("{} failing test{}", failing, failing == 1 ? "" : "s"),
                           at.score, at.why),
               json::array({sarif::location(s.program, s.paths, lineRange(at.file, at.line, col))}),
               sarif::lineFingerprint(s.program, s.paths, at.file, at.line, s.m.technique->name),
               std::move(properties));
    if (!related.empty()) r["relatedLocations"] = std::move(related);
    results.push_back(std::move(r));
  }
}

/// One result per diagnosis of `e` (--sarif-results diagnoses).
void addDiagnosisResults(const Sarif& s, const Explained& e, json& results) {
  const std::vector<localize::Diagnosis>& ds = e.result->diagnoses;
  const std::string testText = e.test ? s.m.suite->tests[*e.test].text : std::string();
  const std::size_t shown = s.m.top ? std::min(s.m.top, ds.size()) : ds.size();
  for (std::size_t i = 0; i < shown; ++i) {
    const localize::Diagnosis& d = ds[i];
    json locations = json::array(), related = json::array();
    std::set<std::string> fingerprints;
    for (const localize::Location& l : d.locations) {
      locations.push_back(sarif::location(s.program, s.paths, s.program.stmt(l.stmt).range));
      fingerprints.insert(sarif::lineFingerprint(s.program, s.paths, l.file, l.line));
      const std::string values = angelicAt(s, d, l.stmt);
      if (values.empty()) continue;
      json rel = sarif::location(s.program, s.paths, s.program.stmt(l.stmt).range);
      rel["id"] = related.size();
      rel["message"] = {{"text", values}};
      related.push_back(std::move(rel));
    }
    const bool feasible = d.feasible == localize::Feasibility::Feasible;
    const std::string verdict =
        d.feasible == localize::Feasibility::Unchecked
            ? "not replayed"
            : (feasible ? "feasible: the replay with its angelic values passes"
                        : "infeasible: the replay with its angelic values still fails");
    const std::string of =
        e.test ? fmt::format("{} ({})", testName(s.m, e), testText) : testName(s.m, e) + " at once";
    json properties = {{"rank", i + 1}, {"feasibility", feasibilityName(d.feasible)}};
    if (e.test) {
      properties["failingTest"] = s.m.results->results[*e.test].index;
      properties["failingTestLine"] = testText;
    } else {
      json tests = json::array();
      for (const localize::TestAngelic& ta : d.perTest)
        tests.push_back(s.m.suite->tests[ta.test].index);
      properties["failingTests"] = std::move(tests);
    }
    if (d.weight) properties["weight"] = d.weight;
    std::string key = s.m.technique->name + "\n" + testText;
    for (const std::string& f : fingerprints)
      key += "\n" + f;
    json r = result(s, i == 0 && feasible ? "warning" : "note",
                    fmt::format("Diagnosis {} of {}: changing line{} {} explains the failure; {}.",
                                i + 1, of, d.locations.size() == 1 ? "" : "s", linesOf(d), verdict),
                    std::move(locations), sarif::hashText(key), std::move(properties));
    if (!related.empty()) r["relatedLocations"] = std::move(related);
    results.push_back(std::move(r));
  }
}

// ---------------------------------------------------------------------------------------------
// The run

/// Every result of the outcome that was cut short: ("failing test 3: " or "", reason).
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

json rule(const LocalizeModel& m, bool perDiagnosis) {
  const localize::TechniqueInfo& t = *m.technique;
  std::string text, markdown;
  if (t.kind == localize::TechniqueKind::Ranking) {
    text = fmt::format(
        "culprit's {} ranks the program's lines by suspiciousness: lines executed by failing "
        "tests more than by passing ones score higher. Each result is one line with a positive "
        "score, rank 1 most suspicious (properties.rank, properties.score). Level warning: a "
        "line at rank 1; note: the others. Read them in rank order; the fault is usually among "
        "the first few.",
        t.name);
    markdown = fmt::format(
        "**{}**: {}\n\nEach result is a *line* of the spectrum ranking, rank 1 most suspicious "
        "(`properties.rank`, `properties.score`, and the failing / passing tests covering it).\n\n"
        "- level `warning`: a line at rank 1\n- level `note`: the lines below it\n\nRead them in "
        "rank order: the fault is usually among the first few.",
        t.name, t.help);
  } else {
    const std::string unit =
        perDiagnosis ? "one diagnosis of one failing test: a minimal set of statements that, "
                       "changed to the angelic values given as related locations, makes the "
                       "test pass"
                     : "one line of the ranking over every failing test (rank 1 most "
                       "suspicious); its related locations are the diagnoses holding it (per "
                       "failing test the first one) with the angelic values that make that "
                       "test pass";
    text = fmt::format(
        "culprit's {} explains failing tests by diagnoses: minimal sets of statements which, "
        "changed, make the failing run pass. Each result is {}. Level warning: rank 1 with a "
        "feasible diagnosis (replayed with its angelic values, the test passes); note: the "
        "others. A run property 'complete: false' (and an invocation notification) says a bound "
        "cut the enumeration and names the option that lifts it.",
        t.name, unit);
    markdown = fmt::format(
        "**{}**: {}\n\nEach result is {}.\n\n- level `warning`: rank 1, with a *feasible* "
        "diagnosis (replayed with its angelic values, the failing test passes)\n- level `note`: "
        "the others\n\nWhen `runs[0].properties.complete` is false, a bound cut the enumeration: "
        "the invocation's notifications say which, and which option lifts it.",
        t.name, t.help, unit);
  }
  return sarif::rule(t.name, t.name, t.help, text, markdown);
}

}  // namespace

std::string renderSarif(const LocalizeModel& m) {
  const localize::LocalizeReport& o = *m.outcome;
  const Sarif s{m, *m.program, sarif::Paths(*m.program)};
  json results = json::array();
  std::vector<std::string> notes;
  auto addNotes = [&](const localize::Result& r) {
    for (const std::string& n : r.notes)
      if (std::find(notes.begin(), notes.end(), n) == notes.end()) notes.push_back(n);
  };
  if (o.suite && o.suite->ranking) {
    if (o.suite->partitions.empty()) addRankingResults(s, *o.suite->ranking, "", results);
    for (const localize::SpecPartition& p : o.suite->partitions)
      addRankingResults(s, p.ranking, p.spec, results);
  } else if (m.sarifPerDiagnosis) {
    for (const Explained& e : explained(m))
      addDiagnosisResults(s, e, results);
  } else {
    addLocationResults(s, programWideRanking(m), results);
  }
  for (const Explained& e : explained(m))
    addNotes(*e.result);
  if (o.suite && o.suite->ranking) addNotes(*o.suite);
  json options = json::object();
  for (const auto& [name, value] : m.options)
    options[name] = value;
  json notifications = json::array();
  const std::vector<std::string> cut = incompleteness(m);
  for (const std::string& reason : cut)
    notifications.push_back({{"level", severityName(incompleteSeverity(reason))},
                             {"message", {{"text", "INCOMPLETE: " + reason}}}});
  json properties = {{"technique", m.technique->name},
                     {"options", std::move(options)},
                     {"results", o.suite && o.suite->ranking ? "lines"
                                 : m.sarifPerDiagnosis       ? "diagnoses"
                                                             : "locations"},
                     {"tests", m.suite->tests.size()},
                     {"complete", cut.empty()},
                     {"incompleteReasons", cut},
                     {"notes", notes}};
  return sarif::logText(s.paths, rule(m, m.sarifPerDiagnosis), std::move(notifications),
                        std::move(results), std::move(properties));
}

}  // namespace culprit::report

// The HTML report of `culprit localize`: one self-contained page (inline style and SVG, no
// script, nothing fetched). A header with the program, technique, options, suite and
// completeness; the source with suspicious lines coloured by score or rank; an inline-SVG
// chart; the ranking (and SAT-TAR's partitions), or for formula techniques one section per
// failing test with every diagnosis, its angelic values and the failing run beside the
// diagnosis's replay; then the aggregate over failing tests. Building blocks: html_page.h.
#include "report/html_notices.h"
#include "report/html_page.h"
#include "report/model.h"
#include "report/report.h"
#include "report/words.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace culprit::report {
namespace {

using html::escape;
using html::Notices;
using html::testList;

constexpr std::size_t kTraceRows = 300;  ///< rows of one run comparison
constexpr std::size_t kChartBars = 20;
constexpr std::size_t kPathSteps = 60;     ///< decisions of an angelic path shown
constexpr std::size_t kAngelicShown = 10;  ///< angelic values shown before folding the rest

ir::SourceRange lineRange(std::uint32_t file, std::uint32_t line) {
  ir::SourceRange r;
  r.file = file, r.line = line;
  return r;
}

/// "file.c:LINE" linking to the line in the source listing.
std::string locationLink(const ir::Program& p, std::uint32_t file, std::uint32_t line) {
  return fmt::format("<a href=\"#{}\">{}</a>", html::lineId(file, line),
                     escape(p.where(lineRange(file, line))));
}

std::string sourceCode(const ir::Program& p, std::uint32_t file, std::uint32_t line) {
  return "<code>" + escape(p.sourceLine(lineRange(file, line))) + "</code>";
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

/// A rank with the span of its tie: "4 (3-4)".
std::string rankText(const localize::RankPosition& r) {
  if (r.best == r.worst) return std::to_string(r.worst);
  return fmt::format("{} ({}-{})", r.worst, r.best, r.worst);
}

std::string msText(double ms) {
  return fmt::format("{:.{}f} ms", ms, ms < 1 ? 2 : ms < 10 ? 1 : 0);
}

/// The 1-based index of suite test `test`, as the user numbers tests.
int testIndex(const LocalizeModel& m, std::size_t test) { return m.results->results[test].index; }

/// Every result of the run, labelled for the header ("" for the suite's, "test N: " per test).
std::vector<std::pair<std::string, const localize::Result*>>
labelledResults(const LocalizeModel& m) {
  std::vector<std::pair<std::string, const localize::Result*>> out;
  if (m.outcome->suite) out.emplace_back("", &*m.outcome->suite);
  for (const localize::TestRun& t : m.outcome->perTest)
    out.emplace_back(fmt::format("test {}: ", testIndex(m, t.test)), &t.result);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Header, with each incompleteness reason and each note once (html_notices.h)

std::string headerHtml(const LocalizeModel& m, const Notices& notices) {
  const ir::Program& p = *m.program;
  const std::string program = programName(p);
  std::string out =
      fmt::format("<header class=\"top\">\n<h1>culprit localize: {} on {}</h1>\n"
                  "<div class=\"help\">{}</div>\n<dl>\n",
                  escape(m.technique->name), escape(program), escape(m.technique->help));
  std::string files;
  for (const std::string& path : programFiles(p))
    for (const ir::SourceFile& f : p.files)
      if (f.path == path)
        files +=
            fmt::format("{}{} ({} lines)", files.empty() ? "" : ", ", escape(path), f.lines.size());
  out += fmt::format("<dt>program</dt><dd>{}</dd>\n", files.empty() ? "?" : files);
  std::string options;
  for (const auto& [name, value] : m.options)
    options += fmt::format("<span class=\"chip\">{}={}</span>", escape(name), escape(value));
  out += fmt::format("<dt>options</dt><dd>{}</dd>\n", options.empty() ? "none" : options);
  std::size_t failing = 0;
  for (const testing::TestResult& r : m.results->results)
    failing += r.failing();
  out +=
      fmt::format("<dt>tests</dt><dd>{}: {}, {} failing ({} passed, {} failed, {} errors)</dd>\n",
                  escape(m.suite->path), plural(m.suite->tests.size(), "test", "tests"), failing,
                  m.results->passed, m.results->failed, m.results->errors);
  if (!m.outcome->perTest.empty()) {
    std::vector<int> tests;
    for (const localize::TestRun& t : m.outcome->perTest)
      tests.push_back(testIndex(m, t.test));
    out += fmt::format("<dt>explained</dt><dd>failing test{} {}</dd>\n",
                       tests.size() == 1 ? "" : "s", testList(tests));
  }
  double ms = 0;
  for (const auto& [label, r] : labelledResults(m))
    ms += r->totalMs;
  out += fmt::format("<dt>technique time</dt><dd>{}</dd>\n</dl>\n</header>\n", msText(ms));
  out += html::noticesHtml(m, notices);
  if (!m.preface.empty()) out += "<pre class=\"preface\">" + escape(m.preface) + "</pre>\n";
  return out;
}

// ---------------------------------------------------------------------------------------------
// Source colouring and the chart: by the ranking, the same numbers as its table

html::LineMarks rankingMarks(const localize::SbflRanking& rk) {
  double top = 0;
  for (const localize::RankedLine& l : rk.lines)
    if (std::isfinite(l.susp.score)) top = std::max(top, l.susp.score);
  html::LineMarks marks;
  for (const localize::RankedLine& l : rk.lines) {
    if (!(l.susp.score > 0)) continue;
    marks[{l.file, l.line}] = {
        top > 0 ? l.susp.score / top : 1,
        fmt::format("rank {}, score {:.4f}; covered by {} failing, {} passing tests",
                    rankText(l.rank), l.susp.score, l.failedCover, l.passedCover),
        fmt::format("{:.2f}", l.susp.score)};
  }
  return marks;
}

/// Lines of diagnoses, coloured by their score in the program-wide ranking (in [0, 1]: 1 is the
/// first diagnosis of every failing test), tagged with their rank.
html::LineMarks diagnosisMarks(const std::vector<localize::RankedLocation>& ranking) {
  html::LineMarks marks;
  for (const localize::RankedLocation& l : ranking)
    marks[{l.file, l.line}] = {l.score,
                               fmt::format("rank {} (score {:.3f}): {}", l.rank, l.score, l.why),
                               fmt::format("#{}", l.rank)};
  return marks;
}

std::string rankingChart(const ir::Program& p, const localize::SbflRanking& rk, const char* which) {
  std::vector<html::Bar> bars;
  double top = 0;
  for (const localize::RankedLine& l : rk.lines)
    if (std::isfinite(l.susp.score)) top = std::max(top, l.susp.score);
  for (std::size_t i = 0; i < rk.lines.size() && bars.size() < kChartBars; ++i) {
    const localize::RankedLine& l = rk.lines[i];
    bars.push_back(
        {fmt::format("line {}", l.line), l.susp.score,
         fmt::format("{:.4f} (rank {})", l.susp.score, l.rank.worst),
         p.where(lineRange(l.file, l.line)) + "  " + p.sourceLine(lineRange(l.file, l.line)),
         "#" + html::lineId(l.file, l.line), top > 0 ? l.susp.score / top : 1, l.rank.worst,
         l.line});
  }
  return html::barChart(bars,
                        fmt::format("The {} most suspicious lines by score{}", bars.size(), which));
}

std::string rankedOver(const LocalizeModel& m) {
  return m.outcome->perTest.empty()
             ? "every failing test at once"
             : plural(m.outcome->perTest.size(), "failing test", "failing tests");
}

/// The first lines of the program-wide ranking, by score (the bar's colour is the line's).
std::string programRankingChart(const LocalizeModel& m,
                                const std::vector<localize::RankedLocation>& ranking) {
  std::vector<html::Bar> bars;
  for (std::size_t i = 0; i < ranking.size() && i < kChartBars; ++i) {
    const localize::RankedLocation& l = ranking[i];
    bars.push_back({fmt::format("line {}", l.line), l.score,
                    fmt::format("rank {}, score {:.3f}", l.rank, l.score),
                    m.program->where(lineRange(l.file, l.line)) + "  " +
                        m.program->sourceLine(lineRange(l.file, l.line)),
                    "#" + html::lineId(l.file, l.line), l.score, l.rank, l.line});
  }
  return html::barChart(bars, fmt::format("The {} first lines of the ranking over {}, by score",
                                          bars.size(), rankedOver(m)));
}

// ---------------------------------------------------------------------------------------------
// Rankings

std::string rankingTable(const ir::Program& p, const localize::SbflRanking& rk, std::size_t top) {
  const std::size_t shown = top ? std::min(top, rk.lines.size()) : rk.lines.size();
  std::string out = "<table class=\"ranking\">\n<thead><tr><th>rank</th><th>score</th>"
                    "<th title=\"failing / passing tests covering the line\">cover</th>"
                    "<th>location</th><th>source</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < shown; ++i) {
    const localize::RankedLine& l = rk.lines[i];
    out +=
        fmt::format("<tr class=\"rank-entry\" data-rank=\"{}\" data-line=\"{}\"><td "
                    "class=\"num\">{}</td><td class=\"num\">{:.4f}</td><td class=\"num\">{} / "
                    "{}</td><td>{}</td><td>{}</td></tr>\n",
                    l.rank.worst, l.line, rankText(l.rank), l.susp.score, l.failedCover,
                    l.passedCover, locationLink(p, l.file, l.line), sourceCode(p, l.file, l.line));
  }
  out += "</tbody>\n</table>\n";
  if (shown < rk.lines.size())
    out += fmt::format("<p class=\"summary\">... {} more lines (use --top 0 to show all)</p>\n",
                       rk.lines.size() - shown);
  return out + "<p class=\"summary\">rank = worst-case position among equal scores (best-worst "
               "range shown for ties)</p>\n";
}

std::string rankingSummary(const localize::SbflRanking& rk) {
  return fmt::format("<p class=\"summary\">{} ranking: {} failing, {} passing tests; {} "
                     "executable lines</p>\n",
                     localize::sbflName(rk.formula), rk.totalFailed, rk.totalPassed,
                     rk.lines.size());
}

/// The program-wide ranking of a diagnosis technique: the first `top` lines.
std::string programRankingHtml(const LocalizeModel& m,
                               const std::vector<localize::RankedLocation>& ranking) {
  const ir::Program& p = *m.program;
  const std::size_t shown = m.top ? std::min(m.top, ranking.size()) : ranking.size();
  std::string out = fmt::format(
      "<section class=\"program-ranking\" id=\"ranking\">\n<h2>Ranking over {}</h2>\n"
      "<p class=\"summary\">Every line of a diagnosis, most suspicious first. Score: the mean over "
      "the failing tests of 1 / (position of the first diagnosis holding the line), so 1 is the "
      "first diagnosis of every failing test. The source and the chart are coloured by this "
      "score.</p>\n",
      rankedOver(m));
  out += programRankingChart(m, ranking);
  out += "<table class=\"ranking\">\n<thead><tr><th>rank</th><th>score</th><th>line</th>"
         "<th>source, and why</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < shown; ++i) {
    const localize::RankedLocation& l = ranking[i];
    // One file: the line number says it all; several: the file too.
    const std::string at = p.files.size() == 1 ? fmt::format("<a href=\"#{}\">{}</a>",
                                                             html::lineId(l.file, l.line), l.line)
                                               : locationLink(p, l.file, l.line);
    out += fmt::format(
        "<tr class=\"rank-entry\" data-rank=\"{}\" data-line=\"{}\" "
        "data-score=\"{:.6f}\"><td class=\"num\">{}</td><td class=\"num\">{:.3f}"
        "</td><td class=\"num\">{}</td><td>{}<div class=\"why\">{}</div></td></tr>\n",
        l.rank, l.line, l.score, l.rank, l.score, at, sourceCode(p, l.file, l.line), escape(l.why));
  }
  out += "</tbody>\n</table>\n";
  if (shown < ranking.size())
    out += fmt::format("<p class=\"summary\">... {} more lines (use --top 0 to show all)</p>\n",
                       ranking.size() - shown);
  return out + "</section>\n";
}

/// SAT-TAR: one section per violated specification.
std::string partitionsHtml(const LocalizeModel& m, const localize::Result& r) {
  const ir::Program& p = *m.program;
  std::string out;
  for (std::size_t i = 0; i < r.partitions.size(); ++i) {
    const localize::SpecPartition& part = r.partitions[i];
    std::size_t selected = 0, excluded = 0;
    for (const localize::GeneratedTest& t : part.tests)
      selected += t.round > 0, excluded += t.excluded;
    std::string suspects;
    for (ir::StmtId s : part.suspects) {
      const ir::SourceRange& at = p.stmt(s).range;
      suspects += (suspects.empty() ? "" : ", ") + locationLink(p, at.file, at.line);
    }
    out += fmt::format("<section class=\"partition\" id=\"partition-{}\">\n<h2>Partition {}: "
                       "{}</h2>\n<p class=\"summary\">seed: failing test {}; MUC suspects: {}</p>\n"
                       "<p class=\"summary\">generated tests: {} kept, {} selected in {}, {} "
                       "excluded (they violate another specification)</p>\n",
                       i + 1, i + 1, escape(part.spec), part.seedTest + 1,
                       suspects.empty() ? "(none)" : suspects, part.tests.size() - excluded,
                       selected, plural(part.topPerRound.size(), "round", "rounds"), excluded);
    out += rankingSummary(part.ranking) + rankingTable(p, part.ranking, m.top);
    std::string rounds;
    for (std::size_t k = 0; k < part.topPerRound.size(); ++k) {
      std::string lines;
      for (std::uint32_t l : part.topPerRound[k])
        lines += (lines.empty() ? "" : " ") + std::to_string(l);
      rounds += fmt::format("{}round {}: {}", rounds.empty() ? "" : "; ", k + 1, lines);
    }
    if (!rounds.empty())
      out += "<p class=\"summary\">rank 1 after each round (lines): " + escape(rounds) + "</p>\n";
    out += "</section>\n";
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Diagnoses

/// The statement's own text when it shares its line with another, else "".
std::string ownPart(const ir::Program& p, const html::LineSet& shared, ir::StmtId id) {
  if (id == ir::kNone) return "";
  const ir::SourceRange& r = p.stmt(id).range;
  return shared.count({r.file, r.line}) ? p.partOfLine(r) : "";
}

std::string angelicText(const ir::Program& p, const html::LineSet& shared,
                        const localize::AngelicValue& a) {
  const ir::Stmt& s = p.stmt(a.stmt);
  const std::string part = ownPart(p, shared, a.stmt);
  const std::string value = angelicValueText(p, a);
  return fmt::format("line {}{} (execution {}): {}", s.range.line,
                     part.empty() ? "" : " `" + part + "`", a.occurrence + 1, value);
}

std::string pathHtml(const ir::Program& p, const std::vector<localize::BranchDecision>& path) {
  std::string out = "<div class=\"path\">angelic path: ";
  for (std::size_t i = 0; i < path.size() && i < kPathSteps; ++i) {
    const localize::BranchDecision& b = path[i];
    const ir::Stmt& s = p.stmt(b.stmt);
    out += fmt::format("<span class=\"step{}\" title=\"execution {}{}\">{}: {}</span>",
                       b.deviates ? " deviates" : "", b.occurrence + 1,
                       b.deviates ? ", the failing run decided otherwise" : "", s.range.line,
                       escape(decisionText(s, b.decision)));
  }
  if (path.size() > kPathSteps)
    out += fmt::format(" ... {} more decisions", path.size() - kPathSteps);
  return out + "</div>\n";
}

/// The runs of one diagnosis, when the CLI replayed it.
struct DiagnosisRuns {
  const exec::RunResult* failing = nullptr;
  const exec::RunResult* angelic = nullptr;
};

std::string diagnosisHtml(const LocalizeModel& m, const html::LineSet& shared,
                          const localize::Diagnosis& d, std::size_t rank, int test,
                          DiagnosisRuns runs) {
  const ir::Program& p = *m.program;
  const char* feasible = feasibilityName(d.feasible);
  std::string out = fmt::format(
      "<article class=\"diagnosis is-{0}\" id=\"t{1}-d{2}\" data-test=\"{1}\" data-rank=\"{2}\">\n"
      "<div class=\"head\"><span class=\"rank\">#{2}</span><span class=\"badge {0}\">{0}</span>",
      feasible, test, rank);
  if (d.weight != 0) out += fmt::format("<span class=\"weight\">weight {:g}</span>", d.weight);
  out += "</div>\n<ul class=\"locations\">\n";
  for (const localize::Location& l : d.locations) {
    const std::string part = ownPart(p, shared, l.stmt);
    out += fmt::format(
        "<li>{}{} {}{}</li>\n", locationLink(p, l.file, l.line),
        l.iteration ? fmt::format(" <span class=\"iter\">(iteration {})</span>", l.iteration) : "",
        part.empty() ? sourceCode(p, l.file, l.line) : "<code>" + escape(part) + "</code>",
        part.empty() ? "" : " <span class=\"iter\">in</span> " + sourceCode(p, l.file, l.line));
  }
  out += "</ul>\n";
  if (!d.angelic.empty()) {
    // Many instances (a statement in a loop): the first few, the rest folded.
    out += "<ul class=\"angelic\">\n";
    for (std::size_t i = 0; i < d.angelic.size(); ++i) {
      if (i == kAngelicShown && d.angelic.size() > kAngelicShown + 2)
        out += fmt::format("</ul>\n<details class=\"more\"><summary>{} more angelic "
                           "values</summary>\n<ul class=\"angelic\">\n",
                           d.angelic.size() - i);
      out += "<li>" + escape(angelicText(p, shared, d.angelic[i])) + "</li>\n";
    }
    out += d.angelic.size() > kAngelicShown + 2 ? "</ul>\n</details>\n" : "</ul>\n";
  }
  if (!d.path.empty()) out += pathHtml(p, d.path);
  if (d.angelic.empty()) {
    out += "<p class=\"summary\">no angelic values: nothing to replay</p>\n";
  } else if (runs.failing && runs.angelic) {
    out += fmt::format("<details{}><summary>failing run beside the angelic replay</summary>\n"
                       "<div class=\"outcomes\">\n{}{}</div>\n{}</details>\n",
                       rank == 1 ? " open" : "", html::runOutcome(*runs.failing, "failing run"),
                       html::runOutcome(*runs.angelic, "angelic replay"),
                       html::runComparison(p, *runs.failing, *runs.angelic, kTraceRows));
  }
  return out + "</article>\n";
}

std::string statsText(const localize::Result& r, const Notices& notices) {
  std::size_t feasible = 0;
  for (const localize::Diagnosis& d : r.diagnoses)
    feasible += d.feasible == localize::Feasibility::Feasible;
  const std::string anchor = r.complete ? "" : notices.anchor(r.incompleteReason);
  return fmt::format(
      "{} ({} feasible), {}; solver {:.0f} ms, total {:.0f} ms, {} soft / {} hard "
      "clauses, {} queries",
      plural(r.diagnoses.size(), "diagnosis", "diagnoses"), feasible,
      r.complete ? "enumeration complete"
                 : fmt::format("<a class=\"cut {}\" href=\"#{}\">enumeration incomplete (see "
                               "above)</a>",
                               severityName(incompleteSeverity(r.incompleteReason)), anchor),
      r.stats.solverMs, r.stats.totalMs, r.stats.soft, r.stats.hard, r.stats.queries);
}

/// The diagnoses of one result; `replayed` (may be null) holds the runs of the first ones.
std::string diagnosesHtml(const LocalizeModel& m, const Notices& notices,
                          const html::LineSet& shared, const localize::Result& r, int test,
                          const ReplayedRuns* replayed) {
  std::string out = "<p class=\"summary\">" + statsText(r, notices) + "</p>\n";
  if (r.diagnoses.empty()) out += "<p>no diagnosis</p>\n";
  for (std::size_t i = 0; i < r.diagnoses.size(); ++i) {
    DiagnosisRuns runs;
    if (replayed && i < replayed->angelic.size())
      runs = {&replayed->failing, &replayed->angelic[i]};
    out += diagnosisHtml(m, shared, r.diagnoses[i], i + 1, test, runs);
  }
  if (replayed && replayed->angelic.size() < r.diagnoses.size())
    out += fmt::format("<p class=\"summary\">runs are shown for the first {} (use --top 0 for "
                       "all)</p>\n",
                       plural(replayed->angelic.size(), "diagnosis", "diagnoses"));
  return out;
}

std::string testSection(const LocalizeModel& m, const Notices& notices, const html::LineSet& shared,
                        std::size_t run) {
  const localize::TestRun& t = m.outcome->perTest[run];
  const testing::TestResult& tr = m.results->results[t.test];
  const ReplayedRuns* replayed = nullptr;
  for (const ReplayedRuns& r : m.runs)
    if (r.run == run) replayed = &r;
  std::string out = fmt::format("<section class=\"test\" id=\"test-{0}\">\n<h2>Failing test {0}: "
                                "<code>{1}</code></h2>\n<p class=\"summary\">{2}</p>\n",
                                tr.index, escape(m.suite->tests[t.test].text), escape(tr.reason));
  if (replayed)
    out += "<div class=\"outcomes\">" + html::runOutcome(replayed->failing, "failing run") +
           "</div>\n";
  return out + diagnosesHtml(m, notices, shared, t.result, tr.index, replayed) + "</section>\n";
}

std::string aggregateHtml(const ir::Program& p, const localize::Aggregate& agg) {
  std::string out = fmt::format(
      "<section class=\"aggregate\" id=\"aggregate\">\n<details>\n<summary><h2>Average rank "
      "over the {} failing tests</h2></summary>\n<p class=\"summary\">Each location's mean rank "
      "over the reports holding it (another view than the ranking above, which also counts the "
      "tests a line is missing from).</p>\n<h3>Locations in every report, by average rank</h3>\n",
      agg.reports);
  auto table = [&](const std::vector<localize::AggregateEntry>& entries, bool counts) {
    std::string t = "<table>\n<thead><tr>";
    t += counts ? "<th>reports</th>" : "";
    t += "<th>average rank</th><th>location</th><th>source</th></tr></thead>\n<tbody>\n";
    for (const localize::AggregateEntry& e : entries) {
      t += fmt::format("<tr class=\"aggregate-entry\" data-line=\"{}\">", e.location.line);
      if (counts) t += fmt::format("<td class=\"num\">{}/{}</td>", e.reports, agg.reports);
      t += fmt::format("<td class=\"num\">{:.1f}</td><td>{}</td><td>{}</td></tr>\n", e.averageRank,
                       locationLink(p, e.location.file, e.location.line),
                       sourceCode(p, e.location.file, e.location.line));
    }
    return t + "</tbody>\n</table>\n";
  };
  out +=
      agg.common.empty() ? "<p>(no location is in every report)</p>\n" : table(agg.common, false);
  out += fmt::format("<h3>Union: {} in some report</h3>\n",
                     plural(agg.all.size(), "location", "locations"));
  return out + table(agg.all, true) + "</details>\n</section>\n";
}

// ---------------------------------------------------------------------------------------------
// The page

std::string sourcePane(const LocalizeModel& m, const html::LineMarks& marks, const std::string& by,
                       const char* least, const char* most) {
  std::string out = fmt::format(
      "<div class=\"pane-source\">\n<div class=\"legend\"><span>Suspicious lines, {}</span>"
      "<span class=\"key\">{}<span class=\"scale\" style=\"background:linear-gradient(to "
      "right,{},{})\"></span>{}</span></div>\n",
      escape(by), least, html::heatColor(0), html::heatColor(1), most);
  // The main file, and any other file (a header) holding a highlighted line.
  for (std::uint32_t f = 0; f < m.program->files.size(); ++f) {
    auto first = marks.lower_bound({f, 0});
    if (f == 0 || (first != marks.end() && first->first.first == f))
      out += html::sourceListing(*m.program, f, marks);
  }
  return out + "</div>\n";
}

}  // namespace

std::string renderHtml(const LocalizeModel& m) {
  const ir::Program& p = *m.program;
  const localize::LocalizeReport& report = *m.outcome;
  const Notices notices = html::collectNotices(m);
  std::string results, contents;
  html::LineMarks marks;
  std::string by;
  const char *least = "least", *most = "most";
  if (report.suite && report.suite->ranking) {
    const localize::Result& r = *report.suite;
    marks = rankingMarks(*r.ranking);
    by = r.partitions.size() > 1 ? "by score (first partition)" : "by score";
    results += "<h2>Overview</h2>\n" +
               rankingChart(p, *r.ranking, r.partitions.size() > 1 ? " (first partition)" : "");
    if (!r.partitions.empty()) {
      results += partitionsHtml(m, r);
    } else {
      results += "<section class=\"ranking\" id=\"ranking\">\n<h2>Ranking</h2>\n" +
                 rankingSummary(*r.ranking) + rankingTable(p, *r.ranking, m.top) + "</section>\n";
    }
  } else {
    // The program-wide story first (the ranking over every failing test), then each test.
    const html::LineSet shared = html::sharedLines(p);
    const std::vector<localize::RankedLocation> ranking = programWideRanking(m);
    marks = diagnosisMarks(ranking);
    by = "by their score in the ranking over " + rankedOver(m);
    least = "score 0", most = "1";
    if (!ranking.empty()) results += programRankingHtml(m, ranking);
    if (report.suite) results += diagnosesHtml(m, notices, shared, *report.suite, 0, nullptr);
    for (std::size_t i = 0; i < report.perTest.size(); ++i) {
      const localize::TestRun& t = report.perTest[i];
      contents += fmt::format("<li><a href=\"#test-{0}\">test {0}</a> <span class=\"n\">{1}"
                              "</span></li>\n",
                              testIndex(m, t.test), t.result.diagnoses.size());
      results += testSection(m, notices, shared, i);
    }
    if (report.aggregate) results += aggregateHtml(p, *report.aggregate);
  }
  if (!contents.empty()) {
    const std::size_t first = results.find("<section class=\"test\"");
    results.insert(first == std::string::npos ? results.size() : first,
                   "<h2>Each failing test</h2>\n<p class=\"summary\">its diagnoses (how many "
                   "beside each test), with the failing run beside each diagnosis's angelic "
                   "replay</p>\n<ul class=\"contents\">\n" +
                       contents + "</ul>\n");
  }
  const std::string program = programName(p);
  return html::page("culprit: " + m.technique->name + " on " + program,
                    headerHtml(m, notices) + "<main>\n" + sourcePane(m, marks, by, least, most) +
                        "<div class=\"pane-results\">\n" + results + "</div>\n</main>\n");
}

}  // namespace culprit::report

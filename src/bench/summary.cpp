// Reports of a bench directory. Numbers come from metrics.cpp; this file only groups runs
// (by technique, by subject and technique, by scaling family) and formats them.
#include "bench/summary.h"

#include "bench/runlog.h"
#include "ir/error.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <set>

namespace culprit::bench {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::size_t displayWidth(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xc0) != 0x80; }));
}

std::string pad(const std::string& s, std::size_t width, bool right) {
  std::string fill(width - std::min(width, displayWidth(s)), ' ');
  return right ? fill + s : s + fill;
}

}  // namespace

std::string Table::markdown() const {
  std::string out = "|";
  for (const std::string& h : header)
    out += " " + h + " |";
  out += "\n|";
  for (std::size_t c = 0; c < header.size(); ++c)
    out += c < rightAligned.size() && rightAligned[c] ? "---:|" : "---|";
  out += "\n";
  for (const auto& row : rows) {
    out += "|";
    for (const std::string& cell : row)
      out += " " + cell + " |";
    out += "\n";
  }
  return out;
}

std::string Table::text() const {
  std::vector<std::size_t> width(header.size(), 0);
  auto measure = [&](const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < row.size() && c < width.size(); ++c)
      width[c] = std::max(width[c], displayWidth(row[c]));
  };
  measure(header);
  for (const auto& row : rows)
    measure(row);
  auto line = [&](const std::vector<std::string>& row) {
    std::string out;
    for (std::size_t c = 0; c < row.size() && c < width.size(); ++c)
      out += (c ? "  " : "") + pad(row[c], width[c], c < rightAligned.size() && rightAligned[c]);
    while (!out.empty() && out.back() == ' ')
      out.pop_back();
    return out + "\n";
  };
  std::string out = line(header);
  std::size_t total = 0;
  for (std::size_t w : width)
    total += w;
  out += std::string(total + 2 * (width.empty() ? 0 : width.size() - 1), '-') + "\n";
  for (const auto& row : rows)
    out += line(row);
  return out;
}

namespace {

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s)
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string cell(const nlohmann::ordered_json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

std::string number(const std::optional<double>& v, const char* format = "{:.1f}") {
  return v ? fmt::format(fmt::runtime(format), *v) : "–";
}

/// Whole numbers as such ("5"), others with one decimal ("4.3").
std::string compact(const std::optional<double>& v) {
  if (!v) return "–";
  return *v == std::floor(*v) ? fmt::format("{:.0f}", *v) : fmt::format("{:.1f}", *v);
}

/// Milliseconds with two significant decimals below 10 ms.
std::string millis(double ms) {
  return fmt::format(fmt::runtime(ms < 10 ? "{:.2f}" : "{:.1f}"), ms);
}

std::string percent(const std::optional<double>& v) { return v ? fmt::format("{:.1f}%", *v) : "–"; }

/// Techniques of the meta, then any other technique that has runs.
std::vector<std::string> techniqueOrder(const BenchMeta& meta, const std::vector<RunRecord>& runs) {
  std::vector<std::string> out = meta.techniques;
  for (const RunRecord& r : runs)
    if (std::find(out.begin(), out.end(), r.key.technique) == out.end())
      out.push_back(r.key.technique);
  return out;
}

std::vector<std::string> subjectOrder(const BenchMeta& meta, const std::vector<RunRecord>& runs) {
  std::vector<std::string> out;
  for (const SubjectInfo& s : meta.subjects)
    out.push_back(s.name);
  for (const RunRecord& r : runs)
    if (std::find(out.begin(), out.end(), r.key.subject) == out.end()) out.push_back(r.key.subject);
  return out;
}

using Group = std::vector<const RunRecord*>;

Group select(const std::vector<RunRecord>& runs, const std::string& subject,
             const std::string& technique) {
  Group g;
  for (const RunRecord& r : runs)
    if ((subject.empty() || r.key.subject == subject) &&
        (technique.empty() || r.key.technique == technique))
      g.push_back(&r);
  return g;
}

std::string statusNote(const Aggregate& a) {
  std::string note;
  if (a.timeouts) note += fmt::format(", {} t/o", a.timeouts);
  if (a.errors) note += fmt::format(", {} err", a.errors);
  if (a.incomplete) note += fmt::format(", {} inc", a.incomplete);
  return note.empty() ? "" : " (" + note.substr(2) + ")";
}

/// "rank / EXAM / success" of a group of runs (one run: ✓, ✓✓ with a feasible fix, ✗).
std::string subjectCell(const Group& g) {
  if (g.empty()) return "–";
  Aggregate a = aggregate(g);
  std::string success;
  if (a.runs == 1)
    success = a.fixLocalized ? "✓✓" : a.faultLocalized ? "✓" : "✗";
  else {
    success = fmt::format("{}/{}", a.faultLocalized, a.runs);
    if (a.fixApplicable) success += fmt::format(" fix {}/{}", a.fixLocalized, a.fixApplicable);
  }
  return compact(a.meanRank) + " / " + percent(a.meanExam) + " / " + success + statusNote(a);
}

std::string joinLines(const std::vector<unsigned>& lines) {
  std::string s;
  for (unsigned l : lines)
    s += (s.empty() ? "" : ",") + std::to_string(l);
  return s;
}

}  // namespace

std::string runsCsv(const std::vector<RunRecord>& runs) {
  std::vector<std::string> columns;
  std::string out;
  for (const RunRecord& r : runs) {
    nlohmann::ordered_json j = toJson(r);
    if (columns.empty()) {
      for (const auto& [key, value] : j.items())
        columns.push_back(key);
      for (std::size_t c = 0; c < columns.size(); ++c)
        out += (c ? "," : "") + columns[c];
      out += "\n";
    }
    for (std::size_t c = 0; c < columns.size(); ++c)
      out += (c ? "," : "") + csvField(cell(j[columns[c]]));
    out += "\n";
  }
  if (columns.empty()) {
    nlohmann::ordered_json blank = toJson(RunRecord{});
    for (const auto& [key, value] : blank.items())
      out += (out.empty() ? "" : ",") + key;
    out += "\n";
  }
  return out;
}

namespace {

json opt(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

std::string topKey(std::size_t i, const char* suffix = "") {
  return fmt::format("top_{}{}", kTopN[i], suffix);
}

}  // namespace

json aggregateJson(const Aggregate& a) {
  json j = {{"runs", a.runs},
            {"ok", a.ok},
            {"timeouts", a.timeouts},
            {"errors", a.errors},
            {"incomplete", a.incomplete},
            {"fault_localized", a.faultLocalized},
            {"fix_localized", a.fixLocalized},
            {"fault_rate", opt(a.faultRate)},
            {"fix_rate", opt(a.fixRate)},
            {"found", a.found},
            {"mean_exam", opt(a.meanExam)},
            {"mean_exam_average", opt(a.meanExamAverage)},
            {"mean_rank", opt(a.meanRank)},
            {"mean_diagnoses", opt(a.meanDiagnoses)},
            {"diagnoses", a.diagnosesTotal},
            {"feasible", a.feasibleTotal},
            {"precision", opt(a.precision)},
            {"mean_solver_ms", a.meanSolverMs},
            {"mean_total_ms", a.meanTotalMs},
            {"p50_total_ms", a.p50TotalMs},
            {"p90_total_ms", a.p90TotalMs},
            {"sum_total_ms", a.sumTotalMs},
            {"mean_soft", a.meanSoft},
            {"mean_hard", a.meanHard},
            {"mean_lines_examined", opt(a.meanLinesExamined)}};
  for (std::size_t i = 0; i < kTopN.size(); ++i) {
    j[topKey(i)] = a.top[i];
    j[topKey(i, "_rate")] = opt(a.topRate[i]);
  }
  return j;
}

json versionMeansJson(const VersionMeans& v) {
  json j = {{"versions", v.versions},
            {"fault_rate", opt(v.faultRate)},
            {"mean_rank", opt(v.meanRank)},
            {"mean_exam", opt(v.meanExam)},
            {"mean_lines_examined", opt(v.meanLinesExamined)}};
  for (std::size_t i = 0; i < kTopN.size(); ++i)
    j[topKey(i, "_rate")] = opt(v.topRate[i]);
  return j;
}

json summaryJson(const BenchMeta& meta, const std::vector<RunRecord>& runs) {
  std::vector<std::string> techniques = techniqueOrder(meta, runs);
  json perTechnique = json::array();
  for (const std::string& t : techniques) {
    Group g = select(runs, "", t);
    json a = aggregateJson(aggregate(g));
    a["technique"] = t;
    a["by_version"] = versionMeansJson(aggregateByVersion(g));
    perTechnique.push_back(a);
  }
  std::map<std::string, const SubjectInfo*> info;
  for (const SubjectInfo& s : meta.subjects)
    info[s.name] = &s;
  json subjects = json::array();
  for (const std::string& name : subjectOrder(meta, runs)) {
    json s = {{"name", name}};
    if (auto it = info.find(name); it != info.end()) {
      s["family"] = it->second->family;
      s["scale"] = it->second->scale ? json(*it->second->scale) : json(nullptr);
      s["faulty_lines"] = it->second->faultyLines;
      s["fault"] = it->second->fault;
    }
    Group all = select(runs, name, "");
    s["executable_lines"] = all.empty() ? json(nullptr) : json(all[0]->metrics.executableLines);
    json cells = json::object();
    for (const std::string& t : techniques)
      if (Group g = select(runs, name, t); !g.empty()) cells[t] = aggregateJson(aggregate(g));
    s["techniques"] = cells;
    subjects.push_back(s);
  }
  json problems = json::array();
  for (const SubjectProblem& p : meta.problems)
    problems.push_back({{"subject", p.subject}, {"skipped", p.skipped}, {"message", p.message}});
  return {{"name", meta.name},
          {"manifest", meta.manifest},
          {"techniques", techniques},
          {"timeout_seconds", meta.timeoutSeconds},
          {"shards", meta.shards},
          {"runs", runs.size()},
          {"per_technique", perTechnique},
          {"subjects", subjects},
          {"problems", problems}};
}

namespace {

std::vector<std::string> topHeaders() {
  std::vector<std::string> h;
  for (std::size_t n : kTopN)
    h.push_back(fmt::format("top-{}", n));
  return h;
}

std::vector<std::string> topCells(const std::array<std::optional<double>, kTopN.size()>& rates) {
  std::vector<std::string> cells;
  for (const std::optional<double>& r : rates)
    cells.push_back(percent(r));
  return cells;
}

/// A header and the alignment of its columns: all right-aligned but the first `left`.
Table emptyTable(std::vector<std::string> header, std::size_t left) {
  Table t;
  t.header = std::move(header);
  t.rightAligned.assign(t.header.size(), true);
  for (std::size_t c = 0; c < left && c < t.header.size(); ++c)
    t.rightAligned[c] = false;
  return t;
}

/// `head`, then the top-N headers or cells, then `tail`.
std::vector<std::string> withTop(std::vector<std::string> head, std::vector<std::string> top,
                                 const std::vector<std::string>& tail) {
  head.insert(head.end(), top.begin(), top.end());
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

}  // namespace

Table techniqueTable(const BenchMeta& meta, const std::vector<RunRecord>& runs) {
  Table t = emptyTable(
      withTop({"technique", "runs", "fault loc.", "fix loc.", "EXAM", "EXAM avg", "rank"},
              topHeaders(),
              {"lines examined", "diagnoses", "precision", "solver ms", "total ms", "p50 ms",
               "p90 ms", "soft", "hard", "timeouts", "errors", "incomplete"}),
      1);
  for (const std::string& name : techniqueOrder(meta, runs)) {
    Aggregate a = aggregate(select(runs, "", name));
    std::optional<double> precision;
    if (a.precision) precision = 100 * *a.precision;
    t.rows.push_back(withTop(
        {name, std::to_string(a.runs), percent(a.faultRate), percent(a.fixRate),
         percent(a.meanExam), percent(a.meanExamAverage), number(a.meanRank)},
        topCells(a.topRate),
        {number(a.meanLinesExamined), number(a.meanDiagnoses), percent(precision),
         millis(a.meanSolverMs), millis(a.meanTotalMs), millis(a.p50TotalMs), millis(a.p90TotalMs),
         fmt::format("{:.0f}", a.meanSoft), fmt::format("{:.0f}", a.meanHard),
         std::to_string(a.timeouts), std::to_string(a.errors), std::to_string(a.incomplete)}));
  }
  return t;
}

Table versionMeansTable(const BenchMeta& meta, const std::vector<RunRecord>& runs) {
  Table t = emptyTable(withTop({"technique", "versions", "fault loc.", "rank"}, topHeaders(),
                               {"EXAM", "lines examined"}),
                       1);
  for (const std::string& name : techniqueOrder(meta, runs)) {
    VersionMeans v = aggregateByVersion(select(runs, "", name));
    t.rows.push_back(
        withTop({name, std::to_string(v.versions), percent(v.faultRate), number(v.meanRank)},
                topCells(v.topRate), {percent(v.meanExam), number(v.meanLinesExamined)}));
  }
  return t;
}

Table versionTable(const BenchMeta& meta, const std::vector<RunRecord>& runs) {
  Table t = emptyTable(withTop({"subject", "technique", "runs", "fault loc.", "rank"}, topHeaders(),
                               {"EXAM", "lines examined"}),
                       2);
  std::vector<std::string> techniques = techniqueOrder(meta, runs);
  for (const std::string& subject : subjectOrder(meta, runs))
    for (const std::string& name : techniques) {
      Group g = select(runs, subject, name);
      if (g.empty()) continue;
      Aggregate a = aggregate(g);
      t.rows.push_back(withTop({subject, name, std::to_string(a.runs) + statusNote(a),
                                percent(a.faultRate), number(a.meanRank)},
                               topCells(a.topRate),
                               {percent(a.meanExam), number(a.meanLinesExamined)}));
    }
  return t;
}

Table subjectTable(const BenchMeta& meta, const std::vector<RunRecord>& runs) {
  std::vector<std::string> techniques = techniqueOrder(meta, runs);
  std::map<std::string, const SubjectInfo*> info;
  for (const SubjectInfo& s : meta.subjects)
    info[s.name] = &s;
  std::set<std::string> skipped;
  for (const SubjectProblem& p : meta.problems)
    if (p.skipped) skipped.insert(p.subject);
  Table t;
  t.header = {"subject", "lines", "faulty"};
  t.header.insert(t.header.end(), techniques.begin(), techniques.end());
  t.rightAligned = {false, true, false};
  for (const std::string& name : subjectOrder(meta, runs)) {
    Group all = select(runs, name, "");
    auto it = info.find(name);
    std::vector<std::string> row = {
        name, all.empty() ? "–" : std::to_string(all[0]->metrics.executableLines),
        it == info.end() ? "" : joinLines(it->second->faultyLines)};
    for (const std::string& tech : techniques)
      row.push_back(all.empty() && skipped.count(name) ? "skipped"
                                                       : subjectCell(select(runs, name, tech)));
    t.rows.push_back(std::move(row));
  }
  std::vector<std::string> totals = {"**all runs**", "", ""};
  for (const std::string& tech : techniques) {
    Group g = select(runs, "", tech);
    if (g.empty()) {
      totals.push_back("–");
      continue;
    }
    Aggregate a = aggregate(g);
    totals.push_back(number(a.meanRank) + " / " + percent(a.meanExam) +
                     fmt::format(" / {}/{}", a.faultLocalized, a.runs) +
                     (a.fixApplicable ? fmt::format(" fix {}/{}", a.fixLocalized, a.fixApplicable)
                                      : std::string()) +
                     statusNote(a));
  }
  t.rows.push_back(std::move(totals));
  return t;
}

Table kindTable(const BenchMeta& meta, const std::vector<RunRecord>& runs) {
  std::vector<std::string> techniques = techniqueOrder(meta, runs), kinds;
  std::map<std::string, std::string> kindOf;
  for (const SubjectInfo& s : meta.subjects) {
    if (s.kind.empty()) continue;
    kindOf[s.name] = s.kind;
    if (std::find(kinds.begin(), kinds.end(), s.kind) == kinds.end()) kinds.push_back(s.kind);
  }
  Table t;
  t.header = {"fault class", "subjects"};
  t.header.insert(t.header.end(), techniques.begin(), techniques.end());
  t.rightAligned = {false, true};
  for (const std::string& kind : kinds) {
    std::size_t subjects = 0;
    for (const auto& [name, k] : kindOf)
      subjects += k == kind;
    std::vector<std::string> row = {kind, std::to_string(subjects)};
    for (const std::string& tech : techniques) {
      Group g;
      for (const RunRecord* r : select(runs, "", tech))
        if (auto it = kindOf.find(r->key.subject); it != kindOf.end() && it->second == kind)
          g.push_back(r);
      Aggregate a = aggregate(g);
      row.push_back(g.empty()
                        ? "–"
                        : fmt::format("{}/{} / {}", a.faultLocalized, a.runs, percent(a.meanExam)));
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

std::vector<std::pair<std::string, LinePlot>> scalingPlots(const BenchMeta& meta,
                                                           const std::vector<RunRecord>& runs) {
  std::map<std::string, std::vector<const SubjectInfo*>> families;
  for (const SubjectInfo& s : meta.subjects)
    if (s.scale && !s.family.empty()) families[s.family].push_back(&s);
  std::vector<std::pair<std::string, LinePlot>> out;
  for (auto& [family, members] : families) {
    std::stable_sort(
        members.begin(), members.end(),
        [](const SubjectInfo* a, const SubjectInfo* b) { return *a->scale < *b->scale; });
    LinePlot plot;
    plot.title = "Scaling: " + family;
    plot.xLabel = "scale";
    // CPU time when every run plotted has it (isolated runs): wall time grows with the load.
    bool cpu = true;
    for (const SubjectInfo* s : members)
      for (const RunRecord& r : runs)
        if (r.key.subject == s->name && !r.costs.cpuMs) cpu = false;
    std::set<double> scales;
    for (const std::string& tech : techniqueOrder(meta, runs)) {
      Series series{tech, {}};
      for (const SubjectInfo* s : members) {
        Group g = select(runs, s->name, tech);
        if (g.empty()) continue;
        double ms = 0;
        for (const RunRecord* r : g)
          ms += r->costs.cpuMs.value_or(0);
        if (std::any_of(g.begin(), g.end(),
                        [](const RunRecord* r) { return r->status == RunStatus::Timeout; }))
          series.cut.push_back(series.points.size());
        series.points.emplace_back(*s->scale, cpu ? ms : aggregate(g).sumTotalMs);
        scales.insert(*s->scale);
      }
      if (!series.points.empty()) plot.series.push_back(std::move(series));
    }
    if (scales.size() < 2) continue;
    double most = 0, least = INFINITY;
    for (const Series& series : plot.series)
      for (auto [x, y] : series.points)
        most = std::max(most, y), least = y > 0 ? std::min(least, y) : least;
    plot.logY = most > 1000 * least;  // techniques µs apart from others: decades
    auto [unit, perMs] = most >= 1000 ? std::pair{"s", 1e-3}
                         : most >= 1  ? std::pair{"ms", 1.0}
                                      : std::pair{"µs", 1e3};
    for (Series& series : plot.series)
      for (auto& point : series.points)
        point.second *= perMs;
    plot.yLabel = fmt::format("{} time per subject ({}{})", cpu ? "CPU" : "total", unit,
                              plot.logY ? ", log scale" : "");
    std::string file = "scaling-";
    for (char c : family)
      file += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
    out.emplace_back(file + ".svg", std::move(plot));
  }
  return out;
}

std::string summaryMarkdown(const BenchMeta& meta, const std::vector<RunRecord>& runs,
                            const std::vector<std::string>& plotFiles) {
  std::string md = "# Bench: " + meta.name + "\n\n";
  std::size_t skipped = 0;
  for (const SubjectProblem& p : meta.problems)
    skipped += p.skipped;
  md += fmt::format("Manifest `{}`; {} subjects ({} skipped); techniques: {}; timeout {:g} s; "
                    "{} runs recorded",
                    meta.manifest, meta.subjects.size(), skipped,
                    fmt::join(techniqueOrder(meta, runs), ", "), meta.timeoutSeconds, runs.size());
  if (!meta.shards.empty()) md += fmt::format(" (shards {})", fmt::join(meta.shards, ", "));
  md += ".\n\n## Per subject\n\n";
  md += "Each cell: rank of the first faulty line / EXAM (worst case) / success. Rankings: rank "
        "is the worst position of the faulty line's tie group, success (✓) means the top tie "
        "group holds only faulty lines. Diagnoses: rank is the position of the first diagnosis "
        "naming a faulty line, ✓ means some diagnosis names only faulty lines, ✓✓ that it is "
        "also feasible (fix localized). Techniques run per failing test show means over their "
        "runs and successes k/n. \"lines\": executable lines (the EXAM denominator).\n\n";
  md += subjectTable(meta, runs).markdown();
  md += "\n## Per technique\n\n";
  md += "Rates are over all runs. EXAM (percent of executable lines read before reaching the "
        "first faulty line; worst case, and average over ties) and lines examined (their "
        "number, worst case) are over runs with results, a run that never reaches a faulty "
        "line counting 100% (every line). Rank: runs that reach one. Top-N: runs whose rank is "
        "at most N (ties at their worst position). Precision: feasible diagnoses / diagnoses, "
        "pooled. Times: means per run. Definitions: bench/README.md.\n\n";
  md += techniqueTable(meta, runs).markdown();
  md += "\n## Per technique, by version\n\n";
  md += "The per-version values below averaged over versions (subjects), so that a version "
        "with many failing tests weighs as much as one with a single failing test. Rank: "
        "versions where some run reaches a faulty line.\n\n";
  md += versionMeansTable(meta, runs).markdown();
  md += "\n## Per version\n\n";
  md += "Each row: one technique's runs on one subject (one per failing test, or one per "
        "subject for rankings), aggregated as in the per-technique table.\n\n";
  md += versionTable(meta, runs).markdown();
  if (Table kinds = kindTable(meta, runs); !kinds.rows.empty()) {
    md += "\n## Per fault class\n\nEach cell: fault localized k/n runs / mean EXAM.\n\n";
    md += kinds.markdown();
  }
  if (!plotFiles.empty()) {
    md += "\n## Scaling\n\n";
    for (const std::string& f : plotFiles)
      md += "![" + f + "](" + f + ")\n\n";
  }
  md += "\n## Problems\n\n";
  if (meta.problems.empty()) md += "None.\n";
  for (const SubjectProblem& p : meta.problems)
    md += "- `" + p.subject + "`" + (p.skipped ? " (skipped)" : " (warning)") + ": " + p.message +
          "\n";
  return md;
}

namespace {

void writeFile(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw UserError("cannot write", path.string());
}

}  // namespace

std::string writeReports(const std::string& dir, const BenchMeta& meta,
                         std::vector<RunRecord> runs) {
  fs::create_directories(dir);
  sortRuns(runs, meta);
  writeFile(fs::path(dir) / "runs.csv", runsCsv(runs));
  writeFile(fs::path(dir) / "summary.json", summaryJson(meta, runs).dump(2) + "\n");
  std::vector<std::string> plotFiles;
  for (const auto& [file, plot] : scalingPlots(meta, runs)) {
    writeFile(fs::path(dir) / file, renderLinePlot(plot));
    plotFiles.push_back(file);
  }
  writeFile(fs::path(dir) / "summary.md", summaryMarkdown(meta, runs, plotFiles));
  return techniqueTable(meta, runs).text();
}

}  // namespace culprit::bench

// Building blocks of the HTML report; see html_page.h.
#include "report/html_page.h"

#include "report/words.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace culprit::report::html {
namespace {

constexpr const char* kStyle = R"css(
:root{--fg:#1e2430;--muted:#5d6678;--rule:#d8dce4;--bg:#f4f5f8;--card:#fff;--accent:#2f55d4}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
  color:var(--fg);background:var(--bg)}
a{color:var(--accent);text-decoration:none}
a:hover{text-decoration:underline}
code,pre,.src,table.trace{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace}
code{font-size:12.5px}
h1{font-size:20px;margin:0 0 6px}
h2{font-size:16px;margin:22px 0 8px;padding-bottom:4px;border-bottom:1px solid var(--rule)}
h3{font-size:14px;margin:14px 0 6px}
header.top{background:#1e2430;color:#e9ecf2;padding:16px 24px}
header.top a{color:#9db4ff}
header.top .help{color:#b8c0d0}
header.top dl{display:grid;grid-template-columns:max-content 1fr;gap:3px 14px;margin:10px 0 0}
header.top dt{color:#9aa3b5}
header.top dd{margin:0}
.chip{display:inline-block;background:#323a4b;border-radius:4px;padding:0 6px;margin:1px 4px 1px 0;
  font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12px}
.banner{padding:6px 24px;font-size:13.5px}
.banner .whose{color:var(--muted)}
.banner.incomplete.warning{background:#fff1d6;color:#6b3d00;border-left:6px solid #e08a00;
  border-bottom:1px solid #f0d4a0}
.banner.incomplete.note{background:#f3f5fa;color:#3b4252;border-left:6px solid #8d98b0;
  border-bottom:1px solid var(--rule)}
.banner.complete{background:#dcefe1;color:#1d5e33;font-weight:600}
.notes{margin:0;padding:6px 24px 6px 40px;background:#fbfbf4;border-bottom:1px solid var(--rule);
  color:#3b4252;font-size:13px}
a.cut.warning{color:#a35a00;font-weight:600}
a.cut.note{color:var(--muted)}
ul.contents{display:flex;flex-wrap:wrap;gap:4px 6px;list-style:none;padding:0;margin:6px 0}
ul.contents li{background:var(--card);border:1px solid var(--rule);border-radius:4px;padding:0 6px}
ul.contents .n{color:var(--muted);font-size:12px}
details>summary>h2{display:inline;border:0}
.why{color:var(--muted);font-size:12px}
pre.preface{margin:0;padding:8px 24px;background:#eef1f7;border-bottom:1px solid var(--rule)}
main{display:grid;grid-template-columns:minmax(0,5fr) minmax(0,7fr);gap:22px;padding:8px 24px 40px;
  align-items:start}
@media (max-width:1000px){main{grid-template-columns:1fr}}
.pane-source{position:sticky;top:0;max-height:100vh;overflow:auto;padding-top:14px}
.src{background:var(--card);border:1px solid var(--rule);border-radius:6px;font-size:12.5px;
  line-height:1.5;margin-bottom:14px;overflow-x:auto}
.src .fname{padding:5px 10px;border-bottom:1px solid var(--rule);font-weight:600;
  background:#eef1f7;font-family:system-ui,sans-serif}
.src .line{display:flex;tab-size:4}
.src .line code{flex:1;min-width:0;white-space:pre-wrap;overflow-wrap:anywhere;padding-left:4px;
  text-indent:-2ch;padding-left:calc(2ch + 4px)}
.src .mk{width:calc(var(--mk) + 8px)}
.src .ln{flex:none;width:3.4em;text-align:right;padding-right:8px;color:#9098a8;
  border-right:1px solid var(--rule)}
.src .ln a{color:inherit}
.src .mk{flex:none;text-align:right;padding-right:6px;font-size:11px;color:#7b1f14;
  font-weight:600;white-space:nowrap;overflow:hidden}
.src .suspicious .ln{color:#5a1a10;font-weight:600}
.src .line:target{outline:2px solid var(--accent);outline-offset:-2px}
.legend{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:4px 12px;
  color:var(--muted);font-size:12px;margin:4px 0 8px}
.legend .key{display:flex;align-items:center;gap:6px}
.legend .scale{width:120px;height:10px;border-radius:3px;border:1px solid var(--rule)}
.summary{color:var(--muted);margin:4px 0 8px}
.summary .bad{color:#b3261e;font-weight:700}
.diagnosis{background:var(--card);border:1px solid var(--rule);border-left:4px solid #c9ced8;
  border-radius:6px;padding:8px 12px;margin:8px 0}
.diagnosis.is-feasible{border-left-color:#2e9b57}
.diagnosis.is-infeasible{border-left-color:#c8453b}
.diagnosis .head{display:flex;gap:10px;align-items:baseline}
.diagnosis .rank{font-weight:700;font-size:15px}
.badge{border-radius:10px;padding:0 8px;font-size:12px;font-weight:600}
.badge.feasible{background:#dcf3e3;color:#17693a}
.badge.infeasible{background:#fbe1df;color:#a1231d}
.badge.unchecked{background:#eceff3;color:#5d6678}
.weight{color:var(--muted);font-size:12px}
ul.locations,ul.angelic{margin:4px 0;padding-left:18px}
ul.angelic{color:#3b4252}
ul.angelic li::marker{content:"\2192  "}
.iter{color:var(--muted)}
.path{margin:4px 0;font-size:12.5px}
.path .step{display:inline-block;margin:1px 3px 1px 0;padding:0 5px;border-radius:3px;background:#eef1f7}
.path .step.deviates{background:#ffd9a8;font-weight:600}
details{margin-top:6px}
details>summary{cursor:pointer;color:var(--accent)}
.outcomes{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin:6px 0}
.outcome{background:#f7f8fa;border:1px solid var(--rule);border-radius:4px;padding:4px 8px;font-size:12.5px}
.outcome pre{margin:4px 0 0;white-space:pre-wrap;word-break:break-all;max-height:12em;overflow:auto}
table{border-collapse:collapse;width:100%;background:var(--card)}
th,td{border-bottom:1px solid #e6e9ef;padding:2px 8px;text-align:left;vertical-align:top}
th{background:#eef1f7;font-weight:600;font-size:12.5px}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;width:1%}
.trace-box{overflow-x:auto}
table.trace{font-size:12px;table-layout:fixed;min-width:560px}
table.trace col.c-num{width:3.4em}
table.trace col.c-line{width:3.6em}
table.trace col.c-exec{width:3.4em}
table.trace col.c-val{width:28%}
table.trace td.stmt{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
table.trace td.fail,table.trace td.ang{overflow-wrap:anywhere}
table.trace tr.gap td{color:var(--muted);text-align:center;background:#f7f8fa;font-style:italic}
table.trace tr.diverge td{background:#fff3d1}
table.trace tr.overridden td.ang{background:#ffcf99;font-weight:700}
table.trace td.absent{color:#a0a7b5;font-style:italic}
.forced{font-size:10px;font-weight:700;color:#8a3b00;margin-left:6px}
.omitted td{color:var(--muted);font-style:italic;text-align:center}
figure.chart{margin:8px 0;background:var(--card);border:1px solid var(--rule);border-radius:6px;
  padding:8px}
figure.chart figcaption{color:var(--muted);font-size:12px;margin-top:4px}
figure.chart svg text{font:12px system-ui,"DejaVu Sans",sans-serif;fill:#1e2430}
section.test,section.partition{margin-top:10px}
)css";

/// One run's side of a comparison row.
std::string cellText(const ir::Program& program, const exec::TraceEntry& e) {
  const ir::Stmt& s = program.stmt(e.key.stmt);
  if (s.isBranch())
    return s.kind == ir::StmtKind::Switch ? decisionText(s, e.decision)
                                          : "condition " + decisionText(s, e.decision);
  if (e.hasValue) return fmt::format("{} = {}", producedName(program, s), e.value);
  return "executed";
}

bool sameInstance(const exec::TraceEntry& a, const exec::TraceEntry& b) {
  return a.hasValue == b.hasValue && (!a.hasValue || a.value == b.value) &&
         a.decision == b.decision;
}

struct Row {
  const exec::TraceEntry* failing = nullptr;
  const exec::TraceEntry* angelic = nullptr;
  bool diverges() const { return !failing || !angelic || !sameInstance(*failing, *angelic); }
};

/// Both traces merged in execution order: instances of both runs side by side, an instance of
/// one run only where that run has it (the replay's own instances before the failing run's
/// next shared one).
std::vector<Row> align(const std::vector<exec::TraceEntry>& failing,
                       const std::vector<exec::TraceEntry>& angelic) {
  std::map<exec::InstanceKey, std::size_t> inFailing, inAngelic;
  for (std::size_t i = 0; i < failing.size(); ++i)
    inFailing.emplace(failing[i].key, i);
  for (std::size_t j = 0; j < angelic.size(); ++j)
    inAngelic.emplace(angelic[j].key, j);
  std::vector<bool> used(angelic.size(), false);
  std::vector<Row> rows;
  std::size_t i = 0, j = 0;
  while (i < failing.size() || j < angelic.size()) {
    if (j < angelic.size() && used[j]) {
      ++j;
      continue;
    }
    if (i == failing.size()) {  // the rest of the replay is its own
      rows.push_back({nullptr, &angelic[j]});
      used[j++] = true;
      continue;
    }
    if (j < angelic.size() && failing[i].key == angelic[j].key) {
      rows.push_back({&failing[i++], &angelic[j]});
      used[j++] = true;
      continue;
    }
    auto match = inAngelic.find(failing[i].key);
    if (match == inAngelic.end()) {
      rows.push_back({&failing[i++], nullptr});
    } else if (j < angelic.size() && !inFailing.count(angelic[j].key)) {
      rows.push_back({nullptr, &angelic[j]});
      used[j++] = true;
    } else {
      rows.push_back({&failing[i++], &angelic[match->second]});
      used[match->second] = true;
    }
  }
  return rows;
}

}  // namespace

std::string lineId(std::uint32_t file, std::uint32_t line) {
  return fmt::format("f{}-L{}", file, line);
}

std::string page(const std::string& title, const std::string& body) {
  return fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                     "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
                     escape(title), kStyle, body);
}

std::string heatColor(double heat) {
  const double h = std::isfinite(heat) ? std::clamp(heat, 0.0, 1.0) : 1.0;
  return fmt::format("hsl({:.0f},{:.0f}%,{:.0f}%)", 52 * (1 - h), 80 + 10 * h, 86 - 18 * h);
}

std::string sourceListing(const ir::Program& program, std::uint32_t file, const LineMarks& marks) {
  const ir::SourceFile& f = program.files[file];
  std::size_t widest = 3;  // the tag column fits the longest tag ("#12", "0.72")
  for (const auto& [at, mark] : marks)
    if (at.first == file) widest = std::max(widest, mark.tag.size());
  std::string out = fmt::format("<div class=\"src\" id=\"file-{}\" style=\"--mk:{}ch\">\n<div "
                                "class=\"fname\">{}</div>\n",
                                file, widest + 1, escape(f.path));
  for (std::uint32_t line = 1; line <= f.lines.size(); ++line) {
    const std::string id = lineId(file, line);
    auto mark = marks.find({file, line});
    if (mark == marks.end())
      out += fmt::format("<div class=\"line\" id=\"{}\">", id);
    else
      out += fmt::format(
          "<div class=\"line suspicious\" id=\"{}\" style=\"background:{}\" title=\"{}\">", id,
          heatColor(mark->second.heat), escape(mark->second.title));
    out += fmt::format(
        "<span class=\"ln\"><a href=\"#{}\">{}</a></span><span class=\"mk\">{}</span>"
        "<code>{}</code></div>\n",
        id, line, mark == marks.end() ? "" : escape(mark->second.tag), escape(f.lines[line - 1]));
  }
  return out + "</div>\n";
}

std::string barChart(const std::vector<Bar>& bars, const std::string& caption) {
  constexpr double kWidth = 640, kLabel = 110, kValue = 190, kRow = 22, kBar = 14;
  double largest = 0;
  for (const Bar& b : bars)
    if (std::isfinite(b.value)) largest = std::max(largest, b.value);
  const double height = kRow * static_cast<double>(bars.size()) + 6;
  std::string svg =
      fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                  "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-label=\"{2}\">\n",
                  kWidth, height, escape(caption));
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    const double y = 3 + kRow * static_cast<double>(i);
    const double v = std::isfinite(b.value) ? b.value : largest;
    const double w = largest > 0 ? std::max(1.0, (kWidth - kLabel - kValue) * v / largest) : 1.0;
    std::string row = fmt::format(
        "<g class=\"bar\"{}><title>{}</title>"
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>"
        "<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" rx=\"2\" fill=\"{}\" "
        "stroke=\"#b0523f\" stroke-width=\"0.5\"/>"
        "<text x=\"{:.1f}\" y=\"{}\">{}</text></g>",
        b.line ? fmt::format(" data-rank=\"{}\" data-line=\"{}\"", b.rank, b.line) : std::string(),
        escape(b.title), kLabel - 8, y + kBar - 2, escape(b.label), kLabel, y, w, kBar,
        heatColor(b.heat), kLabel + w + 6, y + kBar - 2, escape(b.valueText));
    svg += b.href.empty() ? row + "\n" : fmt::format("<a href=\"{}\">{}</a>\n", b.href, row);
  }
  svg += "</svg>\n";
  return fmt::format("<figure class=\"chart\">\n{}<figcaption>{}</figcaption>\n</figure>\n", svg,
                     escape(caption));
}

LineSet sharedLines(const ir::Program& program) {
  LineSet seen, shared;
  for (const ir::Stmt* s : program.stmts)
    if (s && s->isExecutable() && !seen.insert({s->range.file, s->range.line}).second)
      shared.insert({s->range.file, s->range.line});
  return shared;
}

std::string statementText(const ir::Program& program, const ir::Stmt& stmt) {
  std::string part = program.partOfLine(stmt.range);
  return part.empty() ? program.sourceLine(stmt.range) : part;
}

std::string runOutcome(const exec::RunResult& run, const std::string& caption) {
  constexpr std::size_t kMaxOutput = 2000;
  // The message names the failure ("assertion failed: ...") better than the verdict.
  std::string how = run.verdict == exec::Verdict::Exited
                        ? fmt::format("exited with status {}", run.exitStatus)
                    : run.message.empty() ? std::string(exec::verdictName(run.verdict))
                                          : run.message;
  std::string out =
      fmt::format("<div class=\"outcome\"><b>{}</b>: {}", escape(caption), escape(how));
  if (run.verdict == exec::Verdict::Exited && !run.message.empty())
    out += " &mdash; " + escape(run.message);
  std::string printed = run.out.substr(0, kMaxOutput);
  if (run.out.size() > kMaxOutput)
    printed += fmt::format("\n... ({} more bytes)", run.out.size() - kMaxOutput);
  out += run.out.empty() ? "<pre>(no output)</pre>" : "<pre>" + escape(printed) + "</pre>";
  return out + "</div>\n";
}

std::string runComparison(const ir::Program& program, const exec::RunResult& failing,
                          const exec::RunResult& angelic, std::size_t maxRows) {
  constexpr std::size_t kContext = 3;  ///< equal rows kept around each differing one
  constexpr std::size_t kWhole = 40;   ///< shorter comparisons are shown whole
  std::vector<Row> rows;
  for (const Row& r : align(failing.trace, angelic.trace)) {
    const exec::TraceEntry& e = r.failing ? *r.failing : *r.angelic;
    if (program.stmt(e.key.stmt).isExecutable()) rows.push_back(r);
  }
  std::vector<bool> keep(rows.size(), rows.size() <= kWhole);
  std::size_t diverging = 0;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (!rows[k].diverges()) continue;
    ++diverging;
    for (std::size_t c = k > kContext ? k - kContext : 0; c < rows.size() && c <= k + kContext; ++c)
      keep[c] = true;
  }
  std::string out = fmt::format(
      "<p class=\"summary\">{} statement instances, {} between the runs (highlighted; forced "
      "instances in orange){}.</p>\n",
      rows.size(), diverging == 1 ? "1 differs" : fmt::format("{} differ", diverging),
      rows.size() > kWhole ? "; stretches where both runs agree are folded" : "");
  out += "<div class=\"trace-box\"><table class=\"trace\">\n<colgroup><col class=\"c-num\">"
         "<col class=\"c-line\"><col class=\"c-exec\"><col class=\"c-stmt\"><col class=\"c-val\">"
         "<col class=\"c-val\"></colgroup>\n<thead><tr><th>#</th><th>line</th><th>exec.</th>"
         "<th>statement</th><th>failing run</th><th>angelic run</th></tr></thead>\n<tbody>\n";
  auto cell = [&](const exec::TraceEntry* t, const char* which) {
    if (!t)
      return fmt::format("<td class=\"{} absent\" title=\"the run has no such instance (or did "
                         "not complete it)\">no instance</td>",
                         which);
    return fmt::format("<td class=\"{}\">{}{}</td>", which, escape(cellText(program, *t)),
                       t->overridden ? "<span class=\"forced\">ANGELIC</span>" : "");
  };
  std::size_t shown = 0, k = 0;
  while (k < rows.size() && shown < maxRows) {
    if (!keep[k]) {  // a folded stretch of equal instances
      std::size_t end = k;
      while (end < rows.size() && !keep[end])
        ++end;
      out += fmt::format("<tr class=\"gap\"><td colspan=\"6\">&#8942; instances {}&ndash;{} are "
                         "the same in both runs</td></tr>\n",
                         k + 1, end);
      k = end;
      continue;
    }
    const Row& r = rows[k];
    const exec::TraceEntry& e = r.failing ? *r.failing : *r.angelic;
    const ir::Stmt& s = program.stmt(e.key.stmt);
    std::string cls = r.diverges() ? "diverge" : "";
    if (r.angelic && r.angelic->overridden) cls += cls.empty() ? "overridden" : " overridden";
    const std::string text = escape(statementText(program, s));
    out += fmt::format(
        "<tr{}><td class=\"num\">{}</td><td class=\"num\"><a href=\"#{}\">{}</a></td>"
        "<td class=\"num\">{}</td><td class=\"stmt\" title=\"{}\"><code>{}</code></td>{}{}</tr>\n",
        cls.empty() ? "" : " class=\"" + cls + "\"", k + 1, lineId(s.range.file, s.range.line),
        s.range.line, e.key.occurrence + 1, text, text, cell(r.failing, "fail"),
        cell(r.angelic, "ang"));
    ++shown, ++k;
  }
  if (k < rows.size()) {
    const auto hidden = static_cast<std::size_t>(
        std::count_if(rows.begin() + static_cast<std::ptrdiff_t>(k), rows.end(),
                      [](const Row& r) { return r.diverges(); }));
    out += fmt::format("<tr class=\"omitted\"><td colspan=\"6\">{} more instances not shown "
                       "({} of them differ): at most {} rows are shown</td></tr>\n",
                       rows.size() - k, hidden, maxRows);
  }
  return out + "</tbody>\n</table></div>\n";
}

}  // namespace culprit::report::html

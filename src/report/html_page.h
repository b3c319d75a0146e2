// Building blocks of the HTML report (html_report.cpp): escaping, the document frame and its
// style, a source listing with highlighted lines, an inline-SVG bar chart, and a failing run
// beside a replayed one. Plain string building over ir/exec data; nothing here knows about
// techniques or their results.
#pragma once

#include "exec/exec.h"
#include "ir/ir.h"
#include "report/words.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace culprit::report::html {

/// Escaping for element content and quoted attributes.
inline std::string escape(std::string_view text) { return xmlEscape(text); }

/// The id of a source line's element, e.g. "f0-L53".
std::string lineId(std::uint32_t file, std::uint32_t line);

/// The whole document: doctype, head with the inline style, and `body`.
std::string page(const std::string& title, const std::string& body);

/// Background colour of a highlighted line: `heat` in [0, 1], pale yellow to red.
std::string heatColor(double heat);

/// A highlighted source line: its colour, its tooltip and a short gutter tag ("#1", "0.72").
struct LineMark {
  double heat = 0;
  std::string title;
  std::string tag;
};
/// Keyed by (file index, line).
using LineMarks = std::map<std::pair<std::uint32_t, std::uint32_t>, LineMark>;

/// Every line of `program.files[file]` with its number and an id (lineId); marked lines get
/// class "suspicious", their colour, tooltip and tag. Long lines wrap; the tag column is as wide
/// as the longest tag, so a tag never covers code.
std::string sourceListing(const ir::Program& program, std::uint32_t file, const LineMarks& marks);

struct Bar {
  std::string label;       ///< left of the bar ("line 57")
  double value = 0;        ///< length, relative to the largest bar
  std::string valueText;   ///< right of the bar
  std::string title;       ///< tooltip
  std::string href;        ///< link target ("#f0-L57"), or ""
  double heat = 1;         ///< colour (heatColor)
  std::size_t rank = 0;    ///< the line's rank (data-rank), 0: none
  std::uint32_t line = 0;  ///< the line (data-line), 0: none
};
/// A horizontal bar chart as inline SVG, one labelled row per bar.
std::string barChart(const std::vector<Bar>& bars, const std::string& caption);

/// Lines (file, line) holding more than one executable statement: a for header, `if (c) x = 1;`.
using LineSet = std::set<std::pair<std::uint32_t, std::uint32_t>>;
LineSet sharedLines(const ir::Program& program);

/// The statement's own text when it is part of its line (a for header's `i++`), else the line.
std::string statementText(const ir::Program& program, const ir::Stmt& stmt);

/// How a run ended and what it printed (stdout, capped), as a small block.
std::string runOutcome(const exec::RunResult& run, const std::string& caption);

/// The failing run's statement instances beside the replay's, aligned by instance (statement,
/// occurrence), in execution order; rows that differ or exist in one run only have class
/// "diverge", instances the replay forced class "overridden". Long comparisons fold the
/// stretches where both runs agree, away from differing rows; at most `maxRows` rows.
std::string runComparison(const ir::Program& program, const exec::RunResult& failing,
                          const exec::RunResult& angelic, std::size_t maxRows);

}  // namespace culprit::report::html

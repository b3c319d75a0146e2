// The report of one `culprit localize` run, as every renderer sees it, and the renderer
// registry that supplies `--format`. The model is plain data from the session (localize/
// session.h): the program, the technique with the options it read, the suite and its judged
// runs, the driver's results (one suite-wide result, or one per failing test plus the
// aggregate), and for renderers that show runs (HTML) each explained failing run beside the
// replays of its diagnoses.
#pragma once

#include "ir/ir.h"
#include "localize/driver.h"
#include "localize/session.h"
#include "localize/technique.h"
#include "testing/runner.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace culprit::report {

using localize::ReplayedRuns;

struct LocalizeModel {
  const ir::Program* program = nullptr;
  const localize::TechniqueInfo* technique = nullptr;
  /// The options the technique reads, as (name, value) in the registry's spelling.
  std::vector<std::pair<std::string, std::string>> options;
  const testing::TestSuite* suite = nullptr;
  const testing::SuiteResult* results = nullptr;
  const localize::LocalizeReport* outcome = nullptr;
  /// Text shown before a text report (the BMC counterexample that became the suite), or "".
  std::string preface;
  /// Renderers with needsRuns: one entry per per-test result (empty otherwise).
  std::vector<ReplayedRuns> runs;
  std::size_t top = 20;  ///< entries a reader is shown (0: all)
  /// SARIF: one result per diagnosis of each failing test (--sarif-results diagnoses) instead
  /// of one per ranked location with its diagnoses as related locations.
  bool sarifPerDiagnosis = false;
};

struct Renderer {
  std::string name;
  std::string help;
  /// The model's `runs` must be filled (the renderer shows values of runs).
  bool needsRuns = false;
  /// The whole output, written at once.
  std::function<std::string(const LocalizeModel&)> render;
};

/// The program-wide ranking of a diagnosis technique's lines (rank.h): the one over the failing
/// tests (LocalizeReport::ranking), or for diagnoses of every failing test at once the ranking
/// of that one result. Empty for ranking techniques.
std::vector<localize::RankedLocation> programWideRanking(const LocalizeModel& m);

/// text, json, sarif, html.
const std::vector<Renderer>& renderers();
const Renderer* findRenderer(const std::string& name);
/// "text, json, sarif, html" for help texts and error messages.
std::string rendererNames();

/// The renderers (localize_report.cpp, sarif_report.cpp, html_report.cpp).
std::string renderLocalizeText(const LocalizeModel& m);
std::string renderLocalizeJson(const LocalizeModel& m);
std::string renderSarif(const LocalizeModel& m);
std::string renderHtml(const LocalizeModel& m);

}  // namespace culprit::report

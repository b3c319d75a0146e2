// `culprit localize PROG.c --technique T --tests FILE [--golden G.c | --expected DIR]`:
// runs the suite with coverage and reports the technique's ranking.
#include "cli/commands.h"
#include "cli/common.h"
#include "ir/error.h"
#include "localize/aggregate.h"
#include "localize/bmc.h"
#include "localize/technique.h"

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace culprit::cli {
namespace {

struct LocalizeCommand {
  CommonOptions common;
  SuiteOptionsCli suite;
  std::string technique = "ochiai";
  std::size_t top = 20;
  localize::FormulaOptions formula;
  std::string ints = "bv", granularity = "statement";
  std::vector<int> onlyTests;  ///< explain only these failing tests (1-based indexes)
};

/// Runs a per-failing-test technique on each selected failing test and renders every run.
std::string explainFailingTests(const LocalizeCommand& c, const localize::TechniqueInfo& technique,
                                localize::Problem problem, const LoadedSuite& s,
                                const testing::SuiteResult& results) {
  bool json = parseFormat(c.common.format) == report::Format::Json;
  nlohmann::json runs = nlohmann::json::array();
  std::string text;
  bool complete = true;
  std::vector<localize::Result> perTest;
  for (std::size_t i = 0; i < results.results.size(); ++i) {
    const testing::TestResult& r = results.results[i];
    if (!r.failing()) continue;
    if (!c.onlyTests.empty() &&
        std::find(c.onlyTests.begin(), c.onlyTests.end(), r.index) == c.onlyTests.end())
      continue;
    problem.failingTest = static_cast<int>(i);
    localize::Result result = technique.run(problem);
    complete = complete && result.complete;
    perTest.push_back(result);
    if (json) {
      nlohmann::json j = report::diagnosesJson(*s.program, result);
      j["test"] = {{"index", r.index}, {"line", s.suite.tests[i].text}, {"reason", r.reason}};
      runs.push_back(std::move(j));
    } else {
      text +=
          fmt::format("== failing test {}: {}  ({})\n", r.index, s.suite.tests[i].text, r.reason);
      text += report::diagnosesText(*s.program, result, c.top) + "\n";
    }
  }
  if (runs.empty() && text.empty())
    throw UserError("none of the selected tests fails", c.suite.tests, 0, 0, kExitNoFailure);
  if (perTest.size() == 1) return json ? runs[0].dump(2) + "\n" : text;
  localize::Aggregate agg = localize::aggregate(perTest);
  auto where = [&](const localize::AggregateEntry& e) {
    ir::SourceRange at;
    at.file = e.location.file, at.line = e.location.line;
    return at;
  };
  if (!json) {
    text += fmt::format("== aggregate over {} failing tests: locations in every report, by "
                        "average rank\n",
                        agg.reports);
    for (const auto& e : agg.common)
      text += fmt::format("  {:>6.1f}  {}  {}\n", e.averageRank, s.program->where(where(e)),
                          s.program->sourceLine(where(e)));
    if (agg.common.empty()) text += "  (no location is in every report)\n";
    text += fmt::format("== union: {} locations in some report\n", agg.all.size());
    for (const auto& e : agg.all)
      text +=
          fmt::format("  {:>3}/{} reports, average rank {:.1f}  {}  {}\n", e.reports, agg.reports,
                      e.averageRank, s.program->where(where(e)), s.program->sourceLine(where(e)));
    return text;
  }
  auto entries = [&](const std::vector<localize::AggregateEntry>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : list)
      out.push_back({{"file", s.program->files[e.location.file].path},
                     {"line", e.location.line},
                     {"average_rank", e.averageRank},
                     {"reports", e.reports}});
    return out;
  };
  nlohmann::json all = {
      {"technique", technique.name},
      {"complete", complete},
      {"runs", runs},
      {"aggregate", {{"common", entries(agg.common)}, {"union", entries(agg.all)}}}};
  return all.dump(2) + "\n";
}

/// No failing test given: search a violating input with bounded model checking, confirm it by
/// concrete replay and make it the suite's only test. Returns the text that reports it.
std::string findCounterexample(const LocalizeCommand& c, LoadedSuite& s) {
  localize::BmcOptions bo;
  bo.unwind = c.formula.unwind;
  bo.entry = s.options.run.entry;
  bo.timeoutSeconds = c.formula.timeoutSeconds;
  if (c.ints == "math") bo.ints = encode::Ints::Math;
  localize::BmcResult r = localize::findViolation(*s.program, bo);
  using V = localize::BmcResult::Verdict;
  if (r.verdict == V::NoViolation)
    throw UserError(r.boundSufficient
                        ? "no input violates an assertion: nothing to localize"
                        : "no assertion violation within --unwind " + std::to_string(bo.unwind) +
                              " (the bound is too small to be sure)",
                    c.common.program, 0, 0, kExitNoFailure);
  if (r.verdict == V::Unknown)
    throw UserError("counterexample search gave up: " + r.reason, c.common.program, 0, 0,
                    kExitNoFailure);
  if (!r.confirmed)
    throw UserError("counterexample " + r.testLine + " did not replay: " + r.reason,
                    c.common.program, 0, 0, kExitInternal);
  testing::TestCase t;
  t.index = 1;
  t.text = r.testLine;
  t.input = r.input;
  s.suite.path = "(counterexample)";
  s.suite.tests.push_back(t);
  return fmt::format("counterexample (unwind {}, {:.0f} ms): {}\nconfirmed by replay: {}\n\n",
                     bo.unwind, r.ms, r.testLine,
                     r.replay.message.empty() ? exec::verdictName(r.replay.verdict)
                                              : r.replay.message);
}

int runLocalize(const LocalizeCommand& c) {
  const localize::TechniqueInfo* technique = localize::findTechnique(c.technique);
  if (!technique)
    throw UserError("unknown technique '" + c.technique +
                    "' (known: " + localize::techniqueNames() + ")");
  LoadedSuite s = loadSuite(c.common, c.suite, /*coverage=*/true, technique->perFailingTest);
  std::string preface;
  if (s.suite.tests.empty()) preface = findCounterexample(c, s);
  testing::SuiteResult results = testing::runSuite(*s.program, s.suite, s.oracle, s.options);
  testing::CoverageMatrix coverage = testing::coverageMatrix(results, s.program->stmts.size());
  if (coverage.totalFailing() == 0)
    throw UserError("no test fails: nothing to localize", c.suite.tests, 0, 0, kExitNoFailure);
  localize::Problem problem;
  problem.program = s.program.get();
  problem.suite = &s.suite;
  problem.results = &results;
  problem.coverage = &coverage;
  problem.options = c.formula;
  problem.oracle = &s.oracle;
  problem.runOptions = s.options.run;
  problem.runOptions.coverage = false;
  problem.options.ints = c.ints == "math" ? localize::FormulaOptions::Ints::Math
                                          : localize::FormulaOptions::Ints::BitVector;
  problem.options.granularity = c.granularity == "instance"
                                    ? localize::FormulaOptions::Granularity::Instance
                                    : localize::FormulaOptions::Granularity::Statement;
  if (technique->perFailingTest) {
    std::string report = explainFailingTests(c, *technique, problem, s, results);
    emit(parseFormat(c.common.format) == report::Format::Json ? report : preface + report);
    return kExitOk;
  }
  localize::Result result = technique->run(problem);
  report::RankingReportOptions ro;
  ro.top = c.top;
  emit(report::renderRanking(*s.program, result, parseFormat(c.common.format), ro));
  return kExitOk;
}

}  // namespace

void addLocalizeCommand(CLI::App& app, int& status) {
  auto c = std::make_shared<LocalizeCommand>();
  CLI::App* cmd = app.add_subcommand("localize", "rank or diagnose suspicious statements");
  addCommonOptions(*cmd, c->common);
  addSuiteOptions(*cmd, c->suite);
  cmd->add_option("--technique,-t", c->technique, "technique: " + localize::techniqueNames())
      ->capture_default_str();
  cmd->add_option("--top", c->top, "text: show the first N entries (0: all)")
      ->capture_default_str();
  auto* formula = cmd->add_option_group("formula-based techniques");
  formula->add_option("--unwind", c->formula.unwind, "loop and recursion unwinding bound")
      ->capture_default_str();
  formula->add_option("--ints", c->ints, "integer semantics: bv (exact C) or math")
      ->check(CLI::IsMember({"bv", "math"}))
      ->capture_default_str();
  formula->add_option("--granularity", c->granularity, "statement or instance")
      ->check(CLI::IsMember({"statement", "instance"}))
      ->capture_default_str();
  formula->add_option("--max-size", c->formula.maxSize, "largest diagnosis size (0: no bound)")
      ->capture_default_str();
  formula->add_option("--max-count", c->formula.maxCount, "most diagnoses (0: no bound)")
      ->capture_default_str();
  formula->add_option("--timeout", c->formula.timeoutSeconds, "seconds per failing test")
      ->capture_default_str();
  formula
      ->add_option("--weights", c->formula.weights,
                   "clause weighting from spectra: ochiai, tarantula or dstar")
      ->check(CLI::IsMember({"ochiai", "tarantula", "dstar"}));
  formula
      ->add_option("--max-memory", c->formula.maxMemoryMb,
                   "solver memory bound in MB (0: none); past it the report is incomplete")
      ->capture_default_str();
  formula->add_flag("--suspect-inputs", c->formula.suspectInputs,
                    "statements that only read an input are suspects too (default: trusted)");
  formula->add_option("--test", c->onlyTests, "explain only these failing tests (1-based)")
      ->take_all();
  cmd->callback([c, &status] { status = runLocalize(*c); });
}

}  // namespace culprit::cli

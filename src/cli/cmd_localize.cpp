// `culprit localize PROG.c --technique T --tests FILE [--golden G.c | --expected DIR]`:
// runs the suite with coverage, runs the technique through the driver and prints its report.
// The technique options come from the option table (localize/options.h).
#include "cli/commands.h"
#include "cli/common.h"
#include "ir/error.h"
#include "localize/bmc.h"
#include "localize/driver.h"
#include "localize/formula.h"
#include "localize/technique.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

namespace culprit::cli {
namespace {

struct LocalizeCommand {
  CommonOptions common;
  SuiteOptionsCli suite;
  std::string technique = "ochiai";
  std::size_t top = 20;
  localize::FormulaOptions formula;
  std::vector<int> onlyTests;  ///< explain only these failing tests (1-based indexes)
};

std::string aggregateText(const ir::Program& program, const localize::Aggregate& agg) {
  auto where = [&](const localize::AggregateEntry& e) {
    ir::SourceRange at;
    at.file = e.location.file, at.line = e.location.line;
    return at;
  };
  std::string text = fmt::format("== aggregate over {} failing tests: locations in every report, "
                                 "by average rank\n",
                                 agg.reports);
  for (const auto& e : agg.common)
    text += fmt::format("  {:>6.1f}  {}  {}\n", e.averageRank, program.where(where(e)),
                        program.sourceLine(where(e)));
  if (agg.common.empty()) text += "  (no location is in every report)\n";
  text += fmt::format("== union: {} locations in some report\n", agg.all.size());
  for (const auto& e : agg.all)
    text += fmt::format("  {:>3}/{} reports, average rank {:.1f}  {}  {}\n", e.reports, agg.reports,
                        e.averageRank, program.where(where(e)), program.sourceLine(where(e)));
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

/// The per-test reports of a per-test technique, then the aggregate when there are several.
std::string perTestReport(const LocalizeCommand& c, const localize::LocalizeReport& report,
                          const LoadedSuite& s, const testing::SuiteResult& results) {
  const bool json = parseFormat(c.common.format) == report::Format::Json;
  nlohmann::json runs = nlohmann::json::array();
  std::string text;
  for (const localize::TestRun& t : report.perTest) {
    const testing::TestResult& r = results.results[t.test];
    if (json) {
      nlohmann::json j = report::diagnosesJson(*s.program, t.result);
      j["test"] = {{"index", r.index}, {"line", s.suite.tests[t.test].text}, {"reason", r.reason}};
      runs.push_back(std::move(j));
    } else {
      text += fmt::format("== failing test {}: {}  ({})\n", r.index, s.suite.tests[t.test].text,
                          r.reason);
      text += report::diagnosesText(*s.program, t.result, c.top) + "\n";
    }
  }
  if (!report.aggregate) return json ? runs[0].dump(2) + "\n" : text;
  if (!json) return text + aggregateText(*s.program, *report.aggregate);
  nlohmann::json all = {{"technique", c.technique},
                        {"complete", report.complete()},
                        {"runs", runs},
                        {"aggregate", aggregateJson(*s.program, *report.aggregate)}};
  return all.dump(2) + "\n";
}

/// No failing test given: search a violating input with bounded model checking, confirm it by
/// concrete replay and make it the suite's only test. Returns the text that reports it.
std::string findCounterexample(const LocalizeCommand& c, LoadedSuite& s) {
  localize::BmcOptions bo;
  bo.unwind = c.formula.unwind;
  bo.entry = s.options.run.entry;
  bo.timeoutSeconds = c.formula.timeoutSeconds;
  bo.ints = localize::resolveInts(c.formula.ints, *s.program);
  localize::BmcResult r = localize::findViolation(*s.program, bo);
  using V = localize::BmcResult::Verdict;
  if (r.verdict == V::NoViolation && r.preconditionUnsatisfiable)
    throw UserError("no input satisfies the assumptions (__VERIFIER_assume) within --unwind " +
                        std::to_string(bo.unwind) + ": the precondition is unsatisfiable",
                    c.common.program, 0, 0, kExitNoFailure);
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
  LoadedSuite s = loadSuite(c.common, c.suite, /*coverage=*/true, technique->takesCounterexample);
  if (technique->needsSpecification && !s.oracle.golden && s.oracle.expectedDir.empty() &&
      std::none_of(s.program->stmts.begin(), s.program->stmts.end(),
                   [](const ir::Stmt* st) { return st->role == ir::StmtRole::Assert; }))
    throw UserError("no specification: " + c.technique +
                        " needs assertions in the program, --golden or "
                        "--expected",
                    c.common.program, 0, 0, kExitBadInput);
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
  const localize::LocalizeReport report = localize::localizeAll(*technique, problem, c.onlyTests);
  const report::Format format = parseFormat(c.common.format);
  if (report.suite) {
    report::RankingReportOptions ro;
    ro.top = c.top;
    const std::string ranking = report::renderRanking(*s.program, *report.suite, format, ro);
    emit(format == report::Format::Json ? ranking : preface + ranking);
    return kExitOk;
  }
  if (report.perTest.empty())
    throw UserError("none of the selected tests fails", c.suite.tests, 0, 0, kExitNoFailure);
  const std::string text = perTestReport(c, report, s, results);
  emit(format == report::Format::Json ? text : preface + text);
  return kExitOk;
}

/// One command-line option per entry of the option table, grouped by category.
void addTechniqueOptions(CLI::App& cmd, const std::shared_ptr<LocalizeCommand>& c) {
  std::map<std::string, CLI::Option_group*> groups;
  for (const localize::OptionSpec& spec : localize::optionSpecs()) {
    CLI::Option_group*& group = groups[spec.category];
    if (!group) group = cmd.add_option_group(spec.category);
    const std::string name = spec.name;
    auto set = [c, name](const std::string& value) {
      if (std::string error = localize::setOption(c->formula, name, value); !error.empty())
        throw CLI::ValidationError("--" + error);
    };
    std::string help = spec.help;
    if (!spec.flag) help += " [default: " + spec.get(c->formula) + "]";
    if (spec.flag)
      group->add_flag_callback(
          "--" + name, [set] { set("true"); }, help);
    else
      group->add_option_function<std::string>("--" + name, set, help)->type_name(spec.valueName);
  }
}

}  // namespace

void addLocalizeCommand(CLI::App& app, int& status) {
  auto c = std::make_shared<LocalizeCommand>();
  CLI::App* cmd = app.add_subcommand("localize", "rank or diagnose suspicious statements");
  addCommonOptions(*cmd, c->common);
  addSuiteOptions(*cmd, c->suite);
  std::string techniques;
  for (const localize::TechniqueInfo& t : localize::techniques())
    techniques += "\n  " + t.name + ": " + t.help;
  cmd->add_option("--technique,-t", c->technique, "technique:" + techniques)->capture_default_str();
  cmd->add_option("--top", c->top, "text: show the first N entries (0: all)")
      ->capture_default_str();
  cmd->add_option("--test", c->onlyTests, "explain only these failing tests (1-based)")->take_all();
  addTechniqueOptions(*cmd, c);
  cmd->callback([c, &status] { status = runLocalize(*c); });
}

}  // namespace culprit::cli

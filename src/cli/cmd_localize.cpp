// `culprit localize PROG.c --technique T --tests FILE [--golden G.c | --expected DIR]`:
// runs the suite with coverage, runs the technique through the driver and prints its report.
// The technique options come from the option table (localize/options.h).
#include "cli/commands.h"
#include "cli/common.h"
#include "ir/error.h"
#include "localize/bmc.h"
#include "localize/driver.h"
#include "localize/formula.h"
#include "localize/replay.h"
#include "localize/technique.h"
#include "report/model.h"
#include "report/status_line.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace culprit::cli {
namespace {

struct LocalizeCommand {
  CommonOptions common;
  SuiteOptionsCli suite;
  std::string technique = "ochiai";
  std::size_t top = 20;
  localize::FormulaOptions formula;
  std::vector<int> onlyTests;  ///< explain only these failing tests (1-based indexes)
  std::string output;          ///< -o: write the report there instead of stdout
};

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
  s.options.run.nondetUninitialised = true;  // as the counterexample was found
  return fmt::format("counterexample (unwind {}, {:.0f} ms): {}\nconfirmed by replay: {}\n\n",
                     bo.unwind, r.ms, r.testLine,
                     r.replay.message.empty() ? exec::verdictName(r.replay.verdict)
                                              : r.replay.message);
}

/// The failing run of every per-test result and the replays of its first `top` diagnoses.
std::vector<report::ReplayedRuns> replayedRuns(const report::LocalizeModel& m,
                                               const localize::Problem& problem) {
  std::vector<report::ReplayedRuns> runs;
  exec::RunOptions traced = problem.runOptions;
  traced.trace = true;
  for (std::size_t i = 0; i < m.outcome->perTest.size(); ++i) {
    const localize::TestRun& t = m.outcome->perTest[i];
    const testing::TestCase& test = m.suite->tests[t.test];
    report::ReplayedRuns r;
    r.test = t.test;
    r.run = i;
    r.failing = localize::tracedReplay(*m.program, test, {}, traced);  // nothing forced
    // A must set is not a fix: it has no angelic values, so no replay differs from the run.
    const std::size_t count =
        m.technique->kind == localize::TechniqueKind::MustSet ? 0 : t.result.diagnoses.size();
    const std::size_t shown = m.top ? std::min(m.top, count) : count;
    for (std::size_t d = 0; d < shown; ++d)
      r.angelic.push_back(
          localize::tracedReplay(*m.program, test, t.result.diagnoses[d].angelic, traced));
    runs.push_back(std::move(r));
  }
  return runs;
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
  report::StatusLine status(stderr, isatty(STDERR_FILENO) != 0);
  const localize::LocalizeReport outcome = localize::localizeAll(
      *technique, problem, c.onlyTests, [&](std::size_t done, std::size_t total) {
        status.draw(static_cast<double>(done), static_cast<double>(total),
                    fmt::format("{}: {}/{} failing tests explained, {:.1f} s", c.technique, done,
                                total, status.elapsedSeconds()));
      });
  status.clear();
  if (!outcome.suite && outcome.perTest.empty())
    throw UserError("none of the selected tests fails", c.suite.tests, 0, 0, kExitNoFailure);
  report::LocalizeModel model;
  model.program = s.program.get();
  model.technique = technique;
  for (const std::string& name : technique->options)
    if (const localize::OptionSpec* spec = localize::findOption(name))
      model.options.emplace_back(name, spec->get(c.formula));
  model.suite = &s.suite;
  model.results = &results;
  model.outcome = &outcome;
  model.preface = preface;
  model.top = c.top;
  const report::Renderer& renderer = *report::findRenderer(c.common.format);
  if (renderer.needsRuns) model.runs = replayedRuns(model, problem);
  writeOutput(renderer.render(model), c.output);
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
  std::vector<std::string> formats;
  std::string formatHelp = "output format:";
  for (const report::Renderer& r : report::renderers()) {
    formats.push_back(r.name);
    formatHelp += "\n  " + r.name + ": " + r.help;
  }
  addCommonOptions(*cmd, c->common, formats, formatHelp);
  addSuiteOptions(*cmd, c->suite);
  cmd->add_option("-o,--output", c->output,
                  "write the report to this file (written whole, or not at all)");
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

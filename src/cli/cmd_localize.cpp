// `culprit localize PROG.c --technique T --tests FILE [--golden G.c | --expected DIR]`:
// parses the options, loads the program and tests, hands them to the session (localize/
// session.h: suite, counterexample, driver, replays) and prints the report. The technique
// options come from the option table (localize/options.h).
#include "cli/commands.h"
#include "cli/common.h"
#include "ir/error.h"
#include "localize/phases.h"
#include "localize/session.h"
#include "localize/technique.h"
#include "report/model.h"
#include "report/status_line.h"

#include <algorithm>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <unistd.h>

namespace culprit::cli {
namespace {

struct LocalizeCommand {
  CommonOptions common;
  SuiteOptionsCli suite;
  std::string technique = "ochiai";
  std::size_t top = 20;
  localize::FormulaOptions formula;
  std::vector<int> onlyTests;              ///< explain only these failing tests (1-based indexes)
  std::vector<std::string> given;          ///< technique options on the command line
  std::string output;                      ///< -o: write the report there instead of stdout
  std::string sarifResults = "locations";  ///< --sarif-results
  bool timing = false;                     ///< --timing
};

/// The text that reports a counterexample that became the suite.
std::string counterexampleText(const localize::Counterexample& c) {
  return fmt::format("counterexample (unwind {}, {:.0f} ms): {}\nconfirmed by replay: {}\n\n",
                     c.unwind, c.ms, c.testLine, c.replay);
}

/// Each `--test N` names a test of the suite (a suite to come from a counterexample has one).
void checkSelectedTests(const LocalizeCommand& c, const testing::TestSuite& suite) {
  const std::size_t count = suite.tests.empty() ? 1 : suite.tests.size();
  for (int n : c.onlyTests)
    if (n < 1 || static_cast<std::size_t>(n) > count)
      throw UserError(suite.tests.empty()
                          ? fmt::format("--test {}: no such test (without --tests the only test "
                                        "is the counterexample, test 1)",
                                        n)
                          : fmt::format("--test {}: no such test ({} holds {} test{})", n,
                                        suite.path, count, count == 1 ? "" : "s"));
}

/// In harness mode the entry function is trusted: when no statement is left to suspect, say
/// so and how to localize inside it.
void noteTrustedEntry(const LocalizeCommand& c, localize::LocalizeReport& outcome) {
  if (c.common.entry.empty() || c.common.entry == "main") return;
  const std::string note = fmt::format(
      "harness mode trusts the entry function '{}' (--entry), and the code it calls holds no "
      "statement to suspect: to localize inside '{}', give --entry a harness function that "
      "calls it and checks the result (with assert), so that '{}' is suspected",
      c.common.entry, c.common.entry, c.common.entry);
  auto add = [&](localize::Result& r) {
    const bool nothing =
        r.ranking ? r.ranking->lines.empty() : r.stats.soft == 0 && r.diagnoses.empty();
    if (nothing) r.notes.push_back(note);
  };
  if (outcome.suite) add(*outcome.suite);
  for (localize::TestRun& t : outcome.perTest)
    add(t.result);
}

int runLocalize(LocalizeCommand& c) {
  const localize::TechniqueInfo* technique = localize::findTechnique(c.technique);
  if (!technique)
    throw UserError("unknown technique '" + c.technique +
                    "' (known: " + localize::techniqueNames() + ")");
  for (const std::string& name : c.given)  // accepted for any technique, read by some
    if (std::find(technique->options.begin(), technique->options.end(), name) ==
        technique->options.end())
      warn(c.technique + " does not read --" + name + ": it is ignored");
  const bool toTerminal = (c.output.empty() || c.output == "-") && isatty(STDOUT_FILENO);
  if (c.timing) localize::enablePhaseTimes();
  if (c.common.format == "html" && toTerminal)
    throw UserError("an HTML report is a page for a browser, not for a terminal: write it to a "
                    "file with -o FILE (or redirect stdout)");
  LoadedSuite s = loadSuite(c.common, c.suite, /*coverage=*/true, technique->takesCounterexample);
  checkSelectedTests(c, s.suite);
  const report::Renderer& renderer = *report::findRenderer(c.common.format);
  report::StatusLine status(stderr, isatty(STDERR_FILENO) != 0);
  localize::SessionRequest request;
  request.program = s.program.get();
  request.suite = &s.suite;
  request.oracle = &s.oracle;
  request.suiteOptions = s.options;
  request.technique = technique;
  request.options = c.formula;
  request.onlyTests = c.onlyTests;
  request.progress = [&](std::size_t done, std::size_t total) {
    const double budget = c.formula.totalTimeoutSeconds;
    status.draw(static_cast<double>(done), static_cast<double>(total),
                fmt::format("{}: {}/{} failing tests explained, {:.1f} s{}", c.technique, done,
                            total, status.elapsedSeconds(),
                            budget > 0 ? fmt::format(" of {:g} s (--total-timeout)", budget) : ""));
  };
  request.traceRuns = renderer.needsRuns;
  request.shownReplays = c.top;
  request.programPath = c.common.program;
  request.testsPath = c.suite.tests;
  localize::SessionResult session = localize::runSession(request);
  status.clear();
  noteTrustedEntry(c, session.outcome);
  report::LocalizeModel model;
  model.program = s.program.get();
  model.technique = technique;
  for (const std::string& name : technique->options)
    if (const localize::OptionSpec* spec = localize::findOption(name))
      model.options.emplace_back(name, spec->get(c.formula));
  model.suite = &s.suite;
  model.results = &session.results;
  model.outcome = &session.outcome;
  if (session.counterexample) model.preface = counterexampleText(*session.counterexample);
  model.top = c.top;
  model.sarifPerDiagnosis = c.sarifResults == "diagnoses";
  model.runs = std::move(session.runs);
  std::optional<localize::PhaseTimer> phase(std::in_place, "report");
  const std::string text = renderer.render(model);
  phase.reset();
  writeOutput(text, c.output);
  if (c.timing) std::fprintf(stderr, "culprit: %s\n", localize::phaseTimesLine().c_str());
  return kExitOk;
}

/// One command-line option per shared option and per option a technique declares, grouped by
/// category.
void addTechniqueOptions(CLI::App& cmd, const std::shared_ptr<LocalizeCommand>& c) {
  std::map<std::string, CLI::Option_group*> groups;
  for (const localize::OptionSpec* declared : localize::everyOption()) {
    const localize::OptionSpec& spec = *declared;
    CLI::Option_group*& group = groups[spec.category];
    if (!group) group = cmd.add_option_group(spec.category);
    const std::string name = spec.name;
    auto set = [c, name](const std::string& value) {
      c->given.push_back(name);
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
      ->check(wholeNumber(0))
      ->capture_default_str();
  cmd->add_option("--sarif-results", c->sarifResults,
                  "sarif of a diagnosis technique: one result per line of the ranking with its "
                  "diagnoses as related locations (locations), or one per diagnosis of each "
                  "failing test (diagnoses)")
      ->check(CLI::IsMember({"locations", "diagnoses"}))
      ->capture_default_str();
  cmd->add_option("--test", c->onlyTests, "explain only these failing tests (1-based)")
      ->check(wholeNumber(1, std::numeric_limits<int>::max()))
      ->take_all();
  cmd->add_flag("--timing", c->timing,
                "print where the run's CPU time went on stderr (parse, suite run, encoding, MCS "
                "enumeration, angelic values, replay, ranking, report)");
  addTechniqueOptions(*cmd, c);
  cmd->callback([c, &status] { status = runLocalize(*c); });
}

}  // namespace culprit::cli

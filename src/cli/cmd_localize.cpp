// `culprit localize PROG.c --technique T --tests FILE [--golden G.c | --expected DIR]`:
// parses the options, loads the program and tests, hands them to the session (localize/
// session.h: suite, counterexample, driver, replays) and prints the report. The technique
// options come from the option table (localize/options.h).
#include "cli/commands.h"
#include "cli/common.h"
#include "ir/error.h"
#include "localize/session.h"
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
  std::vector<int> onlyTests;      ///< explain only these failing tests (1-based indexes)
  std::vector<std::string> given;  ///< technique options on the command line
  std::string output;              ///< -o: write the report there instead of stdout
};

/// The text that reports a counterexample that became the suite.
std::string counterexampleText(const localize::Counterexample& c) {
  return fmt::format("counterexample (unwind {}, {:.0f} ms): {}\nconfirmed by replay: {}\n\n",
                     c.unwind, c.ms, c.testLine, c.replay);
}

int runLocalize(const LocalizeCommand& c) {
  const localize::TechniqueInfo* technique = localize::findTechnique(c.technique);
  if (!technique)
    throw UserError("unknown technique '" + c.technique +
                    "' (known: " + localize::techniqueNames() + ")");
  for (const std::string& name : c.given)  // accepted for any technique, read by some
    if (std::find(technique->options.begin(), technique->options.end(), name) ==
        technique->options.end())
      std::fprintf(stderr, "culprit: warning: %s does not read --%s: it is ignored\n",
                   c.technique.c_str(), name.c_str());
  LoadedSuite s = loadSuite(c.common, c.suite, /*coverage=*/true, technique->takesCounterexample);
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
  model.runs = std::move(session.runs);
  writeOutput(renderer.render(model), c.output);
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
      ->capture_default_str();
  cmd->add_option("--test", c->onlyTests, "explain only these failing tests (1-based)")->take_all();
  addTechniqueOptions(*cmd, c);
  cmd->callback([c, &status] { status = runLocalize(*c); });
}

}  // namespace culprit::cli

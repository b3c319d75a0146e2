// `culprit localize PROG.c --technique T --tests FILE [--golden G.c | --expected DIR]`:
// runs the suite with coverage and reports the technique's ranking.
#include "cli/commands.h"
#include "cli/common.h"
#include "ir/error.h"
#include "localize/technique.h"

namespace culprit::cli {
namespace {

struct LocalizeCommand {
  CommonOptions common;
  SuiteOptionsCli suite;
  std::string technique = "ochiai";
  std::size_t top = 20;
};

int runLocalize(const LocalizeCommand& c) {
  const localize::TechniqueInfo* technique = localize::findTechnique(c.technique);
  if (!technique)
    throw UserError("unknown technique '" + c.technique + "' (known: " +
                    localize::techniqueNames() + ")");
  LoadedSuite s = loadSuite(c.common, c.suite, /*coverage=*/true);
  testing::SuiteResult results = testing::runSuite(*s.program, s.suite, s.oracle, s.options);
  testing::CoverageMatrix coverage = testing::coverageMatrix(results, s.program->stmts.size());
  if (coverage.totalFailing() == 0)
    throw UserError("no test fails: nothing to localize", c.suite.tests, 0, 0, kExitNoFailure);
  localize::Problem problem{s.program.get(), &s.suite, &results, &coverage};
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
  cmd->callback([c, &status] { status = runLocalize(*c); });
}

}  // namespace culprit::cli

// `culprit test PROG.c --tests FILE [--golden G.c | --expected DIR]`: runs the suite and
// reports each test's verdict (for a failing test, the first line where its output differs from
// the expected one). Exit status 0 when every test passes, 1 otherwise.
#include "cli/commands.h"
#include "cli/common.h"
#include "ir/error.h"

namespace culprit::cli {
namespace {

struct TestCommand {
  CommonOptions common;
  SuiteOptionsCli suite;
  bool verbose = false;
};

int runTest(TestCommand& c) {
  LoadedSuite s = loadSuite(c.common, c.suite, /*coverage=*/false);
  if (!s.oracle.golden && s.oracle.expectedDir.empty())
    warn("no oracle (--golden G.c or --expected DIR): a test fails only by a failed assertion, "
         "abort, runtime error or the step limit; its output is not checked");
  testing::SuiteResult result = testing::runSuite(*s.program, s.suite, s.oracle, s.options);
  report::TestReportOptions ro;
  ro.verbose = c.verbose;
  emit(report::renderTests(s.suite, result, parseFormat(c.common.format), ro));
  return result.passed == static_cast<int>(result.results.size()) ? kExitOk : kExitFindings;
}

}  // namespace

void addTestCommand(CLI::App& app, int& status) {
  auto c = std::make_shared<TestCommand>();
  CLI::App* cmd = app.add_subcommand("test", "run a program's test suite and judge each test");
  addCommonOptions(*cmd, c->common);
  addSuiteOptions(*cmd, c->suite);
  cmd->add_flag("--verbose,-v", c->verbose, "list passing tests too");
  cmd->callback([c, &status] { status = runTest(*c); });
}

}  // namespace culprit::cli

// `culprit run PROG.c [ARGS...]`: interprets the program once, like running it, and exits
// with its exit status (134 for a failed assertion, 1 with a sanitizer-style message for a
// runtime error). Handy to check that culprit models a program as gcc would.
#include "cli/commands.h"
#include "cli/common.h"
#include "exec/exec.h"
#include "ir/error.h"
#include "testing/testcase.h"

#include <cstdio>
#include <filesystem>

namespace culprit::cli {
namespace {

struct RunCommand {
  CommonOptions common;
  std::vector<std::string> args;
  std::string stdinFile, nondet;
};

int runOnce(const RunCommand& c) {
  frontend::Options fe = c.common.frontend;
  fe.entry = c.common.entry;
  auto program = frontend::parseFile(c.common.program, fe);
  bool harness = !c.common.entry.empty() && c.common.entry != "main";
  exec::RunInput raw;
  raw.args = c.args;
  std::string line = testing::formatTestLine(raw);
  if (!c.nondet.empty()) line += " @nondet=" + c.nondet;
  exec::RunInput input;
  try {
    input = testing::parseTestLine(line, "", harness).input;
  } catch (const std::invalid_argument& e) {
    throw UserError(std::string("bad arguments: ") + e.what());
  }
  if (!c.stdinFile.empty()) {
    FILE* f = std::fopen(c.stdinFile.c_str(), "rb");
    if (!f) throw UserError("cannot open stdin file", c.stdinFile);
    char buf[65536];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
      input.stdinData.append(buf, n);
    std::fclose(f);
  }
  exec::RunOptions ro;
  ro.stepLimit = c.common.stepLimit;
  ro.nondetUninitialised = c.common.nondetUninitialised;
  ro.entry = harness ? c.common.entry : "main";
  ro.programName = std::filesystem::path(c.common.program).stem().string();
  exec::RunResult r = exec::run(*program, input, ro);
  std::fwrite(r.out.data(), 1, r.out.size(), stdout);
  std::fflush(stdout);
  std::fwrite(r.err.data(), 1, r.err.size(), stderr);
  return r.exitStatus;
}

}  // namespace

void addRunCommand(CLI::App& app, int& status) {
  auto c = std::make_shared<RunCommand>();
  CLI::App* cmd = app.add_subcommand("run", "interpret a program once on the given arguments");
  addCommonOptions(*cmd, c->common);
  cmd->add_option("args", c->args, "the program's arguments (after --)");
  cmd->add_option("--stdin", c->stdinFile, "file to use as the program's stdin");
  cmd->add_option("--nondet", c->nondet, "values of nondet intrinsics, comma-separated");
  cmd->callback([c, &status] { status = runOnce(*c); });
}

}  // namespace culprit::cli

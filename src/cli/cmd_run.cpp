// `culprit run PROG.c [ARGS...]`: interprets the program once, like running it, and exits
// with its exit status (134 for a failed assertion, 1 with a sanitizer-style message for a
// runtime error, 124 with a message when the step limit cuts the run). Handy to check that
// culprit models a program as gcc would.
#include "cli/commands.h"
#include "cli/common.h"
#include "exec/exec.h"
#include "ir/error.h"
#include "testing/testcase.h"

#include <cstdio>
#include <filesystem>
#include <fmt/format.h>

namespace culprit::cli {
namespace {

/// `culprit run`'s exit status when the step limit cuts the run (as timeout(1) reports a run
/// its time limit cut).
constexpr int kExitStepLimit = 124;

struct RunCommand {
  CommonOptions common;
  std::vector<std::string> args;
  std::string stdinFile, nondet;
};

std::string readStdinFile(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw UserError("the stdin file is a directory", path);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw UserError("cannot open stdin file", path);
  std::string data;
  char buf[65536];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
    data.append(buf, n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) throw UserError("cannot read stdin file", path);
  return data;
}

int runOnce(const RunCommand& c) {
  frontend::Options fe = c.common.frontend;
  fe.entry = c.common.entry;
  auto program = frontend::parseFile(c.common.program, fe);
  checkEntry(*program, c.common.entry);
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
  if (harness) {
    const std::size_t params = program->findFunction(c.common.entry)->params.size();
    if (input.entryArgs.size() != params)
      throw UserError(fmt::format("entry function '{}' takes {} argument{}, the command line "
                                  "gives {}",
                                  c.common.entry, params, params == 1 ? "" : "s",
                                  input.entryArgs.size()));
  }
  if (!c.stdinFile.empty()) input.stdinData = readStdinFile(c.stdinFile);
  if (!harness) testing::attachFiles(input, "");
  exec::RunOptions ro;
  ro.stepLimit = c.common.stepLimit;
  ro.nondetUninitialised = c.common.nondetUninitialised;
  ro.entry = harness ? c.common.entry : "main";
  ro.programName = std::filesystem::path(c.common.program).stem().string();
  exec::RunResult r;
  try {
    r = exec::run(*program, input, ro);
  } catch (const std::invalid_argument& e) {  // the entry function cannot be run on this input
    throw UserError(e.what(), c.common.program);
  }
  emit(r.out);
  std::fwrite(r.err.data(), 1, r.err.size(), stderr);
  if (r.verdict != exec::Verdict::StepLimit) return r.exitStatus;
  const std::string where =
      r.where.line && r.where.file < program->files.size()
          ? fmt::format("{}:{}:{}: ", program->files[r.where.file].path, r.where.line, r.where.col)
          : "culprit: ";
  std::fprintf(stderr, "%serror: %s: the run was cut here (raise it with --step-limit N)\n",
               where.c_str(), r.message.c_str());
  return kExitStepLimit;
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

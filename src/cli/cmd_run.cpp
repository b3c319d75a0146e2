// `culprit run A.c [B.c ...] [-- ARGS...]`: interprets the program (its files linked into one)
// once, like running it, and exits
// with its exit status (134 for a failed assertion, 1 with a sanitizer-style message for a
// runtime error, 124 with a message when the step limit cuts the run). Handy to check that
// culprit models a program as gcc would.
#include "cli/commands.h"
#include "cli/common.h"
#include "exec/exec.h"
#include "ir/error.h"
#include "testing/testcase.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <stdexcept>

namespace culprit::cli {
namespace {

/// `culprit run`'s exit status when the step limit cuts the run (as timeout(1) reports a run
/// its time limit cut).
constexpr int kExitStepLimit = 124;

struct RunCommand {
  CommonOptions common;
  std::vector<std::string> args;  ///< the words after `--` (main.cpp splits them off)
  bool dashes = false;            ///< the command line has `--`
  std::string stdinFile, nondet;
};

bool isSourceFile(const std::string& word) {
  const std::string ext = std::filesystem::path(word).extension().string();
  return ext == ".c" || ext == ".i";
}

/// Without `--`, the positional words are the program's files up to the first word that is
/// not a .c file, and the program's arguments from there (`culprit run prog.c 3 4 5`).
void splitPositionals(RunCommand& c) {
  if (c.dashes) return;
  std::vector<std::string>& words = c.common.sources;
  auto first = std::find_if(words.begin(), words.end(),
                            [](const std::string& w) { return !isSourceFile(w); });
  if (first == words.begin() && first != words.end()) ++first;  // `culprit run prog 3`
  c.args.insert(c.args.begin(), first, words.end());
  words.erase(first, words.end());
}

int runOnce(RunCommand& c) {
  splitPositionals(c);
  frontend::Options fe = c.common.frontend;
  fe.entry = c.common.entry;
  auto program = loadProgram(c.common, fe);
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
  try {
    if (!c.stdinFile.empty()) input.stdinData = testing::readStdinFile(c.stdinFile);
    if (!harness) testing::attachFiles(input, "");
  } catch (const std::invalid_argument& e) {
    throw UserError(e.what());
  }
  exec::RunOptions ro;
  ro.stepLimit = c.common.stepLimit;
  ro.memoryLimit = c.common.runMemoryMb << 20;
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

void addRunCommand(CLI::App& app, int& status, const std::vector<std::string>* afterDashes) {
  auto c = std::make_shared<RunCommand>();
  if (afterDashes) {
    c->args = *afterDashes;
    c->dashes = true;
  }
  CLI::App* cmd = app.add_subcommand(
      "run", "interpret a program once on the given arguments: culprit run A.c [B.c ...] "
             "[-- ARGS...] (without --, the words after the .c files are the arguments)");
  addCommonOptions(*cmd, c->common);
  cmd->add_option("--stdin", c->stdinFile, "file to use as the program's stdin");
  cmd->add_option("--nondet", c->nondet, "values of nondet intrinsics, comma-separated");
  cmd->callback([c, &status] { status = runOnce(*c); });
}

}  // namespace culprit::cli

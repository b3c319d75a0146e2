// Runs C snippets through the real frontend and the interpreter, for the C-level tests.
#pragma once

#include "exec/exec.h"
#include "frontend/frontend.h"

#include <memory>
#include <string>
#include <vector>

namespace culprit::exec::testing {

/// A C program parsed once and run as often as a test needs.
struct CProgram {
  explicit CProgram(const std::string& source) : prog(frontend::parseSource(source, "t.c")) {}

  RunResult run(const RunInput& in = {}, const RunOptions& o = {}) const {
    return exec::run(*prog, in, o);
  }
  RunResult runArgs(std::vector<std::string> args, const RunOptions& o = {}) const {
    RunInput in;
    in.args = std::move(args);
    return exec::run(*prog, in, o);
  }
  RunResult runStdin(std::string data) const {
    RunInput in;
    in.stdinData = std::move(data);
    return exec::run(*prog, in, {});
  }
  /// The nth (0-based) executable statement whose range starts on `line`.
  ir::StmtId stmtAt(std::uint32_t line, int nth = 0) const {
    for (const ir::Stmt* s : prog->stmts)
      if (s->range.line == line && s->isExecutable() && nth-- == 0) return s->id;
    return ir::kNone;
  }

  std::unique_ptr<ir::Program> prog;
};

/// Parses and runs `source` with `args` as argv[1..].
inline RunResult runC(const std::string& source, std::vector<std::string> args = {}) {
  return CProgram(source).runArgs(std::move(args));
}

}  // namespace culprit::exec::testing

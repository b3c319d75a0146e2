// Shared helpers of the encoder tests: compile C text, run it, encode it, check formulas.
#pragma once

#include "encode/encode.h"
#include "exec/exec.h"
#include "frontend/frontend.h"

#include <z3++.h>

#include <memory>
#include <string>
#include <vector>

namespace culprit::encode::test {

inline std::unique_ptr<ir::Program> compile(const std::string& source,
                                            std::vector<std::string> trusted = {}) {
  frontend::Options o;
  o.trusted = std::move(trusted);
  return frontend::parseSource(source, "t.c", o);
}

inline exec::RunInput argsInput(std::vector<std::string> args) {
  exec::RunInput in;
  in.args = std::move(args);
  return in;
}

inline exec::RunInput entryInput(std::vector<std::int64_t> args) {
  exec::RunInput in;
  in.entryArgs = std::move(args);
  return in;
}

inline exec::RunResult runTraced(const ir::Program& p, const exec::RunInput& in,
                                 const std::string& entry = "main") {
  exec::RunOptions o;
  o.trace = true;
  o.entry = entry;
  return exec::run(p, in, o);
}

/// A solver holding every hard clause of `enc`.
inline z3::solver solverFor(z3::context& ctx, const Encoding& enc) {
  z3::solver s(ctx);
  for (const HardClause& h : enc.hard)
    s.add(h.clause);
  return s;
}

/// The selectors of every soft group of `enc` except `relaxed`.
inline z3::expr_vector enforcedExcept(z3::context& ctx, const Encoding& enc,
                                      const std::vector<std::uint32_t>& relaxed) {
  z3::expr_vector assumptions(ctx);
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
    if (std::find(relaxed.begin(), relaxed.end(), g) == relaxed.end())
      assumptions.push_back(enc.groups[g].selector);
  return assumptions;
}

/// Checks `enc` with every soft group enforced except `relaxed`.
inline z3::check_result checkWith(z3::context& ctx, const Encoding& enc,
                                  const std::vector<std::uint32_t>& relaxed = {}) {
  z3::solver s = solverFor(ctx, enc);
  return s.check(enforcedExcept(ctx, enc, relaxed));
}

/// Source line of a soft group's statement.
inline std::uint32_t lineOf(const ir::Program& p, const Encoding& enc, std::uint32_t group) {
  return p.stmt(enc.groups[group].stmt).range.line;
}

/// Soft groups of the statements on `line`.
inline std::vector<std::uint32_t> groupsOnLine(const ir::Program& p, const Encoding& enc,
                                               std::uint32_t line) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
    if (lineOf(p, enc, g) == line) out.push_back(g);
  return out;
}

}  // namespace culprit::encode::test

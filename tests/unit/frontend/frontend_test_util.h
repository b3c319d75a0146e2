// Helpers shared by the frontend tests: lowering a snippet, finding statements, variables and
// expressions, and capturing the UserError a snippet raises.
#pragma once

#include "frontend/frontend.h"
#include "ir/printer.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace culprit::frontend::test {

inline std::unique_ptr<ir::Program> lower(const std::string& source, const Options& options = {}) {
  return parseSource(source, "t.c", options);
}

inline const ir::Function& fn(const ir::Program& p, const std::string& name) {
  const ir::Function* f = p.findFunction(name);
  if (!f) throw std::runtime_error("no function " + name);
  return *f;
}

/// The i-th statement of function `name`'s body block.
inline const ir::Stmt& top(const ir::Program& p, const std::string& name, std::size_t i) {
  return *fn(p, name).body->children.at(i);
}

/// The text of a statement's expression.
inline std::string text(const ir::Program& p, const ir::Stmt& s) {
  return s.expr ? ir::printExpr(p, *s.expr) : "";
}

/// The (first) variable called `name`.
inline const ir::Var& var(const ir::Program& p, const std::string& name) {
  for (const ir::Var& v : p.vars)
    if (v.name == name) return v;
  throw std::runtime_error("no variable " + name);
}

inline ir::VarId varId(const ir::Program& p, const std::string& name) {
  return static_cast<ir::VarId>(&var(p, name) - p.vars.data());
}

/// The right-hand side of the assignment in expression statement `s`.
inline const ir::Expr& rhs(const ir::Stmt& s) { return *s.expr->ops.at(1); }

struct Failure {
  std::string message, file;
  unsigned line = 0, col = 0;
};

/// The UserError lowering `source` raises (a test failure if it raises none).
inline Failure failure(const std::string& source, const Options& options = {}) {
  try {
    lower(source, options);
  } catch (const UserError& e) {
    return {e.what(), e.file(), e.line(), e.col()};
  }
  ADD_FAILURE() << "expected a UserError for:\n" << source;
  return {};
}

}  // namespace culprit::frontend::test

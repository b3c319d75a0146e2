// Helpers shared by the frontend tests: lowering a snippet, finding statements, variables and
// expressions, capturing the UserError a snippet raises, and a fixture writing files to a
// temporary directory.
#pragma once

#include "frontend/frontend.h"
#include "ir/printer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

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

/// Tests that write source files: each gets a fresh temporary directory, removed after it.
class FrontendFiles : public testing::Test {
protected:
  void SetUp() override {
    const testing::TestInfo* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("culprit-fe-" + std::to_string(::getpid()) + "-" + info->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    std::filesystem::path path = dir_ / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
    return path.string();
  }

  std::filesystem::path dir_;
};

}  // namespace culprit::frontend::test

// C frontend: parses a C file with Clang's real frontend (preprocessor included) and lowers
// the AST to culprit's IR. Constructs outside the modelled subset are rejected with a
// UserError `file:line:col: error: unsupported construct: <what>` — never mis-modelled.
#pragma once

#include "ir/error.h"
#include "ir/ir.h"

#include <memory>
#include <string>
#include <vector>

namespace culprit::frontend {

struct Options {
  std::vector<std::string> includeDirs;  ///< -I
  std::vector<std::string> defines;      ///< -D (NAME or NAME=VALUE)
  std::string std;                       ///< -std= (empty: Clang's default for C)
  std::string compileCommands;           ///< path of a compile_commands.json (or its directory)
  std::vector<std::string> trusted;      ///< functions never suspected (harness, --trust)
  /// The function runs start in ("" = main). A function using an unsupported construct is an
  /// error only when it can be called from there (or when there is no such function).
  std::string entry;
};

/// Parses and lowers `path`. Throws UserError on a missing file, a Clang error (its first
/// diagnostic, with location) or an unsupported construct.
std::unique_ptr<ir::Program> parseFile(const std::string& path, const Options& options = {});

/// Same, for in-memory source (tests); `path` names it in diagnostics.
std::unique_ptr<ir::Program> parseSource(const std::string& source, const std::string& path,
                                         const Options& options = {});

}  // namespace culprit::frontend

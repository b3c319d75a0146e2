// C frontend: parses a C file with Clang's real frontend (preprocessor included) and lowers
// the AST to culprit's IR. Constructs outside the modelled subset are rejected with a
// UserError `file:line:col: error: unsupported construct: <what>` — never mis-modelled.
#pragma once

#include "ir/error.h"
#include "ir/ir.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
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
  /// Receives each warning as one line `file:line:col: warning: message` (a call to an
  /// implicitly declared function); unset: warnings are dropped.
  std::function<void(const std::string&)> warn;
};

/// Parses and lowers `path`. Throws UserError on a missing file, a Clang error (its first
/// diagnostic, with location) or an unsupported construct.
std::unique_ptr<ir::Program> parseFile(const std::string& path, const Options& options = {});

/// Parses the translation units `paths` (in that order) and links them into one program as a
/// linker would (link.cpp). Throws UserError as parseFile does, and for a symbol defined
/// twice (two `main`s included) or a call to a function no unit defines.
std::unique_ptr<ir::Program> parseFiles(const std::vector<std::string>& paths,
                                        const Options& options = {});

/// Same, for in-memory source (tests); `path` names it in diagnostics.
std::unique_ptr<ir::Program> parseSource(const std::string& source, const std::string& path,
                                         const Options& options = {});
/// Several in-memory units: (path, source) pairs.
std::unique_ptr<ir::Program>
parseSources(const std::vector<std::pair<std::string, std::string>>& units,
             const Options& options = {});

/// The source files a compile_commands.json (or the directory holding one) lists, in its
/// order, each once, as absolute paths. Throws UserError when it cannot be read or lists none.
std::vector<std::string> compileCommandsSources(const std::string& path);

}  // namespace culprit::frontend

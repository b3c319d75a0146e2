// Options shared by culprit's subcommands, and the steps every subcommand takes: load the
// program (and golden program), load the tests, run the suite.
#pragma once

#include "frontend/frontend.h"
#include "ir/error.h"
#include "report/report.h"
#include "testing/runner.h"

#include <CLI/CLI.hpp>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace culprit::cli {

struct CommonOptions {
  /// The program's C files (several are linked as one program); empty: the files the
  /// --compile-commands database lists (see resolveSources).
  std::vector<std::string> sources;
  std::string program;  ///< its first file, which names the program (argv[0], errors)
  frontend::Options frontend;
  std::string entry;  ///< harness entry function (empty: main)
  std::uint64_t stepLimit = 10'000'000;
  std::uint64_t runMemoryMb = exec::kDefaultMemoryLimitMb;  ///< exec::RunOptions::memoryLimit
  bool nondetUninitialised = false;  ///< exec::RunOptions::nondetUninitialised
  unsigned jobs = 0;
  std::string format = "text";
};

struct SuiteOptionsCli {
  std::string tests, expected;
  std::vector<std::string> golden;  ///< the golden program's files (linked like the program's)
};

/// --format's choices and help text ("output format:", then one line per renderer) from a
/// renderer registry: a sequence of entries with `name` and `help`, in the order shown.
struct FormatChoices {
  std::vector<std::string> names;
  std::string help = "output format:";
};
template <class Registry> FormatChoices formatChoices(const Registry& renderers) {
  FormatChoices choices;
  for (const auto& r : renderers) {
    choices.names.push_back(r.name);
    choices.help += "\n  " + r.name + ": " + r.help;
  }
  return choices;
}

/// The one line that reports a user error: `file:line:col: error: message` when it has a
/// location, `culprit: error: message` (`culprit: error: file: message` for a whole file)
/// when it has none.
std::string errorLine(const UserError& e);
/// Prints `culprit: warning: message` on stderr.
void warn(const std::string& message);

/// A CLI11 check: the value is a whole number from `least` to `most`.
CLI::Validator wholeNumber(std::uint64_t least,
                           std::uint64_t most = std::numeric_limits<std::uint64_t>::max());
/// A CLI11 check: the value is a number of seconds from 0 to `most`.
CLI::Validator seconds(double most);
/// Most parallel runs `--jobs` accepts.
inline constexpr std::uint64_t kMaxJobs = 1024;

/// The candidate nearest to `word` by edit distance (a transposition counts once), or "" when
/// none is near enough to be a likely typo.
std::string closestWord(const std::string& word, const std::vector<std::string>& candidates);

/// Throws UserError (exit 2) unless `program` has the entry function (`main` when `entry` is
/// empty) to run.
void checkEntry(const ir::Program& program, const std::string& entry);

/// Fills `o.sources` from --compile-commands when no file is named, sets `o.program`, and
/// has warnings printed on stderr. Throws UserError when there is no source file.
void resolveSources(CommonOptions& o);
/// Parses and links the program's files (resolveSources first).
std::unique_ptr<ir::Program> loadProgram(CommonOptions& o, const frontend::Options& fe);

/// `formats`: the --format choices (default text|json), described by `formatHelp`.
void addCommonOptions(CLI::App& cmd, CommonOptions& o,
                      const std::vector<std::string>& formats = {"text", "json"},
                      const std::string& formatHelp = "output format: text or json");
void addSuiteOptions(CLI::App& cmd, SuiteOptionsCli& o);
report::Format parseFormat(const std::string& name);

/// Everything a suite-based subcommand needs, loaded and validated.
struct LoadedSuite {
  std::unique_ptr<ir::Program> program, golden;
  testing::TestSuite suite;
  testing::Oracle oracle;
  testing::SuiteOptions options;
};

/// Parses the program (and golden program), loads the tests and checks them against the
/// entry function. Throws UserError.
/// With `allowNoTests`, a missing --tests leaves the suite empty (BMC will supply a test).
LoadedSuite loadSuite(CommonOptions& common, const SuiteOptionsCli& suite, bool coverage,
                      bool allowNoTests = false);

/// Prints a whole report to stdout at once. Throws UserError when stdout cannot take it.
void emit(const std::string& text);
/// Writes `text` to `path` whole (through a temporary file renamed into place, so a failure
/// leaves no half-written report), or to stdout when `path` is empty. A symbolic link is
/// followed (its target is replaced, keeping its mode); a FIFO or device is written directly.
/// Throws UserError when the file cannot be written.
void writeOutput(const std::string& text, const std::string& path);

}  // namespace culprit::cli

// Options shared by culprit's subcommands, and the steps every subcommand takes: load the
// program (and golden program), load the tests, run the suite.
#pragma once

#include "frontend/frontend.h"
#include "report/report.h"
#include "testing/runner.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

namespace culprit::cli {

struct CommonOptions {
  std::string program;
  frontend::Options frontend;
  std::string entry;  ///< harness entry function (empty: main)
  std::uint64_t stepLimit = 10'000'000;
  bool nondetUninitialised = false;  ///< exec::RunOptions::nondetUninitialised
  unsigned jobs = 0;
  std::string format = "text";
};

struct SuiteOptionsCli {
  std::string tests, golden, expected;
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
LoadedSuite loadSuite(const CommonOptions& common, const SuiteOptionsCli& suite, bool coverage,
                      bool allowNoTests = false);

/// Prints a whole report to stdout at once.
void emit(const std::string& text);
/// Writes `text` to `path` whole (through a temporary file renamed into place, so a failure
/// leaves no half-written report), or to stdout when `path` is empty. Throws UserError when
/// the file cannot be written.
void writeOutput(const std::string& text, const std::string& path);

}  // namespace culprit::cli

// Subcommand registration: each adds itself to the app and sets `status` when it runs.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace culprit::cli {

void addTestCommand(CLI::App& app, int& status);
void addLocalizeCommand(CLI::App& app, int& status);
/// `afterDashes`: the words after `--` on the command line (the program's arguments), or null
/// when there is no `--`.
void addRunCommand(CLI::App& app, int& status, const std::vector<std::string>* afterDashes);
void addBenchCommand(CLI::App& app, int& status);
void addRepairCommand(CLI::App& app, int& status);

}  // namespace culprit::cli

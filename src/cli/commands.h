// Subcommand registration: each adds itself to the app and sets `status` when it runs.
#pragma once

#include <CLI/CLI.hpp>

namespace culprit::cli {

void addTestCommand(CLI::App& app, int& status);
void addLocalizeCommand(CLI::App& app, int& status);
void addRunCommand(CLI::App& app, int& status);
void addBenchCommand(CLI::App& app, int& status);
void addRepairCommand(CLI::App& app, int& status);

}  // namespace culprit::cli

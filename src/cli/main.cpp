// culprit's command line: subcommands, option parsing and the one place where user errors
// become a one-line message and an exit status (docs/DESIGN.md lists the statuses).
#include "cli/commands.h"
#include "ir/error.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>

namespace {

int run(int argc, char** argv);

}  // namespace

/// Everything is written and closed when run() returns; _Exit then skips the destructors of
/// statics, so the process does not wait for a large solver context still being deleted on a
/// background thread (see localize/formula.cpp).
int main(int argc, char** argv) {
  const int status = run(argc, argv);
  std::cout.flush();
  std::fflush(nullptr);
  std::_Exit(status);
}

namespace {

int run(int argc, char** argv) {
  using namespace culprit;
  CLI::App app{"culprit: find where a C program is wrong, from its failing tests"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("culprit ") + CULPRIT_VERSION);
  int status = kExitOk;
  cli::addTestCommand(app, status);
  cli::addLocalizeCommand(app, status);
  cli::addRunCommand(app, status);
  cli::addBenchCommand(app, status);
  cli::addRepairCommand(app, status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "culprit: error: %s\n", e.what());
    return kExitBadInput;
  } catch (const UserError& e) {
    std::fprintf(stderr, "%s\n", e.render().c_str());
    return e.status();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "culprit: internal error: %s\n", e.what());
    return kExitInternal;
  }
  return status;
}

}  // namespace

// culprit's command line: subcommands, option parsing and the one place where user errors
// become a one-line message and an exit status (docs/DESIGN.md lists the statuses).
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/signals.h"
#include "exec/host_stack.h"
#include "ir/error.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

int run(int argc, char** argv);

/// A report cut short by a full disk or a closed pipe must not pass for a whole one.
int checkStdout(int status) {
  std::cout.flush();
  if (std::cout && std::fflush(stdout) == 0 && !std::ferror(stdout)) return status;
  std::fprintf(stderr, "culprit: error: cannot write to stdout: %s\n", std::strerror(errno));
  return status == culprit::kExitOk ? culprit::kExitBadInput : status;
}

/// A bench subject server (`culprit bench MANIFEST ... serve --subject S`, started by a bench,
/// cmd_bench.cpp) ignores the job's signals from its first instruction on: the bench that
/// started it stops it, and a SIGTERM caught before the command itself set SIG_IGN ended the
/// server and failed the run it was doing (bench.parallel, signalled shard).
bool isSubjectServer(int argc, char** argv) {
  return argc >= 5 && std::strcmp(argv[1], "bench") == 0 &&
         std::strcmp(argv[argc - 3], "serve") == 0 && std::strcmp(argv[argc - 2], "--subject") == 0;
}

}  // namespace

/// Everything is written and closed when run() returns; _Exit then skips the destructors of
/// statics, so the process does not wait for a large solver context still being deleted on a
/// background thread (see localize/formula.cpp). The command runs on a thread with a 1 GB stack
/// (reserved; pages are touched only as used): Clang's parser, the lowering, the encoder and
/// Z3 recurse along a C expression's depth.
int main(int argc, char** argv) {
  if (isSubjectServer(argc, argv))
    for (int sig : {SIGINT, SIGTERM, SIGHUP})
      std::signal(sig, SIG_IGN);  // left ignored by handleTerminationSignals
  culprit::cli::handleTerminationSignals();
  int status = culprit::kExitInternal;
  if (!culprit::exec::onLargeStack([&] { status = run(argc, argv); }, std::size_t{1} << 30))
    status = run(argc, argv);
  status = checkStdout(status);
  std::fflush(nullptr);
  std::_Exit(status);
}

namespace {

/// The long options `cmd` accepts (its option groups' too), as typed: `--name`.
void longOptions(const CLI::App& cmd, std::vector<std::string>& out) {
  for (const CLI::Option* o : cmd.get_options())
    for (const std::string& name : o->get_lnames())
      out.push_back("--" + name);
  for (const CLI::App* group :
       cmd.get_subcommands([](const CLI::App* a) { return a->get_name().empty(); }))
    longOptions(*group, out);
}

/// Why the command line did not parse, with a suggestion when a word is near a known one: the
/// first word that names no subcommand, or the first long option the chosen subcommand lacks.
std::string parseErrorLine(CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  const std::string message = std::string("culprit: error: ") + e.what();
  auto nearest = [](const std::string& word, const std::vector<std::string>& names) {
    const std::string near = culprit::cli::closestWord(word, names);
    return near.empty() ? std::string() : " (did you mean '" + near + "'?)";
  };
  const CLI::App* cmd = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") break;
    if (!cmd) {
      if (arg.starts_with("-")) continue;
      std::vector<std::string> names;
      for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        names.push_back(sub->get_name());
        if (sub->get_name() == arg) cmd = sub;
      }
      if (cmd) continue;
      std::string known;
      for (const std::string& n : names)
        known += (known.empty() ? "" : ", ") + n;
      const std::string hint = nearest(arg, names);
      return "culprit: error: unknown subcommand '" + arg + "'" +
             (hint.empty() ? " (known: " + known + ")" : hint);
    }
    if (!arg.starts_with("--") || arg.size() == 2) continue;
    const std::string name = arg.substr(0, arg.find('='));
    if (cmd->get_option_no_throw(name) || app.get_option_no_throw(name)) continue;
    std::vector<std::string> names;
    longOptions(*cmd, names);
    if (const std::string hint = nearest(name, names); !hint.empty()) return message + hint;
  }
  return message;
}

/// `culprit run`'s words after the first `--`: the program's own arguments, never parsed as
/// culprit's (CLI11 would hand them to the positional list of source files). `argc` is cut
/// to the words before it.
std::optional<std::vector<std::string>> programArguments(int& argc, char** argv) {
  int i = 1;
  while (i < argc && argv[i][0] == '-' && std::strcmp(argv[i], "--") != 0)
    ++i;  // options before the subcommand (--version, --help)
  if (i >= argc || std::strcmp(argv[i], "run") != 0) return std::nullopt;
  for (int k = i + 1; k < argc; ++k)
    if (std::strcmp(argv[k], "--") == 0) {
      std::vector<std::string> words(argv + k + 1, argv + argc);
      argc = k;
      return words;
    }
  return std::nullopt;
}

int run(int argc, char** argv) {
  using namespace culprit;
  CLI::App app{"culprit: find where a C program is wrong, from its failing tests"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("culprit ") + CULPRIT_VERSION);
  int status = kExitOk;
  const std::optional<std::vector<std::string>> afterDashes = programArguments(argc, argv);
  cli::addTestCommand(app, status);
  cli::addLocalizeCommand(app, status);
  cli::addRunCommand(app, status, afterDashes ? &*afterDashes : nullptr);
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
    std::fprintf(stderr, "%s\n", parseErrorLine(app, e, argc, argv).c_str());
    return kExitBadInput;
  } catch (const UserError& e) {
    std::fprintf(stderr, "%s\n", cli::errorLine(e).c_str());
    return e.status();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "culprit: internal error: %s\n", e.what());
    return kExitInternal;
  }
  return status;
}

}  // namespace

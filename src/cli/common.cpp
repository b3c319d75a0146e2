// Shared subcommand plumbing: option declarations and loading/validation of inputs. Every
// problem the user can cause becomes a UserError here or below; nothing is printed before
// all inputs are known to be good.
#include "cli/common.h"

#include "ir/error.h"

#include <cstdio>
#include <filesystem>

namespace culprit::cli {

void addCommonOptions(CLI::App& cmd, CommonOptions& o, const std::vector<std::string>& formats,
                      const std::string& formatHelp) {
  cmd.add_option("program", o.program, "C source file of the program under test")->required();
  cmd.add_option("-I", o.frontend.includeDirs, "add an include directory")->take_all();
  cmd.add_option("-D", o.frontend.defines, "define a macro (NAME or NAME=VALUE)")->take_all();
  cmd.add_option("--std", o.frontend.std, "C language standard, as clang's -std=");
  cmd.add_option("--compile-commands", o.frontend.compileCommands,
                 "compile_commands.json (or its directory) giving the file's flags");
  cmd.add_option("--entry", o.entry,
                 "harness mode: run this function (test lines give its integer arguments); "
                 "harness code is trusted");
  cmd.add_option("--trust", o.frontend.trusted, "functions never suspected")->take_all();
  cmd.add_option("--step-limit", o.stepLimit, "statement executions per run before giving up")
      ->capture_default_str();
  cmd.add_flag("--nondet-uninitialised", o.nondetUninitialised,
               "a local declared without initializer takes nondet values (@nondet, in order), "
               "as bounded model checking assumes; default: using its value is a runtime error");
  cmd.add_option("--jobs,-j", o.jobs, "parallel test runs (default: all cores)");
  cmd.add_option("--format", o.format, formatHelp)
      ->check(CLI::IsMember(formats))
      ->capture_default_str();
}

void addSuiteOptions(CLI::App& cmd, SuiteOptionsCli& o) {
  cmd.add_option("--tests", o.tests, "tests file: one test per line (argv words, < stdin)");
  auto* golden = cmd.add_option("--golden", o.golden, "golden program: the oracle");
  auto* expected =
      cmd.add_option("--expected", o.expected, "directory of expected outputs t1, t2, ...");
  golden->excludes(expected);
}

report::Format parseFormat(const std::string& name) {
  return name == "json" ? report::Format::Json : report::Format::Text;
}

namespace {

void checkEntryArgs(const ir::Program& program, const std::string& entry,
                    const testing::TestSuite& suite) {
  const ir::Function* f = program.findFunction(entry.empty() ? "main" : entry);
  if (!f)
    throw UserError("no function named '" + (entry.empty() ? std::string("main") : entry) + "'",
                    program.files.empty() ? "" : program.files[0].path);
  if (entry.empty() || entry == "main") return;
  for (const testing::TestCase& t : suite.tests)
    if (t.input.entryArgs.size() != f->params.size())
      throw UserError("test gives " + std::to_string(t.input.entryArgs.size()) +
                          " arguments, but '" + entry + "' takes " +
                          std::to_string(f->params.size()),
                      suite.path, t.fileLine);
}

}  // namespace

LoadedSuite loadSuite(const CommonOptions& common, const SuiteOptionsCli& suiteOpts, bool coverage,
                      bool allowNoTests) {
  LoadedSuite s;
  frontend::Options fe = common.frontend;
  if (!common.entry.empty() && common.entry != "main") fe.trusted.push_back(common.entry);
  fe.entry = common.entry;
  s.program = frontend::parseFile(common.program, fe);
  if (!suiteOpts.golden.empty()) {
    s.golden = frontend::parseFile(suiteOpts.golden, fe);
    s.oracle.golden = s.golden.get();
  }
  if (!suiteOpts.expected.empty()) {
    if (!std::filesystem::is_directory(suiteOpts.expected))
      throw UserError("expected-output directory not found", suiteOpts.expected);
    s.oracle.expectedDir = suiteOpts.expected;
  }
  bool harness = !common.entry.empty() && common.entry != "main";
  if (suiteOpts.tests.empty()) {
    if (!allowNoTests) throw UserError("--tests FILE is required");
  } else {
    s.suite = testing::loadTests(suiteOpts.tests, harness);
  }
  checkEntryArgs(*s.program, common.entry, s.suite);
  if (s.golden) checkEntryArgs(*s.golden, common.entry, s.suite);
  s.options.jobs = common.jobs;
  s.options.run.stepLimit = common.stepLimit;
  s.options.run.nondetUninitialised = common.nondetUninitialised;
  s.options.run.coverage = coverage;
  s.options.run.entry = common.entry.empty() ? "main" : common.entry;
  s.options.run.programName = std::filesystem::path(common.program).stem().string();
  return s;
}

void emit(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

void writeOutput(const std::string& text, const std::string& path) {
  if (path.empty() || path == "-") return emit(text);
  const std::string temporary = path + ".tmp";
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (f) ok = std::fclose(f) == 0 && ok;
  std::error_code error;
  if (ok) std::filesystem::rename(temporary, path, error);
  if (!ok || error) {
    std::filesystem::remove(temporary, error);
    throw UserError("cannot write the report", path, 0, 0, kExitBadInput);
  }
}

}  // namespace culprit::cli

// Shared subcommand plumbing: option declarations and loading/validation of inputs. Every
// problem the user can cause becomes a UserError here or below; nothing is printed before
// all inputs are known to be good.
#include "cli/common.h"

#include "cli/signals.h"
#include "ir/error.h"
#include "localize/phases.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <stdio_ext.h>

namespace culprit::cli {

std::string errorLine(const UserError& e) {
  if (!e.file().empty() && e.line()) return e.render();
  if (!e.file().empty()) return "culprit: error: " + e.file() + ": " + e.what();
  return std::string("culprit: error: ") + e.what();
}

void warn(const std::string& message) {
  std::fprintf(stderr, "culprit: warning: %s\n", message.c_str());
}

CLI::Validator wholeNumber(std::uint64_t least, std::uint64_t most) {
  const std::string range = most == std::numeric_limits<std::uint64_t>::max()
                                ? "at least " + std::to_string(least)
                                : "from " + std::to_string(least) + " to " + std::to_string(most);
  return CLI::Validator(
      [least, most, range](std::string& v) -> std::string {
        std::uint64_t n = 0;
        const auto [end, error] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (v.empty() || end != v.data() + v.size() ||
            (error != std::errc() && error != std::errc::result_out_of_range))
          return "'" + v + "' is not a whole number (" + range + ")";
        if (error == std::errc::result_out_of_range || n < least || n > most)
          return "'" + v + "' is out of range (" + range + ")";
        return "";
      },
      "", "whole number");
}

CLI::Validator seconds(double most) {
  return CLI::Validator(
      [most](std::string& v) -> std::string {
        std::size_t used = 0;
        double d = -1;
        try {
          d = std::stod(v, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (v.empty() || used != v.size() || !(d >= 0))
          return "'" + v + "' is not a non-negative number of seconds";
        if (d > most) return fmt::format("'{}' is out of range (at most {:.0f} seconds)", v, most);
        return "";
      },
      "", "seconds");
}

std::string closestWord(const std::string& word, const std::vector<std::string>& candidates) {
  // Optimal string alignment distance: insertions, deletions, substitutions, transpositions.
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i)
      d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j)
      d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t change = a[i - 1] == b[j - 1] ? 0 : 1;
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + change});
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
          d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    return d[a.size()][b.size()];
  };
  const std::size_t nearEnough = std::clamp<std::size_t>(word.size() / 3, 1, 2);
  std::string best;
  std::size_t bestDistance = nearEnough + 1;
  for (const std::string& c : candidates)
    if (const std::size_t d = distance(word, c); d < bestDistance) best = c, bestDistance = d;
  return best;
}

void checkEntry(const ir::Program& program, const std::string& entry) {
  const std::string name = entry.empty() ? "main" : entry;
  if (!program.findFunction(name))
    throw UserError("no function named '" + name + "' to run" + (entry.empty() ? "" : " (--entry)"),
                    program.files.empty() ? "" : program.files[0].path);
}

void resolveSources(CommonOptions& o) {
  if (o.sources.empty() && !o.frontend.compileCommands.empty())
    o.sources = frontend::compileCommandsSources(o.frontend.compileCommands);
  if (o.sources.empty())
    throw UserError("no C source file given: name the program's files, or give "
                    "--compile-commands");
  o.program = o.sources.front();
  o.frontend.warn = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
}

std::unique_ptr<ir::Program> loadProgram(CommonOptions& o, const frontend::Options& fe) {
  resolveSources(o);
  const localize::PhaseTimer phase("parse");
  frontend::Options options = fe;
  options.warn = o.frontend.warn;
  return frontend::parseFiles(o.sources, options);
}

void addCommonOptions(CLI::App& cmd, CommonOptions& o, const std::vector<std::string>& formats,
                      const std::string& formatHelp) {
  cmd.add_option("program", o.sources,
                 "C source files of the program under test (several are linked into one "
                 "program; none: the files --compile-commands lists)");
  cmd.add_option("-I", o.frontend.includeDirs, "add an include directory")->take_all();
  cmd.add_option("-D", o.frontend.defines, "define a macro (NAME or NAME=VALUE)")->take_all();
  cmd.add_option("--std", o.frontend.std, "C language standard, as clang's -std=");
  cmd.add_option("--compile-commands", o.frontend.compileCommands,
                 "compile_commands.json (or its directory) giving the files' flags, and the "
                 "program's files when none is named");
  cmd.add_option("--entry", o.entry,
                 "harness mode: run this function (test lines give its integer arguments); "
                 "harness code is trusted");
  cmd.add_option("--trust", o.frontend.trusted, "functions never suspected")->take_all();
  cmd.add_option("--step-limit", o.stepLimit, "statement executions per run before giving up")
      ->check(wholeNumber(1))
      ->capture_default_str();
  cmd.add_option("--run-memory", o.runMemoryMb,
                 "MB of memory the program's objects may take in one interpreted run (16 bytes "
                 "per int, char or pointer); beyond it an allocation is a runtime error")
      ->check(wholeNumber(1, std::uint64_t{1} << 40))
      ->capture_default_str();
  cmd.add_flag("--nondet-uninitialised", o.nondetUninitialised,
               "a local declared without initializer takes nondet values (@nondet, in order), "
               "as bounded model checking assumes; default: using its value is a runtime error");
  cmd.add_option("--jobs,-j", o.jobs, "parallel test runs (default: all cores)")
      ->check(wholeNumber(1, kMaxJobs));
  cmd.add_option("--format", o.format, formatHelp)
      ->check(CLI::IsMember(formats))
      ->capture_default_str();
}

void addSuiteOptions(CLI::App& cmd, SuiteOptionsCli& o) {
  cmd.add_option("--tests", o.tests, "tests file: one test per line (argv words, < stdin)");
  auto* golden = cmd.add_option("--golden", o.golden,
                                "golden program: the oracle (several files: repeat --golden, "
                                "or separate them with commas)")
                     ->delimiter(',')
                     ->allow_extra_args(false);
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
  checkEntry(program, entry);
  const ir::Function* f = program.findFunction(entry.empty() ? "main" : entry);
  if (entry.empty() || entry == "main") return;
  for (const testing::TestCase& t : suite.tests)
    if (t.input.entryArgs.size() != f->params.size())
      throw UserError("test gives " + std::to_string(t.input.entryArgs.size()) +
                          " arguments, but '" + entry + "' takes " +
                          std::to_string(f->params.size()),
                      suite.path, t.fileLine);
}

/// Every test's expected output file in `dir`: an exit status file that holds no exit status is
/// an error; tests without an expected output file get one warning naming them.
void checkExpectedDir(const std::string& dir, const testing::TestSuite& suite) {
  namespace fs = std::filesystem;
  std::vector<std::string> missing;
  for (const testing::TestCase& t : suite.tests) {
    const fs::path base = fs::path(dir) / ("t" + std::to_string(t.index));
    std::error_code error;
    if (!fs::is_regular_file(base, error)) missing.push_back(base.filename().string());
    const fs::path statusPath = base.string() + ".status";
    if (!fs::exists(statusPath, error)) continue;
    std::FILE* f = std::fopen(statusPath.c_str(), "rb");
    std::string text;
    char buf[256];
    for (std::size_t n; f && (n = std::fread(buf, 1, sizeof buf, f)) > 0 && text.size() < 4096;)
      text.append(buf, n);
    const bool readable = f && !std::ferror(f) && !fs::is_directory(statusPath, error);
    if (f) std::fclose(f);
    int status = 0;
    if (!readable) throw UserError("cannot read the expected exit status", statusPath.string());
    if (std::string problem = testing::parseExitStatus(text, status); !problem.empty())
      throw UserError(problem, statusPath.string());
  }
  if (missing.empty()) return;
  std::string names;
  for (std::size_t k = 0; k < missing.size() && k < 10; ++k)
    names += (k ? ", " : "") + missing[k];
  if (missing.size() > 10) names += ", ...";
  warn(fmt::format("--expected {} has no expected output for {} of {} tests ({}): they cannot "
                   "be judged (verdict error) and are left out of localization",
                   dir, missing.size(), suite.tests.size(), names));
}

/// Harness mode without tests: the entry function's parameters would have no values.
void checkEntryWithoutTests(const ir::Program& program, const std::string& entry) {
  const ir::Function* f = program.findFunction(entry);
  if (!f || f->params.empty()) return;
  throw UserError(fmt::format("entry function '{}' takes {} argument{}, and without --tests "
                              "nothing gives them values: give a tests file (each line holds "
                              "the {} arguments), or use as --entry a function without "
                              "parameters that calls '{}' with __VERIFIER_nondet_int() values",
                              entry, f->params.size(), f->params.size() == 1 ? "" : "s",
                              f->params.size(), entry),
                  program.files.empty() ? "" : program.files[0].path);
}

}  // namespace

LoadedSuite loadSuite(CommonOptions& common, const SuiteOptionsCli& suiteOpts, bool coverage,
                      bool allowNoTests) {
  LoadedSuite s;
  frontend::Options fe = common.frontend;
  if (!common.entry.empty() && common.entry != "main") fe.trusted.push_back(common.entry);
  fe.entry = common.entry;
  s.program = loadProgram(common, fe);
  fe.warn = common.frontend.warn;
  if (!suiteOpts.golden.empty()) {
    const localize::PhaseTimer phase("parse");
    s.golden = frontend::parseFiles(suiteOpts.golden, fe);
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
    const localize::PhaseTimer phase("tests file");
    s.suite = testing::loadTests(suiteOpts.tests, harness);
  }
  checkEntryArgs(*s.program, common.entry, s.suite);
  if (s.golden) checkEntryArgs(*s.golden, common.entry, s.suite);
  if (harness && s.suite.tests.empty()) checkEntryWithoutTests(*s.program, common.entry);
  if (!s.oracle.expectedDir.empty()) checkExpectedDir(s.oracle.expectedDir, s.suite);
  s.options.jobs = common.jobs;
  s.options.run.stepLimit = common.stepLimit;
  s.options.run.memoryLimit = common.runMemoryMb << 20;
  s.options.run.nondetUninitialised = common.nondetUninitialised;
  s.options.run.coverage = coverage;
  s.options.run.entry = common.entry.empty() ? "main" : common.entry;
  s.options.run.programName = std::filesystem::path(common.program).stem().string();
  return s;
}

void emit(const std::string& text) {
  const bool written = std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
  if (written && std::fflush(stdout) == 0) return;
  const std::string reason = std::strerror(errno);
  __fpurge(stdout);  // reported once, here: main's last flush finds nothing left to write
  std::clearerr(stdout);
  throw UserError("cannot write to stdout: " + reason);
}

namespace {

/// `path` with its symbolic links followed (at most 40) when they lead to no file yet.
std::filesystem::path followLinks(std::filesystem::path path) {
  namespace fs = std::filesystem;
  std::error_code error;
  for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(path, error)); ++hops) {
    const fs::path next = fs::read_symlink(path, error);
    if (error) break;
    path = next.is_absolute() ? next : path.parent_path() / next;
  }
  return path;
}

/// Writes `text` into the file at `path` as it is (a FIFO, a device).
void writeInPlace(const std::string& text, const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (f) ok = std::fclose(f) == 0 && ok;
  if (!ok) throw UserError(std::string("cannot write the report: ") + std::strerror(errno), path);
}

}  // namespace

void writeOutput(const std::string& text, const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty() || path == "-") return emit(text);
  const std::lock_guard<std::timed_mutex> writing(outputLock());  // see signals.h
  std::error_code error;
  const fs::file_status existing = fs::status(path, error);  // of the file a link names
  if (fs::is_directory(existing))
    throw UserError("cannot write the report: it is a directory", path);
  if (fs::exists(existing) && !fs::is_regular_file(existing)) return writeInPlace(text, path);
  // The file a symbolic link names is replaced, not the link.
  fs::path target = fs::exists(existing) ? fs::canonical(path, error) : followLinks(path);
  if (target.empty()) target = path;
  error.clear();
  const std::string temporary = target.string() + ".tmp";
  setPendingTemporary(temporary.c_str());
  struct Pending {
    ~Pending() { setPendingTemporary(nullptr); }
  } pending;
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (f) ok = std::fclose(f) == 0 && ok;
  const int writeErrno = errno;
  if (ok && fs::exists(existing)) fs::permissions(temporary, existing.permissions(), error);
  if (ok && !error) fs::rename(temporary, target, error);
  if (!ok || error) {
    const std::string reason = ok ? error.message() : std::strerror(writeErrno);
    fs::remove(temporary, error);
    throw UserError("cannot write the report: " + reason, path);
  }
}

}  // namespace culprit::cli

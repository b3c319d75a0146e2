// Test cases and suites in the Siemens "universe" format (docs/DESIGN.md): one test per line,
// shell-like words, `< FILE` for stdin, `@nondet=V1,V2,...` for nondet intrinsics.
#pragma once

#include "exec/exec.h"

#include <string>
#include <vector>

namespace culprit::testing {

struct TestCase {
  int index = 0;          ///< 1-based position among the suite's tests
  unsigned fileLine = 0;  ///< line in the tests file
  std::string text;       ///< the line as written
  exec::RunInput input;
};

struct TestSuite {
  std::string path;
  std::vector<TestCase> tests;
};

/// Splits a line into words like a POSIX shell (quotes, backslash escapes). Throws
/// std::invalid_argument with a reason on an unterminated quote or trailing backslash.
std::vector<std::string> splitWords(const std::string& line);

/// A word of a test line: its text, and how many of its first characters were written
/// unquoted (a directive counts only when its marker is).
struct Word {
  std::string text;
  std::size_t plain = 0;
};
std::vector<Word> splitShellWords(const std::string& line);
/// Most bytes a stdin file may hold (`< FILE`, `run --stdin`): a program's whole stdin is kept
/// in memory, so `< /dev/zero` must end.
inline constexpr std::size_t kMaxStdinBytes = std::size_t{256} << 20;

/// The contents of a stdin file. Throws std::invalid_argument when it is a directory, cannot
/// be read or holds more than kMaxStdinBytes.
std::string readStdinFile(const std::string& path);

/// Parses one test line. `baseDir` resolves `< FILE`; in harness mode the words are integer
/// arguments of the entry function. Throws std::invalid_argument with a reason.
TestCase parseTestLine(const std::string& line, const std::string& baseDir, bool harnessMode);

/// Loads a tests file. Throws UserError naming file:line for a malformed line, a missing file
/// or a file without any test.
/// The files a test may read (exec::RunInput::files, fileDir): its arguments that name regular
/// files (relative to `baseDir`, the tests file's directory), read now; and the files beside the
/// tests file, read when the program opens them. Throws std::invalid_argument for a file of more
/// than `maxBytes`.
void attachFiles(exec::RunInput& input, const std::string& baseDir,
                 std::size_t maxBytes = kMaxStdinBytes);
TestSuite loadTests(const std::string& path, bool harnessMode = false);

/// The test line that reproduces `input` (inverse of parseTestLine, stdin excepted).
std::string formatTestLine(const exec::RunInput& input, bool harnessMode = false);

}  // namespace culprit::testing

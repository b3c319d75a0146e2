// Runs a test suite in parallel on all cores and judges each test with an oracle: a golden
// program, expected-output files, and always the program's own assertions (docs/DESIGN.md).
#pragma once

#include "exec/exec.h"
#include "testing/testcase.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace culprit::testing {

enum class Outcome : std::uint8_t { Pass, Fail, Error };
const char* outcomeName(Outcome o);

struct Oracle {
  const ir::Program* golden = nullptr;  ///< stdout and exit status must match this program's
  std::string expectedDir;              ///< t<i> holds test i's stdout, t<i>.status its status
};

/// The first line where a run's stdout differs from the expected output.
struct OutputDifference {
  unsigned line = 0;             ///< 1-based; 0: stdout is as expected
  std::string expected, actual;  ///< that line of each output, with its newline if it has one
  bool expectedEnded = false;    ///< the expected output has no such line
  bool actualEnded = false;      ///< the run's output has no such line
};

struct TestResult {
  int index = 0;
  Outcome outcome = Outcome::Pass;
  std::string reason;           ///< why it failed or could not be judged (empty on pass)
  OutputDifference difference;  ///< a fail by the oracle: where stdout differs
  bool oracleError = false;     ///< the oracle itself could not judge (golden failed, file missing)
  exec::RunResult run;          ///< the program under test's run (coverage when requested)
  /// Failing for spectrum purposes: a fail, or an error of the program under test.
  bool failing() const { return outcome != Outcome::Pass && !oracleError; }
};

struct SuiteOptions {
  exec::RunOptions run;    ///< step limit, entry, coverage
  unsigned jobs = 0;       ///< 0: all cores
  bool keepOutput = true;  ///< keep each run's stdout/stderr in the results
};

struct SuiteResult {
  std::vector<TestResult> results;  ///< in test order
  int passed = 0, failed = 0, errors = 0;
  double wallMs = 0;
};

/// Judges one finished run against the oracle (the golden program is run here).
TestResult judge(const ir::Program& program, const TestCase& test, exec::RunResult run,
                 const Oracle& oracle, const exec::RunOptions& options);

/// What the oracle expects of a test's run that exits: its stdout and status. `error` says why
/// the oracle cannot judge the test (the golden program failed, a file is missing).
struct Expected {
  bool checked = false;  ///< false: no oracle beyond the program's own assertions
  std::string out;
  /// The files the golden program wrote (compared like stdout); nullopt: not compared.
  std::optional<std::map<std::string, std::string>> files;
  int status = 0;
  std::string error;
};
/// Reads the text of an expected exit status file (`DIR/t<i>.status`): one whole number from 0
/// to 255, with blank space around it. Returns an error message, "" when the text is one.
std::string parseExitStatus(const std::string& text, int& status);

/// The oracle's expectation for `test`, computed once (runs the golden program).
Expected expectedFor(const TestCase& test, const Oracle& oracle, const exec::RunOptions& options);
/// judge() with the expectation computed beforehand (mutation repair judges many programs on
/// the same tests).
TestResult judgeAgainst(const ir::Program& program, const TestCase& test, exec::RunResult run,
                        const Expected& expected);

/// Runs every test of `suite` on `program` in parallel and judges it.
SuiteResult runSuite(const ir::Program& program, const TestSuite& suite, const Oracle& oracle,
                     const SuiteOptions& options);

/// Statement coverage of every judged test, as used by spectrum-based techniques.
struct CoverageMatrix {
  std::size_t statementCount = 0;
  std::vector<std::vector<bool>> covered;  ///< [test][StmtId]
  std::vector<bool> failing;               ///< [test]
  std::vector<bool> usable;                ///< [test]: false when the oracle could not judge
  int totalFailing() const;
  int totalPassing() const;
};
CoverageMatrix coverageMatrix(const SuiteResult& result, std::size_t statementCount);

}  // namespace culprit::testing

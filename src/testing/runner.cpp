// Parallel test runner: a fixed pool of threads takes tests by index from an atomic counter;
// each test runs the program (and the golden program, if any) in the interpreter and is judged.
#include "testing/runner.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace culprit::testing {
namespace {

bool readFile(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

/// The run's failure, prefixed with its location: `file:line:col: message`.
std::string describeRun(const ir::Program& program, const exec::RunResult& r) {
  std::string what = r.message.empty() ? exec::verdictName(r.verdict) : r.message;
  if (r.where.line == 0 || r.where.file >= program.files.size()) return what;
  return program.where(r.where) + ":" + std::to_string(r.where.col) + ": " + what;
}

/// The line of `text` starting at `start`, with its newline if it has one.
std::string lineAt(const std::string& text, std::size_t start) {
  const std::size_t end = text.find('\n', start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start + 1);
}

/// The first line where `got` differs from `want`.
OutputDifference firstDifference(const std::string& got, const std::string& want) {
  std::size_t i = 0;
  while (i < got.size() && i < want.size() && got[i] == want[i])
    ++i;
  const std::size_t start = got.rfind('\n', i == 0 ? 0 : i - 1);
  const std::size_t lineStart = i == 0 || start == std::string::npos ? 0 : start + 1;
  OutputDifference d;
  d.line = static_cast<unsigned>(1 + std::count(got.begin(), got.begin() + lineStart, '\n'));
  d.expected = lineAt(want, lineStart);
  d.actual = lineAt(got, lineStart);
  d.expectedEnded = lineStart >= want.size();
  d.actualEnded = lineStart >= got.size();
  return d;
}

/// Where stdout or the status differ, in a short phrase (and the first differing line).
std::string compareOutputs(const exec::RunResult& got, const Expected& want,
                           OutputDifference& difference) {
  const std::string& wantOut = want.out;
  const int wantStatus = want.status;
  if (got.out != wantOut) {
    difference = firstDifference(got.out, wantOut);
    return "stdout differs from the expected output at line " + std::to_string(difference.line);
  }
  if (want.files && got.files != *want.files) {
    std::map<std::string, std::string> all = got.files;
    all.insert(want.files->begin(), want.files->end());
    for (const auto& [path, unused] : all) {
      auto g = got.files.find(path), w = want.files->find(path);
      if (g == got.files.end()) return "file '" + path + "' is not written (the golden writes it)";
      if (w == want.files->end()) return "file '" + path + "' is written (the golden does not)";
      if (g->second == w->second) continue;
      difference = firstDifference(g->second, w->second);
      return "file '" + path + "' differs from the expected one at line " +
             std::to_string(difference.line);
    }
  }
  if (got.exitStatus != wantStatus)
    return "exit status " + std::to_string(got.exitStatus) + ", expected " +
           std::to_string(wantStatus);
  return "";
}

}  // namespace

std::string parseExitStatus(const std::string& text, int& status) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  const std::size_t last = text.find_last_not_of(" \t\r\n");
  const std::string word = first == std::string::npos ? "" : text.substr(first, last - first + 1);
  int n = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), n);
  if (word.empty() || error != std::errc() || end != word.data() + word.size() || n < 0 ||
      n > 255) {
    const std::string shown = word.size() > 40 ? word.substr(0, 40) + "..." : word;
    return "'" + shown + "' is not an exit status (a whole number from 0 to 255)";
  }
  status = n;
  return "";
}

const char* outcomeName(Outcome o) {
  switch (o) {
  case Outcome::Pass: return "pass";
  case Outcome::Fail: return "fail";
  case Outcome::Error: return "error";
  }
  return "?";
}

Expected expectedFor(const TestCase& test, const Oracle& oracle, const exec::RunOptions& options) {
  Expected e;
  if (oracle.golden) {
    e.checked = true;
    exec::RunOptions goldenOptions = options;
    goldenOptions.coverage = goldenOptions.trace = false;
    goldenOptions.observer = nullptr;
    exec::RunResult want = exec::run(*oracle.golden, test.input, goldenOptions);
    if (want.verdict != exec::Verdict::Exited)
      e.error = "golden program failed: " + describeRun(*oracle.golden, want);
    e.out = std::move(want.out);
    e.status = want.exitStatus;
    e.files = std::move(want.files);
  } else if (!oracle.expectedDir.empty()) {
    e.checked = true;
    std::filesystem::path base =
        std::filesystem::path(oracle.expectedDir) / ("t" + std::to_string(test.index));
    std::string statusText;
    if (!readFile(base.string(), e.out)) {
      e.error = "expected output file missing: " + base.string();
    } else if (readFile(base.string() + ".status", statusText)) {
      if (std::string error = parseExitStatus(statusText, e.status); !error.empty())
        e.error = base.string() + ".status: " + error;
    }
  }
  return e;
}

TestResult judgeAgainst(const ir::Program& program, const TestCase& test, exec::RunResult run,
                        const Expected& expected) {
  TestResult r;
  r.index = test.index;
  r.run = std::move(run);
  switch (r.run.verdict) {
  case exec::Verdict::Exited:
    if (!expected.checked) break;
    if (!expected.error.empty()) {
      r.outcome = Outcome::Error;
      r.oracleError = true;
      r.reason = expected.error;
      break;
    }
    r.reason = compareOutputs(r.run, expected, r.difference);
    if (!r.reason.empty()) r.outcome = Outcome::Fail;
    break;
  case exec::Verdict::AssertFailed:
  case exec::Verdict::Aborted:
    r.outcome = Outcome::Fail;
    r.reason = describeRun(program, r.run);
    break;
  case exec::Verdict::AssumeFailed:
    r.outcome = Outcome::Error;
    r.oracleError = true;
    r.reason = "input violates an assumption: " + describeRun(program, r.run);
    break;
  case exec::Verdict::RuntimeError:
  case exec::Verdict::StepLimit:
    r.outcome = Outcome::Error;
    r.reason = describeRun(program, r.run);
    break;
  }
  return r;
}

TestResult judge(const ir::Program& program, const TestCase& test, exec::RunResult run,
                 const Oracle& oracle, const exec::RunOptions& options) {
  // The golden program runs only for runs that exit (as before): failures need no oracle.
  if (run.verdict != exec::Verdict::Exited)
    return judgeAgainst(program, test, std::move(run), Expected{});
  return judgeAgainst(program, test, std::move(run), expectedFor(test, oracle, options));
}

SuiteResult runSuite(const ir::Program& program, const TestSuite& suite, const Oracle& oracle,
                     const SuiteOptions& options) {
  auto start = std::chrono::steady_clock::now();
  SuiteResult out;
  out.results.resize(suite.tests.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < suite.tests.size();) {
      const TestCase& test = suite.tests[i];
      exec::RunResult run = exec::run(program, test.input, options.run);
      out.results[i] = judge(program, test, std::move(run), oracle, options.run);
      if (!options.keepOutput) out.results[i].run.out.clear(), out.results[i].run.err.clear();
    }
  };
  unsigned jobs = options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  jobs = std::min<unsigned>(jobs, static_cast<unsigned>(suite.tests.size()));
  std::vector<std::thread> pool;
  for (unsigned j = 1; j < jobs; ++j)
    pool.emplace_back(worker);
  worker();
  for (auto& t : pool)
    t.join();
  for (const TestResult& r : out.results) {
    out.passed += r.outcome == Outcome::Pass;
    out.failed += r.outcome == Outcome::Fail;
    out.errors += r.outcome == Outcome::Error;
  }
  out.wallMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return out;
}

int CoverageMatrix::totalFailing() const {
  int n = 0;
  for (std::size_t t = 0; t < failing.size(); ++t)
    n += usable[t] && failing[t];
  return n;
}

int CoverageMatrix::totalPassing() const {
  int n = 0;
  for (std::size_t t = 0; t < failing.size(); ++t)
    n += usable[t] && !failing[t];
  return n;
}

CoverageMatrix coverageMatrix(const SuiteResult& result, std::size_t statementCount) {
  CoverageMatrix m;
  m.statementCount = statementCount;
  for (const TestResult& r : result.results) {
    std::vector<bool> row(statementCount, false);
    for (std::size_t s = 0; s < statementCount && s < r.run.stmtHits.size(); ++s)
      row[s] = r.run.stmtHits[s] != 0;
    m.covered.push_back(std::move(row));
    m.failing.push_back(r.failing());
    m.usable.push_back(!r.oracleError);
  }
  return m;
}

}  // namespace culprit::testing

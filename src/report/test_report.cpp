// Test-suite reports: the text form lists failing tests (all tests with --verbose) and a
// summary; the JSON form lists every test.
#include "report/report.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace culprit::report {
namespace {

/// One output line as a C string literal (blank space and control characters visible),
/// shortened past 200 characters; "(end of output)" when the output has no such line.
std::string shownLine(const std::string& line, bool ended) {
  if (ended) return "(end of output)";
  const bool newline = !line.empty() && line.back() == '\n';
  const std::string text = line.substr(0, line.size() - (newline ? 1 : 0));
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < 200; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\')
      out += '\\', out += static_cast<char>(c);
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (c < 0x20 || c == 0x7f)
      out += fmt::format("\\x{:02x}", c);
    else
      out += static_cast<char>(c);
  }
  out += text.size() > 200 ? "\"..." : "\"";
  return newline ? out : out + " (no newline at end)";
}

nlohmann::json differenceJson(const testing::OutputDifference& d) {
  auto side = [](const std::string& line, bool ended) {
    return ended ? nlohmann::json(nullptr) : nlohmann::json(line);
  };
  return {{"line", d.line},
          {"expected", side(d.expected, d.expectedEnded)},
          {"actual", side(d.actual, d.actualEnded)}};
}

std::string renderTestsJson(const testing::TestSuite& suite, const testing::SuiteResult& result) {
  nlohmann::json tests = nlohmann::json::array();
  for (std::size_t i = 0; i < result.results.size(); ++i) {
    const testing::TestResult& r = result.results[i];
    nlohmann::json t = {{"index", r.index},
                        {"verdict", testing::outcomeName(r.outcome)},
                        {"test", suite.tests[i].text},
                        {"exit_status", r.run.exitStatus},
                        {"run", exec::verdictName(r.run.verdict)}};
    if (!r.reason.empty()) t["reason"] = r.reason;
    if (r.difference.line) t["first_difference"] = differenceJson(r.difference);
    if (r.run.failedStmt != ir::kNone) t["line"] = r.run.where.line;
    tests.push_back(std::move(t));
  }
  nlohmann::json j = {{"tests", std::move(tests)},      {"passed", result.passed},
                      {"failed", result.failed},        {"errors", result.errors},
                      {"total", result.results.size()}, {"wall_ms", result.wallMs}};
  // Program output need not be UTF-8: invalid bytes become U+FFFD rather than an exception.
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string renderTests(const testing::TestSuite& suite, const testing::SuiteResult& result,
                        Format format, const TestReportOptions& options) {
  if (format == Format::Json) return renderTestsJson(suite, result);
  std::string out;
  for (std::size_t i = 0; i < result.results.size(); ++i) {
    const testing::TestResult& r = result.results[i];
    if (r.outcome == testing::Outcome::Pass && !options.verbose) continue;
    out += fmt::format("test {:>4} {:<5} {}", r.index, testing::outcomeName(r.outcome),
                       suite.tests[i].text);
    if (!r.reason.empty()) out += "  -- " + r.reason;
    out += "\n";
    if (r.difference.line)
      out += fmt::format("      expected: {}\n      actual:   {}\n",
                         shownLine(r.difference.expected, r.difference.expectedEnded),
                         shownLine(r.difference.actual, r.difference.actualEnded));
  }
  out += fmt::format("{} passed, {} failed, {} errors ({} tests in {:.2f} s)\n", result.passed,
                     result.failed, result.errors, result.results.size(), result.wallMs / 1000);
  return out;
}

}  // namespace culprit::report

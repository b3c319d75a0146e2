// Test-suite reports: the text form lists failing tests (all tests with --verbose) and a
// summary; the JSON form lists every test.
#include "report/report.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace culprit::report {
namespace {

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
    if (r.run.failedStmt != ir::kNone) t["line"] = r.run.where.line;
    tests.push_back(std::move(t));
  }
  nlohmann::json j = {{"tests", std::move(tests)},      {"passed", result.passed},
                      {"failed", result.failed},        {"errors", result.errors},
                      {"total", result.results.size()}, {"wall_ms", result.wallMs}};
  return j.dump(2) + "\n";
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
  }
  out += fmt::format("{} passed, {} failed, {} errors ({} tests in {:.2f} s)\n", result.passed,
                     result.failed, result.errors, result.results.size(), result.wallMs / 1000);
  return out;
}

}  // namespace culprit::report

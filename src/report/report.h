// Renderers of test-suite results and rankings: terminal text and JSON. Each returns the
// whole report as a string, so the CLI prints all or nothing.
#pragma once

#include "ir/ir.h"
#include "localize/technique.h"
#include "testing/runner.h"

#include <nlohmann/json.hpp>
#include <string>

namespace culprit::report {

enum class Format { Text, Json };

struct TestReportOptions {
  bool verbose = false;  ///< text: list passing tests too
};

std::string renderTests(const testing::TestSuite& suite, const testing::SuiteResult& result,
                        Format format, const TestReportOptions& options = {});

struct RankingReportOptions {
  std::size_t top = 0;  ///< text: show only the first N lines (0: all)
};

std::string renderRanking(const ir::Program& program, const localize::Result& result, Format format,
                          const RankingReportOptions& options = {});

/// Diagnoses of one formula-based run (one failing test); text shows the first `top` (0: all),
/// then how many more there are, then the stats line.
/// `suite` names the failing tests of diagnoses of several tests at once (Diagnosis::perTest).
std::string diagnosesText(const ir::Program& program, const localize::Result& result,
                          std::size_t top = 0, const testing::TestSuite* suite = nullptr);
nlohmann::json diagnosesJson(const ir::Program& program, const localize::Result& result,
                             const testing::TestSuite* suite = nullptr);

}  // namespace culprit::report

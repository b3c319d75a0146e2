// The technique interface and registry: a technique is one file under localize/, registered
// by name with help text; the CLI's --technique choices and help come from this registry.
#pragma once

#include "ir/ir.h"
#include "localize/sbfl.h"
#include "testing/runner.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace culprit::localize {

/// What a technique gets: the program, its test suite and the judged runs (with coverage).
struct Problem {
  const ir::Program* program = nullptr;
  const testing::TestSuite* suite = nullptr;
  const testing::SuiteResult* results = nullptr;
  const testing::CoverageMatrix* coverage = nullptr;
};

/// What a technique returns: plain data, rendered by report/.
struct Result {
  std::string technique;
  std::optional<SbflRanking> ranking;  ///< spectrum-based techniques
  double totalMs = 0;
};

struct TechniqueInfo {
  std::string name;
  std::string help;
  std::function<Result(const Problem&)> run;
};

/// Every registered technique, in the order `culprit --help` lists them.
const std::vector<TechniqueInfo>& techniques();
const TechniqueInfo* findTechnique(const std::string& name);
/// "tarantula|ochiai|dstar" for help texts and error messages.
std::string techniqueNames();

}  // namespace culprit::localize

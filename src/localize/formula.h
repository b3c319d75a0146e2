// The steps the single-formula techniques (pf, fi, fs) share: state the failing test's
// oracle as an Expectation, build the error formula input ∧ formula ∧ oracle, enumerate its MCSs
// through the solver layer (clause weights from a spectrum formula when asked), map each MCS to
// a Diagnosis with its angelic values, and replay every diagnosis.
#pragma once

#include "encode/encode.h"
#include "localize/technique.h"

#include <optional>
#include <string>

namespace culprit::localize {

/// One failing test to explain, with everything needed to encode, judge and replay it.
struct FormulaTask {
  const ir::Program* program = nullptr;
  const testing::TestCase* test = nullptr;
  /// The suite's oracle; nullptr judges by the program's assertions (and runtime errors) only.
  const testing::Oracle* oracle = nullptr;
  exec::RunOptions run;  ///< entry function and step limit of the suite's runs
  const testing::CoverageMatrix* coverage = nullptr;  ///< needed for clause weights
  FormulaOptions options;
};

/// The task of `problem.failingTest`.
FormulaTask formulaTask(const Problem& problem);

/// The oracle of the task's test as the formula states it. `note` says what is not encoded.
struct TaskExpectation {
  encode::Expectation expect;
  std::string note;
};
TaskExpectation taskExpectation(const FormulaTask& task);
/// Same, observing the golden run in `ctx`.
TaskExpectation taskExpectation(z3::context& ctx, const FormulaTask& task);

/// The encoder options a task implies for `family`.
encode::EncodeOptions encodeOptions(const FormulaTask& task, encode::Family family);

/// Clause weight of a statement with suspiciousness `score`: about 1/score, the largest
/// weight for score 0, at least 1 (see formula.cpp for the scale).
std::uint64_t clauseWeight(double score);

/// Runs the single-formula technique `technique` of `family` on `task`: error formula, MCS
/// enumeration within the task's bounds, diagnoses in enumeration order (a ranking when
/// weighted), each replayed. Problems the formula cannot express end as an incomplete Result
/// with the reason, never as an exception.
Result localizeWithFormula(const FormulaTask& task, encode::Family family,
                           const std::string& technique);

/// Registry entries (pf.cpp, fs.cpp, fi.cpp).
TechniqueInfo programFormulaTechnique();
TechniqueInfo flowSensitiveTechnique();
TechniqueInfo flowInsensitiveTechnique();

}  // namespace culprit::localize

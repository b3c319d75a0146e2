// Bounded equivalence of a repaired program with the golden program (private to repair/): both
// program formulas on the same free inputs — each number a test passes in argv (the encoder's
// symbolic inputs), within the range the suite's tests of that shape give it — with "their
// stdout events or exit statuses differ" asserted, in bit-vectors. One query per argument count the
// suite uses (its most common shapes), loops and recursion within --unwind, inputs on which neither
// program fails a runtime check. Unsat for every shape: equivalent within those bounds. Sat:
// the model's input as a test line, confirmed by running both programs on it. Anything else
// (a shape the encoder cannot state, outputs whose strings the program computes, the solver's
// budget) leaves the question open, with the reason.
#pragma once

#include "repair/repair.h"
#include "solve/session.h"

#include <optional>
#include <string>

namespace culprit::repair::detail {

struct Equivalence {
  std::optional<bool> equivalent;  ///< nullopt: not decided
  std::string note;  ///< true: the bounds; false: the distinguishing test line; null: why
};

/// Checks the program as it currently is (with its repair applied) against problem.oracle's
/// golden program before `deadline`.
Equivalence checkEquivalence(const RepairProblem& problem, const RepairOptions& options,
                             const solve::Deadline& deadline);

}  // namespace culprit::repair::detail

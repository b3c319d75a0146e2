// Bounded equivalence of a repaired program with the golden program (private to repair/): both
// program formulas on the same free inputs — each number a test passes in argv (the encoder's
// symbolic inputs), within the range the suite's tests of that shape give it; or, when the
// tests give stdin, its digits and letters (equivalence_stdin.cpp) — with "their stdout events
// or exit statuses differ" asserted, in bit-vectors. One query per argument count the
// suite uses (its most common shapes), loops and recursion within --unwind, inputs on which neither
// program fails a runtime check. Unsat for every shape: equivalent within those bounds. Sat:
// the model's input as a test line, confirmed by running both programs on it. Anything else
// (a shape the encoder cannot state, outputs whose strings the program computes, the solver's
// budget) leaves the question open, with the reason.
#pragma once

#include "encode/encode.h"
#include "repair/repair.h"
#include "solve/session.h"

#include <optional>
#include <string>

namespace culprit::repair::detail {

struct Equivalence {
  std::optional<bool> equivalent;  ///< nullopt: not decided
  std::string note;  ///< true: the bounds; false: the distinguishing test line; null: why
  /// false, when the distinguishing test gives stdin: its contents (the test line names the
  /// file they were written to).
  std::string distinguishingStdin;
};

/// Checks the program as it currently is (with its repair applied) against problem.oracle's
/// golden program before `deadline`.
Equivalence checkEquivalence(const RepairProblem& problem, const RepairOptions& options,
                             const solve::Deadline& deadline);

// Shared by the argv and the stdin checks.

/// Over two encodings: "their stdout events (keys, values, computed characters) or exit
/// statuses differ"; nullopt when they cannot be compared (values of different types), with
/// the reason in `why`.
/// `bitVectorCounts`: the output counts compared as bit-vectors, for a QF_BV solver (which
/// abstracts an integer term away and then answers sat with a model in which the outputs agree);
/// else as integers, with which z3's default solver keeps to its SMT core (as bit-vectors, it
/// bit-blasted the Siemens-style queries and ran out of its 5 s on v01 and v02, decided before).
std::optional<z3::expr> differ(z3::context& ctx, const encode::Encoding& a,
                               const encode::Encoding& b, bool bitVectorCounts,
                               std::string* why = nullptr);
/// Runs both programs on `input`: do stdout or the exit status differ?
bool runsDiffer(const ir::Program& a, const ir::Program& b, const exec::RunInput& input,
                const exec::RunOptions& run);
/// The encoder's options for the bounded program formula of an equivalence query.
encode::EncodeOptions equivalenceEncoding(const RepairProblem& p, const RepairOptions& options);

/// The stdin check: the suite's tests give stdin (and no files or nondet values).
Equivalence checkStdinEquivalence(const RepairProblem& problem, const RepairOptions& options,
                                  const solve::Deadline& deadline);

}  // namespace culprit::repair::detail

// Bounded model checking of programs whose inputs come from nondet intrinsics, with
// assume()/assert(): find an input that violates an assertion within the unwinding bound, as a
// test line, confirmed by running it in the interpreter.
#pragma once

#include "encode/encode.h"
#include "exec/exec.h"

#include <string>
#include <vector>

namespace culprit::localize {

struct BmcOptions {
  unsigned unwind = 10;                 ///< loop iterations and recursion depth encoded
  std::string entry = "main";           ///< entry function
  std::vector<std::int64_t> entryArgs;  ///< fixed arguments of a harness entry
  std::vector<std::string> args;        ///< fixed argv[1..] of main
  encode::Ints ints = encode::Ints::BitVector;
  double timeoutSeconds = 60;
};

struct BmcResult {
  enum class Verdict { Violation, NoViolation, Unknown };
  Verdict verdict = Verdict::Unknown;
  /// NoViolation: no path goes beyond the bound either, so no input violates an assertion.
  /// Otherwise the search covered only paths within the bound.
  bool boundSufficient = false;
  /// NoViolation: no input satisfies the assumptions within the bound (no run to check).
  bool preconditionUnsatisfiable = false;
  exec::RunInput input;    ///< Violation: the inputs, nondet values in call order
  std::string testLine;    ///< Violation: the test line that reproduces it
  bool confirmed = false;  ///< Violation: the interpreter fails the same way on `input`
  exec::RunResult replay;  ///< Violation: that run
  std::string reason;      ///< Unknown: why; Violation not confirmed: what the run did
  double ms = 0;
};

/// Searches a violating input of `program` with its program formula (nothing relaxed).
BmcResult findViolation(const ir::Program& program, const BmcOptions& options);

}  // namespace culprit::localize

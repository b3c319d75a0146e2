// Weighted partial MaxSAT over a Session's soft groups: find an assignment satisfying every hard
// constraint that minimises the total weight of relaxed (false) selectors.
#pragma once

#include "session.h"

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace culprit::solve {

struct MaxSatOptions {
  /// Solve heavy soft groups first (weight levels, highest first); off: all at once.
  bool stratify = true;
};

struct MaxSatResult {
  /// Sat: `cost` is the optimum. Unsat: the hard constraints (with the always-assumed literals)
  /// are unsatisfiable. Unknown: stopped early (`reason`; `overLimit` when the lower bound
  /// passed the caller's cost limit); `lowerBound` still holds.
  Answer answer = Answer::Unknown;
  bool overLimit = false;
  Weight cost = 0;
  Weight lowerBound = 0;
  std::vector<SoftId> relaxed;     ///< Sat: soft groups false in `model`, ascending
  std::optional<z3::model> model;  ///< Sat: an optimal model
  std::string reason;              ///< Unknown: the solver's reason or "deadline"
};

struct MaxSatStats {
  std::uint64_t solves = 0;   ///< solve() calls
  std::uint64_t queries = 0;  ///< solver calls made by them
  std::uint64_t cores = 0;    ///< cores relaxed
  std::uint64_t splits = 0;   ///< soft copies split by weight (WPM1)
};

/// An incremental MaxSAT engine bound to one Session scope. Between solve() calls the caller
/// may add hard constraints and soft groups to the session (in the same scope); the engine
/// keeps its relaxation state and lower bound, which stay valid under both kinds of addition.
class MaxSat {
public:
  virtual ~MaxSat() = default;
  /// Assumes `literal` in every later query, as if it were hard. Cores containing it are
  /// treated as cores of the hard part. Typical use: an activation literal that guards
  /// blocking clauses, so they bind this engine only.
  virtual void assumeAlways(const z3::expr& literal) = 0;
  /// Computes an optimum of the session's current hard constraints and soft groups. Stops
  /// (Unknown, overLimit) as soon as the proven lower bound exceeds `costLimit`, without
  /// searching for a model at that cost: callers that only want optima up to a bound save the
  /// hardest query.
  virtual MaxSatResult solve(const Deadline& deadline = {},
                             Weight costLimit = std::numeric_limits<Weight>::max()) = 0;
  /// Proven lower bound on the optimum (sum of the weights of the relaxed cores).
  virtual Weight lowerBound() const = 0;
  virtual const MaxSatStats& stats() const = 0;
};

/// Stratified core-guided MaxSAT (Fu–Malik, WPM1 for weights): see fu_malik.cpp.
std::unique_ptr<MaxSat> makeMaxSat(Session& session, MaxSatOptions options = {});

}  // namespace culprit::solve

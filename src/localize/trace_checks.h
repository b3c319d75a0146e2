// Trace checks, a kernel step shared by the ranking (rank.h: how many failing tests a diagnosis
// explains) and CFaults (cfaults.cpp: is a candidate of some failing tests also one of the
// others?): does relaxing a set of statements let another failing test pass? Each test's
// flow-sensitive trace formula is built once, when first asked, in a solver context and session
// of its own; a check is one assumption query (every soft group of another statement enforced).
// A trace formula is small next to a program formula; with hundreds of failing tests the number
// kept is bounded: the first Limits::kept built stay, each later one is kept only until another
// is needed (and built again when it is asked again). CFaults asks the tests in the same order
// candidate after candidate, so letting the least recently used go let every formula go before
// it was asked again (bench/siemens v27: 1739 formulas built for 1826 checks). CFaults
// also asks the tests' program formulas (Limits::family), whose unsat cores say which statements
// a diagnosis must touch for that test.
#pragma once

#include "localize/diagnose.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace culprit::localize {

class TraceChecks {
public:
  struct Limits {
    /// Per query (0: none): deterministic unknowns. A formula's first check, which builds the
    /// solver's internal form, runs without it (within its deadline only).
    unsigned rlimit = 0;
    std::size_t kept = 32;  ///< formulas kept for good, besides the one passing through (0: all)
    encode::Family family = encode::Family::TraceFlowSensitive;
    /// Trace families: the formulas are not sliced, so that check can hold branches.
    bool hold = false;
  };
  /// `base` gives the program, suite, oracle, run options and formula options. Notes of tests
  /// whose formula cannot be built go to `notes` (when given) once each.
  TraceChecks(const Problem& base, Limits limits, Result* notes = nullptr);
  TraceChecks(const TraceChecks&) = delete;
  TraceChecks& operator=(const TraceChecks&) = delete;
  ~TraceChecks();

  /// Sat: with `relaxed` free (and every other statement as the run executed it), failing test
  /// `test` (a suite index) passes in its trace formula; Unknown also when it cannot be built.
  /// With `hold` (Limits::hold), every branch and switch of a statement outside `relaxed`
  /// also decides as the run did wherever the model reaches it: a model then follows the
  /// run's path up to a relaxed branch, which a replay follows too. Without it, a relaxed value
  /// may turn an enforced branch the formula does not tie to the code after it (bench/siemens
  /// v27: `return cap;` relaxed to 0 passed the formula, and the replay took the early
  /// `if (cap == 0) return STOP;`).
  solve::Answer check(std::size_t test, const std::set<ir::StmtId>& relaxed,
                      const solve::Deadline& deadline, bool hold = false);
  /// The statements whose enforced groups are in the unsat core of the last check of `test`,
  /// which was Unsat: a set that lets `test` pass relaxes at least one of them (none: no set
  /// of statements does).
  std::set<ir::StmtId> coreStatements(std::size_t test);
  /// The angelic values of `relaxed` in the model of the last check of `test`, which was Sat.
  std::vector<AngelicValue> angelic(std::size_t test, const std::set<ir::StmtId>& relaxed);
  /// Queries made so far (not counting formulas that could not be built).
  std::size_t checks() const { return checks_; }
  /// Formulas built so far (a formula let go and needed again is built again).
  std::size_t built() const { return built_; }
  /// Adds the solver time, queries and largest core of every session so far to `stats`.
  void addStats(Stats& stats) const;

private:
  struct Formula;
  Formula& formula(std::size_t test);

  const Problem base_;
  const Limits limits_;
  Result* notes_;
  /// One solver context for every test's formula (each in a session of its own): a context
  /// each cost more memory and time than the formulas when hundreds of tests were checked.
  /// Declared before the formulas, which it outlives.
  std::unique_ptr<solve::Context> context_;
  std::map<std::size_t, std::unique_ptr<Formula>> formulas_;
  std::vector<solve::QueryStats> gone_;  ///< of the sessions let go
  std::optional<std::size_t> passing_;   ///< the test whose formula is beyond `kept`
  std::size_t checks_ = 0, built_ = 0;
};

}  // namespace culprit::localize

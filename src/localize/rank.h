// Ranking, the kernel step after replay: what a developer reads first. Formula techniques return
// sets; the order they come in is the solver's. DiagnosisRanker orders a result's diagnoses by
// the evidence culprit holds (TECHNIQUES.md, "Ranking diagnoses"), keys in this order:
//  1. feasible: a diagnosis whose replay passes comes first, then unchecked, then infeasible;
//  2. size: fewer statements first (minimal cardinality, as BugAssist reports);
//  3. role: statements that only carry out what another statement decides count against it —
//     forwarding a value (`return r;`, a copy `x = y`, a call's result `b = pick(...)`: the
//     statement that computed the value usually forms an MCS of its own), or running under a
//     branch that takes its place in another diagnosis of the result explaining at least as
//     many failing tests (key 4) — alone, or beside the same other statements (the condition
//     decided; spectra favour the statements under it, which fewer passing tests run). A
//     statement runs under the branch it is nested in, or under an earlier `if` of its block
//     one of whose sides leaves the block (`if (c) return X; return Y;`);
//  4. tests: how many failing tests it explains — its statements relaxed (every other
//     statement enforced) in another failing test's flow-sensitive trace formula, one
//     assumption query per diagnosis and test, each formula built once per test and shared by
//     every result of a run; checked on --rank-tests other failing tests, the most different
//     (by coverage) first; a query without an answer within its budget (z3 resource units,
//     counted after the test's formula is built by a first unbudgeted check) counts as
//     unknown. The query holds the run's branches first (trace_checks.h: a model then follows
//     the run's path, as a replay does); when that is unsatisfiable it is asked free, and a
//     free model counts only when its values, replayed, let the test pass (else unknown): a
//     free model may turn a branch the formula does not tie to the code after it (an early
//     `return` the run skipped; regress rank-held-branch);
//  5. spectrum: the mean Ochiai suspiciousness of its statements over the suite (passing
//     tests that run a statement without failing make it less likely, as clause weighting
//     does inside the solver);
//  6. flow: of two one-statement diagnoses that tie so far, the one whose fix, replayed,
//     changes what the other's statement produces comes first (the value flows from it: a
//     table entry before the expression that reads it, a function's return before the
//     condition that tests the call); only diagnoses without a path (pf, fs, fi): those of
//     ofc, agx and locfaults carry a path of their own; then the enumeration order.
// A diagnosis's own values replayed on another failing test count for key 4 before its trace
// formula is asked: the trace formula keeps the run's branches, so a fix that sends the other
// test down another path is shown there by the replay only.
// TECHNIQUES.md lists spectrum before role and size; measured on bench/siemens that order is
// worse than the solver's own (rank.cpp, kKeyOrder). programRanking merges the ranked
// diagnoses of several failing tests into one ranking of source lines.
#pragma once

#include "localize/technique.h"

#include <memory>
#include <optional>
#include <vector>

namespace culprit::localize {

class DiagnosisRanker {
public:
  /// `base` gives the program, the suite and its judged runs, the oracle and the options.
  explicit DiagnosisRanker(const Problem& base);
  DiagnosisRanker(const DiagnosisRanker&) = delete;
  DiagnosisRanker& operator=(const DiagnosisRanker&) = delete;
  ~DiagnosisRanker();
  /// Orders `r.diagnoses` (of failing test `test`, a suite index) by evidence and sets each
  /// one's RankEvidence and r.stats.rankMs. With `secondsLeft` (what --timeout leaves of the
  /// run), its solver checks stop there (a note counts those not asked).
  void rank(Result& r, std::size_t test, std::optional<double> secondsLeft = std::nullopt);

private:
  struct State;
  std::unique_ptr<State> state_;
};

/// A source line in the program-wide ranking.
struct RankedLocation {
  std::uint32_t file = 0, line = 0;
  /// Mean over the failing tests of 1 / (position of the first diagnosis holding the line);
  /// 0 for a test none of whose diagnoses holds it.
  double score = 0;
  std::size_t rank = 0;   ///< worst position of its tie group (1-based)
  std::size_t tests = 0;  ///< failing tests with a diagnosis holding it
  std::size_t first = 0;  ///< failing tests whose first diagnosis holds it
  std::string why;        ///< in words
};

/// The lines of the diagnoses of `perTest` (one result per failing test, each in rank order),
/// most suspicious first.
std::vector<RankedLocation> programRanking(const std::vector<const Result*>& perTest);

/// Up to `count` failing tests (suite indexes, usable ones) other than `from`, each the
/// farthest by statement coverage from `from` and those chosen before it; ties by suite order.
std::vector<std::size_t> mostDifferentFailing(const testing::CoverageMatrix& coverage,
                                              std::size_t from, std::size_t count);

/// A statement that only forwards a value: returns a variable, copies one, or stores a call's
/// result.
bool forwardsValue(const ir::Program& program, ir::StmtId stmt);

}  // namespace culprit::localize

// Semantic repair at several places (private to repair/), for a fault no single hole repairs:
// greedy, one place at a time. Each step takes a failing test (the first few in turn) and the
// holes at the statements it executes, in holes.h's order of kinds and suspiciousness, and
// keeps the first replacement under which that test passes and every test that passed still
// does (a constant hole by CEGIS on that test and the passing tests that reject its values,
// the others by concrete runs). The replacement stays applied and the next step starts from the
// program it gives, until every test passes, no step improves, or kMaxPlaces places are
// changed. The changes found are then made minimal: a change without which every test still
// passes is dropped.
// Greedy means incomplete: a first step that fixes its test the wrong way is never taken back.
// Departure from Angelix, which solves the holes of several places in one formula: one hole
// at a time keeps every query the size of phase one's, and the concrete runs decide.
#pragma once

#include "repair/hole_solver.h"
#include "repair/holes.h"
#include "repair/result.h"

#include <optional>
#include <vector>

namespace culprit::repair::detail {

/// Runs tests of the suite on the program as it currently is.
class SuiteRuns {
public:
  explicit SuiteRuns(const RepairProblem& problem);
  bool passes(std::size_t test);
  /// The first test of `tests` that fails (moved to the front: it tends to reject the next
  /// candidate too); nullopt when all pass.
  std::optional<std::size_t> firstFailing(std::vector<std::size_t>& tests);
  /// The judged tests that fail and pass now, in suite order.
  void partition(std::vector<std::size_t>& failing, std::vector<std::size_t>& passing);
  std::size_t runs = 0;

private:
  const RepairProblem& problem_;
  exec::RunOptions run_;
  std::vector<testing::Expected> expected_;
};

/// One change of a repair at several places: a site with its one alternative.
struct PlaceChange {
  Site site;
  HoleKind kind = HoleKind::Constant;
};

/// The changes, at most kMaxPlaces, that make every test of `problem` pass (empty: none found),
/// holes ordered by `scores` (by StmtId). The program is left as it was.
std::vector<PlaceChange> repairSeveralPlaces(const RepairProblem& problem, HoleEncoder& encoder,
                                             const std::vector<double>& scores,
                                             const solve::Deadline& deadline, HoleKindTried& tried);

}  // namespace culprit::repair::detail

// Readable angelic values. An MCS's model gives its free values whatever the solver found
// first (`b = 137384828`); a person reads `b = 3` better, and a value near what the failing run
// had says how small the change is.
#pragma once

#include "localize/task.h"
#include "solve/context.h"

#include <memory>
#include <span>

namespace culprit::localize {

/// Seconds per query. Readable values are a courtesy, and proving that none exist within a
/// distance can cost more than the enumeration itself (a loop of 100 iterations: 30 s). A
/// time, not a z3 resource limit: the latter also counts the first query's bit-blasting.
struct PolishLimits {
  /// The session's first query, which also bit-blasts the whole formula: z3 keeps nothing of
  /// that work when the query is cut, so with one second for it every query of a formula that
  /// takes longer to bit-blast started over and was cut before its first conflict (contest
  /// inventory-v1: 24 queries of a second each, none answered).
  double firstQuerySeconds = 10;
  double querySeconds = 1;  ///< every later query
};

/// The polisher solves the formula again with the MCS relaxed, every other group enforced, and
/// each relaxed value within a distance D of a value its statement produced in the failing run
/// or of 0, for D = 10, then 1000, then 10^6; the first model found replaces the diagnosis's
/// angelic values. The MCS's own model (every other group enforced too), when its values are
/// within 10 of values the run produced already, is such a model: the diagnosis keeps its
/// values and no query is asked (bench/siemens pf: 5% fewer queries). A diagnosis of several
/// statements (at most 3 values, none floating) whose model is not such a model first tries
/// replays of the test with values near the run's (replayNear): one that passes gives the
/// values, without a query (bench/siemens pf: 1734 -> 1369 queries; one-statement diagnoses,
/// whose values the ranking's replays and flow key weigh most, keep the query's values). The
/// polisher's solver session, whose first query internalizes the formula again, is made at its
/// first query. Each query has at most a second: one that runs out counts as no model at that
/// distance; the session's first query, which bit-blasts the formula, has ten (past them the
/// polisher gives up: every diagnosis keeps the solver's values). The solver session is its own
/// (the enumeration's has the MCSs blocked).
class AngelicPolisher {
public:
  AngelicPolisher(const FormulaTask& task, const encode::Encoding& enc, solve::Context& context,
                  PolishLimits limits = {});
  AngelicPolisher(const AngelicPolisher&) = delete;
  AngelicPolisher& operator=(const AngelicPolisher&) = delete;
  ~AngelicPolisher();
  /// Rewrites d.angelic for the MCS `groups` of the encoding; false when no model within 10^6
  /// was found before `deadline` (d keeps its values). `found`: the model d's values came from,
  /// in which every group but `groups` is enforced; kept when near the run's values already.
  bool polish(Diagnosis& d, std::span<const std::uint32_t> groups, const solve::Deadline& deadline,
              const z3::model* found = nullptr);
  /// True once the first query ran out of its time: the polisher polishes nothing more.
  bool gaveUp() const;
  /// The polisher's solver time and queries, for the run's statistics.
  double solverMs() const;
  std::size_t queries() const;
  /// The sentence the report adds when values were polished.
  static const char* kNote;

private:
  /// Values for d's angelic values (at most 3, directions kept) that are each within 2 of a
  /// value the run produced at that statement or of 0, or d's own value when within 10 of one,
  /// confirmed by a replay of the test that passes: nearest first, at most 32 replays. True
  /// when found (d.angelic holds them).
  bool replayNear(Diagnosis& d);

  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace culprit::localize

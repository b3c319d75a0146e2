// Readable angelic values. An MCS's model gives its free values whatever the solver found
// first (`b = 137384828`); a person reads `b = 3` better, and a value near what the failing run
// had says how small the change is.
#pragma once

#include "localize/task.h"
#include "solve/session.h"

#include <memory>
#include <span>

namespace culprit::localize {

/// The polisher solves the formula again with the MCS relaxed, every other group enforced, and
/// each relaxed value within a distance D of a value its statement produced in the failing run
/// or of 0, for D = 10, then 1000, then 10^6; the first model found replaces the diagnosis's
/// angelic values. Each query has at most a second: one that runs out counts as no model at
/// that distance. The queries go to the enumeration's session, whose hard clauses already hold
/// the formula (bit-blasted once): what the MCS engines added there (blocking clauses, MaxSAT
/// relaxations, size guards) is guarded by literals the polisher does not assume, so its
/// queries ask about the formula alone. (A session of its own bit-blasted the formula again:
/// where that took more than the second, every query was cut before its first conflict.)
class AngelicPolisher {
public:
  /// `session` holds `enc`'s hard clauses; the polisher adds guarded clauses of its own.
  AngelicPolisher(const FormulaTask& task, const encode::Encoding& enc, solve::Session& session);
  AngelicPolisher(const AngelicPolisher&) = delete;
  AngelicPolisher& operator=(const AngelicPolisher&) = delete;
  ~AngelicPolisher();
  /// Rewrites d.angelic for the MCS `groups` of the encoding; false when no model within 10^6
  /// was found before `deadline` (d keeps its values).
  bool polish(Diagnosis& d, std::span<const std::uint32_t> groups, const solve::Deadline& deadline);
  /// The polisher's solver time and queries, for the run's statistics.
  double solverMs() const;
  std::size_t queries() const;
  /// The sentence the report adds when values were polished.
  static const char* kNote;

private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace culprit::localize

// Minimal unsatisfiable subsets of soft groups.
#pragma once

#include "session.h"

#include <span>
#include <string>
#include <vector>

namespace culprit::solve {

struct MusResult {
  /// Unsat: `softs` is unsatisfiable with the hard constraints (and minimal iff `minimal`).
  /// Sat: the given soft groups are satisfiable together; `softs` is empty.
  /// Unknown: the first query gave up; `softs` is empty.
  Answer answer = Answer::Unknown;
  std::vector<SoftId> softs;  ///< ascending
  /// Removing any one soft group makes `softs` satisfiable. False when a later query gave up
  /// (`softs` is then an unsatisfiable subset, not necessarily minimal).
  bool minimal = false;
  std::string reason;         ///< why a query gave up
  std::uint64_t queries = 0;  ///< solver calls made
};

/// Deletion-based MUS extraction with core trimming (see mus.cpp) over `softs`.
/// Pre: the hard constraints alone are satisfiable (otherwise the empty set is returned, which
/// is then the MUS).
MusResult findMus(Session& session, std::span<const SoftId> softs, const Deadline& deadline = {});
/// Over every soft group of the session.
MusResult findMus(Session& session, const Deadline& deadline = {});

}  // namespace culprit::solve

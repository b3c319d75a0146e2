// Deletion-based MUS extraction with core trimming (clause-set refinement).
//
// Follows the deletion scheme of Bakker et al. (1993) as used in modern MUS extractors
// (Marques-Silva & Lynce, "On improving MUS extraction algorithms", SAT 2011; Belov &
// Marques-Silva, "MUSer2", JSAT 2012), over soft groups instead of clauses.
//
// Computes: a subset M of the given soft groups such that hard ∧ M is unsatisfiable and
// hard ∧ (M \ {s}) is satisfiable for every s in M.
// Pre: hard constraints satisfiable (if not, the empty set is the answer).
// Method: start from the core of hard ∧ all given groups. Take a group s not yet known to be
// necessary and test M \ {s}: unsatisfiable → replace M by that query's core (it drops s and
// possibly many more; groups known to be necessary always survive, since a core without a
// necessary group would be unsatisfiable); satisfiable → s is necessary. Stop when every
// member of M is necessary: M is then minimal.
// Departures: no model rotation; group order is ascending SoftId. A query that gives up ends
// the extraction with the current (unsatisfiable, maybe not minimal) M.
#include "mus.h"

#include "invariant.h"

#include <algorithm>
#include <set>

namespace culprit::solve {
namespace {

/// Soft groups named by a core (other literals, e.g. activation literals, are not ours).
std::vector<SoftId> softsOf(const Session& session, const z3::expr_vector& core) {
  std::vector<SoftId> ids;
  for (const z3::expr& literal : core)
    if (std::optional<SoftId> id = session.softOf(literal)) ids.push_back(*id);
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace

MusResult findMus(Session& session, std::span<const SoftId> softs, const Deadline& deadline) {
  MusResult result;
  ++result.queries;
  result.answer = session.check(session.selectors(softs), deadline);
  if (result.answer != Answer::Unsat) {
    result.reason = session.reasonUnknown();
    return result;
  }
  std::vector<SoftId> mus = softsOf(session, session.unsatCore());
  std::set<SoftId> necessary;
  for (;;) {
    auto candidate =
        std::find_if(mus.begin(), mus.end(), [&](SoftId id) { return !necessary.count(id); });
    if (candidate == mus.end()) break;
    std::vector<SoftId> rest(mus.begin(), candidate);
    rest.insert(rest.end(), candidate + 1, mus.end());
    ++result.queries;
    Answer a = session.check(session.selectors(rest), deadline);
    if (a == Answer::Unknown) {
      result.reason = session.reasonUnknown();
      result.softs = std::move(mus);
      return result;
    }
    if (a == Answer::Sat) {
      necessary.insert(*candidate);
      continue;
    }
    mus = softsOf(session, session.unsatCore());
    CULPRIT_SOLVE_INVARIANT(
        std::includes(mus.begin(), mus.end(), necessary.begin(), necessary.end()),
        "a core lost a necessary soft group");
  }
  result.softs = std::move(mus);
  result.minimal = true;
  return result;
}

MusResult findMus(Session& session, const Deadline& deadline) {
  std::vector<SoftId> all = session.allSofts();
  return findMus(session, all, deadline);
}

}  // namespace culprit::solve

// Enumeration of minimal correction subsets (MCSs) of a Session's soft groups, in order of
// increasing weight (size, when all weights are 1; the "cld" engine: in the order found), with
// blocking clauses, bounds and an explicit completeness verdict. Engines are chosen by name
// (see mcsEnumerators()).
#pragma once

#include "session.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace culprit::solve {

/// A minimal correction subset: relaxing exactly these soft groups makes the hard constraints
/// plus every other soft group satisfiable, and relaxing any proper subset does not.
struct Mcs {
  std::vector<SoftId> softs;  ///< ascending
  Weight weight = 0;          ///< sum of the soft groups' weights
  z3::model model;            ///< satisfies hard ∧ the other selectors; angelic values live here
};

struct McsBounds {
  std::size_t maxSize = 0;    ///< K: report MCSs of at most K soft groups; 0 = no bound
  std::size_t maxCount = 0;   ///< N: stop after N MCSs; 0 = no bound
  double timeoutSeconds = 0;  ///< wall clock from the first next(); 0 = none
  /// Wall clock from the first next() within which the first MCS must be reported (0 = none):
  /// past it with none reported, enumeration stops with Timeout and a stopDetail() starting
  /// with kFirstMcsBudget. A caller's share of its budget, the rest kept for a fallback.
  double firstTimeoutSeconds = 0;
};

/// The start of stopDetail() when McsBounds::firstTimeoutSeconds stopped the enumeration; the
/// number of the session's queries run until then follows.
inline constexpr std::string_view kFirstMcsBudget = "no MCS within the first-MCS budget; queries: ";

/// Why an enumeration stopped.
enum class StopReason : std::uint8_t {
  Exhausted,      ///< there are no further MCSs (none beyond the blocked ones)
  SizeBound,      ///< every MCS within maxSize was reported; larger ones exist or may exist
  CountBound,     ///< maxCount MCSs were reported; more may exist
  Timeout,        ///< the wall-clock bound or the per-query timeout hit
  SolverUnknown,  ///< the solver answered unknown for another reason
};
const char* stopReasonName(StopReason r);

/// Stateful enumerator. Each reported MCS C is blocked (at least one selector of C holds) for
/// this enumerator only: blocking clauses hang off a private activation literal, so the
/// session stays reusable. Between next() calls the caller may add hard constraints and soft
/// groups to the session, in the scope the enumerator was created in; later MCSs are MCSs of
/// the extended formula (supersets of already reported MCSs stay blocked).
class McsEnumerator {
public:
  virtual ~McsEnumerator() = default;
  /// The next MCS, or nullopt when enumeration stops (then see stopReason()). May be called
  /// again after the session grew. Equivalent to candidate() followed by accept().
  virtual std::optional<Mcs> next() = 0;
  /// The next MCS without blocking or counting it, for callers that check it first and may
  /// strengthen the formula instead of accepting it (an on-demand encoding refined under it:
  /// agx). Calling candidate() again without accept() after adding hard constraints gives the
  /// next MCS of the stronger formula, possibly the same set with another model.
  virtual std::optional<Mcs> candidate() = 0;
  /// Reports `mcs` (the last candidate): blocks it and counts it against maxCount.
  virtual void accept(const Mcs& mcs) = 0;
  virtual StopReason stopReason() const = 0;
  /// Details of the stop (the solver's reason for unknown), possibly empty.
  virtual const std::string& stopDetail() const = 0;
};

struct McsResult {
  std::vector<Mcs> mcses;  ///< in order of nondecreasing weight
  StopReason stop = StopReason::Exhausted;
  /// Every MCS within the size bound was reported (stop is Exhausted or SizeBound).
  bool complete = false;
  std::string detail;
  QueryStats solver;  ///< the session's queries, solver time and cores during the enumeration
  double wallMs = 0;
};

/// Calls next() until it stops and gathers the result.
McsResult enumerateMcses(Session& session, McsEnumerator& enumerator);

/// One registered engine: name, one-line help, factory.
struct McsEnumeratorInfo {
  std::string_view name;
  std::string_view help;
  std::unique_ptr<McsEnumerator> (*make)(Session& session, const McsBounds& bounds);
};
/// The registered engines, default first.
std::span<const McsEnumeratorInfo> mcsEnumerators();

/// Engine `name` (see mcsEnumerators()) over `session`; nullptr for an unknown
/// name.
/// Pre: the session's soft weights are positive; "cardinality" needs their total below 2^31.
std::unique_ptr<McsEnumerator> makeMcsEnumerator(std::string_view name, Session& session,
                                                 const McsBounds& bounds = {});

/// Decorator that verifies every MCS with checkMcs and throws std::logic_error on a set that
/// is not one (for tests and --debug runs; costs 1 + |C| queries per MCS).
std::unique_ptr<McsEnumerator> withMcsCheck(std::unique_ptr<McsEnumerator> inner, Session& session);

enum class McsVerdict : std::uint8_t { Mcs, NotCorrection, NotMinimal, Unknown };
const char* mcsVerdictName(McsVerdict v);

/// Checks directly that `candidate` is an MCS of the session's hard constraints and soft
/// groups: hard ∧ selectors outside it is satisfiable, and putting back any one of its soft
/// groups makes it unsatisfiable (enough, as correction sets are closed under supersets).
McsVerdict checkMcs(Session& session, std::span<const SoftId> candidate,
                    const Deadline& deadline = {});

}  // namespace culprit::solve

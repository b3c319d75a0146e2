// Window probes: single-statement MCSs of the program formula found near the failing run,
// before the MCS enumeration searches the whole formula for them.
//
// On a loop of N iterations a soft group holds N instances, and relaxing it frees all of them:
// the enumeration's query for a model with one such group relaxed searches N free values or
// decisions at once (sumeven n100: relaxing `i++` alone took 18-80 million z3 resource units,
// three such queries were most of pf's time). A model that keeps the failing run's values at
// all but the group's last few executions is still a model of the program formula with the
// group relaxed (fixing values only removes models), and finding it is a trace formula's
// work: the pinned executions propagate. The probe asks for one with the last 1, 2, 4, ...
// executions free; a model found makes the group an MCS (one group is minimal, and the formula
// with every group enforced is unsatisfiable), reported and blocked before the enumeration
// starts; a group whose probes all fail is left to the enumeration.
#pragma once

#include "localize/solving.h"
#include "localize/task.h"

#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace culprit::localize {

/// What a traced run produced at each statement instance (a value, or a branch's decision),
/// by statement, call context and innermost loop iteration, with its position in the trace;
/// nullopt where two executions share the key (nested loops, two calls from one site).
struct ProducedValue {
  std::size_t position = 0;
  std::int64_t value = 0;
};
using ProducedValues = std::map<std::tuple<ir::StmtId, std::vector<ir::StmtId>, std::uint32_t>,
                                std::optional<ProducedValue>>;
ProducedValues producedValues(const ir::Program& program, const exec::RunResult& run);

/// The clause "instance takes the value `produced` gave it, if reached" of each instance of
/// `group` the run produced a value for (switches and floating values stay free), with the
/// instance's position in the run's trace; none (and no term made) when there are fewer than
/// `least`.
std::vector<std::pair<std::size_t, z3::expr>>
pinnedInstances(z3::context& ctx, const encode::Encoding& enc, const encode::SoftGroup& group,
                const ProducedValues& produced, std::size_t least = 0);

/// Whether window probes ask for `group`: it has at least kWindowProbeLeastExecutions
/// instances `produced` pins (makes no z3 term).
bool windowProbed(const encode::Encoding& enc, const encode::SoftGroup& group,
                  const ProducedValues& produced);

/// Groups with fewer executions in the failing run are not probed: with all of them free the
/// probe is the enumeration's own query.
inline constexpr std::size_t kWindowProbeLeastExecutions = 8;
/// Widest window probed: the last this many executions free.
inline constexpr std::size_t kWindowProbeWidest = 8;
/// A model of `session`'s formula with soft group `id` relaxed and the pinning clauses `pins`
/// (of pinnedInstances) held at all but the last 1, 2, 4, ... kWindowProbeWidest executions,
/// the first window that has one; nullopt when there are fewer than
/// kWindowProbeLeastExecutions pins, no window has a model, or a query is undecided by
/// `deadline`. No budget of its own: a pinned query is a trace formula's, decided in
/// milliseconds, and a wall-clock one cut the first query of a rebuilt session (its
/// bit-blasting) on a loaded machine, which left that group to a 340 M-unit enumeration query
/// (agx, sumeven n100); the session's restarts bound an unlucky one.
std::optional<solve::Mcs> windowModel(solve::Session& session, solve::SoftId id,
                                      std::vector<std::pair<std::size_t, z3::expr>> pins,
                                      const solve::Deadline& deadline);

/// Whether some group of `enc` has enough instances for a window probe: without one,
/// probeWindows finds nothing and the failing run need not be traced for it.
bool hasProbeableGroup(const encode::Encoding& enc);
/// The single-group MCSs of the program formula `enc` (loaded into `session` by `loaded`)
/// that window probes find, each with its model; empty unless the formula with every group
/// enforced is unsatisfiable (one query). Counts its models in r's "window-models".
/// Pre: enc is a Program-family encoding of `run`'s test, the session has unit weights and
/// nothing blocked.
std::vector<solve::Mcs> probeWindows(const FormulaTask& task, const encode::Encoding& enc,
                                     const exec::RunResult& run, solve::Session& session,
                                     const SessionGroups& loaded, const solve::Deadline& deadline,
                                     Result& r);

/// `inner` preceded by `found` (MCSs of the session known before enumerating, in nondecreasing
/// weight, none above the weight of inner's first): each is reported first, and accepting it
/// blocks it in `inner`. At most the bound's count of them is reported.
std::unique_ptr<solve::McsEnumerator> withFoundFirst(std::vector<solve::Mcs> found,
                                                     std::unique_ptr<solve::McsEnumerator> inner,
                                                     std::size_t maxCount);

}  // namespace culprit::localize

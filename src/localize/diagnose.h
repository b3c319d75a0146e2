// Diagnosis building, the kernel steps from a failing test to its diagnoses: the error formula
// input ∧ formula ∧ oracle, an MCS (with its model) mapped to a Diagnosis with its angelic
// values, and the whole single-formula pipeline that pf, fs and fi are end to end
// (localizeWithFormula). ofc, agx and locfaults reuse the steps around their own encodings.
// Replay is not a step of a technique: the driver replays every diagnosis (driver.h).
#pragma once

#include "localize/solving.h"

#include <chrono>
#include <optional>
#include <span>
#include <string>

namespace culprit::localize {

/// The diagnosis of the soft groups `groups` of `enc` relaxed in `model`: their locations
/// (sorted; with iterations at instance granularity) and angelic values.
Diagnosis toDiagnosis(const FormulaTask& task, const encode::Encoding& enc, const z3::model& model,
                      std::span<const std::uint32_t> groups, double weight);

/// Marks `r` incomplete for each value `enc` fixed to the failing run's (Encoding::concretized).
void noteConcretized(const encode::Encoding& enc, Result& r);

/// input ∧ formula ∧ oracle, sliced to the oracle's cone; nullopt (with a note) when the
/// program or its golden version uses something the encoder cannot express.
std::optional<encode::Encoding> errorFormula(z3::context& ctx, const FormulaTask& task,
                                             encode::Family family, Result& r);
/// The diagnoses of the MCSs of `mr` (an enumeration over the groups `loaded`), appended to
/// r.diagnoses in order, weighted when `weighted`, their angelic values made readable
/// (angelic.h) while `deadline` allows: a diagnosis the deadline leaves with the solver's first
/// values makes `r` incomplete, with a note. Adds the polishing's solver time to r.stats.
void addDiagnoses(const FormulaTask& task, const encode::Encoding& enc, solve::Context& context,
                  const SessionGroups& loaded, const solve::McsResult& mr, bool weighted,
                  const solve::Deadline& deadline, Result& r);
/// Every MCS of `enc` within the task's bounds, appended to r.diagnoses in enumeration order;
/// sets r's solver stats and notes the bound that stopped enumeration. `collapseFrom` > 0: one
/// MCS of at least that many soft groups per set of source statements (StatementBlocking), with
/// a note when that left MCSs over other executions of the same statements out.
void enumerateDiagnoses(const FormulaTask& task, const encode::Encoding& enc,
                        solve::Context& context, double secondsLeft, Result& r,
                        std::size_t collapseFrom = 0);

/// Runs the single-formula technique `technique` of `family` on `task`: error formula, MCS
/// enumeration within the task's bounds, diagnoses in enumeration order (a ranking when
/// weighted). Problems the formula cannot express end as an incomplete Result with the reason,
/// never as an exception. Diagnoses are not replayed here (see driver.h).
Result localizeWithFormula(const FormulaTask& task, encode::Family family,
                           const std::string& technique);

/// Should a program formula's result `r` fall back on the trace formula: no diagnosis, stopped
/// by the solver memory bound or by its first-MCS budget (solving.h)?
bool needsTraceFallback(const Result& r);
/// The angelic part of the fallback within what is left of the task's timeout since `start`:
/// confirmedAngelicCandidates (angelic_fallback.h), its diagnoses (MCSs of the program formula)
/// appended to `r`'s (those with the same locations left out), with a note counting them; `r`
/// stays incomplete. pf and ofc after their program formula, agx after its refinement budget.
void angelicFallback(const FormulaTask& task, std::chrono::steady_clock::time_point start,
                     Result& r);
/// A program formula's result that needsTraceFallback falls back on the failing run's
/// flow-sensitive trace formula (within what is left of the task's timeout since `start`; a
/// note when nothing is left, as when building the program formula overran its budget): its
/// diagnoses replace the empty list, and a note says they are the trace formula's. `r` stays
/// incomplete.
/// With `angelic` (pf, ofc), the trace formula gets two thirds of what is left, then
/// confirmedAngelicCandidates (angelic_fallback.h) the rest: its diagnoses, MCSs of the program
/// formula, come first, the trace formula's after them (those with the same locations left out).
void traceFallback(const FormulaTask& task, std::chrono::steady_clock::time_point start, Result& r,
                   bool angelic = false);
/// `run` on the task of `p` with its first-MCS budget (firstMcsBudgetSeconds of the task's
/// timeout: past it with no MCS the program formula stops), then traceFallback (pf, ofc, agx).
Result withTraceFallback(const Problem& p, Result (*run)(const FormulaTask&), bool angelic = false);

}  // namespace culprit::localize

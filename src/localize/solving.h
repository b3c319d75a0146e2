// Solving, the kernel steps between an encoding and its MCSs: the solver context of one run,
// the logic a formula asks for, clause weights from spectra, loading an encoding into a solver
// session (the one place that maps solver soft ids back to soft groups), the configured MCS
// engine, and why an enumeration stopped.
#pragma once

#include "localize/task.h"
#include "solve/context.h"
#include "solve/mcs.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace culprit::localize {

/// The solver context of one run: --max-memory and CULPRIT_DUMP_SMT2 (a debugging aid: every
/// query as SMT-LIB2). Throws UserError when the dump directory cannot be created.
std::unique_ptr<solve::Context> makeSolverContext(const FormulaTask& task);
/// The z3 logic for a formula: QF_BV for pure bit-vector formulas (z3's incremental SAT-based
/// solver, 2-4x faster here), z3's default solver otherwise.
std::string solverLogic(const FormulaTask& task, const encode::Encoding& enc);
/// The solver logic of an encoding with integers `ints`: bit-blasted floats (solve::kFloatLogic),
/// QF_BV, or z3's default.
std::string solverLogic(encode::Ints ints, const encode::Encoding& enc);

/// Clause weight of a statement with suspiciousness `score`: about 1/score, the largest
/// weight for score 0, at least 1 (see solving.cpp for the scale).
std::uint64_t clauseWeight(double score);
/// Clause weight of every statement (by StmtId) from the spectrum formula of
/// `task.options.weights`; empty (unweighted) when none is asked, or when it cannot be
/// computed (noted in `r`).
std::vector<std::uint64_t> statementWeights(const FormulaTask& task, Result& r);
/// Weight of soft group `group` of `enc` under `weights` (1 when unweighted).
std::uint64_t groupWeight(const std::vector<std::uint64_t>& weights, const encode::Encoding& enc,
                          std::uint32_t group);

/// The soft groups of an encoding as a solver session holds them: soft id -> group.
class SessionGroups {
public:
  /// Adds `hard` and the soft groups `groups` of `enc` (weighted by `weights`, see groupWeight)
  /// to `session`; their soft ids follow those added before.
  void load(solve::Session& session, const encode::Encoding& enc,
            std::span<const encode::HardClause> hard, std::span<const std::uint32_t> groups,
            const std::vector<std::uint64_t>& weights);
  /// Every hard clause and every relevant soft group of `enc` (a single-formula session).
  void loadAll(solve::Session& session, const encode::Encoding& enc,
               const std::vector<std::uint64_t>& weights);
  /// The group of soft id `soft`.
  std::uint32_t group(solve::SoftId soft) const { return groupOf_.at(soft); }
  /// The groups of soft ids `softs`, in their order.
  std::vector<std::uint32_t> groups(std::span<const solve::SoftId> softs) const;
  /// The soft id of group `group` (nullopt: not loaded).
  std::optional<solve::SoftId> softOf(std::uint32_t group) const;
  std::size_t size() const { return groupOf_.size(); }

private:
  std::vector<std::uint32_t> groupOf_;
};

/// The MCS engine of `task.options.mcsEngine` over `session` with the task's size and count
/// bounds and `secondsLeft` of its time bound. Throws UserError for an unknown engine.
std::unique_ptr<solve::McsEnumerator> makeEnumerator(const FormulaTask& task,
                                                     solve::Session& session, double secondsLeft);

/// Did `r` stop at the solver memory bound (its incomplete reason holds stopNote's words)?
bool stoppedByMemoryBound(const Result& r);

/// The first-MCS budget of a per-test budget of `timeoutSeconds`: the seconds a program formula
/// gets to find its first MCS before pf, agx and ofc stop it and give the rest to their trace
/// formula fallback (diagnose.h, withTraceFallback). kFirstMcsShare of the budget; 0 (no split)
/// without a budget or below kFirstMcsMinTimeout, where the remainder is too short to encode
/// and solve the trace formula in either.
inline constexpr double kFirstMcsShare = 0.6;
inline constexpr double kFirstMcsMinTimeout = 1.0;
double firstMcsBudgetSeconds(double timeoutSeconds);
/// Did `r` stop at the first-MCS budget (its incomplete reason holds firstMcsNote's words)?
bool stoppedByFirstMcsBudget(const Result& r);
/// The words firstMcsNote begins with (its clause of an incomplete reason).
inline constexpr std::string_view kFirstMcsNoteWords = "first-MCS budget: ";
/// The note of a program formula stopped by its first-MCS budget under `o`: at its query
/// `query` (of the solver session; 0: before its first), or while it was being built (nullopt).
std::string firstMcsNote(std::optional<std::size_t> query, const FormulaOptions& o);
/// The note of a program formula that outgrew pf's --formula-limit of `limit` hard constraints
/// while it was built: a clause of the first-MCS budget (stoppedByFirstMcsBudget holds), since
/// it stands for a first MCS query not expected to end within that budget.
std::string formulaLimitNote(std::uint64_t limit);
/// The note of a program formula of `bits` bits (formulaSize) over pf's --formula-bits `limit`:
/// a first-MCS budget clause, like formulaLimitNote.
std::string formulaBitsNote(std::uint64_t bits, std::uint64_t limit);

/// The queries cut by the per-query budget (--query-rlimit of `o`) since the last call
/// (solve::takeQueryCuts), into `r`: budgetCuts, and a note naming them that marks `r`
/// incomplete. Nothing when none was cut.
void noteQueryCuts(Result& r, const FormulaOptions& o);

/// Why an enumeration stopped, as a report note ("" when it was exhausted).
std::string stopNote(solve::StopReason stop, const std::string& detail, const FormulaOptions& o);

}  // namespace culprit::localize

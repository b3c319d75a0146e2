// The steps the formula-based techniques share: state the failing test's oracle as an
// Expectation, trace the failing run, build the error formula input ∧ formula ∧ oracle, open a
// solver context and session for it, weigh soft groups by suspiciousness, enumerate MCSs with
// the configured engine and bounds, map an MCS (with its model) to a Diagnosis with its angelic
// values, and say why an enumeration stopped. pf, fs and fi are this pipeline end to end
// (localizeWithFormula); ofc and agx reuse the steps around their own incremental encoding.
// Replay is not a step of a technique: the driver replays every diagnosis (driver.h).
#pragma once

#include "encode/encode.h"
#include "localize/technique.h"
#include "solve/context.h"
#include "solve/mcs.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>

namespace culprit::localize {

/// One failing test to explain, with everything needed to encode, judge and replay it.
struct FormulaTask {
  const ir::Program* program = nullptr;
  const testing::TestCase* test = nullptr;
  /// The suite's oracle; nullptr judges by the program's assertions (and runtime errors) only.
  const testing::Oracle* oracle = nullptr;
  exec::RunOptions run;  ///< entry function and step limit of the suite's runs
  const testing::CoverageMatrix* coverage = nullptr;  ///< needed for clause weights
  FormulaOptions options;
};

/// The task of `problem.failingTest`.
FormulaTask formulaTask(const Problem& problem);

/// The oracle of the task's test as the formula states it. `note` says what is not encoded.
struct TaskExpectation {
  encode::Expectation expect;
  std::string note;
};
TaskExpectation taskExpectation(const FormulaTask& task);
/// Same, observing the golden run in `ctx`.
TaskExpectation taskExpectation(z3::context& ctx, const FormulaTask& task);

/// `ints` for `program` (Auto: encode::preferredInts).
encode::Ints resolveInts(FormulaOptions::Ints ints, const ir::Program& program);
/// The integer encoding of the task's formulas.
encode::Ints taskInts(const FormulaTask& task);

/// The encoder options a task implies for `family`.
encode::EncodeOptions encodeOptions(const FormulaTask& task, encode::Family family);

/// Marks `r` incomplete with `note` appended to its reason (nothing for an empty note).
void addNote(Result& r, const std::string& note);
/// "1 refinement", "3 refinements".
std::string counted(std::size_t n, const std::string& singular);

/// The most iterations any loop body ran in `run` (a traced run; 0 without loops): what
/// --unwind must be at least for the program formula to hold the run.
std::uint32_t deepestIteration(const ir::Program& program, const exec::RunResult& run);

/// The task's test run with its trace (no coverage), steered by `observer` (nullptr: none).
exec::RunResult traceRun(const FormulaTask& task, exec::Observer* observer);
/// `run` (of the task's test) passes the task's oracle (in-code assertions only without one).
bool passesTest(const FormulaTask& task, const exec::RunResult& run);

/// The failing run with its trace. With `boundedByUnwind` (program formulas under uniform
/// bounds), a run deeper than the unwinding bound is noted in `r`: the formula assumes no path
/// goes that deep.
exec::RunResult traceFailingRun(const FormulaTask& task, bool boundedByUnwind, Result& r);

/// Per-loop bounds of the program formula (EncodeOptions::loopUnwind) under --loop-bounds run,
/// read off `failing`, with a note in `r` listing them; empty (every loop at --unwind) under
/// the default uniform bounds.
std::unordered_map<ir::StmtId, unsigned>
programLoopBounds(const FormulaTask& task, const exec::RunResult& failing, Result& r);
/// Does every loop of `run` stay within its bound (`bounds`, else --unwind)?
bool withinLoopBounds(const FormulaTask& task, const exec::RunResult& run,
                      const std::unordered_map<ir::StmtId, unsigned>& bounds);

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
/// weight for score 0, at least 1 (see formula.cpp for the scale).
std::uint64_t clauseWeight(double score);
/// Clause weight of every statement (by StmtId) from the spectrum formula of
/// `task.options.weights`; empty (unweighted) when none is asked, or when it cannot be
/// computed (noted in `r`).
std::vector<std::uint64_t> statementWeights(const FormulaTask& task, Result& r);
/// Weight of soft group `group` of `enc` under `weights` (1 when unweighted).
std::uint64_t groupWeight(const std::vector<std::uint64_t>& weights, const encode::Encoding& enc,
                          std::uint32_t group);

/// The MCS engine of `task.options.mcsEngine` over `session` with the task's size and count
/// bounds and `secondsLeft` of its time bound. Throws UserError for an unknown engine.
std::unique_ptr<solve::McsEnumerator> makeEnumerator(const FormulaTask& task,
                                                     solve::Session& session, double secondsLeft);

/// The diagnosis of the soft groups `groups` of `enc` relaxed in `model`: their locations
/// (sorted; with iterations at instance granularity) and angelic values.
Diagnosis toDiagnosis(const FormulaTask& task, const encode::Encoding& enc, const z3::model& model,
                      std::span<const std::uint32_t> groups, double weight);

/// Readable angelic values. An MCS's model gives its free values whatever the solver found
/// first (`b = 137384828`); a person reads `b = 3` better, and a value near what the failing run
/// had says how small the change is. The polisher solves the formula again with the MCS
/// relaxed, every other group enforced, and each relaxed value within a distance D of a value
/// its statement produced in the failing run or of 0, for D = 10, then 1000, then 10^6; the
/// first model found replaces the diagnosis's angelic values. The solver session is its own
/// (the enumeration's has the MCSs blocked).
class AngelicPolisher {
public:
  AngelicPolisher(const FormulaTask& task, const encode::Encoding& enc, solve::Context& context);
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

/// Why an enumeration stopped, as a report note ("" when it was exhausted).
std::string stopNote(solve::StopReason stop, const std::string& detail, const FormulaOptions& o);

/// Runs the single-formula technique `technique` of `family` on `task`: error formula, MCS
/// enumeration within the task's bounds, diagnoses in enumeration order (a ranking when
/// weighted). Problems the formula cannot express end as an incomplete Result with the reason,
/// never as an exception. Diagnoses are not replayed here (see driver.h).
/// input ∧ formula ∧ oracle, sliced to the oracle's cone; nullopt (with a note) when the
/// program or its golden version uses something the encoder cannot express.
/// Marks `r` incomplete for each value `enc` fixed to the failing run's (Encoding::concretized).
void noteConcretized(const encode::Encoding& enc, Result& r);

std::optional<encode::Encoding> errorFormula(z3::context& ctx, const FormulaTask& task,
                                             encode::Family family, Result& r);
/// Every MCS of `enc` within the task's bounds, appended to r.diagnoses in enumeration order;
/// sets r's solver stats and notes the bound that stopped enumeration.
void enumerateDiagnoses(const FormulaTask& task, const encode::Encoding& enc,
                        solve::Context& context, double secondsLeft, Result& r);

Result localizeWithFormula(const FormulaTask& task, encode::Family family,
                           const std::string& technique);

/// Registry entries (pf.cpp, fs.cpp, fi.cpp, ofc.cpp, agx.cpp).
TechniqueInfo programFormulaTechnique();
TechniqueInfo flowSensitiveTechnique();
TechniqueInfo flowInsensitiveTechnique();
TechniqueInfo onDemandTechnique();
TechniqueInfo angelicTechnique();
TechniqueInfo deviationTechnique();
TechniqueInfo mustTechnique();    ///< must.cpp
TechniqueInfo satTarTechnique();  ///< sattar.cpp

}  // namespace culprit::localize

// cfaults' formula and its checks on the failing tests outside it (cfaults.cpp): the copies of
// the failing tests' program formulas, each soft group tied to its statement's shared
// selector, in one session; and for a candidate of that formula, whether it explains another
// failing test: values kept from earlier candidates or other tests (a replay), the test's
// flow-sensitive trace formula (the run's branches held, then free; a replay), and its program
// formula, whose unsat core becomes a clause of the shared selectors (trace_checks.h).
#pragma once

#include "localize/diagnose.h"
#include "localize/techniques/cfaults_values.h"
#include "localize/trace_checks.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace culprit::localize::cfaults_formula {

/// One failing test's program formula.
struct Copy {
  std::size_t test = 0;
  encode::Encoding enc;
  std::map<ir::StmtId, std::vector<std::uint32_t>> groups;  ///< relevant groups by statement

  std::vector<std::uint32_t> groupsOf(const std::set<ir::StmtId>& stmts) const;
};

class AllTests {
public:
  /// `firstMcsBy`: the first-MCS budget of the formula (FormulaTask::firstMcsBy).
  AllTests(const Problem& p, Result& r,
           std::optional<std::chrono::steady_clock::time_point> firstMcsBy);

  /// Encodes test `t`'s program formula (nullopt with a note when it cannot be encoded), within
  /// the first-MCS budget unless `listed` (a diagnosis is listed).
  std::optional<Copy> encode(std::size_t t, bool listed = false);

  /// Opens the session for `copies` (the first formula) and adds them.
  bool start(std::vector<Copy> copies);

  /// Adds a copy: its hard clauses, and each of its soft groups tied to its statement's shared
  /// selector (a new statement's selector becomes a soft group of the session).
  void add(Copy c);

  /// What test `t`'s program formula says of `stmts`, when its trace formula did not explain
  /// them (see Verdict).
  enum class Verdict {
    Explained,      ///< satisfiable: `angelic` holds its angelic values
    Learned,        ///< unsatisfiable: "relax one of its core's statements" is now a hard clause
    Unexplainable,  ///< unsatisfiable with an empty core: no set of statements lets `t` pass
    Unknown,
  };
  Verdict program(std::size_t t, const std::set<ir::StmtId>& stmts, const solve::Deadline& deadline,
                  std::vector<AngelicValue>& angelic);

  /// What one candidate's checks have learned so far.
  struct CandidateChecks {
    std::vector<std::vector<AngelicValue>> known;  ///< values tests needed, to try on others
    /// Trace formulas that were satisfiable with values whose replay failed: past a few, the
    /// candidate's trace checks are skipped for its program-formula checks (bench/siemens v12:
    /// `return a < b ? a : b;` misled the trace formula of each of 291 tests).
    std::size_t misled = 0;
  };

  /// Starts the checks of candidate `stmts`: its known values are those of the copies in the
  /// formula (`fromCopies`), then the trimmed values that let other tests pass for earlier
  /// candidates and change only statements of `stmts`, the most often used first.
  CandidateChecks startChecks(const std::set<ir::StmtId>& stmts,
                              const std::vector<std::vector<AngelicValue>>& fromCopies) const;

  /// Does relaxing `stmts` let test `t` pass? Its angelic values when it does. First the
  /// values that let `t` pass for an earlier candidate, when they change only statements of
  /// `stmts` (the other statements then run as written: the same replay). Then the values
  /// other tests needed (`c.known`): a replay of `t` with one of them forced that passes shows
  /// it concretely, for a fraction of a trace formula's cost (bench/siemens: most failing
  /// tests of a version take the same values). Values found here join `c.known`.
  std::optional<std::vector<AngelicValue>> explains(std::size_t t,
                                                    const std::set<ir::StmtId>& stmts,
                                                    const solve::Deadline& deadline,
                                                    CandidateChecks& c);

  /// Records `values` for test `t` when a replay of `t` with them passes (a program formula's
  /// model is not replayed before the driver's feasibility check).
  void recordIfPasses(std::size_t t, const std::vector<AngelicValue>& values);

  std::vector<AngelicValue> angelicOf(const Copy& c, const z3::model& model,
                                      const std::set<ir::StmtId>& stmts) const;

  /// Excludes `stmts` and every superset of it from the enumeration without reporting it: one
  /// of them stays enforced.
  void skip(const std::set<ir::StmtId>& stmts);
  solve::Session& session() { return *session_; }
  const std::vector<Copy>& copies() const { return copies_; }
  bool inFormula(std::size_t t) const { return inFormula_.count(t) > 0; }
  ir::StmtId stmtOf(solve::SoftId s) const { return stmtOf_.at(s); }
  const FormulaTask& task() const { return task_; }

  /// Its statistics and counters into `r`.
  void finish(Result& r);

private:
  /// From now on, every candidate relaxes one of `stmts` at least.
  void relaxOne(const std::set<ir::StmtId>& stmts);
  /// Statement `stmt`'s shared selector (a new one becomes a soft group of the session).
  z3::expr shared(ir::StmtId stmt);

  const Problem& p_;
  Result& r_;
  FormulaTask task_;
  std::unique_ptr<solve::Context> context_;  // first: outlives the sessions and encodings
  std::optional<solve::Session> session_;
  std::vector<Copy> copies_;
  TraceChecks checks_;
  TraceChecks programChecks_;  ///< program formulas of the tests outside the formula
  std::map<ir::StmtId, z3::expr> shared_;
  std::vector<ir::StmtId> stmtOf_;  ///< SoftId -> statement
  std::vector<std::uint64_t> weights_;
  std::set<std::size_t> inFormula_;
  /// Values that let a failing test outside the formula pass (a replay did), trimmed.
  cfaults_values::PassingValues values_;
  std::size_t hard_ = 0, learned_ = 0, borrowed_ = 0, reused_ = 0;
};

}  // namespace culprit::localize::cfaults_formula

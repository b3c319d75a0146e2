// Validation of repair candidates (private to repair/): against the test suite by running the
// mutated program, or against the assertions with the bounded meta-program formula; and the
// must set of a failing candidate from the meta-program formula (I-FOSFL: one encoding per
// input holds every alternative, the slicer indexes it once).
#pragma once

#include "localize/must.h"
#include "repair/mutation.h"
#include "repair/repair.h"
#include "solve/session.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

namespace culprit::repair::detail {

/// Milliseconds since `t`.
double msSince(std::chrono::steady_clock::time_point t);

/// The program with every site's alternatives, encoded once for one input (or for all inputs
/// of an assertion oracle), with a session holding its non-demand clauses.
class MetaFormula {
public:
  /// `input`: nullptr for symbolic nondet inputs (and nondet uninitialised locals, as in
  /// bounded model checking). `violated`: add "some demand is violated" (the assertion
  /// oracle's query). `run`: the entry function and RunOptions::nondetUninitialised of the
  /// runs it stands for. Throws encode::EncodeError.
  MetaFormula(z3::context& ctx, const ir::Program& program, const std::vector<Site>& sites,
              const exec::RunInput* input, const encode::Expectation& expect,
              const RepairOptions& options, const exec::RunOptions& run, bool violated);
  /// Checks the formula with `candidate`'s alternatives chosen and no other.
  solve::Answer check(const std::vector<Mutation>& candidate, const solve::Deadline& deadline);
  z3::model model() const { return *model_; }
  /// The last Sat answer's run goes beyond the unwinding bound.
  bool beyondBound() const;
  /// The must set (MustSet::locations are site ids) of the last Sat answer's model; nullopt
  /// when it violates no demand.
  std::optional<localize::MustSet> must() const;
  const encode::Encoding& encoding() const { return enc_; }
  std::string reasonUnknown() const { return session_->reasonUnknown(); }

private:
  bool freeConstantsAreChoices() const;
  /// The choices occurring in `e` (a bit per Encoding::choices index), memoized.
  const std::vector<std::uint64_t>& choicesIn(const z3::expr& e);
  /// `e` contains none of the current candidate's chosen alternatives.
  bool unchanged(const z3::expr& e);

  encode::AlternativeMap alternatives_;
  encode::Encoding enc_;
  std::unique_ptr<solve::Session> session_;
  /// The model of the last Sat answer: the session's, or with concrete inputs and nothing
  /// free but the choices, the candidate's choices themselves (no query needed).
  std::optional<z3::model> model_;
  std::unique_ptr<localize::TermValues> values_;    ///< of model_, shared by its uses
  std::unique_ptr<localize::TermValues> original_;  ///< with no alternative chosen
  std::vector<std::size_t> mutated_;                ///< choices (indexes) of the current candidate
  std::unordered_map<unsigned, std::vector<std::uint64_t>> deps_;
  std::unordered_map<unsigned, std::size_t> choiceIndex_;
  bool choicesOnly_ = false;
  std::unique_ptr<localize::FormulaSlicer> slicer_;
};

/// What validating one candidate found.
struct Verdict {
  enum class Kind { Passes, Fails, Unknown } kind = Kind::Fails;
  std::string failure;  ///< Fails: the failing test or counterexample, in words
  std::optional<localize::MustSet> must;
  std::string unknownReason;
  std::optional<std::size_t> failedTest;  ///< Fails under a test oracle: the test's index
};

class Validator {
public:
  virtual ~Validator() = default;
  /// Validates `candidate`; with `wantMust`, a failing candidate comes with its must set when
  /// one can be computed.
  virtual Verdict check(const std::vector<Mutation>& candidate, bool wantMust,
                        const solve::Deadline& deadline, RepairStats& stats) = 0;
  /// What a passing candidate was verified against, for the report.
  virtual std::string verifiedBy() const = 0;
  virtual std::vector<std::string> notes() const { return {}; }
  /// Test oracle: the suite's tests (indexes) the original program fails and passes, in the
  /// order they were run; empty under the assertion oracle.
  virtual std::vector<std::size_t> originalFailing() const { return {}; }
  virtual std::vector<std::size_t> originalPassing() const { return {}; }
};

std::unique_ptr<Validator> testValidator(const RepairProblem& problem,
                                         const std::vector<Site>& sites,
                                         const RepairOptions& options);
std::unique_ptr<Validator> formulaValidator(const RepairProblem& problem,
                                            const std::vector<Site>& sites,
                                            const RepairOptions& options);

}  // namespace culprit::repair::detail

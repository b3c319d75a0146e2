// The on-demand program formulas: a program formula that encodes only the branch sides some
// concrete run of the failing test has taken, grown run by run. Two families (TECHNIQUES.md):
//  - partial (OFC, Unexplored::Cut): a side no run took reaches its join having written its
//    variables unknown values (a side that may escape — return, exit, output — is free);
//  - angelic (AgxFaults, Unexplored::Free): a path through such a side is unconstrained from
//    there on (any values, any output).
// Both over-approximate the program formula: every correction set of the program formula
// corrects them too, and a correction whose model stays on explored sides corrects the program
// formula. Exploring a side replaces its stand-in with its exact encoding, which only removes
// models; so clauses already given to a solver stay valid, and each pass hands over only what
// is new (IncrementalEncoder::addRun).
//
// How a pass is incremental. Each pass encodes the explored program afresh, in one name space
// (encode.h): a constant is named after its statement instance's position and the term it
// stands for, so a part of the formula whose inputs did not change is built from the same
// constants and yields the same clauses, which are handed over once. Where a newly explored
// side changes a value (at a join), the clauses downstream are new terms over new constants;
// the old ones stay with the solver, harmless: on every path they constrain, the old and new
// constants take the same values, and elsewhere their path conditions are false.
#pragma once

#include "encode/encode.h"

#include <unordered_set>

namespace culprit::encode {

class IncrementalEncoder {
public:
  /// `options.family` must be Program; `options.unexplored` picks the family.
  IncrementalEncoder(z3::context& ctx, const ir::Program& program, exec::RunInput input,
                     Expectation expect, EncodeOptions options);

  /// What a pass adds for the solver.
  struct Delta {
    std::vector<HardClause> hard;       ///< clauses not handed over before
    std::vector<std::uint32_t> groups;  ///< soft groups to register (encoding().groups)
    std::size_t newSides = 0;           ///< branch sides the run explored first
  };
  /// Adds the branch sides `run` took (it needs its trace) and encodes again. Throws
  /// EncodeError.
  Delta addRun(const exec::RunResult& run);
  /// Adds the sides of every run of `runs`, then encodes once (one pass for a batch).
  Delta addRuns(const std::vector<const exec::RunResult*>& runs);

  /// The latest pass, sliced to its obligations. Group indexes are stable across passes: group
  /// g stands for the same soft group (selector) in every pass.
  const Encoding& encoding() const { return *current_; }
  const Exploration& exploration() const { return exploration_; }
  std::size_t passes() const { return passes_; }
  /// Hard clauses handed over so far.
  std::size_t handedOver() const { return emitted_.size(); }
  /// For a new solver: the whole latest pass (its clauses and relevant soft groups), as if
  /// nothing had been handed over before.
  Delta restart();

private:
  z3::context& ctx_;
  const ir::Program& program_;
  exec::RunInput input_;
  Expectation expect_;
  EncodeOptions options_;
  Exploration exploration_;
  NameSpace names_;
  std::optional<Encoding> current_;
  std::vector<SoftGroup> groups_;                        ///< stable soft groups
  std::unordered_map<unsigned, std::uint32_t> groupOf_;  ///< selector id -> group
  std::vector<bool> registered_;                         ///< handed over as a soft group
  std::unordered_set<unsigned> emitted_;                 ///< ids of the clauses handed over
  std::vector<z3::expr> alive_;  ///< those clauses: their terms' ids must not be reused
  std::size_t passes_ = 0;
};

/// One branch instance on a model's path.
struct PathStep {
  ir::StmtId stmt = ir::kNone;
  std::uint32_t occurrence = 0;  ///< the statement's execution count before it, on that path
  std::int32_t decision = 0;     ///< 1/0, or the switch arm (-1: none)
  bool encoded = true;           ///< the formula encodes the side taken exactly
  bool cut = false;              ///< not encoded, but encoded as a cut side
};

/// The branch decisions of `model`'s path through a Program-family encoding, in execution
/// order. A path that takes a free side ends there (its later instances are not encoded).
std::vector<PathStep> modelPath(const Encoding& enc, const z3::model& model);

}  // namespace culprit::encode

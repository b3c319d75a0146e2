// Must sets by formula slicing (FOSFL): a set of locations every repair of a violating run
// changes. The slicer reads an encoding once (I-FOSFL: the dependency graph is the encoding's
// own term DAG plus its definition clauses) and slices it for any number of models — new
// violating runs, or runs of mutated programs when the encoding carries mutation alternatives
// (encode::Alternatives). repair/ prunes its search with it.
#pragma once

#include "encode/encode.h"

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace culprit::localize {

/// Is hard clause `h` a demand (oracle, runtime-error freedom, unwinding bound), not a
/// definition, input or assumption?
bool isDemand(const encode::HardClause& h);

/// Values of terms in a model, memoized and lazy: an ite evaluates only the side its condition
/// picks, a conjunction or disjunction stops at its first deciding operand, any other operator
/// is applied to its operands' values. z3's own model evaluation starts afresh at each call: on
/// program formulas, whose terms nest ites over the whole program, a must set of the
/// Siemens-style subject took 6 ms with it, 1.3 ms with this.
class TermValues {
public:
  /// With `base`: a term for which `unchanged` holds has its value in `base` (the model differs
  /// from base's only in constants such a term does not contain).
  explicit TermValues(const z3::model& model, TermValues* base = nullptr,
                      std::function<bool(const z3::expr&)> unchanged = {})
      : model_(model), base_(base), unchanged_(std::move(unchanged)) {}
  z3::expr value(const z3::expr& e, unsigned depth = 0);
  bool holds(const z3::expr& e) { return value(e).is_true(); }

private:
  z3::model model_;
  TermValues* base_;
  std::function<bool(const z3::expr&)> unchanged_;
  std::unordered_map<unsigned, z3::expr> memo_;
  z3::expr compute(const z3::expr& e, unsigned depth);
};

struct MustSet {
  std::vector<ir::StmtId> statements;    ///< statements of soft groups reached, sorted
  std::vector<std::uint32_t> locations;  ///< Alternatives::location of choices reached, sorted
  encode::HardKind demand = encode::HardKind::Oracle;  ///< the violated demand sliced
  ir::StmtId demandStmt = ir::kNone;                   ///< its statement (kNone: end of run)
};

class FormulaSlicer {
public:
  /// Indexes `enc`'s definitions; `enc` must outlive the slicer.
  explicit FormulaSlicer(const encode::Encoding& enc);

  /// The must set of `model`, a model of enc's non-demand clauses (all soft groups holding)
  /// that violates some demand: the first violated demand (in encoding order) is justified by
  /// a minimal walk — an ite follows its condition and the side the model takes, a true
  /// disjunction one true disjunct, a false conjunction one false conjunct, anything else all
  /// its operands; a constant defined by a soft group adds its statement and follows its
  /// definition; a choice constant adds its location. nullopt when no demand is violated.
  std::optional<MustSet> slice(const z3::model& model) const;
  /// Same, with the model's values (memoized across calls on the same model).
  std::optional<MustSet> slice(TermValues& values) const;

private:
  const encode::Encoding& enc_;
  std::unordered_map<unsigned, std::vector<z3::expr>> definitions_;  ///< constant -> natural
  std::unordered_map<unsigned, ir::StmtId> statementOf_;             ///< constant -> statement
  std::unordered_map<unsigned, std::uint32_t> locationOf_;           ///< choice -> location
};

}  // namespace culprit::localize

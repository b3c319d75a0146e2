// Internal to the solver layer: a formula over Booleans and bit-vectors as clauses over
// DIMACS-style integer literals, for a SAT back end (mcs_sat.cpp). Not a public header.
#pragma once

#include <z3++.h>

#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace culprit::solve::detail {

/// Clauses equisatisfiable with a set of z3 formulas, with the formulas' Boolean constants
/// kept as variables of their own: for every assignment to those constants, the formulas hold
/// under it exactly when the clauses can be satisfied under it (bit-vectors become bits,
/// subformulas get Tseitin variables). Variables are 1..vars.
struct Cnf {
  std::vector<std::vector<int>> clauses;
  int vars = 0;
  /// Variable of each Boolean constant of the input (by z3 AST id) still in the clauses.
  std::unordered_map<unsigned, int> varOf;

  /// The literal of `literal` (a Boolean constant or its negation); a constant the clauses do
  /// not mention gets a fresh, unconstrained variable.
  int literal(const z3::expr& literal);
};

/// The clauses of `formulas` via z3's tactics (simplify, card2bv, bit-blast, tseitin-cnf), or
/// nullopt with `why` set when something is left that is not propositional (integers, reals,
/// arrays, floating point, uninterpreted functions) or a tactic fails.
std::optional<Cnf> toCnf(z3::context& ctx, std::span<const z3::expr> formulas, std::string& why);

}  // namespace culprit::solve::detail

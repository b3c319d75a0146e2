// Bit-blasting a formula into clauses with z3's tactics (see cnf.h).
#include "cnf.h"

namespace culprit::solve::detail {
namespace {

bool isBoolConstant(const z3::expr& e) {
  return e.is_app() && e.is_bool() && e.num_args() == 0 &&
         e.decl().decl_kind() == Z3_OP_UNINTERPRETED;
}

}  // namespace

int Cnf::literal(const z3::expr& literal) {
  const bool negated = literal.is_app() && literal.decl().decl_kind() == Z3_OP_NOT;
  const z3::expr atom = negated ? literal.arg(0) : literal;
  auto [it, fresh] = varOf.emplace(atom.id(), vars + 1);
  if (fresh) ++vars;
  return negated ? -it->second : it->second;
}

std::optional<Cnf> toCnf(z3::context& ctx, std::span<const z3::expr> formulas, std::string& why) {
  // Models on, proofs and cores off: tseitin-cnf and bit-blast refuse goals that track cores.
  z3::goal goal(ctx, true, false, false);
  for (const z3::expr& f : formulas)
    goal.add(f);
  // No tactic that solves or eliminates constants (propagate-values, solve-eqs, elim-uncnstr):
  // they could drop a selector whose value matters, and the selectors must stay variables.
  const z3::tactic pipeline = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "card2bv") &
                              z3::tactic(ctx, "max-bv-sharing") & z3::tactic(ctx, "bit-blast") &
                              z3::tactic(ctx, "simplify") & z3::tactic(ctx, "tseitin-cnf");
  std::optional<z3::apply_result> result;
  try {
    result = pipeline.apply(goal);
  } catch (const z3::exception& e) {
    why = std::string("not propositional after bit-blasting (") + e.msg() + ")";
    return std::nullopt;
  }
  if (result->size() != 1) {
    why = "bit-blasting split the formula into " + std::to_string(result->size()) + " goals";
    return std::nullopt;
  }
  const z3::goal out = (*result)[0];
  Cnf cnf;
  cnf.clauses.reserve(out.size());
  auto addLiteral = [&](const z3::expr& l, std::vector<int>& clause) {
    if (l.is_true()) return false;  // the clause holds
    if (l.is_false()) return true;
    const bool negated = l.is_app() && l.decl().decl_kind() == Z3_OP_NOT;
    if (!isBoolConstant(negated ? l.arg(0) : l)) {
      why = "not propositional after bit-blasting: " + l.to_string().substr(0, 80);
      throw std::invalid_argument(why);
    }
    clause.push_back(cnf.literal(l));
    return true;
  };
  try {
    for (unsigned i = 0; i < out.size(); ++i) {
      const z3::expr f = out[i];
      std::vector<int> clause;
      bool keep = true;
      if (f.is_app() && f.decl().decl_kind() == Z3_OP_OR) {
        for (unsigned j = 0; j < f.num_args() && keep; ++j)
          keep = addLiteral(f.arg(j), clause);
      } else {
        keep = addLiteral(f, clause);
      }
      if (keep) cnf.clauses.push_back(std::move(clause));
    }
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
  return cnf;
}

}  // namespace culprit::solve::detail

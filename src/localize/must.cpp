// Formula slicing (FOSFL): see must.h.
//
// The paper's two steps — important variables from a minimal partial model of the demands, then
// a slice that follows an ite edge only where its label holds — are one walk here: justifying
// why the model violates the demand. Soundness (the must property): a program that changes no
// location the walk reached computes, on the model's inputs, the same value for every term the
// walk justified (each such term's value is fixed by the justified operands), so the demand is
// still violated and the program is still wrong. The walk is finer than the paper's slice only
// inside Boolean connectives, which stays sound by the same argument.
#include "localize/must.h"

#include <algorithm>
#include <set>
#include <unordered_set>

namespace culprit::localize {

bool isDemand(const encode::HardClause& h) {
  return h.kind == encode::HardKind::Oracle || h.kind == encode::HardKind::RuntimeCheck ||
         h.kind == encode::HardKind::Unwinding;
}

z3::expr TermValues::value(const z3::expr& e, unsigned depth) {
  if (auto it = memo_.find(e.id()); it != memo_.end()) return it->second;
  z3::expr v = base_ && unchanged_(e) ? base_->value(e, depth) : compute(e, depth);
  memo_.emplace(e.id(), v);
  return v;
}

z3::expr TermValues::compute(const z3::expr& e, unsigned depth) {
  if (e.is_numeral() || e.is_true() || e.is_false()) return e;
  // Deep terms are left to z3 (no unbounded recursion here).
  if (!e.is_app() || depth > 2000 || e.num_args() == 0) return model_.eval(e, true);
  const unsigned d = depth + 1;
  z3::context& ctx = e.ctx();
  switch (e.decl().decl_kind()) {
  case Z3_OP_ITE: return value(value(e.arg(0), d).is_true() ? e.arg(1) : e.arg(2), d);
  case Z3_OP_AND:
    for (unsigned i = 0; i < e.num_args(); ++i)
      if (!value(e.arg(i), d).is_true()) return ctx.bool_val(false);
    return ctx.bool_val(true);
  case Z3_OP_OR:
    for (unsigned i = 0; i < e.num_args(); ++i)
      if (value(e.arg(i), d).is_true()) return ctx.bool_val(true);
    return ctx.bool_val(false);
  case Z3_OP_NOT: return ctx.bool_val(!value(e.arg(0), d).is_true());
  case Z3_OP_IMPLIES:
    return ctx.bool_val(!value(e.arg(0), d).is_true() || value(e.arg(1), d).is_true());
  default: break;
  }
  std::vector<z3::expr> values;
  std::vector<Z3_ast> args;
  for (unsigned i = 0; i < e.num_args(); ++i) {
    values.push_back(value(e.arg(i), d));
    args.push_back(values.back());
  }
  const z3::expr applied(ctx, Z3_mk_app(ctx, e.decl(), e.num_args(), args.data()));
  return model_.eval(applied, true);
}

namespace {

/// `sel -> (v = natural)`: natural, when `clause` has that shape for the constant `defines`.
std::optional<z3::expr> naturalOf(const z3::expr& clause, unsigned defines) {
  if (!clause.is_app() || clause.decl().decl_kind() != Z3_OP_IMPLIES) return std::nullopt;
  const z3::expr body = clause.arg(1);
  if (!body.is_app() || body.num_args() != 2) return std::nullopt;
  const Z3_decl_kind k = body.decl().decl_kind();
  if (k != Z3_OP_EQ && k != Z3_OP_IFF) return std::nullopt;
  if (body.arg(0).id() != defines) return std::nullopt;
  return body.arg(1);
}

class Justification {
public:
  Justification(TermValues& values,
                const std::unordered_map<unsigned, std::vector<z3::expr>>& definitions,
                const std::unordered_map<unsigned, ir::StmtId>& statementOf,
                const std::unordered_map<unsigned, std::uint32_t>& locationOf)
      : values_(values), definitions_(definitions), statementOf_(statementOf),
        locationOf_(locationOf) {}

  void run(const z3::expr& root) {
    push(root);
    while (!work_.empty()) {
      const z3::expr e = work_.back();
      work_.pop_back();
      step(e);
    }
  }

  std::set<ir::StmtId> statements;
  std::set<std::uint32_t> locations;

private:
  TermValues& values_;
  const std::unordered_map<unsigned, std::vector<z3::expr>>& definitions_;
  const std::unordered_map<unsigned, ir::StmtId>& statementOf_;
  const std::unordered_map<unsigned, std::uint32_t>& locationOf_;
  std::unordered_set<unsigned> seen_;
  std::vector<z3::expr> work_;

  bool holds(const z3::expr& e) { return values_.holds(e); }
  void push(const z3::expr& e) {
    if (seen_.insert(e.id()).second) work_.push_back(e);
  }
  /// Pushes the first operand of `e` whose truth is `value`.
  void pushFirst(const z3::expr& e, bool value) {
    for (unsigned i = 0; i < e.num_args(); ++i)
      if (holds(e.arg(i)) == value) return push(e.arg(i));
    pushAll(e);  // cannot happen in a model; stay sound
  }
  void pushAll(const z3::expr& e) {
    for (unsigned i = 0; i < e.num_args(); ++i)
      push(e.arg(i));
  }

  void step(const z3::expr& e) {
    if (!e.is_app()) return;
    const Z3_decl_kind k = e.decl().decl_kind();
    if (e.num_args() == 0) {
      if (k != Z3_OP_UNINTERPRETED) return;  // a numeral, true, false
      if (auto it = locationOf_.find(e.id()); it != locationOf_.end()) locations.insert(it->second);
      if (auto it = statementOf_.find(e.id()); it != statementOf_.end())
        statements.insert(it->second);
      if (auto it = definitions_.find(e.id()); it != definitions_.end())
        for (const z3::expr& natural : it->second)
          push(natural);
      return;  // otherwise an input, nondet value or unconstrained value: fixed by the model
    }
    switch (k) {
    case Z3_OP_AND: return holds(e) ? pushAll(e) : pushFirst(e, false);
    case Z3_OP_OR: return holds(e) ? pushFirst(e, true) : pushAll(e);
    case Z3_OP_IMPLIES:
      if (!holds(e)) return pushAll(e);
      return holds(e.arg(0)) ? push(e.arg(1)) : push(e.arg(0));
    case Z3_OP_ITE: push(e.arg(0)); return push(holds(e.arg(0)) ? e.arg(1) : e.arg(2));
    default: return pushAll(e);
    }
  }
};

}  // namespace

FormulaSlicer::FormulaSlicer(const encode::Encoding& enc) : enc_(enc) {
  for (const encode::HardClause& h : enc.hard)
    if (h.defines)
      if (std::optional<z3::expr> natural = naturalOf(h.clause, h.defines))
        definitions_[h.defines].push_back(*natural);
  for (const encode::Instance& inst : enc.instances)
    if (inst.group != ir::kNone) statementOf_[inst.value.id()] = enc.groups[inst.group].stmt;
  for (const encode::Choice& c : enc.choices)
    locationOf_[c.selected.id()] = c.location;
}

std::optional<MustSet> FormulaSlicer::slice(const z3::model& model) const {
  TermValues values(model);
  return slice(values);
}

std::optional<MustSet> FormulaSlicer::slice(TermValues& values) const {
  for (const encode::HardClause& h : enc_.hard) {
    if (!isDemand(h) || values.holds(h.clause)) continue;
    Justification walk(values, definitions_, statementOf_, locationOf_);
    walk.run(h.clause);
    MustSet out;
    out.statements.assign(walk.statements.begin(), walk.statements.end());
    out.locations.assign(walk.locations.begin(), walk.locations.end());
    out.demand = h.kind;
    out.demandStmt = h.stmt;
    return out;
  }
  return std::nullopt;
}

}  // namespace culprit::localize

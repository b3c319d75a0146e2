// Trace checks: see trace_checks.h.
#include "localize/trace_checks.h"

#include "localize/phases.h"
#include "localize/replay.h"
#include "solve/query_cuts.h"

#include <algorithm>

namespace culprit::localize {

struct TraceChecks::Formula {
  solve::Context* context = nullptr;  ///< the checks' one context (see context_)
  std::optional<encode::Encoding> enc;
  std::optional<solve::Session> session;
  std::map<ir::StmtId, std::vector<std::uint32_t>> groups;  ///< relevant groups by statement
  std::map<unsigned, ir::StmtId> stmtOfSelector;            ///< by the selector's ast id
  /// With Limits::rlimit: whether the first check, without a budget, has run (see check).
  bool warmed = false;
  /// Limits::hold: by statement, a literal that enforces its groups and holds its branch and
  /// switch instances to the run's decisions (built on the first check that holds).
  std::optional<std::map<ir::StmtId, z3::expr>> holds;
};

TraceChecks::TraceChecks(const Problem& base, Limits limits, Result* notes)
    : base_(base), limits_(limits), notes_(notes) {}

TraceChecks::~TraceChecks() = default;

TraceChecks::Formula& TraceChecks::formula(std::size_t test) {
  const bool beyond = !formulas_.count(test) && limits_.kept &&
                      formulas_.size() - (passing_ ? 1 : 0) >= limits_.kept;
  if (beyond) {
    if (passing_) {
      const auto it = formulas_.find(*passing_);
      if (it->second->session) gone_.push_back(it->second->session->stats());
      formulas_.erase(it);
    }
    passing_ = test;
  }
  std::unique_ptr<Formula>& f = formulas_[test];
  if (f) return *f;
  const PhaseTimer phase("checks: formulas");
  f = std::make_unique<Formula>();
  ++built_;
  FormulaTask task = formulaTask(*base_.program, base_.suite->tests.at(test), base_.oracle,
                                 base_.runOptions, base_.options);
  task.slice = !limits_.hold;
  Result scratch;
  try {
    if (!context_) context_ = makeSolverContext(task);
    f->context = context_.get();
    f->enc = errorFormula(f->context->z3(), task, limits_.family, scratch);
    if (f->enc) {
      solve::SessionOptions o = f->context->sessionOptions(solverLogic(task, *f->enc));
      if (limits_.rlimit) o.restarts = {};  // the budget is set after the first check
      f->session.emplace(f->context->z3(), o);
      for (const encode::HardClause& h : f->enc->hard)
        f->session->addHard(h.clause);
      for (std::uint32_t g = 0; g < f->enc->groups.size(); ++g)
        if (f->enc->groups[g].relevant) {
          f->groups[f->enc->groups[g].stmt].push_back(g);
          f->stmtOfSelector[f->enc->groups[g].selector.id()] = f->enc->groups[g].stmt;
        }
    }
  } catch (const z3::exception& e) {
    f->session.reset();
    addNote(scratch, std::string("solver: ") + e.msg());
  }
  if (notes_) {
    for (const std::string& n : scratch.notes)
      if (std::find(notes_->notes.begin(), notes_->notes.end(), n) == notes_->notes.end())
        notes_->notes.push_back(n);
    if (!scratch.complete)
      addNote(*notes_, "test " + std::to_string(base_.suite->tests[test].index) + ": " +
                           scratch.incompleteReason);
  }
  return *f;
}

namespace {

/// The literals of TraceChecks::Formula::holds for `test`'s trace formula `enc`, their clauses
/// added to `session`: `h -> sel` for each group of the statement, relevant or not (the slice
/// keeps no group for a branch's control of the code after it, bench/siemens v27: `cap =
/// route_cap();` and `if (cap == 0)` were free, so a free value could still turn a held
/// branch), and `h -> (reached -> decision as in the run)` for each of its branch and switch
/// instances.
std::map<ir::StmtId, z3::expr> holdLiterals(const Problem& base, std::size_t test,
                                            const encode::Encoding& enc, solve::Session& session,
                                            z3::context& z3) {
  const exec::RunResult run =
      exec::run(*base.program, base.suite->tests.at(test).input, tracedOptions(base.runOptions));
  std::map<exec::InstanceKey, std::int32_t> decisions;
  for (const exec::TraceEntry& e : run.trace)
    if (!e.hasValue) decisions[e.key] = e.decision;
  std::map<ir::StmtId, z3::expr> out;
  auto literal = [&](ir::StmtId stmt) {
    auto h = out.find(stmt);
    if (h == out.end()) {
      const std::string name = "hold!" + std::to_string(test) + "!" + std::to_string(stmt);
      h = out.emplace(stmt, z3.bool_const(name.c_str())).first;
    }
    return h->second;
  };
  for (const encode::SoftGroup& g : enc.groups)
    session.addHard(z3::implies(literal(g.stmt), g.selector));
  for (const encode::Instance& i : enc.instances) {
    if (i.kind == encode::InstanceKind::Value || i.group == ir::kNone) continue;
    const auto d = decisions.find({i.origin.stmt, i.origin.copy});
    if (d == decisions.end()) continue;
    const z3::expr as = i.kind == encode::InstanceKind::Branch
                            ? (d->second ? i.value : !i.value)
                            : i.value == z3.num_val(d->second, i.value.get_sort());
    session.addHard(z3::implies(literal(i.origin.stmt), z3::implies(i.reached, as)));
  }
  return out;
}

}  // namespace

solve::Answer TraceChecks::check(std::size_t test, const std::set<ir::StmtId>& relaxed,
                                 const solve::Deadline& deadline, bool hold) {
  Formula& f = formula(test);
  if (!f.session) return solve::Answer::Unknown;
  const PhaseTimer phase("checks: queries");
  const solve::QueryPurpose purpose("ranking checks");
  auto enforcedExcept = [&](const std::set<ir::StmtId>& free) {
    z3::expr_vector enforced(f.context->z3());
    for (const auto& [stmt, groups] : f.groups)
      if (!free.count(stmt))
        for (std::uint32_t g : groups)
          enforced.push_back(f.enc->groups[g].selector);
    return enforced;
  };
  try {
    if (limits_.rlimit && !f.warmed) {
      // z3 bit-blasts and internalizes the assertions in the first check of a session: under
      // the per-query budget, a contest-sized formula ran out of it before its first conflict
      // (every check unknown). The first check, every statement enforced (the failing run:
      // unsat by propagation), runs without the budget, within the deadline only; the budget
      // then counts each query's own search.
      f.warmed = true;
      ++checks_;
      if (f.session->check(enforcedExcept({}), deadline) == solve::Answer::Unknown) {
        f.session.reset();  // too heavy to build within the deadline: unknown from now on
        return solve::Answer::Unknown;
      }
      f.session->setRlimit(limits_.rlimit);
    }
    ++checks_;
    z3::expr_vector assumed = enforcedExcept(relaxed);
    if (hold && limits_.hold && limits_.family != encode::Family::Program) {
      if (!f.holds) f.holds = holdLiterals(base_, test, *f.enc, *f.session, f.context->z3());
      for (const auto& [stmt, h] : *f.holds)
        if (!relaxed.count(stmt)) assumed.push_back(h);
    }
    return f.session->check(assumed, deadline);
  } catch (const z3::exception&) {
    return solve::Answer::Unknown;
  }
}

std::set<ir::StmtId> TraceChecks::coreStatements(std::size_t test) {
  Formula& f = formula(test);
  std::set<ir::StmtId> out;
  for (const z3::expr& e : f.session->unsatCore())
    if (auto it = f.stmtOfSelector.find(e.id()); it != f.stmtOfSelector.end())
      out.insert(it->second);
  return out;
}

std::vector<AngelicValue> TraceChecks::angelic(std::size_t test,
                                               const std::set<ir::StmtId>& relaxed) {
  Formula& f = formula(test);
  std::vector<std::uint32_t> groups;
  for (ir::StmtId s : relaxed)
    if (auto it = f.groups.find(s); it != f.groups.end())
      groups.insert(groups.end(), it->second.begin(), it->second.end());
  std::vector<AngelicValue> out;
  for (const encode::AngelicInstance& a : encode::angelicValues(*f.enc, f.session->model(), groups))
    out.push_back(AngelicValue{a.key.stmt, a.key.occurrence, a.value,
                               a.kind != encode::InstanceKind::Value, std::nullopt});
  return out;
}

void TraceChecks::addStats(Stats& stats) const {
  std::vector<solve::QueryStats> all = gone_;
  for (const auto& [test, f] : formulas_)
    if (f->session) all.push_back(f->session->stats());
  for (const solve::QueryStats& q : all) {
    stats.solverMs += q.solverMs;
    stats.queries += q.queries;
    stats.maxCore = std::max(stats.maxCore, q.maxCore);
  }
}

}  // namespace culprit::localize

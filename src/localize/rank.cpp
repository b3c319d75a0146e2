// Ranking diagnoses by evidence, and the program-wide ranking: see rank.h.
#include "localize/rank.h"

#include "localize/phases.h"
#include "localize/ranking.h"
#include "localize/replay.h"
#include "localize/sbfl.h"
#include "localize/trace_checks.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>

namespace culprit::localize {

bool forwardsValue(const ir::Program& program, ir::StmtId stmt) {
  const ir::Stmt& s = program.stmt(stmt);
  const ir::Expr* e = ir::withoutVoidCast(s.expr.get());
  auto forwarded = [](const ir::Expr& value) {
    const ir::Expr& v = ir::peelCasts(value);
    return v.kind == ir::ExprKind::VarRef ||
           (v.kind == ir::ExprKind::Call && v.callee != ir::kNone);
  };
  if (s.role == ir::StmtRole::Return) return !e || ir::peelCasts(*e).kind == ir::ExprKind::VarRef;
  if (s.role != ir::StmtRole::Assign || !e) return false;
  if (s.kind == ir::StmtKind::Decl) return forwarded(*e);
  return e->kind == ir::ExprKind::Assign && e->ops.size() == 2 && forwarded(*e->ops[1]);
}

namespace {

/// Does `s` always leave the statements after it (return, break, continue; a block holding
/// one; an if both of whose branches do)?
bool leaves(const ir::Stmt* s) {
  if (!s) return false;
  switch (s->kind) {
  case ir::StmtKind::Return:
  case ir::StmtKind::Break:
  case ir::StmtKind::Continue: return true;
  case ir::StmtKind::Block:
    return std::any_of(s->children.begin(), s->children.end(),
                       [](const ir::StmtPtr& c) { return leaves(c.get()); });
  case ir::StmtKind::If: return leaves(s->thenS.get()) && leaves(s->elseS.get());
  default: return false;
  }
}

/// Each statement's nearest controlling branch statement (if, loop or switch), by StmtId: the
/// branch it is nested in, or an earlier `if` of its block one of whose branches leaves the
/// block (`if (c) return X; return Y;`: `return Y;` runs only when c is false).
std::vector<ir::StmtId> controllingBranches(const ir::Program& program) {
  std::vector<ir::StmtId> control(program.stmts.size(), ir::kNone);
  auto walk = [&](auto& self, const ir::Stmt* s, ir::StmtId branch) -> void {
    if (!s) return;
    if (s->id < control.size()) control[s->id] = branch;
    const ir::StmtId inner = s->isBranch() ? s->id : branch;
    auto sequence = [&](const std::vector<ir::StmtPtr>& stmts, ir::StmtId first) {
      for (const ir::StmtPtr& c : stmts) {
        self(self, c.get(), first);
        if (c && c->kind == ir::StmtKind::If && c->isBranch() &&
            leaves(c->thenS.get()) != leaves(c->elseS.get()))
          first = c->id;
      }
    };
    sequence(s->children, branch);
    self(self, s->init.get(), branch);
    self(self, s->thenS.get(), inner);
    self(self, s->elseS.get(), inner);
    self(self, s->step.get(), inner);
    self(self, s->body.get(), inner);
    for (const ir::SwitchArm& arm : s->arms)
      sequence(arm.body, inner);
  };
  for (const ir::Function& f : program.functions)
    walk(walk, f.body.get(), ir::kNone);
  return control;
}

/// Bounds of one explains-query; past them the check is unknown. Nonlinear formulas (--ints
/// math) have heavy-tailed queries: most take milliseconds, a few would take seconds. The
/// resource limit is deterministic (the same unknowns on every machine and load, so the same
/// order); the time limit only guards against a limit that does not bite.
constexpr unsigned kQueryRlimit = 30000;
constexpr double kQuerySeconds = 5;
/// A test formula whose queries for one result ran out this often is not asked again for that
/// result (its further checks are unknown): a heavy formula stays heavy, and each such query
/// costs its whole limit (on the demo an unknown took 76 ms, a decided query 1.5 ms; the 23
/// failing tests' rankings took 10 s in all before this limit, 4.3 s with it).
constexpr std::size_t kUnknownsPerFormula = 2;

int feasibilityOrder(Feasibility f) {
  switch (f) {
  case Feasibility::Feasible: return 0;
  case Feasibility::Unchecked: return 1;
  case Feasibility::Infeasible: return 2;
  }
  return 2;
}

std::size_t distance(const std::vector<bool>& a, const std::vector<bool>& b) {
  std::size_t d = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    d += a[i] != b[i];
  return d;
}

/// The ranking keys in the order they count (rank.h).
enum class Key { Feasible, Tests, Size, Spectrum, Role, Flow };

/// The order the keys count in (rank.h). Measured on bench/siemens (pf, first failing test of
/// 30 versions): this order puts the fault first in 15 runs, mean rank 1.9; spectrum before
/// size and role (the order TECHNIQUES.md lists): 12 runs, mean rank 3.7; solver order: 3.5.
constexpr Key kKeyOrder[] = {Key::Feasible, Key::Size,     Key::Role,
                             Key::Tests,    Key::Spectrum, Key::Flow};

const char* keyName(Key k) {
  switch (k) {
  case Key::Feasible: return "feasible";
  case Key::Tests: return "tests";
  case Key::Size: return "size";
  case Key::Spectrum: return "spectrum";
  case Key::Role: return "role";
  case Key::Flow: return "flow";
  }
  return "";
}

/// <0: `a` before `b` on key `k`; >0: after; 0: tie.
int compareOn(Key k, const Diagnosis& a, const Diagnosis& b) {
  const RankEvidence &x = *a.evidence, &y = *b.evidence;
  auto cmp = [](auto u, auto v) { return u < v ? -1 : v < u ? 1 : 0; };
  switch (k) {
  case Key::Feasible: return cmp(feasibilityOrder(a.feasible), feasibilityOrder(b.feasible));
  case Key::Tests: return cmp(y.explains, x.explains);
  case Key::Size: return cmp(a.locations.size(), b.locations.size());
  case Key::Spectrum:
    return std::abs(x.suspiciousness - y.suspiciousness) > 1e-9
               ? cmp(y.suspiciousness, x.suspiciousness)
               : 0;
  case Key::Role: return cmp(x.downstream, y.downstream);
  case Key::Flow: return cmp(x.after, y.after);
  }
  return 0;
}

/// The first key on which `a` comes before `b` ("order": they tie on every key).
std::string decidingKey(const Diagnosis& a, const Diagnosis& b) {
  for (Key k : kKeyOrder)
    if (compareOn(k, a, b) != 0) return keyName(k);
  return "order";
}

bool before(const Diagnosis& a, const Diagnosis& b) {
  for (Key k : kKeyOrder)
    if (const int c = compareOn(k, a, b); c != 0) return c < 0;
  return false;
}

/// The statements `d` changes (each once).
std::set<ir::StmtId> statementsOf(const Diagnosis& d) {
  std::set<ir::StmtId> stmts;
  for (const Location& l : d.locations)
    stmts.insert(l.stmt);
  return stmts;
}

/// Does statement `stmt` produce anything different in `a` and `b`?
bool differsAt(const std::map<exec::InstanceKey, std::int64_t>& a,
               const std::map<exec::InstanceKey, std::int64_t>& b, ir::StmtId stmt) {
  auto at = [&](const std::map<exec::InstanceKey, std::int64_t>& m) {
    return std::make_pair(m.lower_bound({stmt, 0}), m.lower_bound({stmt + 1, 0}));
  };
  const auto [a0, a1] = at(a);
  const auto [b0, b1] = at(b);
  return !std::equal(a0, a1, b0, b1);
}

}  // namespace

struct DiagnosisRanker::State {
  explicit State(const Problem& b)
      : base(b), checks(b, {kQueryRlimit, 0, encode::Family::TraceFlowSensitive, true}) {}
  Problem base;
  std::vector<double> scores;       ///< Ochiai by statement (empty without coverage)
  std::vector<ir::StmtId> control;  ///< controllingBranches
  TraceChecks checks;
  std::map<std::size_t, std::size_t> unknowns;  ///< by test, for the result being ranked
  /// The end of the run's --timeout, for the result being ranked: past it, no check is asked.
  std::optional<std::chrono::steady_clock::time_point> until;
  std::size_t skipped = 0;  ///< checks not asked for lack of time, for the result being ranked

  std::vector<std::size_t> others(std::size_t test) const {
    if (!base.coverage || !base.results) return {};
    return mostDifferentFailing(*base.coverage, test, base.options.rankTests);
  }

  /// Do `stmts`, relaxed, make failing test `test` pass? nullopt: no answer. First `values`,
  /// the angelic values of the diagnosis's own test, replayed on `test`: a passing replay shows
  /// it concretely, also where the fix takes `test` down another path, which its trace formula
  /// (the run's branch decisions kept) cannot (bench/siemens: a return value that a later
  /// condition tests explained no other test in the trace formulas).
  std::optional<bool> explains(std::size_t test, const std::set<ir::StmtId>& stmts,
                               const std::vector<AngelicValue>& values) {
    if (!values.empty() && base.program && base.suite) {
      const PhaseTimer phase("rank: replays");
      if (replayPasses(base, test, values)) return true;
    }
    std::size_t& ranOut = unknowns[test];
    if (ranOut >= kUnknownsPerFormula) return std::nullopt;
    double seconds = kQuerySeconds;
    if (until) {
      seconds = std::min(
          seconds,
          std::chrono::duration<double>(*until - std::chrono::steady_clock::now()).count());
      if (seconds <= 0) {
        ++skipped;
        return std::nullopt;
      }
    }
    const solve::Deadline deadline = solve::Deadline::after(seconds);
    // The run's branches held first: a model then follows the run's path wherever a statement
    // outside `stmts` decides (trace_checks.h), as a replay would.
    switch (checks.check(test, stmts, deadline, true)) {
    case solve::Answer::Sat: return true;
    case solve::Answer::Unsat: break;
    case solve::Answer::Unknown: ++ranOut; return std::nullopt;
    }
    // Free: a fix that turns an enforced branch, which the trace formula does not tie to the
    // code after it (an early `return` the run skipped): only a passing replay of its values
    // shows it.
    switch (checks.check(test, stmts, deadline)) {
    case solve::Answer::Sat: {
      const PhaseTimer phase("rank: replays");
      if (replayPasses(base, test, checks.angelic(test, stmts))) return true;
      return std::nullopt;
    }
    case solve::Answer::Unsat: return false;
    case solve::Answer::Unknown: break;
    }
    ++ranOut;
    return std::nullopt;
  }

  /// The statements of `stmts` (a diagnosis explaining `explains` failing tests) that only
  /// carry out what another diagnosis of the result decides: forwarding a value, or (not being
  /// a branch) running under a branch that replaces it in another diagnosis of the result
  /// explaining at least as many failing tests (`explained`: each diagnosis's statements and
  /// count) — the branch alone, or with the same other statements (bench/siemens v25, cfaults:
  /// {48, `return REDUCE;`} beside {48, the condition that chooses it}). A branch that explains
  /// fewer tests does not decide for them (v18: `if (aspect == STOP)` explained 3 of 5, the
  /// faulty return under it 5).
  std::size_t downstream(const std::set<ir::StmtId>& stmts, std::size_t explains,
                         const std::map<std::set<ir::StmtId>, std::size_t>& explained) {
    auto replaces = [&](const std::set<ir::StmtId>& other) {
      const auto it = explained.find(other);
      return it != explained.end() && it->second >= explains;
    };
    std::size_t n = 0;
    for (ir::StmtId s : stmts) {
      bool under = false;
      if (!base.program->stmt(s).isBranch() && s < control.size() && control[s] != ir::kNone) {
        std::set<ir::StmtId> replaced = stmts;
        replaced.erase(s);
        replaced.insert(control[s]);
        under = replaces(replaced) || replaces({control[s]});
      }
      n += forwardsValue(*base.program, s) || under;
    }
    return n;
  }

  /// Sets RankEvidence::after of the feasible one-statement diagnoses of `r` (failing test
  /// `test`): each one's fix is replayed, traced, and every other such diagnosis whose statement
  /// then produces something else than in the failing run counts it (the fix flows into it).
  void flow(Result& r, std::size_t test) {
    std::vector<Diagnosis*> single;
    for (Diagnosis& d : r.diagnoses)
      if (d.locations.size() == 1 && d.feasible == Feasibility::Feasible && !d.angelic.empty() &&
          d.path.empty())  // not a deviated path's (locfaults): its fix replays another run
        single.push_back(&d);
    if (single.size() < 2 || !base.program || !base.suite) return;
    const exec::RunOptions traced = tracedOptions(base.runOptions);
    const testing::TestCase& t = base.suite->tests.at(test);
    const auto failing = producedValues(tracedReplay(*base.program, t, {}, traced));
    for (const Diagnosis* fix : single) {
      const auto fixed = producedValues(tracedReplay(*base.program, t, fix->angelic, traced));
      for (Diagnosis* other : single)
        if (other != fix && differsAt(failing, fixed, other->locations[0].stmt))
          ++other->evidence->after;
    }
  }

  /// Every key's evidence but the role's (RankEvidence::downstream, set by rank()).
  RankEvidence evidence(const Diagnosis& d, const std::vector<std::size_t>& tests) {
    RankEvidence e;
    const std::set<ir::StmtId> stmts = statementsOf(d);
    e.explains = e.checked = 1;  // an MCS of its own test's formula
    if (!d.perTest.empty())      // a diagnosis of several tests at once: of each of them
      e.explains = e.checked = d.perTest.size();
    for (std::size_t t : d.perTest.empty() ? tests : std::vector<std::size_t>{}) {
      const std::optional<bool> yes = explains(t, stmts, d.angelic);
      ++e.checked;
      e.unknown += !yes;
      e.explains += yes.value_or(false);
    }
    double sum = 0;
    for (ir::StmtId s : stmts)
      sum += s < scores.size() ? scores[s] : 0;
    e.suspiciousness = stmts.empty() ? 0 : sum / static_cast<double>(stmts.size());
    return e;
  }
};

std::vector<std::size_t> mostDifferentFailing(const testing::CoverageMatrix& c, std::size_t from,
                                              std::size_t count) {
  std::vector<std::size_t> chosen, pool;
  for (std::size_t i = 0; i < c.failing.size(); ++i)
    if (i != from && c.failing[i] && c.usable[i]) pool.push_back(i);
  std::vector<std::size_t> nearest(pool.size());
  for (std::size_t i = 0; i < pool.size(); ++i)
    nearest[i] = distance(c.covered[pool[i]], c.covered[from]);
  while (chosen.size() < count && !pool.empty()) {
    const std::size_t best = static_cast<std::size_t>(
        std::max_element(nearest.begin(), nearest.end()) - nearest.begin());
    const std::size_t picked = pool[best];
    chosen.push_back(picked);
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(best));
    nearest.erase(nearest.begin() + static_cast<std::ptrdiff_t>(best));
    for (std::size_t i = 0; i < pool.size(); ++i)
      nearest[i] = std::min(nearest[i], distance(c.covered[pool[i]], c.covered[picked]));
  }
  return chosen;
}

DiagnosisRanker::DiagnosisRanker(const Problem& base) : state_(std::make_unique<State>(base)) {
  if (base.coverage)
    state_->scores = statementScores(*base.program, *base.coverage, SbflFormula::Ochiai);
  state_->control = controllingBranches(*base.program);
}

DiagnosisRanker::~DiagnosisRanker() = default;

void DiagnosisRanker::rank(Result& r, std::size_t test, std::optional<double> secondsLeft) {
  const PhaseTimer phase("rank");
  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::size_t> tests = state_->others(test);
  state_->unknowns.clear();  // the limit is per result: each result asks every test afresh
  state_->until.reset();
  if (secondsLeft)
    state_->until = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                std::chrono::duration<double>(*secondsLeft));
  state_->skipped = 0;
  for (Diagnosis& d : r.diagnoses)
    d.evidence = state_->evidence(d, tests);
  std::map<std::set<ir::StmtId>, std::size_t> explained;  // most tests explained by statements
  for (const Diagnosis& d : r.diagnoses) {
    std::size_t& n = explained[statementsOf(d)];
    n = std::max(n, d.evidence->explains);
  }
  for (Diagnosis& d : r.diagnoses)
    d.evidence->downstream = state_->downstream(statementsOf(d), d.evidence->explains, explained);
  state_->flow(r, test);
  std::stable_sort(r.diagnoses.begin(), r.diagnoses.end(), before);
  for (std::size_t i = 0; i + 1 < r.diagnoses.size(); ++i)
    r.diagnoses[i].evidence->decidedBy = decidingKey(r.diagnoses[i], r.diagnoses[i + 1]);
  if (state_->skipped)
    r.notes.push_back(fmt::format(
        "ranking: {} checks of whether a diagnosis explains other failing tests were not asked: "
        "the time limit (--timeout) had run out (they count as unknown)",
        state_->skipped));
  r.stats.rankMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::vector<RankedLocation> programRanking(const std::vector<const Result*>& perTest) {
  struct Acc {
    double sum = 0;
    std::size_t tests = 0, first = 0, best = 0;
  };
  std::map<std::pair<std::uint32_t, std::uint32_t>, Acc> lines;
  for (const Result* r : perTest) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    for (std::size_t pos = 0; pos < r->diagnoses.size(); ++pos)
      for (const Location& l : r->diagnoses[pos].locations) {
        const std::pair<std::uint32_t, std::uint32_t> key{l.file, l.line};
        if (!seen.insert(key).second) continue;
        Acc& a = lines[key];
        a.sum += 1.0 / static_cast<double>(pos + 1);
        ++a.tests;
        a.first += pos == 0;
        a.best = a.best ? std::min(a.best, pos + 1) : pos + 1;
      }
  }
  std::vector<RankedLocation> out;
  const double n = static_cast<double>(perTest.size());
  for (const auto& [key, a] : lines) {
    RankedLocation l;
    l.file = key.first, l.line = key.second;
    l.score = a.sum / n;
    l.tests = a.tests, l.first = a.first;
    l.why = fmt::format("first diagnosis of {} of {} failing tests; in a diagnosis of {}, best "
                        "position {}",
                        a.first, perTest.size(), a.tests, a.best);
    out.push_back(std::move(l));
  }
  std::stable_sort(out.begin(), out.end(), [](const RankedLocation& a, const RankedLocation& b) {
    return a.score > b.score;
  });
  const std::vector<RankPosition> pos = tiePositions(out.size(), [&](std::size_t i, std::size_t j) {
    return std::abs(out[i].score - out[j].score) < 1e-12;
  });
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i].rank = pos[i].worst;
  return out;
}

}  // namespace culprit::localize

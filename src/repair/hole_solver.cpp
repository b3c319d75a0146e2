// The solver side of a constant hole: see hole_solver.h.
#include "repair/hole_solver.h"

#include "localize/loop_bounds.h"
#include "localize/solving.h"
#include "localize/task.h"
#include "repair/options.h"
#include "repair/validate.h"

#include <algorithm>
#include <chrono>
#include <functional>

namespace culprit::repair::detail {
namespace {

bool bitwise(const ir::Expr& e) {
  if ((e.kind == ir::ExprKind::Binary || e.kind == ir::ExprKind::CompoundAssign) &&
      (e.binop == ir::BinOp::BitAnd || e.binop == ir::BinOp::BitOr ||
       e.binop == ir::BinOp::BitXor || e.binop == ir::BinOp::Shl || e.binop == ir::BinOp::Shr))
    return true;
  if (e.kind == ir::ExprKind::Unary && e.unop == ir::UnOp::BitNot) return true;
  for (const ir::ExprPtr& op : e.ops)
    if (bitwise(*op)) return true;
  return false;
}

bool readsNondet(const ir::Expr& e) {
  if (e.kind == ir::ExprKind::Call && e.builtin == ir::Builtin::Nondet) return true;
  for (const ir::ExprPtr& op : e.ops)
    if (readsNondet(*op)) return true;
  return false;
}

/// Turns literals into nondet calls while it lives.
class LiteralsAsNondet {
public:
  explicit LiteralsAsNondet(const std::vector<ir::Expr*>& literals) : literals_(literals) {
    for (ir::Expr* e : literals_) {
      values_.push_back(e->value);
      e->kind = ir::ExprKind::Call;
      e->builtin = ir::Builtin::Nondet;
    }
  }
  ~LiteralsAsNondet() {
    for (std::size_t i = 0; i < literals_.size(); ++i) {
      literals_[i]->kind = ir::ExprKind::IntLit;
      literals_[i]->builtin = ir::Builtin::None;
      literals_[i]->value = values_[i];
    }
  }
  LiteralsAsNondet(const LiteralsAsNondet&) = delete;
  LiteralsAsNondet& operator=(const LiteralsAsNondet&) = delete;

private:
  const std::vector<ir::Expr*>& literals_;
  std::vector<std::int64_t> values_;
};

}  // namespace

HoleEncoder::HoleEncoder(const RepairProblem& problem, const RepairOptions& options)
    : problem_(problem), options_(options) {
  bool anyBitwise = false;
  for (const ir::Stmt* s : problem.program->stmts)
    if (s && s->expr) {
      usesNondet_ = usesNondet_ || readsNondet(*s->expr);
      anyBitwise = anyBitwise || bitwise(*s->expr);
    }
  // A hole makes products and quotients by a constant non-linear: z3 bit-blasts them into
  // circuits it searches slowly (seconds per query on the Siemens-style subject), while its
  // arithmetic core takes them in milliseconds; bitwise operators are slow with integers.
  ints_ = options.ints == RepairOptions::Ints::BitVector && anyBitwise ? encode::Ints::BitVector
          : options.ints == RepairOptions::Ints::Math                  ? encode::Ints::Math
          : anyBitwise                                                 ? encode::Ints::BitVector
                                                                       : encode::Ints::Math;
}

std::optional<HoleEncoder::Formula>
HoleEncoder::encode(std::size_t test, const std::vector<ir::Expr*>& literals, bool divisor) {
  const auto start = std::chrono::steady_clock::now();
  localize::FormulaOptions fo;
  fo.unwind = options_.unwind;
  const testing::TestCase& t = problem_.suite->tests[test];
  const localize::FormulaTask task =
      localize::formulaTask(*problem_.program, t, problem_.oracle, problem_.run, fo);
  auto known = expectations_.find(test);
  if (known == expectations_.end()) {
    localize::TaskExpectation te = localize::taskExpectation(ctx_, task);
    std::optional<::culprit::encode::Expectation> e;
    if (te.note.empty()) e = std::move(te.expect);
    known = expectations_.emplace(test, std::move(e)).first;
  }
  if (!known->second) return std::nullopt;
  auto bounds = loopBounds_.find(test);
  if (bounds == loopBounds_.end()) {
    // Loops the test runs past --unwind keep the run's iterations (+ 2): with every loop cut at
    // --unwind, the test's formula has no run at all and no value would fit (caesar-v1's lines).
    exec::RunOptions traced = problem_.run;
    traced.trace = true;
    traced.coverage = false;
    traced.observer = nullptr;
    std::unordered_map<ir::StmtId, unsigned> b = localize::runLoopBounds(
        *problem_.program, exec::run(*problem_.program, t.input, traced), 2, options_.unwind);
    for (auto& [loop, n] : b)
      n = std::max(n, options_.unwind);
    bounds = loopBounds_.emplace(test, std::move(b)).first;
  }
  encode::EncodeOptions eo;
  eo.loopUnwind = bounds->second;
  eo.family = encode::Family::Program;
  eo.ints = divisor ? ::culprit::encode::Ints::BitVector : ints_;
  eo.unwind = options_.unwind;
  eo.entry = problem_.run.entry;
  eo.programName = problem_.run.programName;
  eo.relax = false;
  eo.symbolicNondet = true;
  eo.nondetUninitialised = problem_.run.nondetUninitialised;
  try {
    encode::Encoding enc(ctx_);
    {
      const LiteralsAsNondet holes(literals);
      enc = encode::encode(ctx_, *problem_.program, t.input, *known->second, eo);
    }
    Formula f{{}, {}, localize::solverLogic(eo.ints, enc)};
    for (const encode::HardClause& h : enc.hard)
      f.clauses.push_back(h.clause);
    for (const encode::NondetCall& n : enc.nondet)
      f.holeValues.push_back(n.value);
    ++encodings;
    encodeMs += msSince(start);
    return f;
  } catch (const encode::EncodeError&) {
    encodeMs += msSince(start);
    return std::nullopt;
  }
}

HoleSolver::HoleSolver(HoleEncoder& encoder, std::vector<ir::Expr*> literals, ir::IntKind type,
                       bool divisor)
    : encoder_(encoder), literals_(std::move(literals)), type_(type), divisor_(divisor) {}

bool HoleSolver::addTest(std::size_t test) {
  std::optional<HoleEncoder::Formula> f = encoder_.encode(test, literals_, divisor_);
  if (!f) return false;
  tests_.insert(test);
  if (!session_) {
    solve::SessionOptions so;
    so.logic = f->logic;
    const RepairOptions& o = encoder_.options();
    if (o.holeQuerySeconds > 0)
      so.queryTimeoutMs = static_cast<unsigned>(o.holeQuerySeconds * 1000);
    so.rlimit = o.holeQueryRlimit;
    session_ = std::make_unique<solve::Session>(encoder_.ctx(), so);
  }
  for (const z3::expr& c : f->clauses)
    session_->addHard(c);
  static std::uint64_t holes = 0;
  for (const z3::expr& v : f->holeValues) {
    if (!hole_)
      hole_ = encoder_.ctx().constant(("hole!" + std::to_string(holes++)).c_str(), v.get_sort());
    if (!z3::eq(v.get_sort(), hole_->get_sort())) continue;  // not the hole's type: left free
    session_->addHard(v == *hole_);
  }
  return true;
}

void HoleSolver::restrict(const std::vector<std::int64_t>& values, std::int64_t original) {
  amongValues_ = values;
  original_ = original;
}

std::vector<HoleSolver::Scope> HoleSolver::scopes() {
  return {{true, 0}, {false, 10}, {false, 1000}, {false, 1'000'000}, {false, 0}};
}

z3::expr HoleSolver::literal(std::int64_t value) const {
  return hole_->is_bv() ? encoder_.ctx().bv_val(value, hole_->get_sort().bv_size())
                        : encoder_.ctx().int_val(value);
}

std::optional<z3::expr> HoleSolver::guard(const Scope& scope) {
  static std::uint64_t guards = 0;
  z3::context& ctx = encoder_.ctx();
  if (scope.among) {
    if (!among_) {
      among_ = ctx.bool_const(("among!" + std::to_string(guards++)).c_str());
      z3::expr_vector choices(ctx);
      for (std::int64_t v : amongValues_)
        choices.push_back(*hole_ == literal(v));
      session_->addHard(z3::implies(*among_, z3::mk_or(choices)));
    }
    return among_;
  }
  if (scope.within <= 0) return std::nullopt;
  auto it = within_.find(scope.within);
  if (it == within_.end()) {
    const z3::expr g = ctx.bool_const(("within!" + std::to_string(guards++)).c_str());
    const __int128 lo = static_cast<__int128>(original_) - scope.within;
    const __int128 hi = static_cast<__int128>(original_) + scope.within;
    session_->addHard(z3::implies(
        g, encode::valueWithin(*hole_, type_,
                               static_cast<std::int64_t>(std::max<__int128>(lo, INT64_MIN)),
                               static_cast<std::int64_t>(std::min<__int128>(hi, INT64_MAX)))));
    it = within_.emplace(scope.within, g).first;
  }
  return it->second;
}

HoleSolver::Answer HoleSolver::solve(const solve::Deadline& deadline, std::int64_t& value,
                                     Scope scope) {
  if (!session_) return Answer::NoValue;
  ++queries;
  z3::expr_vector assumptions(encoder_.ctx());
  if (hole_)
    if (std::optional<z3::expr> g = guard(scope)) assumptions.push_back(*g);
  const solve::Answer a = session_->check(assumptions, deadline);
  if (a == solve::Answer::Unknown) {
    if (!deadline.expired() && undecidedReason_.empty()) {
      undecidedReason_ = session_->reasonUnknown();
      if (undecidedReason_.empty()) undecidedReason_ = "unknown";
    }
    return Answer::Unknown;
  }
  if (a == solve::Answer::Unsat) return Answer::NoValue;
  if (!hole_) return Answer::NoValue;  // no test added reaches the hole: any value does
  value = encode::modelValue(session_->model(), *hole_, type_);
  return Answer::Value;
}

void HoleSolver::block(std::int64_t value) {
  blocked_.push_back(value);
  if (!session_ || !hole_) return;
  session_->addHard(*hole_ != literal(value));
}

void noteUndecided(const HoleSolver& solver, const std::string& where, HoleKindTried& tried) {
  if (!solver.undecided()) return;
  for (const std::string& w : tried.undecidedWhere)
    if (w.rfind(where + ": ", 0) == 0) return;  // the same hole again (several places' steps)
  ++tried.undecided;
  tried.undecidedWhere.push_back(where + ": " + solver.undecidedReason());
}

std::string HoleSolver::reasonUnknown() const { return session_ ? session_->reasonUnknown() : ""; }

/// The values one decimal edit (a digit changed, added or dropped, or the sign) from `c`
/// that fit `type`.
std::vector<std::int64_t> oneEditAway(std::int64_t c, ir::IntKind type) {
  std::string digits = std::to_string(c);
  if (c < 0) digits.erase(0, 1);
  const bool negative = c < 0;
  std::vector<std::string> texts;
  for (std::size_t i = 0; i <= digits.size(); ++i)
    for (char d = '0'; d <= '9'; ++d) {
      texts.push_back(digits.substr(0, i) + d + digits.substr(i));  // added
      if (i < digits.size()) {
        std::string changed = digits;
        changed[i] = d;
        texts.push_back(changed);
      }
    }
  for (std::size_t i = 0; i < digits.size() && digits.size() > 1; ++i)
    texts.push_back(digits.substr(0, i) + digits.substr(i + 1));  // dropped
  std::vector<std::int64_t> out;
  const auto add = [&](__int128 v) {
    const int w = ir::bitWidth(type);
    const bool sign = ir::isSigned(type);
    const __int128 lo = sign ? -(static_cast<__int128>(1) << (w - 1)) : 0;
    const __int128 hi =
        sign ? (static_cast<__int128>(1) << (w - 1)) - 1 : (static_cast<__int128>(1) << w) - 1;
    if (v < lo || v > hi || v == c) return;
    const auto x = static_cast<std::int64_t>(v);
    if (std::find(out.begin(), out.end(), x) == out.end()) out.push_back(x);
  };
  for (const std::string& t : texts) {
    if (t.size() > 1 && t[0] == '0') continue;  // not how a number is written
    if (t.size() > 18) continue;
    const __int128 v = std::stoll(t);
    add(negative ? -v : v);
  }
  add(-static_cast<__int128>(c));
  return out;
}

/// Orders a constant's replacements: fewer decimal edits; a digit added or dropped before one
/// changed (the original's digits are kept); nearer.
std::tuple<std::size_t, bool, __int128> naturalness(std::int64_t original, std::int64_t v) {
  const std::string a = std::to_string(original), b = std::to_string(v);
  const bool keepsDigits =
      a.size() != b.size() &&
      (b.find(a) != std::string::npos || a.find(b) != std::string::npos || editDistance(a, b) == 1);
  const __int128 d = static_cast<__int128>(v) - original;
  return {editDistance(a, b), !keepsDigits, d < 0 ? -d : d};
}

/// Levenshtein distance of two short strings.
std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1] ? 1 : 0)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace culprit::repair::detail

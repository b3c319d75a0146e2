// sscanf of computed strings by finite case analysis: see string_cases.h.
#include "encode/string_cases.h"

#include <algorithm>
#include <memory>
#include <set>
#include <unordered_map>

namespace culprit::encode::detail {
namespace {

using Int = __int128;
constexpr Int kUnbounded = static_cast<Int>(1) << 100;  ///< integer sorts: no bound
constexpr std::size_t kMaxDepth = 128;                  ///< splits along one case

bool isSpace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/// What a case assumes of a term: a Boolean's value, or the interval [lo, hi] an integer lies
/// in (bit-vectors unsigned).
struct Fact {
  bool boolean = false;
  bool value = false;
  Int lo = 0, hi = 0;
};
using Facts = std::unordered_map<unsigned, Fact>;

/// The range of an integer term's sort, or nullopt for sorts the analysis does not split.
std::optional<std::pair<Int, Int>> rangeOf(const z3::expr& t) {
  if (t.is_int()) return std::make_pair(-kUnbounded, kUnbounded);
  if (t.is_bv() && t.get_sort().bv_size() <= 64)
    return std::make_pair(Int{0}, (static_cast<Int>(1) << t.get_sort().bv_size()) - 1);
  return std::nullopt;
}

/// A numeral's value (bit-vectors unsigned).
std::optional<Int> valueOf(const z3::expr& t) {
  if (!t.is_numeral()) return std::nullopt;
  if (t.is_bv()) {
    std::uint64_t u = 0;
    if (t.get_sort().bv_size() > 64 || !t.is_numeral_u64(u)) return std::nullopt;
    return static_cast<Int>(u);
  }
  std::int64_t i = 0;
  if (!t.is_numeral_i64(i)) return std::nullopt;
  return static_cast<Int>(i);
}

z3::expr numeralLike(const z3::expr& t, Int v) {
  if (t.is_bv()) return t.ctx().bv_val(static_cast<std::uint64_t>(v), t.get_sort().bv_size());
  return t.ctx().int_val(static_cast<std::int64_t>(v));
}

bool isComparison(Z3_decl_kind k) {
  switch (k) {
  case Z3_OP_EQ:
  case Z3_OP_DISTINCT:
  case Z3_OP_ULT:
  case Z3_OP_ULEQ:
  case Z3_OP_UGT:
  case Z3_OP_UGEQ:
  case Z3_OP_SLT:
  case Z3_OP_SLEQ:
  case Z3_OP_SGT:
  case Z3_OP_SGEQ:
  case Z3_OP_LT:
  case Z3_OP_LE:
  case Z3_OP_GT:
  case Z3_OP_GE: return true;
  default: return false;
  }
}

bool isSignedComparison(Z3_decl_kind k) {
  return k == Z3_OP_SLT || k == Z3_OP_SLEQ || k == Z3_OP_SGT || k == Z3_OP_SGEQ;
}

/// `a op b` on values (bit-vectors of width w, unsigned; signed comparisons reinterpret).
bool compare(Z3_decl_kind k, Int a, Int b, unsigned w) {
  if (isSignedComparison(k) && w > 0 && w <= 64) {
    const Int half = static_cast<Int>(1) << (w - 1);
    if (a >= half) a -= half * 2;
    if (b >= half) b -= half * 2;
  }
  switch (k) {
  case Z3_OP_EQ: return a == b;
  case Z3_OP_DISTINCT: return a != b;
  case Z3_OP_ULT:
  case Z3_OP_SLT:
  case Z3_OP_LT: return a < b;
  case Z3_OP_ULEQ:
  case Z3_OP_SLEQ:
  case Z3_OP_LE: return a <= b;
  case Z3_OP_UGT:
  case Z3_OP_SGT:
  case Z3_OP_GT: return a > b;
  default: return a >= b;
  }
}

/// Evaluates terms under facts: a term is decided (a numeral, true or false) or stays itself
/// (or the branch an ite with a decided condition picks). The first undecided Boolean constant,
/// or term compared with a numeral, met since the last reset is the blocker: what to split.
class Evaluator {
public:
  explicit Evaluator(Facts facts) : facts_(std::move(facts)) {}
  const Facts& facts() const { return facts_; }

  struct Value {
    z3::expr term;
    bool decided = false;
    std::optional<z3::expr> blocker;
  };

  std::optional<z3::expr> blocker;

  Value eval(const z3::expr& t) {
    if (auto it = memo_.find(t.id()); it != memo_.end()) {
      if (!it->second.decided && !blocker) blocker = it->second.blocker;
      return it->second;
    }
    std::optional<z3::expr> outer = std::move(blocker);
    blocker.reset();
    Value v = compute(t);
    v.blocker = v.decided ? std::nullopt : blocker;
    if (outer) blocker = std::move(outer);
    memo_.emplace(t.id(), v);
    return v;
  }

  /// The interval `t` is known to lie in.
  std::optional<std::pair<Int, Int>> interval(const z3::expr& t) {
    const Value v = eval(t);
    if (v.decided) {
      if (std::optional<Int> n = valueOf(v.term)) return std::make_pair(*n, *n);
      return std::nullopt;
    }
    if (auto it = facts_.find(t.id()); it != facts_.end() && !it->second.boolean)
      return std::make_pair(it->second.lo, it->second.hi);
    return std::nullopt;
  }

private:
  Value decided(const z3::expr& t) { return Value{t, true, std::nullopt}; }
  Value open(const z3::expr& t) { return Value{t, false, std::nullopt}; }
  void block(const z3::expr& t) {
    if (!blocker) blocker = t;
  }

  Value compute(const z3::expr& t) {
    z3::context& ctx = t.ctx();
    if (t.is_numeral() || t.is_true() || t.is_false()) return decided(t);
    if (auto it = facts_.find(t.id()); it != facts_.end()) {
      const Fact& f = it->second;
      if (f.boolean) return decided(ctx.bool_val(f.value));
      if (f.lo == f.hi) return decided(numeralLike(t, f.lo));
      return open(t);
    }
    if (!t.is_app()) return open(t);
    const Z3_decl_kind kind = t.decl().decl_kind();
    if (t.num_args() == 0) {
      if (t.is_bool()) block(t);
      return open(t);
    }
    switch (kind) {
    case Z3_OP_ITE: {
      const Value c = eval(t.arg(0));
      if (!c.decided) return open(t);
      return eval(t.arg(c.term.is_true() ? 1 : 2));
    }
    case Z3_OP_AND:
    case Z3_OP_OR: {
      const bool isAnd = kind == Z3_OP_AND;
      bool unknown = false;
      for (unsigned i = 0; i < t.num_args(); ++i) {
        const Value a = eval(t.arg(i));
        if (!a.decided)
          unknown = true;
        else if (a.term.is_true() != isAnd)
          return decided(ctx.bool_val(!isAnd));
      }
      return unknown ? open(t) : decided(ctx.bool_val(isAnd));
    }
    case Z3_OP_NOT: {
      const Value a = eval(t.arg(0));
      return a.decided ? decided(ctx.bool_val(a.term.is_false())) : open(t);
    }
    default: break;
    }
    if (isComparison(kind) && t.num_args() == 2) return comparison(t, kind);
    std::vector<Int> args;
    for (unsigned i = 0; i < t.num_args(); ++i) {
      const Value a = eval(t.arg(i));
      std::optional<Int> n = a.decided ? valueOf(a.term) : std::nullopt;
      if (!n) return open(t);
      args.push_back(*n);
    }
    const std::optional<std::pair<Int, Int>> range = rangeOf(t);
    if (!range) return open(t);
    Int r = 0;
    const unsigned w = t.is_bv() ? t.get_sort().bv_size() : 0;
    switch (kind) {
    case Z3_OP_BADD:
    case Z3_OP_ADD:
      for (Int a : args)
        r += a;
      break;
    case Z3_OP_BSUB:
    case Z3_OP_SUB:
      r = args[0];
      for (std::size_t i = 1; i < args.size(); ++i)
        r -= args[i];
      break;
    case Z3_OP_BNEG:
    case Z3_OP_UMINUS: r = -args[0]; break;
    case Z3_OP_EXTRACT: {
      const unsigned lo = Z3_get_decl_int_parameter(ctx, t.decl(), 1);
      r = args[0] >> lo;
      break;
    }
    case Z3_OP_ZERO_EXT: r = args[0]; break;
    case Z3_OP_SIGN_EXT: {
      const unsigned from = t.arg(0).get_sort().bv_size();
      r = args[0];
      if (from > 0 && (r >> (from - 1)) & 1) r -= static_cast<Int>(1) << from;
      break;
    }
    default: return open(t);
    }
    if (t.is_bv()) {
      const Int modulus = static_cast<Int>(1) << w;
      r %= modulus;
      if (r < 0) r += modulus;
    } else if (r < -kUnbounded / 2 || r > kUnbounded / 2 || r < INT64_MIN || r > INT64_MAX) {
      return open(t);
    }
    return decided(numeralLike(t, r));
  }

  Value comparison(const z3::expr& t, Z3_decl_kind kind) {
    z3::context& ctx = t.ctx();
    const z3::expr a = t.arg(0), b = t.arg(1);
    if (a.is_bool()) {  // <=> of Booleans
      const Value x = eval(a), y = eval(b);
      if (!x.decided || !y.decided) return open(t);
      return decided(ctx.bool_val((x.term.is_true() == y.term.is_true()) == (kind == Z3_OP_EQ)));
    }
    const auto x = interval(a), y = interval(b);
    if (!x || !y) {
      // Split the side compared with a numeral.
      const Value va = eval(a), vb = eval(b);
      if (va.decided && !vb.decided && !y && valueOf(va.term)) block(b);
      if (vb.decided && !va.decided && !x && valueOf(vb.term)) block(a);
      return open(t);
    }
    const unsigned w = a.is_bv() ? a.get_sort().bv_size() : 0;
    const bool low = compare(kind, x->first, y->first, w);
    if (low == compare(kind, x->second, y->second, w) &&
        low == compare(kind, x->first, y->second, w) &&
        low == compare(kind, x->second, y->first, w))
      return decided(ctx.bool_val(low));
    return open(t);
  }

  Facts facts_;
  std::unordered_map<unsigned, Value> memo_;
};

/// Where intervals of terms compared with numerals must start: for each such term (by id), the
/// values that begin a new interval of its range.
class Cuts {
public:
  explicit Cuts(const std::vector<z3::expr>& cells) {
    for (const z3::expr& c : cells)
      walk(c);
  }
  const std::set<Int>& of(const z3::expr& t) { return cuts_[t.id()]; }

private:
  void walk(const z3::expr& t) {
    if (!t.is_app() || !seen_.insert(t.id()).second) return;
    const Z3_decl_kind kind = t.decl().decl_kind();
    if (isComparison(kind) && t.num_args() == 2 && !t.arg(0).is_bool()) {
      std::optional<Int> k = valueOf(t.arg(1));
      z3::expr x = t.arg(0);
      bool mirrored = false;
      if (!k) {
        k = valueOf(t.arg(0));
        x = t.arg(1);
        mirrored = true;
      }
      if (k && !x.is_numeral()) add(x, kind, *k, mirrored);
    }
    for (unsigned i = 0; i < t.num_args(); ++i)
      walk(t.arg(i));
  }

  void add(const z3::expr& x, Z3_decl_kind kind, Int k, bool mirrored) {
    std::set<Int>& s = cuts_[x.id()];
    const unsigned w = x.is_bv() ? x.get_sort().bv_size() : 0;
    if (isSignedComparison(kind) && w > 0) s.insert(static_cast<Int>(1) << (w - 1));
    switch (kind) {
    case Z3_OP_EQ:
    case Z3_OP_DISTINCT:
      s.insert(k);
      s.insert(k + 1);
      break;
    case Z3_OP_ULT:
    case Z3_OP_SLT:
    case Z3_OP_LT:
    case Z3_OP_UGEQ:
    case Z3_OP_SGEQ:
    case Z3_OP_GE: s.insert(mirrored ? k + 1 : k); break;  // x < k | k < x
    default: s.insert(mirrored ? k : k + 1); break;        // x <= k | k <= x
    }
  }

  std::set<unsigned> seen_;
  std::unordered_map<unsigned, std::set<Int>> cuts_;
};

/// A class of characters a scan with a given format cannot tell apart, but for copying them.
struct CharClass {
  std::vector<int> values;  ///< empty: every character no other class has
  char representative = 0;
};

/// The classes for `format`: the NUL, the spaces, each character a conversion or a literal of
/// the format may treat specially, the others.
std::vector<CharClass> classesFor(const std::string& format) {
  std::set<int> special;
  bool numbers = false, hex = false;
  for (std::size_t i = 0; i < format.size(); ++i) {
    const char c = format[i];
    if (c != '%') {
      if (!isSpace(static_cast<unsigned char>(c))) special.insert(static_cast<unsigned char>(c));
      continue;
    }
    std::size_t j = i + 1;
    while (j < format.size() &&
           std::string("*0123456789hlLqjzt").find(format[j]) != std::string::npos)
      ++j;
    if (j >= format.size()) break;
    const char conv = format[j];
    if (conv == '%') special.insert('%');
    if (std::string("diuoxX").find(conv) != std::string::npos) numbers = true;
    if (conv == 'x' || conv == 'X' || conv == 'i') hex = true;
    i = j;
  }
  if (numbers)
    for (const char c : std::string("0123456789+-"))
      special.insert(c);
  if (hex)
    for (const char c : std::string("abcdefABCDEFxX"))
      special.insert(c);
  std::vector<CharClass> out;
  out.push_back(CharClass{{0}, 0});
  out.push_back(CharClass{{' ', '\t', '\n', '\v', '\f', '\r'}, ' '});
  for (int c : special)
    if (c != 0 && !isSpace(c)) out.push_back(CharClass{{c}, static_cast<char>(c)});
  for (int c = 1; c < 256; ++c)
    if (!special.count(c) && !isSpace(c)) {
      out.push_back(CharClass{{}, static_cast<char>(c)});
      break;
    }
  return out;
}

/// Explores the cases depth first, evaluating the cells in order and splitting only where the
/// scan may look: on the term a cell's value depends on, or on a computed character's class.
class Analysis {
public:
  Analysis(const CInts& ints, const std::vector<z3::expr>& cells, ir::IntKind kind,
           const std::string& format, std::size_t maxCases)
      : ints_(ints), cells_(cells), kind_(kind), format_(format), max_(maxCases), cuts_(cells),
        classes_(classesFor(format)) {}

  std::optional<std::vector<ScanCase>> run() {
    if (!explore(std::make_shared<Evaluator>(Facts{}), ints_.ctx().bool_val(true), {}))
      return std::nullopt;
    return std::move(cases_);
  }

private:
  using Classes = std::unordered_map<unsigned, std::size_t>;  ///< computed character -> class

  bool explore(const std::shared_ptr<Evaluator>& ev, const z3::expr& cond, const Classes& classes) {
    // A bounded search: each split adds a level of recursion (host stack).
    if (++visits_ > 4 * max_ || classes.size() + ev->facts().size() > kMaxDepth) return false;
    std::string input;
    std::vector<std::optional<ScanChar>> chars;
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      ev->blocker.reset();
      const Evaluator::Value v = ev->eval(cells_[i]);
      if (v.decided) {
        const std::optional<std::int64_t> n = ints_.numeral(v.term, kind_);
        if (!n) return false;
        if (*n == 0) return leaf(cond, input, chars, ints_.ctx().bool_val(true));
        input += static_cast<char>(*n);
        chars.emplace_back();
        continue;
      }
      if (!v.blocker) {
        if (auto it = classes.find(v.term.id()); it != classes.end()) {
          const CharClass& cls = classes_[it->second];
          if (cls.values.size() == 1 && cls.values[0] == 0)
            return leaf(cond, input, chars, ints_.ctx().bool_val(true));
          input += cls.representative;
          chars.push_back(ScanChar{v.term, kind_});
          continue;
        }
      }
      // The scan stops before this cell: what follows only has to hold a NUL.
      std::size_t consumed = 0;
      exec::libc::scan(format_, input, consumed);
      if (consumed < input.size()) return leaf(cond, input, chars, nulFrom(*ev, i));
      if (v.blocker) return split(*ev, cond, *v.blocker, classes);
      for (std::size_t k = 0; k < classes_.size(); ++k) {
        Classes more = classes;
        more[v.term.id()] = k;
        if (!explore(ev, conj(cond, classCondition(v.term, classes_[k])), more)) return false;
      }
      return true;
    }
    return leaf(cond, input, chars, ints_.ctx().bool_val(false));  // no NUL in the object
  }

  /// Some cell from `i` on is a NUL.
  z3::expr nulFrom(Evaluator& ev, std::size_t i) const {
    z3::expr any = ints_.ctx().bool_val(false);
    for (; i < cells_.size(); ++i) {
      const Evaluator::Value v = ev.eval(cells_[i]);
      const std::optional<std::int64_t> n =
          v.decided ? ints_.numeral(v.term, kind_) : std::optional<std::int64_t>();
      if (n && *n == 0) return ints_.ctx().bool_val(true);
      if (!n) any = disj(any, cells_[i] == ints_.literal(0, kind_));
    }
    return any;
  }

  bool leaf(const z3::expr& cond, const std::string& input,
            std::vector<std::optional<ScanChar>> chars, const z3::expr& terminates) {
    std::size_t consumed = 0;
    exec::libc::Scanned r = exec::libc::scan(format_, input, consumed);
    if (std::none_of(chars.begin(), chars.end(), [](const auto& c) { return c.has_value(); }))
      chars.clear();
    cases_.push_back(ScanCase{cond, std::move(r), consumed, std::move(chars), {}, terminates});
    return cases_.size() <= max_;
  }

  bool split(const Evaluator& ev, const z3::expr& cond, const z3::expr& on,
             const Classes& classes) {
    z3::context& ctx = ints_.ctx();
    if (on.is_bool()) {
      for (bool value : {true, false}) {
        Facts f = ev.facts();
        f[on.id()] = Fact{true, value, 0, 0};
        if (!explore(std::make_shared<Evaluator>(std::move(f)), conj(cond, value ? on : !on),
                     classes))
          return false;
      }
      return true;
    }
    const std::optional<std::pair<Int, Int>> range = rangeOf(on);
    if (!range) return false;
    std::vector<Int> starts{range->first};
    for (Int c : cuts_.of(on))
      if (c > range->first && c <= range->second) starts.push_back(c);
    for (std::size_t i = 0; i < starts.size(); ++i) {
      const Int lo = starts[i], hi = i + 1 < starts.size() ? starts[i + 1] - 1 : range->second;
      z3::expr c = ctx.bool_val(true);
      if (lo == hi) {
        c = on == numeralLike(on, lo);
      } else if (on.is_bv()) {
        if (lo > range->first) c = conj(c, z3::uge(on, numeralLike(on, lo)));
        if (hi < range->second) c = conj(c, z3::ule(on, numeralLike(on, hi)));
      } else {
        if (lo > range->first) c = conj(c, on >= numeralLike(on, lo));
        if (hi < range->second) c = conj(c, on <= numeralLike(on, hi));
      }
      Facts f = ev.facts();
      f[on.id()] = Fact{false, false, lo, hi};
      if (!explore(std::make_shared<Evaluator>(std::move(f)), conj(cond, c), classes)) return false;
    }
    return true;
  }

  z3::expr classCondition(const z3::expr& atom, const CharClass& cls) const {
    z3::context& ctx = ints_.ctx();
    if (!cls.values.empty()) {
      z3::expr any = ctx.bool_val(false);
      for (int v : cls.values)
        any = disj(any, atom == ints_.literal(v, kind_));
      return any;
    }
    z3::expr none = ctx.bool_val(true);
    for (const CharClass& other : classes_)
      for (int v : other.values)
        none = conj(none, atom != ints_.literal(v, kind_));
    return none;
  }

  const CInts& ints_;
  const std::vector<z3::expr>& cells_;
  ir::IntKind kind_;
  const std::string& format_;
  std::size_t max_, visits_ = 0;
  Cuts cuts_;
  std::vector<CharClass> classes_;
  std::vector<ScanCase> cases_;
};

}  // namespace

std::optional<std::vector<ScanCase>> scanComputed(const CInts& ints,
                                                  const std::vector<z3::expr>& cells,
                                                  ir::IntKind kind, const std::string& format,
                                                  std::size_t maxCases) {
  return Analysis(ints, cells, kind, format, maxCases).run();
}

}  // namespace culprit::encode::detail

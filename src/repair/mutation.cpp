// Mutation sites and their alternatives: see mutation.h.
#include "repair/mutation.h"

#include <algorithm>
#include <cctype>

namespace culprit::repair {
namespace {

using ir::BinOp;

bool isArithmetic(BinOp op) {
  return op == BinOp::Add || op == BinOp::Sub || op == BinOp::Mul || op == BinOp::Div ||
         op == BinOp::Rem;
}

/// The operators `op` may become: its level-1 partners first, then (level 2) the rest of its
/// class.
std::vector<BinOp> operatorAlternatives(BinOp op, unsigned level) {
  std::vector<BinOp> out;
  switch (op) {
  case BinOp::Add: out = {BinOp::Sub}; break;
  case BinOp::Sub: out = {BinOp::Add}; break;
  case BinOp::Div: out = {BinOp::Rem}; break;
  case BinOp::Rem: out = {BinOp::Div}; break;
  case BinOp::Lt: out = {BinOp::Le, BinOp::Gt}; break;
  case BinOp::Le: out = {BinOp::Lt, BinOp::Ge}; break;
  case BinOp::Gt: out = {BinOp::Ge, BinOp::Lt}; break;
  case BinOp::Ge: out = {BinOp::Gt, BinOp::Le}; break;
  case BinOp::Eq: out = {BinOp::Ne}; break;
  case BinOp::Ne: out = {BinOp::Eq}; break;
  default: break;
  }
  if (level < 2) return out;
  const std::vector<BinOp> arithmetic = {BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div,
                                         BinOp::Rem};
  const std::vector<BinOp> relational = {BinOp::Lt, BinOp::Le, BinOp::Gt,
                                         BinOp::Ge, BinOp::Eq, BinOp::Ne};
  for (BinOp other : isArithmetic(op) ? arithmetic : relational)
    if (other != op && std::find(out.begin(), out.end(), other) == out.end()) out.push_back(other);
  return out;
}

bool fits(std::int64_t v, ir::IntKind k) {
  const int w = ir::bitWidth(k);
  if (w >= 64) return ir::isSigned(k) || v >= 0;
  if (ir::isSigned(k))
    return v >= -(std::int64_t{1} << (w - 1)) && v < (std::int64_t{1} << (w - 1));
  return v >= 0 && v < (std::int64_t{1} << w);
}

std::vector<std::int64_t> constantAlternatives(std::int64_t c, ir::IntKind k, unsigned level) {
  std::vector<std::int64_t> wanted;
  auto add = [&](__int128 v) {
    if (v < INT64_MIN || v > INT64_MAX) return;
    const auto x = static_cast<std::int64_t>(v);
    if (x != c && fits(x, k) && std::find(wanted.begin(), wanted.end(), x) == wanted.end())
      wanted.push_back(x);
  };
  const __int128 big = c;
  add(big + 1), add(big - 1), add(0), add(-big);
  if (level >= 2) add(big + 2), add(big - 2), add(1), add(-1);
  return wanted;
}

class SiteFinder {
public:
  SiteFinder(ir::Program& program, unsigned level) : program_(program), level_(level) {}

  std::vector<Site> run() {
    for (ir::Function& f : program_.functions)
      if (!f.trusted && f.body) stmt(*f.body);
    return std::move(sites_);
  }

private:
  ir::Program& program_;
  unsigned level_;
  std::vector<Site> sites_;
  ir::StmtId current_ = ir::kNone;

  void stmt(ir::Stmt& s) {
    const ir::StmtId outer = current_;
    current_ = s.id;
    if (s.expr && s.isExecutable()) expr(*s.expr);  // not what goto elimination added
    for (ir::StmtPtr* child : {&s.init, &s.step, &s.thenS, &s.elseS, &s.body})
      if (*child) stmt(**child);
    for (ir::StmtPtr& c : s.children)
      stmt(*c);
    for (ir::SwitchArm& arm : s.arms)
      for (ir::StmtPtr& c : arm.body)
        stmt(*c);
    current_ = outer;
  }

  void expr(ir::Expr& e) {
    if (e.kind == ir::ExprKind::Call && leftAloneByRepair(e.builtin)) return;
    if (constant(e)) return;  // its literal is part of the site
    operatorSite(e);
    for (ir::ExprPtr& op : e.ops)
      expr(*op);
  }

  /// The text of `r` when it lies within one line.
  std::string textOf(const ir::SourceRange& r) const {
    if (r.line == 0 || r.line != r.endLine || r.file >= program_.files.size()) return "";
    const auto& lines = program_.files[r.file].lines;
    if (r.line > lines.size() || r.col == 0 || r.endCol < r.col) return "";
    const std::string& line = lines[r.line - 1];
    if (r.endCol - 1 > line.size()) return "";
    return line.substr(r.col - 1, r.endCol - r.col);
  }

  bool constant(ir::Expr& e) {
    const ir::Expr* lit = &e;
    bool negated = false;
    if (e.kind == ir::ExprKind::Unary && e.unop == ir::UnOp::Neg &&
        e.ops[0]->kind == ir::ExprKind::IntLit) {
      lit = e.ops[0].get();
      negated = true;
    }
    if (lit->kind != ir::ExprKind::IntLit || !e.type || !e.type->isInt()) return false;
    if (e.type->isFloat()) return true;  // floating constants are not mutated
    const std::string text = textOf(e.range);
    // Only literals written as such (not macros, not constants the lowering made up).
    const std::size_t digit = negated ? text.find_first_not_of("- \t") : 0;
    if (text.empty() || digit == std::string::npos ||
        !(std::isdigit(static_cast<unsigned char>(text[digit])) || text[digit] == '\''))
      return true;
    const std::int64_t value = negated ? -lit->value : lit->value;
    std::vector<std::int64_t> values = constantAlternatives(value, e.type->intKind, level_);
    if (negated)  // the literal under the minus holds -v
      std::erase_if(values, [&](std::int64_t v) {
        return v == INT64_MIN || !lit->type || !lit->type->isInt() || !fits(-v, lit->type->intKind);
      });
    if (values.empty()) return true;
    Site s = base(e, SiteClass::Constant, e.range, text);
    if (text[digit] == '\'')  // a character literal: its replacements are written as such
      for (std::int64_t v : values)
        s.alternatives.spellings.push_back(charLiteral(v));
    s.alternatives.values = std::move(values);
    sites_.push_back(std::move(s));
    return true;
  }

  void operatorSite(ir::Expr& e) {
    const bool binary = e.kind == ir::ExprKind::Binary || e.kind == ir::ExprKind::CompoundAssign;
    const bool logical = e.kind == ir::ExprKind::LogAnd || e.kind == ir::ExprKind::LogOr;
    if (!binary && !logical) return;
    if (binary) {
      const bool arithmetic = isArithmetic(e.binop);
      if (!arithmetic && !ir::isComparison(e.binop)) return;
      if (e.kind == ir::ExprKind::CompoundAssign && !arithmetic) return;
      for (const ir::ExprPtr& op : e.ops)
        if (!op->type || !op->type->isInt()) return;  // pointer arithmetic stays
      if (!e.type || !e.type->isInt()) return;
    }
    std::string spelling =
        logical ? (e.kind == ir::ExprKind::LogAnd ? "&&" : "||") : ir::binOpSpelling(e.binop);
    if (e.kind == ir::ExprKind::CompoundAssign) spelling += "=";
    std::optional<ir::SourceRange> token = tokenBetween(*e.ops[0], *e.ops[1], spelling);
    if (!token) return;
    Site s = base(e,
                  logical                     ? SiteClass::Logical
                  : ir::isComparison(e.binop) ? SiteClass::Relational
                                              : SiteClass::Arithmetic,
                  *token, spelling);
    if (logical)
      s.alternatives.swapLogical = true;
    else
      s.alternatives.ops = operatorAlternatives(e.binop, level_);
    if (binary && e.ops[0]->type->isFloat())  // % does not apply to floating operands
      std::erase(s.alternatives.ops, ir::BinOp::Rem);
    if (s.count() == 0) return;
    sites_.push_back(std::move(s));
  }

  /// Where `spelling` is written between operands `a` and `b` (parentheses aside).
  std::optional<ir::SourceRange> tokenBetween(const ir::Expr& a, const ir::Expr& b,
                                              const std::string& spelling) const {
    const ir::SourceRange& ra = a.range;
    const ir::SourceRange& rb = b.range;
    if (ra.endLine == 0 || ra.endLine != rb.line || ra.file != rb.file || rb.col < ra.endCol)
      return std::nullopt;
    ir::SourceRange gap{ra.file, ra.endLine, ra.endCol, rb.line, rb.col};
    const std::string text = textOf(gap);
    const std::size_t first = text.find_first_not_of(" \t()");
    const std::size_t last = text.find_last_not_of(" \t()");
    if (first == std::string::npos || text.substr(first, last - first + 1) != spelling)
      return std::nullopt;
    gap.col = ra.endCol + static_cast<std::uint32_t>(first);
    gap.endCol = gap.col + static_cast<std::uint32_t>(spelling.size());
    return gap;
  }

  Site base(ir::Expr& e, SiteClass cls, const ir::SourceRange& token, std::string original) {
    Site s;
    s.id = static_cast<std::uint32_t>(sites_.size());
    s.expr = &e;
    s.stmt = current_;
    s.cls = cls;
    s.file = token.file, s.line = token.line, s.col = token.col, s.endCol = token.endCol;
    s.original = std::move(original);
    return s;
  }
};

}  // namespace

std::vector<Site> findSites(ir::Program& program, unsigned level) {
  return SiteFinder(program, level).run();
}

encode::AlternativeMap alternativeMap(const std::vector<Site>& sites) {
  encode::AlternativeMap map;
  for (const Site& s : sites)
    map.emplace(s.expr, encode::Alternatives{s.id, s.alternatives.ops, s.alternatives.values,
                                             s.alternatives.swapLogical});
  return map;
}

Applied::Applied(const std::vector<Site>& sites, const std::vector<Mutation>& mutations) {
  for (const Mutation& m : mutations)
    apply(sites.at(m.site), m.alternative);
}

void Applied::saveExpr(ir::Expr* e) {
  Saved s;
  s.expr = e, s.kind = e->kind, s.binop = e->binop, s.value = e->value, s.var = e->var;
  saved_.push_back(s);
}

namespace {

/// `var op value` as an int-typed comparison (`type`: the condition's int type).
ir::ExprPtr comparison(const Clause& c, ir::TypeRef type, const ir::SourceRange& range) {
  auto cmp = std::make_unique<ir::Expr>();
  cmp->kind = ir::ExprKind::Binary, cmp->type = type, cmp->range = range, cmp->binop = c.op;
  auto var = std::make_unique<ir::Expr>();
  var->kind = ir::ExprKind::VarRef, var->type = type, var->range = range, var->var = c.var;
  auto lit = std::make_unique<ir::Expr>();
  lit->kind = ir::ExprKind::IntLit, lit->type = type, lit->range = range, lit->value = c.value;
  cmp->ops.push_back(std::move(var));
  cmp->ops.push_back(std::move(lit));
  return cmp;
}

}  // namespace

void Applied::apply(const Site& site, std::uint32_t alternative) {
  ir::Expr* e = site.expr;
  const SiteAlternatives& a = site.alternatives;
  const AlternativeRef ref = alternativeRef(a, alternative);
  switch (ref.kind) {
  case AlternativeKind::Operator:
    saveExpr(e);
    e->binop = a.ops[ref.index];
    break;
  case AlternativeKind::Value: {
    const std::int64_t v = a.values[ref.index];
    // A negated literal keeps its minus: its operand becomes -v (findSites kept only values
    // whose negation fits the literal's type).
    ir::Expr* lit = e->kind == ir::ExprKind::Unary ? e->ops[0].get() : e;
    saveExpr(lit);
    lit->value = lit == e ? v : -v;
    for (ir::Expr* use : site.uses) {
      saveExpr(use);
      use->value = v;
    }
    break;
  }
  case AlternativeKind::SwapLogical:
    saveExpr(e);
    e->kind = e->kind == ir::ExprKind::LogAnd ? ir::ExprKind::LogOr : ir::ExprKind::LogAnd;
    break;
  case AlternativeKind::Variable:
    saveExpr(e);
    e->var = a.vars[ref.index];
    break;
  case AlternativeKind::Clause: {
    const Clause& c = a.clauses[ref.index];
    auto original = std::make_unique<ir::Expr>(std::move(*e));
    ir::Expr wrapper;
    wrapper.kind = c.widen ? ir::ExprKind::LogOr : ir::ExprKind::LogAnd;
    wrapper.type = original->type;
    wrapper.range = original->range;
    ir::ExprPtr cmp = comparison(c, original->type, original->range);
    wrapper.ops.push_back(std::move(original));
    wrapper.ops.push_back(std::move(cmp));
    *e = std::move(wrapper);
    Saved s;
    s.expr = e, s.wrapped = true;
    saved_.push_back(s);
    break;
  }
  case AlternativeKind::Deletion: {
    Saved s;
    s.stmt = site.statement, s.stmtKind = site.statement->kind;
    saved_.push_back(s);
    site.statement->kind = ir::StmtKind::Empty;
    break;
  }
  }
}

Applied::~Applied() {
  for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
    if (it->stmt) {
      it->stmt->kind = it->stmtKind;
    } else if (it->wrapped) {
      ir::Expr original = std::move(*it->expr->ops[0]);
      *it->expr = std::move(original);
    } else {
      it->expr->kind = it->kind;
      it->expr->binop = it->binop;
      it->expr->value = it->value;
      it->expr->var = it->var;
    }
  }
}

bool leftAloneByRepair(ir::Builtin b) {
  using B = ir::Builtin;
  switch (b) {
  case B::Assert:
  case B::AssertFail:
  case B::ReachError:
  case B::Assume:
  case B::Exit:
  case B::Abort:
  case B::Nondet:
  case B::Atoi:
  case B::Atol:
  case B::Atoll:
  case B::Strtol:
  case B::Scanf:
  case B::Getchar: return true;
  default: return false;
  }
}

}  // namespace culprit::repair

// Holes of semantic repair: see holes.h.
#include "repair/holes.h"

#include <fmt/format.h>

#include "repair/hole_solver.h"
#include "repair/mutation.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <tuple>

namespace culprit::repair::detail {
namespace {

bool isIdentifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

bool isDecimal(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
}

bool isIntScalar(ir::TypeRef t) { return t && t->isInteger(); }

bool isCharLiteral(const std::string& s) {
  return s.size() >= 3 && s.front() == '\'' && s.back() == '\'';
}

/// A character's class for moreNatural: 0 letter, 1 digit, 2 other.
int charClass(std::int64_t c) {
  if (c < 0 || c > 127) return 2;
  const auto u = static_cast<unsigned char>(c);
  return std::isalpha(u) ? 0 : std::isdigit(u) ? 1 : 2;
}

/// `c` in the other case when it is an ASCII letter, else nullopt.
std::optional<std::int64_t> otherCase(std::int64_t c) {
  if (c >= 'a' && c <= 'z') return c - 'a' + 'A';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 'a';
  return std::nullopt;
}

/// Visits the expressions of every statement of the untrusted functions: (expression, its
/// parent or nullptr, the statement, the function). The specification and the reading of
/// inputs are not entered.
using ExprVisitor = std::function<void(ir::Expr&, const ir::Expr*, ir::Stmt&, ir::Function&)>;
using StmtVisitor = std::function<void(ir::Stmt&, ir::Function&)>;

void walkExpr(ir::Expr& e, const ir::Expr* parent, ir::Stmt& s, ir::Function& f,
              const ExprVisitor& visit) {
  if (e.kind == ir::ExprKind::Call && leftAloneByRepair(e.builtin)) return;
  visit(e, parent, s, f);
  for (ir::ExprPtr& op : e.ops)
    walkExpr(*op, &e, s, f, visit);
}

void walkStmt(ir::Stmt& s, ir::Function& f, const StmtVisitor& visit) {
  visit(s, f);
  for (ir::StmtPtr* child : {&s.init, &s.step, &s.thenS, &s.elseS, &s.body})
    if (*child) walkStmt(**child, f, visit);
  for (ir::StmtPtr& c : s.children)
    walkStmt(*c, f, visit);
  for (ir::SwitchArm& arm : s.arms)
    for (ir::StmtPtr& c : arm.body)
      walkStmt(*c, f, visit);
}

void walk(ir::Program& program, const StmtVisitor& visitStmt, const ExprVisitor& visitExpr) {
  for (ir::Function& f : program.functions) {
    if (f.trusted || !f.body) continue;
    walkStmt(*f.body, f, [&](ir::Stmt& s, ir::Function& fn) {
      if (visitStmt) visitStmt(s, fn);
      if (visitExpr && s.expr && s.isExecutable()) walkExpr(*s.expr, nullptr, s, fn, visitExpr);
    });
  }
}

void sortByScore(std::vector<Hole>& holes) {
  std::stable_sort(holes.begin(), holes.end(),
                   [](const Hole& a, const Hole& b) { return a.score > b.score; });
}

}  // namespace

const char* holeKindName(HoleKind k) {
  switch (k) {
  case HoleKind::Constant: return "constant";
  case HoleKind::Variable: return "variable";
  case HoleKind::Operator: return "operator";
  case HoleKind::Condition: return "condition";
  case HoleKind::Deletion: return "deletion";
  }
  return "?";
}

std::string holeWhere(const ir::Program& program, const Hole& h) {
  return fmt::format("{}:{}:{} `{}`", program.files[h.site.file].path, h.site.line, h.site.col,
                     h.site.original);
}

std::vector<std::int64_t> nearValues(const Hole& h) {
  const std::int64_t original = h.site.expr->value;
  if (!h.character) return oneEditAway(original, h.type);
  std::vector<std::int64_t> out;
  for (std::int64_t c : {std::int64_t{0}, std::int64_t{'\t'}, std::int64_t{'\n'}})
    if (c != original) out.push_back(c);
  for (std::int64_t c = 32; c <= 126; ++c)
    if (c != original) out.push_back(c);
  std::stable_sort(out.begin(), out.end(),
                   [&](std::int64_t a, std::int64_t b) { return moreNatural(h, a, b); });
  return out;
}

bool moreNatural(const Hole& h, std::int64_t a, std::int64_t b) {
  const std::int64_t original = h.site.expr->value;
  if (!h.character) return naturalness(original, a) < naturalness(original, b);
  const std::optional<std::int64_t> swapped = otherCase(original);
  const auto key = [&](std::int64_t v) {
    const __int128 d = static_cast<__int128>(v) - original;
    return std::tuple(v != swapped, charClass(v) != charClass(original), charLiteral(v).empty(),
                      d < 0 ? -d : d, v);
  };
  return key(a) < key(b);
}

std::string valueSpelling(const Hole& h, std::int64_t value) {
  for (const auto& [v, name] : h.names)
    if (v == value) return name;
  return h.character ? charLiteral(value) : "";
}

Site onlyAlternative(const Site& site, std::uint32_t k) {
  Site s = site;
  const AlternativeRef ref = alternativeRef(site.alternatives, k);
  SiteAlternatives only;
  switch (ref.kind) {
  case AlternativeKind::Operator: only.ops = {site.alternatives.ops[ref.index]}; break;
  case AlternativeKind::Value:
    only.values = {site.alternatives.values[ref.index]};
    if (ref.index < site.alternatives.spellings.size())
      only.spellings = {site.alternatives.spellings[ref.index]};
    break;
  case AlternativeKind::SwapLogical: only.swapLogical = true; break;
  case AlternativeKind::Variable: only.vars = {site.alternatives.vars[ref.index]}; break;
  case AlternativeKind::Clause: only.clauses = {site.alternatives.clauses[ref.index]}; break;
  case AlternativeKind::Deletion: only.deletion = true; break;
  }
  s.alternatives = std::move(only);
  return s;
}

HoleFinder::HoleFinder(ir::Program& program, std::vector<double> scores,
                       std::vector<double> anyScores)
    : program_(program), scores_(std::move(scores)), anyScores_(std::move(anyScores)) {
  scores_.resize(program.stmts.size(), 0.0);
  anyScores_.resize(program.stmts.size(), 0.0);
  readDefines();
}

std::vector<Hole> HoleFinder::find(HoleKind kind) {
  switch (kind) {
  case HoleKind::Constant: return constants();
  case HoleKind::Variable: return variables();
  case HoleKind::Operator: return operators();
  case HoleKind::Condition: return conditions();
  case HoleKind::Deletion: return deletions();
  }
  return {};
}

void HoleFinder::readDefines() {
  // `#define NAME 123` and enum constants `NAME = 123`.
  static const std::regex define(R"(^\s*#\s*define\s+([A-Za-z_]\w*)\s+(-?\d+)\s*(/[/*].*)?$)");
  static const std::regex enumerator(R"(\b([A-Za-z_]\w*)\s*=\s*(-?\d+)\s*[,}])");
  std::uint32_t group = 0;
  for (std::uint32_t f = 0; f < program_.files.size(); ++f) {
    bool previousWasDefine = false;
    const auto& lines = program_.files[f].lines;
    for (std::uint32_t l = 0; l < lines.size(); ++l) {
      std::smatch m;
      const bool isDefine = std::regex_match(lines[l], m, define);
      if (isDefine || std::regex_search(lines[l], m, enumerator)) {
        if (!previousWasDefine) ++group;
        Define d;
        d.name = m[1].str();
        try {
          d.value = std::stoll(m[2].str());
        } catch (const std::exception&) {
          continue;
        }
        d.file = f, d.line = l + 1;
        d.col = static_cast<std::uint32_t>(m.position(2)) + 1;
        d.endCol = d.col + static_cast<std::uint32_t>(m.length(2));
        d.group = group;
        defines_.push_back(d);
      }
      previousWasDefine = isDefine;
    }
  }
}

std::size_t HoleFinder::occurrences(const std::string& name) const {
  const std::regex word("\\b" + name + "\\b");
  const Define* d = define(name);
  std::size_t n = 0;
  for (std::uint32_t f = 0; f < program_.files.size(); ++f) {
    const auto& lines = program_.files[f].lines;
    for (std::uint32_t l = 0; l < lines.size(); ++l) {
      if (d && d->file == f && d->line == l + 1) continue;
      n += static_cast<std::size_t>(std::distance(
          std::sregex_iterator(lines[l].begin(), lines[l].end(), word), std::sregex_iterator()));
    }
  }
  return n;
}

const HoleFinder::Define* HoleFinder::define(const std::string& name) const {
  for (const Define& d : defines_)
    if (d.name == name) return &d;
  return nullptr;
}

std::string HoleFinder::textOf(const ir::SourceRange& r) const {
  if (r.line == 0 || r.line != r.endLine || r.file >= program_.files.size()) return "";
  const auto& lines = program_.files[r.file].lines;
  if (r.line > lines.size() || r.col == 0 || r.endCol < r.col) return "";
  const std::string& line = lines[r.line - 1];
  if (r.endCol - 1 > line.size()) return "";
  return line.substr(r.col - 1, r.endCol - r.col);
}

Site HoleFinder::base(SiteClass cls, ir::Expr* e, ir::StmtId stmt, const ir::SourceRange& token,
                      std::string original) const {
  Site s;
  s.expr = e;
  s.stmt = stmt;
  s.cls = cls;
  s.file = token.file, s.line = token.line, s.col = token.col, s.endCol = token.endCol;
  s.original = std::move(original);
  return s;
}

std::vector<Hole> HoleFinder::constants() {
  std::vector<Hole> holes;
  struct Group {
    std::vector<ir::Expr*> uses;
    double score = 0;
    ir::StmtId stmt = ir::kNone;
  };
  std::map<std::string, Group> byName;
  walk(program_, nullptr, [&](ir::Expr& e, const ir::Expr* parent, ir::Stmt& s, ir::Function&) {
    if (e.kind != ir::ExprKind::IntLit || !isIntScalar(e.type)) return;
    if (parent && parent->kind == ir::ExprKind::Unary && parent->unop == ir::UnOp::Neg) return;
    const double score = scores_[s.id];
    const std::string text = textOf(e.range);
    if (isDecimal(text) || isCharLiteral(text)) {
      if (score <= 0) return;
      Hole h;
      h.kind = HoleKind::Constant;
      h.site = base(SiteClass::Constant, &e, s.id, e.range, text);
      h.score = score;
      h.type = e.type->intKind;
      h.character = isCharLiteral(text);
      h.divisor =
          parent && parent->ops.size() == 2 && parent->ops[1].get() == &e &&
          (parent->kind == ir::ExprKind::Binary || parent->kind == ir::ExprKind::CompoundAssign) &&
          (parent->binop == ir::BinOp::Div || parent->binop == ir::BinOp::Rem);
      holes.push_back(std::move(h));
    } else if (isIdentifier(text)) {
      const Define* d = define(text);
      if (!d || d->value != e.value) return;
      Group& g = byName[text];
      g.uses.push_back(&e);
      if (anyScores_[s.id] > g.score || g.stmt == ir::kNone)
        g.score = std::max(g.score, anyScores_[s.id]), g.stmt = s.id;
    }
  });
  // Macro and enum constants: the definition, when the program holds every place the source
  // names it (not a case label, array size or initializer the IR folded), stands for every
  // use; a use is its own hole when the definition is not one or the name is used again.
  std::set<std::string> ownHoles;
  for (auto& [name, g] : byName) {
    const Define& d = *define(name);
    const bool wholeDefinition = occurrences(name) == g.uses.size();
    if (!wholeDefinition || g.uses.size() >= 2) ownHoles.insert(name);
    if (!wholeDefinition || g.score <= 0) continue;
    Hole h;
    h.kind = HoleKind::Constant;
    ir::SourceRange token{d.file, d.line, d.col, d.line, d.endCol};
    h.site = base(SiteClass::Constant, g.uses.front(), g.stmt, token, std::to_string(d.value));
    h.site.uses.assign(g.uses.begin() + 1, g.uses.end());
    h.score = g.score + 1e-9;  // before a literal of the same score: the definition is the fix
    h.type = g.uses.front()->type->intKind;
    holes.push_back(std::move(h));
  }
  walk(program_, nullptr, [&](ir::Expr& e, const ir::Expr*, ir::Stmt& s, ir::Function&) {
    if (e.kind != ir::ExprKind::IntLit || !isIntScalar(e.type) || scores_[s.id] <= 0) return;
    const std::string text = textOf(e.range);
    if (!ownHoles.count(text)) return;
    Hole h;
    h.kind = HoleKind::Constant;
    h.site = base(SiteClass::Constant, &e, s.id, e.range, text);
    h.score = scores_[s.id];
    h.type = e.type->intKind;
    const std::uint32_t group = define(text)->group;
    for (const Define& d : defines_)
      if (d.group == group) h.names.emplace_back(d.value, d.name);
    holes.push_back(std::move(h));
  });
  sortByScore(holes);
  return holes;
}

std::vector<ir::VarId> HoleFinder::inScope(const ir::Function& f, ir::TypeRef type,
                                           std::uint32_t line) const {
  std::vector<ir::VarId> out;
  for (ir::VarId v : program_.globals)
    if (program_.vars[v].type == type) out.push_back(v);
  for (ir::VarId v : f.frame) {
    const ir::Var& var = program_.vars[v];
    if (var.type != type || var.name.starts_with("goto.")) continue;  // goto elimination's flags
    if (var.storage == ir::Var::Storage::Param || var.range.line < line) out.push_back(v);
  }
  return out;
}

std::vector<Hole> HoleFinder::variables() {
  std::vector<Hole> holes;
  walk(program_, nullptr, [&](ir::Expr& e, const ir::Expr* parent, ir::Stmt& s, ir::Function& f) {
    if (e.kind != ir::ExprKind::VarRef || !isIntScalar(e.type) || scores_[s.id] <= 0) return;
    if (parent &&
        (parent->kind == ir::ExprKind::AddrOf ||
         ((parent->kind == ir::ExprKind::Assign || parent->kind == ir::ExprKind::CompoundAssign ||
           parent->kind == ir::ExprKind::IncDec) &&
          parent->ops[0].get() == &e)))
      return;
    const ir::Var& var = program_.vars[e.var];
    if (textOf(e.range) != var.name) return;
    std::vector<ir::VarId> others = inScope(f, var.type, e.range.line);
    std::erase(others, e.var);
    if (others.empty()) return;
    Hole h;
    h.kind = HoleKind::Variable;
    h.site = base(SiteClass::Variable, &e, s.id, e.range, var.name);
    h.site.alternatives.vars = std::move(others);
    h.score = scores_[s.id];
    holes.push_back(std::move(h));
  });
  sortByScore(holes);
  return holes;
}

std::vector<Hole> HoleFinder::operators() {
  std::vector<Hole> holes;
  for (Site& s : findSites(program_, 2)) {
    if (s.cls == SiteClass::Constant || s.stmt == ir::kNone || scores_[s.stmt] <= 0) continue;
    Hole h;
    h.kind = HoleKind::Operator;
    h.score = scores_[s.stmt];
    h.site = std::move(s);
    holes.push_back(std::move(h));
  }
  sortByScore(holes);
  return holes;
}

std::vector<Hole> HoleFinder::conditions() {
  std::vector<Hole> holes;
  // Per function: the int variables it reads and the constants it uses (with their spelling).
  std::map<const ir::Function*, std::set<ir::VarId>> varsOf;
  std::map<const ir::Function*, std::map<std::int64_t, std::string>> constantsOf;
  walk(program_, nullptr, [&](ir::Expr& e, const ir::Expr*, ir::Stmt&, ir::Function& f) {
    if (e.kind == ir::ExprKind::VarRef && isIntScalar(e.type)) varsOf[&f].insert(e.var);
    if (e.kind == ir::ExprKind::IntLit && isIntScalar(e.type)) {
      const std::string text = textOf(e.range);
      auto& spelled = constantsOf[&f][e.value];
      const bool named = isIdentifier(text) || isCharLiteral(text);
      if (spelled.empty() || named) spelled = named ? text : "";
    }
  });
  const ir::TypeRef intType = program_.types.intType(ir::IntKind::Int);
  auto addHole = [&](ir::Expr& c, ir::Stmt& s, ir::Function& f, bool operand) {
    if (c.type != intType) return;
    const std::string text = textOf(c.range);
    if (text.empty()) return;
    Hole h;
    h.kind = HoleKind::Condition;
    h.site = base(SiteClass::Condition, &c, s.id, c.range, text);
    h.site.operand = operand;
    h.score = scores_[s.id];
    std::map<std::int64_t, std::string> values = constantsOf[&f];
    values.emplace(0, ""), values.emplace(1, "");
    std::set<ir::VarId> vars = varsOf[&f];
    for (ir::VarId v : inScope(f, intType, c.range.line))
      vars.insert(v);
    for (bool widen : {true, false})
      for (ir::VarId v : vars) {
        if (program_.vars[v].type != intType) continue;
        for (ir::BinOp op : {ir::BinOp::Eq, ir::BinOp::Ne, ir::BinOp::Lt, ir::BinOp::Le,
                             ir::BinOp::Gt, ir::BinOp::Ge})
          for (const auto& [value, spelling] : values)
            h.site.alternatives.clauses.push_back(Clause{widen, v, op, value, spelling});
      }
    if (!h.site.alternatives.clauses.empty()) holes.push_back(std::move(h));
  };
  walk(
      program_,
      [&](ir::Stmt& s, ir::Function& f) {
        if (!s.expr || scores_[s.id] <= 0) return;
        const bool branch = s.kind == ir::StmtKind::If || s.kind == ir::StmtKind::While ||
                            s.kind == ir::StmtKind::DoWhile || s.kind == ir::StmtKind::For;
        const ir::Expr& e = *s.expr;
        const bool returnsTruth = s.kind == ir::StmtKind::Return &&
                                  ((e.kind == ir::ExprKind::Binary && ir::isComparison(e.binop)) ||
                                   e.kind == ir::ExprKind::LogAnd || e.kind == ir::ExprKind::LogOr);
        if (branch || returnsTruth) addHole(*s.expr, s, f, false);
      },
      [&](ir::Expr& e, const ir::Expr*, ir::Stmt& s, ir::Function& f) {
        if (scores_[s.id] <= 0) return;
        if (e.kind != ir::ExprKind::LogAnd && e.kind != ir::ExprKind::LogOr) return;
        for (ir::ExprPtr& op : e.ops)
          addHole(*op, s, f, true);
      });
  sortByScore(holes);
  return holes;
}

std::vector<Hole> HoleFinder::deletions() {
  std::vector<Hole> holes;
  walk(
      program_,
      [&](ir::Stmt& s, ir::Function&) {
        if (s.kind != ir::StmtKind::Expr || scores_[s.id] <= 0) return;
        if (s.role != ir::StmtRole::Assign && s.role != ir::StmtRole::Call &&
            s.role != ir::StmtRole::Output)
          return;
        ir::SourceRange r = s.range;
        std::string text = textOf(r);
        if (text.empty()) return;
        const std::string& line = program_.files[r.file].lines[r.line - 1];
        if (r.endCol - 1 < line.size() && line[r.endCol - 1] == ';') ++r.endCol, text += ";";
        Hole h;
        h.kind = HoleKind::Deletion;
        h.site = base(SiteClass::Deletion, s.expr.get(), s.id, r, text);
        h.site.statement = &s;
        h.site.alternatives.deletion = true;
        h.score = scores_[s.id];
        holes.push_back(std::move(h));
      },
      nullptr);
  sortByScore(holes);
  return holes;
}

}  // namespace culprit::repair::detail

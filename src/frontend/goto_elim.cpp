// Goto elimination: see goto_elim.h.
//
// Flags. Each label some goto names gets a flag `goto.L`, 0 at the function's entry and 1 only
// while control is in transit from a goto to L: ordinary code never sees it set, and the
// label's marker becomes `goto.L = 0`. A placeholder is unconditional (the goto itself: it
// jumps) or conditional (left behind after moving outward: it jumps when the flag is set).
// Moving outward, the placeholder at index i of a list held by statement H:
//   H a loop or switch: unconditional -> `goto.L = 1; break;`, conditional -> `if (goto.L) break;`
//   H an if or block:   unconditional -> `goto.L = 1;`, and the rest of the list after it
//                       becomes `if (!goto.L) { rest }`
// and a conditional placeholder follows H in H's own list. Once a sibling of its marker:
//   forward:  the statements between become `if (!goto.L) { ... }` (label markers stay
//             outside such guards, which are split around them);
//   backward: the statements from the marker to the placeholder become
//             `do { ...; goto.L = 1; } while (goto.L);`, the loop formed by the goto (its range
//             is the goto's). A break or continue in there that left the enclosing loop or switch
//             now sets an escape flag and breaks the do-while, which is followed by
//             `if (flag) { flag = 0; break; }` (or continue).
// Across the arms of one switch (forward only), the rest of the goto's arm, the arms between and
// the start of the label's arm are guarded: the arms fall through in order.
// Gotos are eliminated from the last to the first; a jump into a statement that does not hold the
// goto (into a block, a loop, the other side of an if) is rejected. Statements are never destroyed
// (Program::stmts points to them): a placeholder that is replaced becomes its replacement in place.
#include "frontend/goto_elim.h"

#include "ir/error.h"

#include <set>
#include <utility>

namespace culprit::frontend {
namespace {

using ir::StmtKind;
using List = std::vector<ir::StmtPtr>;

/// One level of a statement's position: its index in a list.
struct Step {
  List* list;
  std::size_t index;
};
using Path = std::vector<Step>;

bool isLoop(const ir::Stmt& s) {
  return s.kind == StmtKind::While || s.kind == StmtKind::DoWhile || s.kind == StmtKind::For;
}

bool contains(const ir::Stmt& s, const ir::Stmt* target) {
  if (&s == target) return true;
  for (const ir::StmtPtr* slot : {&s.thenS, &s.elseS, &s.body})
    if (*slot && contains(**slot, target)) return true;
  for (const ir::StmtPtr& c : s.children)
    if (contains(*c, target)) return true;
  for (const ir::SwitchArm& arm : s.arms)
    for (const ir::StmtPtr& c : arm.body)
      if (contains(*c, target)) return true;
  return false;
}

class Eliminator {
public:
  Eliminator(ir::Program& prog, ir::FuncId f, const std::vector<LabelSite>& labels)
      : prog_(prog), fn_(prog.functions[f]), id_(f), labels_(labels),
        flags_(labels.size(), ir::kNone) {
    for (const LabelSite& l : labels)
      markers_.insert(l.marker);
  }

  void eliminate(const GotoSite& g);
  /// Markers become resets; the flags are declared (0) at the function's entry.
  void finish();

private:
  ir::Program& prog_;
  ir::Function& fn_;
  ir::FuncId id_;
  const std::vector<LabelSite>& labels_;
  std::vector<ir::VarId> flags_;  ///< per label, kNone until a goto names it
  std::vector<ir::VarId> added_;  ///< every variable added, in order
  std::set<const ir::Stmt*> markers_;
  unsigned loops_ = 0;  ///< backward gotos resolved (names escape flags)

  // The goto being eliminated.
  const GotoSite* goto_ = nullptr;
  ir::Stmt* place_ = nullptr;
  bool conditional_ = false;
  ir::VarId flag_ = ir::kNone;

  [[noreturn]] void reject(const std::string& what) const;
  Path pathTo(const ir::Stmt* target);
  bool find(List& list, const ir::Stmt* target, Path& path);
  void moveOut(const Path& pg);
  void siblings(List& list, std::size_t g, std::size_t m);
  void acrossArms(ir::Stmt& sw, const Step& g, const Step& m);
  /// The placeholder as the jump it stands for, where control continues in its list.
  void jumpHere();
  void guard(List& list, std::size_t from, std::size_t to);
  void escapes(List& list, bool inLoop, bool inSwitch, ir::VarId& brk, ir::VarId& cont);
  void escapesIn(ir::StmtPtr& slot, bool inLoop, bool inSwitch, ir::VarId& brk, ir::VarId& cont);

  ir::VarId newVar(const std::string& name, const ir::SourceRange& r);
  ir::StmtPtr stmt(StmtKind kind, const ir::SourceRange& r);
  ir::TypeRef intType() { return prog_.types.intType(ir::IntKind::Int); }
  /// A node of type int (every expression the eliminator writes is one).
  ir::ExprPtr intExpr(ir::ExprKind kind, const ir::SourceRange& r);
  ir::ExprPtr ref(ir::VarId v, const ir::SourceRange& r);
  ir::ExprPtr lit(std::int64_t v, const ir::SourceRange& r);
  ir::ExprPtr negation(ir::VarId v, const ir::SourceRange& r);
  void becomeSet(ir::Stmt& s, ir::VarId v, std::int64_t value);
  ir::StmtPtr set(ir::VarId v, std::int64_t value, const ir::SourceRange& r);
  ir::StmtPtr block(List body, const ir::SourceRange& r);
  ir::StmtPtr ifThen(ir::ExprPtr cond, List body, const ir::SourceRange& r);
};

void Eliminator::reject(const std::string& what) const {
  const ir::SourceRange& r = goto_->range;
  const std::string path = r.file < prog_.files.size() ? prog_.files[r.file].path : "";
  throw UserError("unsupported construct: " + what, path, r.line, r.col);
}

ir::StmtPtr Eliminator::stmt(StmtKind kind, const ir::SourceRange& r) {
  auto s = std::make_unique<ir::Stmt>();
  s->kind = kind;
  s->role = ir::StmtRole::None;
  s->range = r;
  s->func = id_;
  s->id = static_cast<ir::StmtId>(prog_.stmts.size());
  prog_.stmts.push_back(s.get());
  return s;
}

ir::VarId Eliminator::newVar(const std::string& name, const ir::SourceRange& r) {
  ir::Var var;
  var.name = name;
  var.type = intType();
  var.storage = ir::Var::Storage::Local;
  var.func = id_;
  var.range = r;
  var.slot = static_cast<std::uint32_t>(fn_.frame.size());
  const auto v = static_cast<ir::VarId>(prog_.vars.size());
  fn_.frame.push_back(v);
  prog_.vars.push_back(std::move(var));
  added_.push_back(v);
  return v;
}

ir::ExprPtr Eliminator::intExpr(ir::ExprKind kind, const ir::SourceRange& r) {
  auto e = std::make_unique<ir::Expr>();
  e->kind = kind;
  e->type = intType();
  e->range = r;
  return e;
}

ir::ExprPtr Eliminator::ref(ir::VarId v, const ir::SourceRange& r) {
  ir::ExprPtr e = intExpr(ir::ExprKind::VarRef, r);
  e->var = v;
  return e;
}

ir::ExprPtr Eliminator::lit(std::int64_t v, const ir::SourceRange& r) {
  ir::ExprPtr e = intExpr(ir::ExprKind::IntLit, r);
  e->value = v;
  return e;
}

ir::ExprPtr Eliminator::negation(ir::VarId v, const ir::SourceRange& r) {
  ir::ExprPtr e = intExpr(ir::ExprKind::Unary, r);
  e->unop = ir::UnOp::LogNot;
  e->ops.push_back(ref(v, r));
  return e;
}

void Eliminator::becomeSet(ir::Stmt& s, ir::VarId v, std::int64_t value) {
  ir::ExprPtr e = intExpr(ir::ExprKind::Assign, s.range);
  e->ops.push_back(ref(v, s.range));
  e->ops.push_back(lit(value, s.range));
  s.kind = StmtKind::Expr;
  s.role = ir::StmtRole::None;
  s.expr = std::move(e);
}

ir::StmtPtr Eliminator::set(ir::VarId v, std::int64_t value, const ir::SourceRange& r) {
  ir::StmtPtr s = stmt(StmtKind::Expr, r);
  becomeSet(*s, v, value);
  return s;
}

ir::StmtPtr Eliminator::block(List body, const ir::SourceRange& r) {
  ir::StmtPtr b = stmt(StmtKind::Block, r);
  b->children = std::move(body);
  return b;
}

ir::StmtPtr Eliminator::ifThen(ir::ExprPtr cond, List body, const ir::SourceRange& r) {
  ir::StmtPtr s = stmt(StmtKind::If, r);
  s->expr = std::move(cond);
  s->thenS = block(std::move(body), r);
  return s;
}

bool Eliminator::find(List& list, const ir::Stmt* target, Path& path) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    ir::Stmt& s = *list[i];
    if (!contains(s, target)) continue;
    path.push_back(Step{&list, i});
    if (&s == target) return true;
    if (s.kind == StmtKind::Block) return find(s.children, target, path);
    for (ir::StmtPtr* slot : {&s.thenS, &s.elseS, &s.body}) {
      if (!*slot || !contains(**slot, target)) continue;
      if ((*slot)->kind != StmtKind::Block) {  // every level of the path is a list
        const ir::SourceRange r = (*slot)->range;
        List one;
        one.push_back(std::move(*slot));
        *slot = block(std::move(one), r);
      }
      return find((*slot)->children, target, path);
    }
    for (ir::SwitchArm& arm : s.arms)
      if (find(arm.body, target, path)) return true;
    return false;
  }
  return false;
}

Path Eliminator::pathTo(const ir::Stmt* target) {
  Path path;
  if (!find(fn_.body->children, target, path)) path.clear();
  return path;
}

void Eliminator::jumpHere() {
  if (!conditional_) becomeSet(*place_, flag_, 1);
}

void Eliminator::guard(List& list, std::size_t from, std::size_t to) {
  // Label markers stay outside the guards (in transit to another label, passing one only
  // resets a flag that is 0), so other gotos still find their labels at this level.
  while (from < to) {
    std::size_t end = from;
    while (end < to && !markers_.count(list[end].get()))
      ++end;
    if (end > from) {
      List moved;
      for (std::size_t i = from; i < end; ++i)
        moved.push_back(std::move(list[i]));
      list.erase(list.begin() + static_cast<std::ptrdiff_t>(from),
                 list.begin() + static_cast<std::ptrdiff_t>(end));
      const ir::SourceRange& r = goto_->range;
      list.insert(list.begin() + static_cast<std::ptrdiff_t>(from),
                  ifThen(negation(flag_, r), std::move(moved), r));
      to -= end - from - 1;
      ++from;
    }
    if (from < to) ++from;  // the marker
  }
}

void Eliminator::moveOut(const Path& pg) {
  const std::size_t k = pg.size() - 1;
  List& list = *pg[k].list;
  const std::size_t i = pg[k].index;
  List& outer = *pg[k - 1].list;
  const std::size_t h = pg[k - 1].index;
  const ir::Stmt& holder = *outer[h];
  const ir::SourceRange& r = goto_->range;
  if (isLoop(holder) || holder.kind == StmtKind::Switch) {
    if (conditional_) {
      place_->kind = StmtKind::If;
      place_->expr = ref(flag_, r);
      place_->thenS = stmt(StmtKind::Break, r);
    } else {
      becomeSet(*place_, flag_, 1);
      list.insert(list.begin() + static_cast<std::ptrdiff_t>(i) + 1, stmt(StmtKind::Break, r));
    }
  } else {
    jumpHere();
    guard(list, i + 1, list.size());
  }
  ir::StmtPtr next = stmt(StmtKind::Empty, r);
  place_ = next.get();
  conditional_ = true;
  outer.insert(outer.begin() + static_cast<std::ptrdiff_t>(h) + 1, std::move(next));
}

void Eliminator::escapesIn(ir::StmtPtr& slot, bool inLoop, bool inSwitch, ir::VarId& brk,
                           ir::VarId& cont) {
  if (slot->kind != StmtKind::Block) {
    const ir::SourceRange r = slot->range;
    List one;
    one.push_back(std::move(slot));
    slot = block(std::move(one), r);
  }
  escapes(slot->children, inLoop, inSwitch, brk, cont);
}

void Eliminator::escapes(List& list, bool inLoop, bool inSwitch, ir::VarId& brk, ir::VarId& cont) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    ir::Stmt& s = *list[i];
    const bool isBreak = s.kind == StmtKind::Break && !inLoop && !inSwitch;
    if (isBreak || (s.kind == StmtKind::Continue && !inLoop)) {
      ir::VarId& v = isBreak ? brk : cont;
      if (v == ir::kNone)
        v = newVar("goto." + std::string(isBreak ? "break." : "continue.") + std::to_string(loops_),
                   goto_->range);
      list.insert(list.begin() + static_cast<std::ptrdiff_t>(i), set(v, 1, s.range));
      ++i;
      s.kind = StmtKind::Break;  // leaves the do-while; the jump is completed after it
      continue;
    }
    const bool loop = inLoop || isLoop(s), sw = inSwitch || s.kind == StmtKind::Switch;
    for (ir::StmtPtr* slot : {&s.thenS, &s.elseS, &s.body})
      if (*slot) escapesIn(*slot, loop, sw, brk, cont);
    escapes(s.children, loop, sw, brk, cont);
    for (ir::SwitchArm& arm : s.arms)
      escapes(arm.body, loop, true, brk, cont);
  }
}

void Eliminator::siblings(List& list, std::size_t g, std::size_t m) {
  jumpHere();
  if (m > g) return guard(list, g + 1, m);
  const ir::SourceRange& r = goto_->range;
  List body;
  for (std::size_t i = m; i <= g; ++i)
    body.push_back(std::move(list[i]));
  list.erase(list.begin() + static_cast<std::ptrdiff_t>(m),
             list.begin() + static_cast<std::ptrdiff_t>(g) + 1);
  ir::VarId brk = ir::kNone, cont = ir::kNone;
  escapes(body, false, false, brk, cont);
  ++loops_;
  ir::StmtPtr loop = stmt(StmtKind::DoWhile, r);
  loop->body = block(std::move(body), r);
  loop->expr = ref(flag_, r);
  List after;
  after.push_back(std::move(loop));
  for (auto [v, kind] : {std::pair{brk, StmtKind::Break}, std::pair{cont, StmtKind::Continue}}) {
    if (v == ir::kNone) continue;
    List then;
    then.push_back(set(v, 0, r));
    then.push_back(stmt(kind, r));
    after.push_back(ifThen(ref(v, r), std::move(then), r));
  }
  list.insert(list.begin() + static_cast<std::ptrdiff_t>(m), std::make_move_iterator(after.begin()),
              std::make_move_iterator(after.end()));
}

void Eliminator::acrossArms(ir::Stmt& sw, const Step& g, const Step& m) {
  std::size_t a = 0, b = 0;
  for (std::size_t i = 0; i < sw.arms.size(); ++i) {
    if (&sw.arms[i].body == g.list) a = i;
    if (&sw.arms[i].body == m.list) b = i;
  }
  if (b < a)
    reject("goto '" + labels_[goto_->label].name + "' backward to an earlier arm of a switch");
  jumpHere();
  guard(sw.arms[b].body, 0, m.index);
  for (std::size_t i = b - 1; i > a; --i)
    guard(sw.arms[i].body, 0, sw.arms[i].body.size());
  guard(sw.arms[a].body, g.index + 1, sw.arms[a].body.size());
}

void Eliminator::eliminate(const GotoSite& g) {
  goto_ = &g;
  place_ = g.placeholder;
  conditional_ = false;
  const LabelSite& label = labels_[g.label];
  if (flags_[g.label] == ir::kNone) flags_[g.label] = newVar("goto." + label.name, label.range);
  flag_ = flags_[g.label];
  for (;;) {
    const Path pg = pathTo(place_), pm = pathTo(label.marker);
    if (pg.empty() || pm.empty())
      throw std::logic_error("goto elimination lost a goto or label in " + fn_.name);
    std::size_t d = 0;  // the deepest list holding both
    while (d + 1 < pg.size() && d + 1 < pm.size() && pg[d + 1].list == pm[d + 1].list)
      ++d;
    const bool gotoHere = pg.size() == d + 1, labelHere = pm.size() == d + 1;
    if (gotoHere && labelHere) return siblings(*pg[d].list, pg[d].index, pm[d].index);
    if (!labelHere) {
      ir::Stmt& holder = *(*pm[d].list)[pm[d].index];
      const bool sameSwitch = !gotoHere && pg[d].index == pm[d].index &&
                              holder.kind == StmtKind::Switch && pm.size() == d + 2;
      if (!sameSwitch)
        reject("goto '" + label.name + "' into a nested block, loop or branch (the label at " +
               prog_.where(label.range) + " is inside a statement the goto is not in)");
      if (pg.size() == d + 2) return acrossArms(holder, pg[d + 1], pm[d + 1]);
    }
    moveOut(pg);
  }
}

void Eliminator::finish() {
  for (std::size_t l = 0; l < labels_.size(); ++l)
    if (flags_[l] != ir::kNone) becomeSet(*labels_[l].marker, flags_[l], 0);
  List decls;
  for (ir::VarId v : added_) {
    ir::StmtPtr d = stmt(StmtKind::Decl, prog_.vars[v].range);
    d->var = v;
    d->expr = lit(0, d->range);
    decls.push_back(std::move(d));
  }
  List& body = fn_.body->children;
  body.insert(body.begin(), std::make_move_iterator(decls.begin()),
              std::make_move_iterator(decls.end()));
}

}  // namespace

void eliminateGotos(ir::Program& prog, ir::FuncId f, const std::vector<GotoSite>& gotos,
                    const std::vector<LabelSite>& labels) {
  Eliminator e(prog, f, labels);
  // Last goto first: of two backward gotos to one label the later one forms the outer loop
  // (the earlier one's loop then nests inside it), and a backward goto that a later backward
  // goto's loop contains is resolved inside it. Forward gotos do not depend on the order.
  for (auto g = gotos.rbegin(); g != gotos.rend(); ++g)
    e.eliminate(*g);
  e.finish();
}

}  // namespace culprit::frontend

// Frontend: statement structure, StmtIds, roles and source ranges.
#include "frontend_test_util.h"

namespace culprit::frontend::test {
namespace {

using ir::StmtKind;
using ir::StmtRole;

void expectRange(const ir::SourceRange& r, unsigned line, unsigned col, unsigned endLine,
                 unsigned endCol) {
  EXPECT_EQ(r.line, line);
  EXPECT_EQ(r.col, col);
  EXPECT_EQ(r.endLine, endLine);
  EXPECT_EQ(r.endCol, endCol);
}

TEST(Statements, IdsAreDenseAndFollowTheSource) {
  auto p = lower(R"(int g(int v) { return v; }
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) {
    if (i == 1) continue;
    s += g(i);
  }
  do { s--; } while (s > 10);
  while (s) s = s / 2;
  return s;
}
)");
  ASSERT_FALSE(p->stmts.empty());
  for (std::size_t i = 0; i < p->stmts.size(); ++i) {
    EXPECT_EQ(p->stmts[i]->id, i);
    if (i == 0) continue;
    const ir::SourceRange &a = p->stmts[i - 1]->range, &b = p->stmts[i]->range;
    EXPECT_TRUE(a.line < b.line || (a.line == b.line && a.col <= b.col))
        << "statement " << i << " starts before statement " << i - 1;
  }
  EXPECT_EQ(p->stmts.front()->func, fn(*p, "g").id);
  EXPECT_EQ(p->stmts.back()->func, fn(*p, "main").id);
  EXPECT_EQ(p->stmts.back()->kind, StmtKind::Return);
}

/// Every statement of `s`'s subtree, in tree order.
void collect(const ir::Stmt& s, std::vector<const ir::Stmt*>& out) {
  out.push_back(&s);
  for (const ir::StmtPtr* slot : {&s.init, &s.thenS, &s.elseS, &s.body, &s.step})
    if (*slot) collect(**slot, out);
  for (const ir::StmtPtr& c : s.children)
    collect(*c, out);
  for (const ir::SwitchArm& arm : s.arms)
    for (const ir::StmtPtr& c : arm.body)
      collect(*c, out);
}

TEST(Statements, GotosBecomeStructuredStatementsOfRoleNone) {
  auto p = lower(R"(int main(int n) {
  int i = 0;
again:
  i++;
  for (int j = 0; j < n; j++)
    if (j == i) goto out;
  if (i < 5) goto again;
out:
  return i;
}
)");
  std::vector<const ir::Stmt*> all;
  collect(*fn(*p, "main").body, all);
  unsigned jumps = 0, loops = 0;
  for (const ir::Stmt* s : all) {
    EXPECT_NE(s->id, ir::kNone);
    EXPECT_EQ(p->stmts.at(s->id), s);
    if (s->role == StmtRole::Jump) {  // the gotos themselves, at their lines
      ++jumps;
      EXPECT_EQ(s->kind, StmtKind::Empty);
      EXPECT_TRUE(s->range.line == 6 || s->range.line == 7) << s->range.line;
    }
    if (s->kind == StmtKind::DoWhile) {  // the loop formed by `goto again`
      ++loops;
      EXPECT_EQ(s->role, StmtRole::None);
      EXPECT_EQ(s->range.line, 7u);
      EXPECT_EQ(text(*p, *s), "goto.again");
    }
    // Whatever elimination added assigns or tests only its flags, and is never executable.
    if (s->expr && !s->isExecutable() && s->kind != StmtKind::Decl) {
      EXPECT_NE(text(*p, *s).find("goto."), std::string::npos) << text(*p, *s);
    }
  }
  EXPECT_EQ(jumps, 2u);
  EXPECT_EQ(loops, 1u);
  EXPECT_EQ(p->stmts.size(), all.size());  // every registered statement is in the tree
  EXPECT_EQ(var(*p, "goto.out").func, fn(*p, "main").id);
}

TEST(Statements, RolesFollowWhatTheStatementDoes) {
  auto p = lower(R"(
    #include <stdio.h>
    #include <assert.h>
    extern void __VERIFIER_assume(int);
    void h(void) {}
    int main(void) {
      int x;
      int y = 1;
      x = 2;
      x++;
      x += y;
      h();
      printf("%d", x);
      assert(x > 0);
      __VERIFIER_assume(y);
      x == 3;
      ;
      if (x) return 1;
      while (y) break;
      return 0;
    }
  )");
  const StmtRole expected[] = {
      StmtRole::None, StmtRole::Assign, StmtRole::Assign, StmtRole::Assign, StmtRole::Assign,
      StmtRole::Call, StmtRole::Output, StmtRole::Assert, StmtRole::Assume, StmtRole::Call,
      StmtRole::None, StmtRole::Branch, StmtRole::Branch, StmtRole::Return};
  const ir::Stmt& body = *fn(*p, "main").body;
  ASSERT_EQ(body.children.size(), std::size(expected));
  for (std::size_t i = 0; i < std::size(expected); ++i)
    EXPECT_EQ(body.children[i]->role, expected[i]) << "statement " << i;
  EXPECT_EQ(body.role, StmtRole::None);
  EXPECT_FALSE(body.isExecutable());
  EXPECT_EQ(body.children[11]->thenS->role, StmtRole::Return);
  EXPECT_EQ(body.children[12]->body->role, StmtRole::Jump);
}

TEST(Statements, IfElseAndLoopsCarryTheirConditions) {
  auto p = lower(R"(int f(int n) {
  if (n > 0) n--; else n++;
  while (n < 5)
    n += 2;
  do n--; while (n > 3);
  return n;
}
)");
  const ir::Stmt& s = top(*p, "f", 0);
  ASSERT_EQ(s.kind, StmtKind::If);
  EXPECT_EQ(text(*p, s), "n > 0");
  EXPECT_EQ(text(*p, *s.thenS), "n--");
  EXPECT_EQ(text(*p, *s.elseS), "n++");
  expectRange(s.range, 2, 7, 2, 12);  // the condition
  const ir::Stmt& w = top(*p, "f", 1);
  ASSERT_EQ(w.kind, StmtKind::While);
  EXPECT_EQ(text(*p, *w.body), "n += 2");
  expectRange(w.range, 3, 10, 3, 15);
  const ir::Stmt& d = top(*p, "f", 2);
  ASSERT_EQ(d.kind, StmtKind::DoWhile);
  EXPECT_EQ(text(*p, d), "n > 3");
  EXPECT_LT(d.body->id, d.id);  // the body comes first in the source
}

TEST(Statements, ForLoopsWithDeclarationsAndWithoutCondition) {
  auto p = lower(R"(int f(void) {
  int s = 0;
  for (int i = 0, j = 2; i < j; i++, j--) s++;
  for (;;) break;
  for (s = 0; ; ) return s;
}
)");
  const ir::Stmt& loop = top(*p, "f", 1);
  ASSERT_EQ(loop.kind, StmtKind::For);
  EXPECT_EQ(loop.role, StmtRole::Branch);
  ASSERT_EQ(loop.init->kind, StmtKind::Block);  // two declarators
  ASSERT_EQ(loop.init->children.size(), 2u);
  EXPECT_EQ(loop.init->children[1]->kind, StmtKind::Decl);
  EXPECT_EQ(loop.init->children[1]->role, StmtRole::Assign);
  EXPECT_EQ(text(*p, loop), "i < j");
  EXPECT_EQ(text(*p, *loop.step), "i++, j--");
  EXPECT_EQ(loop.step->role, StmtRole::Call);
  EXPECT_LT(loop.init->id, loop.id);
  EXPECT_LT(loop.id, loop.step->id);
  EXPECT_LT(loop.step->id, loop.body->id);

  const ir::Stmt& forever = top(*p, "f", 2);
  EXPECT_EQ(forever.role, StmtRole::Branch);  // always true
  EXPECT_EQ(forever.expr, nullptr);
  EXPECT_EQ(forever.init, nullptr);
  EXPECT_EQ(forever.step, nullptr);
  expectRange(forever.range, 4, 3, 4, 11);  // `for (;;)`

  const ir::Stmt& noCond = top(*p, "f", 3);
  EXPECT_EQ(noCond.init->kind, StmtKind::Expr);
  EXPECT_EQ(noCond.init->role, StmtRole::Assign);
  EXPECT_EQ(noCond.expr, nullptr);
}

TEST(Statements, SwitchArmsGroupRunsOfLabelsAndFallThrough) {
  auto p = lower(R"(int f(int x) {
  int r = 0;
  switch (x) {
  case 1:
  case 2:
    r = 10;
  case 3:
    r++;
    break;
  case 4: default:
    r = -1;
  }
  return r;
}
)");
  const ir::Stmt& sw = top(*p, "f", 1);
  ASSERT_EQ(sw.kind, StmtKind::Switch);
  EXPECT_EQ(sw.role, StmtRole::Branch);
  EXPECT_EQ(text(*p, sw), "x");
  ASSERT_EQ(sw.arms.size(), 3u);
  EXPECT_EQ(sw.arms[0].values, (std::vector<std::int64_t>{1, 2}));
  EXPECT_FALSE(sw.arms[0].isDefault);
  ASSERT_EQ(sw.arms[0].body.size(), 1u);  // no break: falls through into arm 1
  EXPECT_EQ(sw.arms[1].values, std::vector<std::int64_t>{3});
  ASSERT_EQ(sw.arms[1].body.size(), 2u);
  EXPECT_EQ(sw.arms[1].body[1]->kind, StmtKind::Break);
  EXPECT_EQ(sw.arms[1].body[1]->role, StmtRole::Jump);
  EXPECT_EQ(sw.arms[2].values, std::vector<std::int64_t>{4});
  EXPECT_TRUE(sw.arms[2].isDefault);
  EXPECT_EQ(text(*p, *sw.arms[2].body[0]), "r = -1");
}

TEST(Statements, SwitchCaseValuesUseTheConditionsType) {
  auto p = lower(R"(
    enum { K = 3 };
    int f(unsigned char c, unsigned long u) {
      switch (c) { case 'a': return 1; case K: return 2; }
      switch (u) { case -1: return 3; }
      return 0;
    }
  )");
  const ir::Stmt& sw = top(*p, "f", 0);
  EXPECT_EQ(sw.arms[0].values[0], 'a');
  EXPECT_EQ(sw.arms[1].values[0], 3);
  EXPECT_EQ(sw.expr->type->intKind, ir::IntKind::Int);  // promoted
  const ir::Stmt& wide = top(*p, "f", 1);
  EXPECT_EQ(static_cast<std::uint64_t>(wide.arms[0].values[0]), ~std::uint64_t{0});
}

TEST(Statements, DeclarationsBeforeTheFirstCaseAreAccepted) {
  auto p = lower("int f(int x) { switch (x) { int t; case 1: t = 2; return t; } return 0; }");
  const ir::Stmt& sw = top(*p, "f", 0);
  ASSERT_EQ(sw.arms.size(), 1u);
  EXPECT_EQ(sw.arms[0].body[0]->expr->ops[0]->var, varId(*p, "t"));
}

TEST(Statements, LabelsAreIgnoredAndEmptyStatementsKept) {
  auto p = lower("int f(int x) { start: x++; ; return x; }");
  EXPECT_EQ(top(*p, "f", 0).role, StmtRole::Assign);
  EXPECT_EQ(top(*p, "f", 1).kind, StmtKind::Empty);
  EXPECT_FALSE(top(*p, "f", 1).isExecutable());
}

TEST(Statements, DeclarationsOneStatementPerDeclarator) {
  auto p = lower(R"(int f(void) {
  int a, b = 2, c[2];
  return b;
}
)");
  const ir::Stmt& a = top(*p, "f", 0);
  const ir::Stmt& b = top(*p, "f", 1);
  EXPECT_EQ(a.kind, StmtKind::Decl);
  EXPECT_EQ(a.role, StmtRole::None);
  EXPECT_EQ(a.expr, nullptr);
  EXPECT_EQ(b.role, StmtRole::Assign);
  EXPECT_EQ(p->vars[b.var].name, "b");
  expectRange(a.range, 2, 3, 2, 8);    // `int a`
  expectRange(b.range, 2, 10, 2, 15);  // `b = 2`
  EXPECT_EQ(top(*p, "f", 2).kind, StmtKind::Decl);
}

TEST(Statements, RangesUseExpansionLocationsAndTokenEnds) {
  auto p = lower(R"(#include <assert.h>
#define INC(v) v++
#define LIMIT 10
int f(int x) {
  x = x +
      1;
  INC(x);
  assert(x < LIMIT);
  return x;
}
)");
  expectRange(top(*p, "f", 0).range, 5, 3, 6, 8);
  expectRange(top(*p, "f", 1).range, 7, 3, 7, 9);  // the macro's use
  const ir::Stmt& check = top(*p, "f", 2);
  expectRange(check.range, 8, 3, 8, 20);
  expectRange(check.expr->ops[0]->range, 8, 10, 8, 19);  // `x < LIMIT` as written
  EXPECT_EQ(check.range.file, 0u);
  EXPECT_EQ(p->files[0].path, "t.c");
  EXPECT_EQ(p->sourceLine(check.range), "assert(x < LIMIT);");
  expectRange(fn(*p, "f").range, 4, 1, 10, 2);
}

TEST(Statements, KnRMainWithArgv) {
  auto p = lower(R"(#include <stdlib.h>
main(argc, argv)
  int argc;
  char *argv[];
{
  int n = atoi(argv[1]);
  return n + argv[1][0];
}
)");
  const ir::Function& main = fn(*p, "main");
  EXPECT_EQ(main.ret->intKind, ir::IntKind::Int);  // implicit int
  ASSERT_EQ(main.params.size(), 2u);
  const ir::Var& argv = p->vars[main.params[1]];
  EXPECT_EQ(argv.name, "argv");
  ASSERT_TRUE(argv.type->isPointer());
  ASSERT_TRUE(argv.type->elem->isPointer());
  EXPECT_EQ(argv.type->elem->elem->intKind, ir::IntKind::Char);
  const ir::Expr& call = *top(*p, "main", 0).expr;
  EXPECT_EQ(call.builtin, ir::Builtin::Atoi);
  EXPECT_EQ(ir::printExpr(*p, call), "atoi(argv[1])");
  EXPECT_EQ(text(*p, top(*p, "main", 1)), "n + (int)argv[1][0]");
}

TEST(Statements, ReturnConvertsToTheReturnType) {
  auto p = lower("char f(long x) { return x; } void g(void) { return; }");
  const ir::Stmt& r = top(*p, "f", 0);
  EXPECT_EQ(r.kind, StmtKind::Return);
  EXPECT_EQ(r.expr->kind, ir::ExprKind::Cast);
  EXPECT_EQ(r.expr->type->intKind, ir::IntKind::Char);
  EXPECT_EQ(top(*p, "g", 0).expr, nullptr);
  EXPECT_TRUE(fn(*p, "g").ret->isVoid());
}

TEST(Statements, ExpressionFormsLowerToTheirNodes) {
  auto p = lower(R"(int f(int a, int b) {
  a = (a, b);
  a = a && b || !a;
  a = a ? b : -b;
  a = ~a % 3;
  a = ++b + b--;
  (void)a;
  return (a);
}
)");
  EXPECT_EQ(rhs(top(*p, "f", 0)).kind, ir::ExprKind::Comma);
  EXPECT_EQ(rhs(top(*p, "f", 1)).kind, ir::ExprKind::LogOr);
  EXPECT_EQ(rhs(top(*p, "f", 1)).ops[0]->kind, ir::ExprKind::LogAnd);
  EXPECT_EQ(rhs(top(*p, "f", 2)).kind, ir::ExprKind::Cond);
  EXPECT_EQ(text(*p, top(*p, "f", 3)), "a = ~a % 3");
  const ir::Expr& incs = rhs(top(*p, "f", 4));
  EXPECT_TRUE(incs.ops[0]->prefix);
  EXPECT_TRUE(incs.ops[0]->increment);
  EXPECT_FALSE(incs.ops[1]->prefix);
  EXPECT_FALSE(incs.ops[1]->increment);
  EXPECT_EQ(top(*p, "f", 5).expr->kind, ir::ExprKind::VarRef);  // (void) is dropped
  EXPECT_EQ(top(*p, "f", 6).expr->kind, ir::ExprKind::VarRef);  // parentheses too
}

}  // namespace
}  // namespace culprit::frontend::test

// Frontend: calls to user functions, library functions and verification intrinsics.
#include "frontend_test_util.h"

namespace culprit::frontend::test {
namespace {

using ir::Builtin;
using ir::ExprKind;

TEST(Calls, RecursionAndPrototypesResolveToTheDefinition) {
  auto p = lower(R"(
    int fact(int n);
    int main(void) { return fact(5); }
    int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
  )");
  const ir::Function& fact = fn(*p, "fact");
  const ir::Expr& call = *top(*p, "main", 0).expr;
  ASSERT_EQ(call.kind, ExprKind::Call);
  EXPECT_EQ(call.callee, fact.id);
  EXPECT_EQ(call.builtin, Builtin::None);
  const ir::Expr& inner = *top(*p, "fact", 0).expr->ops[2]->ops[1];  // fact(n - 1)
  EXPECT_EQ(inner.callee, fact.id);
  EXPECT_EQ(ir::printExpr(*p, inner), "fact(n - 1)");
  EXPECT_EQ(p->functions.size(), 2u);
}

TEST(Calls, UnprototypedCallsConvertArgumentsToParameterTypes) {
  auto p = lower(R"(
    int g();
    int main(void) { char c = 'x'; return g(c, 7L); }
    int g(x, y) short x; int y; { return x + y; }
  )");
  const ir::Expr& call = *top(*p, "main", 1).expr;
  ASSERT_EQ(call.ops.size(), 2u);
  EXPECT_EQ(call.ops[0]->type->intKind, ir::IntKind::Short);
  EXPECT_EQ(call.ops[1]->type->intKind, ir::IntKind::Int);
  EXPECT_EQ(ir::printExpr(*p, call), "g((short)(int)c, (int)7)");
}

TEST(Calls, ImplicitlyDeclaredFunctionDefinedLater) {
  auto p = lower("int main(void) { return twice(2); }\nint twice(int v) { return 2 * v; }");
  EXPECT_EQ(top(*p, "main", 0).expr->callee, fn(*p, "twice").id);
}

TEST(Calls, ArraysAndArgvArePassedAsPointers) {
  auto p = lower(R"(
    int sum(int a[], int n) { return n ? a[n - 1] + sum(a, n - 1) : 0; }
    int first(char **v) { return v[1][0]; }
    int main(int argc, char *argv[]) { int a[3] = {1, 2, 3}; return sum(a, 3) + first(argv); }
  )");
  const ir::Expr& total = *top(*p, "main", 1).expr;
  const ir::Expr& arg = *total.ops[0]->ops[0];  // a in sum(a, 3)
  ASSERT_EQ(arg.kind, ExprKind::Cast);
  EXPECT_TRUE(arg.type->isPointer());
  EXPECT_EQ(arg.ops[0]->kind, ExprKind::VarRef);
  EXPECT_TRUE(arg.ops[0]->type->isArray());
  const ir::Expr& argv = *total.ops[1]->ops[0];
  EXPECT_EQ(argv.kind, ExprKind::VarRef);
  EXPECT_EQ(argv.type, p->vars[fn(*p, "first").params[0]].type);
}

TEST(Calls, OutputBuiltinsAndStreams) {
  auto p = lower(R"(
    #include <stdio.h>
    int main(void) {
      char msg[] = "hey";
      printf("%d %s\n", 1, msg);
      fprintf(stderr, "err %d\n", 2);
      fprintf(stdout, "out\n");
      puts("line");
      putchar('c');
      return 0;
    }
  )");
  const ir::Expr& pf = *top(*p, "main", 1).expr;
  EXPECT_EQ(pf.builtin, Builtin::Printf);
  ASSERT_EQ(pf.ops.size(), 3u);
  ASSERT_EQ(pf.ops[0]->kind, ExprKind::Cast);  // array-to-pointer decay of the literal
  ASSERT_EQ(pf.ops[0]->ops[0]->kind, ExprKind::StrLit);
  EXPECT_EQ(pf.ops[0]->ops[0]->text, "%d %s\n");
  EXPECT_EQ(pf.ops[2]->ops[0]->var, varId(*p, "msg"));
  const ir::Expr& err = *top(*p, "main", 2).expr;
  EXPECT_EQ(err.builtin, Builtin::Fprintf);
  EXPECT_EQ(err.stream, 2);
  ASSERT_EQ(err.ops.size(), 2u);  // the stream is not an operand
  EXPECT_EQ(err.ops[0]->ops[0]->text, "err %d\n");
  EXPECT_EQ(top(*p, "main", 3).expr->stream, 1);
  EXPECT_EQ(top(*p, "main", 4).expr->builtin, Builtin::Puts);
  EXPECT_EQ(top(*p, "main", 5).expr->builtin, Builtin::Putchar);
  for (int i = 1; i <= 5; ++i)
    EXPECT_EQ(top(*p, "main", i).role, ir::StmtRole::Output) << i;
}

TEST(Calls, ConditionalStringArguments) {
  auto p = lower(R"(
    #include <stdio.h>
    int main(int argc, char **argv) {
      printf("%s %s\n", argc > 1 ? "many" : "one", argc ? argv[0] : "none");
      return 0;
    }
  )");
  const ir::Expr& call = *top(*p, "main", 0).expr;
  ASSERT_EQ(call.ops.size(), 3u);
  const ir::Expr& choice = *call.ops[1];
  ASSERT_EQ(choice.kind, ExprKind::Cond);
  EXPECT_TRUE(choice.type->isPointer());
  EXPECT_EQ(choice.ops[1]->ops[0]->text, "many");
  EXPECT_EQ(choice.ops[2]->ops[0]->text, "one");
  EXPECT_EQ(ir::printExpr(*p, *call.ops[2]), "argc ? argv[0] : \"none\"");
  auto q = lower("int main(int c, char **v) {\n  int x = (c ? \"a\" : \"b\")[0];\n  return x;\n}");
  EXPECT_EQ(ir::printExpr(*q, *top(*q, "main", 0).expr), "(int)(c ? \"a\" : \"b\")[0]");
}

TEST(Calls, InputAndConversionBuiltins) {
  auto p = lower(R"(
    #include <stdio.h>
    #include <stdlib.h>
    int main(int argc, char **argv) {
      int x, a[2];
      scanf("%d %d", &x, &a[1]);
      x = atoi(argv[1]) + atol(argv[2]) + atoll(argv[3]);
      x = strtol(argv[1], NULL, 10);
      x = getchar();
      if (x < 0) abort();
      exit(x);
    }
  )");
  const ir::Expr& sc = *top(*p, "main", 2).expr;
  EXPECT_EQ(sc.builtin, Builtin::Scanf);
  ASSERT_EQ(sc.ops.size(), 3u);
  ASSERT_EQ(sc.ops[1]->kind, ExprKind::AddrOf);
  EXPECT_TRUE(sc.ops[1]->type->isPointer());
  EXPECT_EQ(sc.ops[1]->ops[0]->var, varId(*p, "x"));
  EXPECT_EQ(sc.ops[2]->ops[0]->kind, ExprKind::Index);
  EXPECT_EQ(top(*p, "main", 2).role, ir::StmtRole::Call);
  EXPECT_EQ(text(*p, top(*p, "main", 3)),
            "x = (int)((long long)((long)atoi(argv[1]) + atol(argv[2])) + atoll(argv[3]))");
  const ir::Expr& st = *rhs(top(*p, "main", 4)).ops[0];
  EXPECT_EQ(st.builtin, Builtin::Strtol);
  ASSERT_EQ(st.ops.size(), 2u);  // the NULL end pointer is dropped
  EXPECT_EQ(st.ops[1]->value, 10);
  EXPECT_EQ(rhs(top(*p, "main", 5)).builtin, Builtin::Getchar);
  EXPECT_EQ(top(*p, "main", 6).thenS->expr->builtin, Builtin::Abort);
  EXPECT_EQ(top(*p, "main", 7).expr->builtin, Builtin::Exit);
}

TEST(Calls, AssertLowersToTheAssertedCondition) {
  auto p = lower(R"(#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long v = argc;
  assert(v * 2 != 7);
  return 0;
}
)");
  const ir::Stmt& s = top(*p, "main", 1);
  EXPECT_EQ(s.role, ir::StmtRole::Assert);
  const ir::Expr& call = *s.expr;
  EXPECT_EQ(call.builtin, Builtin::Assert);
  ASSERT_EQ(call.ops.size(), 1u);
  EXPECT_EQ(call.ops[0]->kind, ExprKind::Binary);
  EXPECT_EQ(call.ops[0]->binop, ir::BinOp::Ne);
  EXPECT_EQ(ir::printExpr(*p, call), "assert(v * (long)2 != (long)7)");
  EXPECT_EQ(s.range.col, 3u);
}

TEST(Calls, NdebugRemovesAsserts) {
  const char* source = "#include <assert.h>\nint main(void) { assert(0); return 0; }";
  Options options;
  options.defines = {"NDEBUG"};
  auto p = lower(source, options);
  EXPECT_EQ(top(*p, "main", 0).role, ir::StmtRole::None);
  EXPECT_EQ(top(*p, "main", 0).expr->kind, ExprKind::IntLit);
  auto q = lower(source);
  EXPECT_EQ(top(*q, "main", 0).expr->builtin, Builtin::Assert);
}

TEST(Calls, VerificationIntrinsics) {
  auto p = lower(R"(
    extern void __assert_fail(const char *, const char *, unsigned int, const char *);
    extern unsigned int __VERIFIER_nondet_uint(void);
    extern char nondet_char(void);
    extern void __VERIFIER_assume(int);
    void reach_error() { __assert_fail("0", "t.c", 3, __func__); }
    int main(void) {
      unsigned u = __VERIFIER_nondet_uint();
      char c = nondet_char();
      long l = __VERIFIER_nondet_long();
      __VERIFIER_assume(u < 10);
      __CPROVER_assume(c);
      if (u == 3) reach_error();
      if (u == 4) __VERIFIER_error();
      return 0;
    }
  )");
  const ir::Expr& fail = *top(*p, "reach_error", 0).expr;
  EXPECT_EQ(fail.builtin, Builtin::AssertFail);
  ASSERT_EQ(fail.ops.size(), 4u);
  EXPECT_EQ(fail.ops[3]->ops[0]->text, "reach_error");  // __func__
  EXPECT_EQ(top(*p, "reach_error", 0).role, ir::StmtRole::Assert);
  const ir::Expr& u = *top(*p, "main", 0).expr;
  EXPECT_EQ(u.builtin, Builtin::Nondet);
  EXPECT_EQ(u.type->intKind, ir::IntKind::UInt);
  EXPECT_EQ(top(*p, "main", 1).expr->type->intKind, ir::IntKind::Char);
  EXPECT_EQ(top(*p, "main", 2).expr->ops[0]->builtin, Builtin::Nondet);  // implicit int
  EXPECT_EQ(top(*p, "main", 3).expr->builtin, Builtin::Assume);
  EXPECT_EQ(top(*p, "main", 3).role, ir::StmtRole::Assume);
  EXPECT_EQ(top(*p, "main", 4).expr->builtin, Builtin::Assume);
  const ir::Stmt& reach = *top(*p, "main", 5).thenS;
  EXPECT_EQ(reach.expr->builtin, Builtin::ReachError);  // even though reach_error is defined
  EXPECT_EQ(reach.expr->callee, ir::kNone);
  EXPECT_EQ(reach.role, ir::StmtRole::Assert);
  EXPECT_EQ(top(*p, "main", 6).thenS->expr->builtin, Builtin::ReachError);
}

TEST(Calls, UnsupportedLibraryArguments) {
  Failure e =
      failure("#include <stdlib.h>\nint main(int c, char **v) {\n  return strtol(v[1], v, 10);\n}");
  EXPECT_EQ(e.message, "unsupported construct: strtol with an end pointer other than NULL");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.col, 23u);
  // A stream argument must be a FILE *.
  Failure st =
      failure("#include <stdio.h>\nint main(void) {\n  int f = 0;\n  return feof((void *)f);\n}");
  EXPECT_NE(st.message.find("unsupported construct: "), std::string::npos);
  EXPECT_EQ(st.line, 4u);
}

}  // namespace
}  // namespace culprit::frontend::test

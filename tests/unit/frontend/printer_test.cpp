// IR printer: C-like expressions with minimal parentheses, and the program dump.
#include "frontend_test_util.h"

namespace culprit::frontend::test {
namespace {

std::string exprOf(const std::string& body, const std::string& decls = "int a, b, c;") {
  auto p = lower(decls + "\nvoid f(void) { " + body + "; }");
  return text(*p, top(*p, "f", 0));
}

TEST(Printer, ParenthesesOnlyWherePrecedenceNeedsThem) {
  EXPECT_EQ(exprOf("a = (a + b) * c"), "a = (a + b) * c");
  EXPECT_EQ(exprOf("a = a + b * c"), "a = a + b * c");
  EXPECT_EQ(exprOf("a = a - (b - c)"), "a = a - (b - c)");
  EXPECT_EQ(exprOf("a = (a - b) - c"), "a = a - b - c");
  EXPECT_EQ(exprOf("a = b = c"), "a = b = c");
  EXPECT_EQ(exprOf("a = -(-b)"), "a = -(-b)");
  EXPECT_EQ(exprOf("a = !(a < b) && (b || c)"), "a = !(a < b) && (b || c)");
  EXPECT_EQ(exprOf("a = (a, b)"), "a = (a, b)");
  EXPECT_EQ(exprOf("a = a ? b : c ? a : b"), "a = a ? b : c ? a : b");
  EXPECT_EQ(exprOf("a = (a ? b : c) + 1"), "a = (a ? b : c) + 1");
  EXPECT_EQ(exprOf("a += b << 2"), "a += b << 2");
  EXPECT_EQ(exprOf("a = -b++"), "a = -b++");
}

TEST(Printer, CastsIndexesAndLiterals) {
  EXPECT_EQ(exprOf("c = u + i", "unsigned u; int i; long c;"), "c = (long)(u + (unsigned int)i)");
  EXPECT_EQ(exprOf("x = m[1][a]", "int m[2][3], a, x;"), "x = m[1][a]");
  EXPECT_EQ(exprOf("x = 4000000000u", "unsigned x;"), "x = 4000000000");
  EXPECT_EQ(exprOf("x = (char)a", "char x; int a;"), "x = (char)a");
}

TEST(Printer, CallsAndStrings) {
  auto p = lower(R"(
    #include <stdio.h>
    int __VERIFIER_nondet_int(void);
    int g(int v) { return v; }
    void f(void) {
      fprintf(stderr, "a\"b\\\n\t\x01");
      g(__VERIFIER_nondet_int());
    }
  )");
  EXPECT_EQ(text(*p, top(*p, "f", 0)), R"(fprintf(stderr, "a\"b\\\n\t\001"))");
  EXPECT_EQ(text(*p, top(*p, "f", 1)), "g(nondet<int>())");
}

TEST(Printer, InitializerLists) {
  auto p = lower("int dense[3] = {1, 2, 3};\nint sparse[5] = {[1] = 4, [3] = 5};");
  EXPECT_EQ(ir::printExpr(*p, *var(*p, "dense").init), "{1, 2, 3}");
  EXPECT_EQ(ir::printExpr(*p, *var(*p, "sparse").init), "{[1] = 4, [3] = 5}");
}

TEST(Printer, ProgramDumpListsGlobalsFunctionsAndStatements) {
  auto p = lower(R"(int m[2][3] = {{1}};
int f(int a[], int n) {
  int s = 0;
  if (n > 0)
    s = a[0];
  else
    s = -1;
  switch (n) { case 1: case 2: s++; break; default: s--; }
  return s;
}
)");
  std::string dump = ir::printProgram(*p);
  const char* expected[] = {
      "file 0 t.c\n",
      "global 0 int[2][3] m = {1}\n",
      "function 0 int f(int* a, int n)\n",
      "  frame: a n s\n",
      "  s0 none 2:23 {\n",
      "    s1 assign 3:3 int s = 0\n",
      "    s2 branch 4:7 if (n > 0)\n",
      "      then:\n        s3 assign 5:5 s = a[0]\n",
      "      else:\n        s4 assign 7:5 s = -1\n",
      "    s5 branch 8:11 switch (n)\n      case 1 2:\n        s6 assign 8:32 s++\n"
      "        s7 jump 8:37 break\n      default:\n        s8 assign 8:53 s--\n",
      "    s9 return 9:3 return s\n",
  };
  std::size_t at = 0;
  for (const char* part : expected) {
    std::size_t found = dump.find(part, at);
    ASSERT_NE(found, std::string::npos) << "missing, in order: " << part << "\nin:\n" << dump;
    at = found;
  }
  EXPECT_EQ(ir::printStmtHeader(*p, *p->stmts[3]), "s3 assign 5:5 s = a[0]");
}

}  // namespace
}  // namespace culprit::frontend::test

// Uninitialised values, as MemorySanitizer reports them: a copy or an arithmetic result of an
// uninitialised value is not reported; a branch on it, an index, a divisor, a pointer, output,
// the exit status or a library argument that the library inspects is. Expected reports were
// checked against clang-14 -fsanitize=memory (-O0) where it checks the same use (branches,
// indexes, divisors, strings, main's return value, partial initializers, locals redeclared in
// a loop); printf's and putchar's integer arguments and exit()'s status are checked as clang's
// -fsanitize-memory-param-retval (the default from clang 16) checks a call's arguments.
#include "c_program.h"

#include <gtest/gtest.h>

namespace culprit::exec {
namespace {

using testing::CProgram;
using testing::runC;

void expectUninit(const RunResult& r, const std::string& message, std::uint32_t line) {
  EXPECT_EQ(r.verdict, Verdict::RuntimeError) << r.message;
  EXPECT_EQ(r.exitStatus, kStatusRuntimeError);
  EXPECT_TRUE(r.uninitialisedUse);
  EXPECT_EQ(r.message, "runtime error: " + message);
  EXPECT_EQ(r.where.line, line);
}

TEST(Uninitialised, BranchOnALocalIsReportedWithItsName) {
  const RunResult r = runC(R"c(
int main(void) {
  int x;
  int y = x + 1;
  if (y > 2) return 1;
  return 0;
}
)c");
  expectUninit(r, "use of uninitialised value of 'x' in a condition", 5);
  EXPECT_EQ(r.err, "t.c:5:7: runtime error: use of uninitialised value of 'x' in a condition\n");
}

TEST(Uninitialised, CopiesAndArithmeticAreNotReported) {
  const RunResult r = runC(R"c(
int main(void) {
  int x, y, a[3];
  y = x * 2 + 1;
  a[1] = y;
  x = 4;
  return x;
}
)c");
  EXPECT_EQ(r.verdict, Verdict::Exited) << r.message;
  EXPECT_EQ(r.exitStatus, 4);
  EXPECT_FALSE(r.uninitialisedUse);
}

TEST(Uninitialised, EachUseThatMemorySanitizerChecks) {
  const CProgram p(R"c(
#include <stdio.h>
#include <stdlib.h>
struct pt { int x, y; };
int main(int argc, char **argv) {
  int u, t[4] = {0};
  struct pt s;
  int *q;
  char buf[8];
  switch (argv[1][0]) {
  case 'i': return t[u & 3];
  case 'd': return 10 / u;
  case 'p': return *q;
  case 'o': printf("%d\n", u); break;
  case 'c': putchar(u); break;
  case 'e': exit(u);
  case 'r': return u;
  case 'm': return s.y ? 1 : 2;
  case 'a': return u && argc;
  case 's': buf[0] = 'a'; puts(buf); break;
  case 'w': switch (u) { default: break; } break;
  case 'h': { int *h = malloc(2 * sizeof(int)); h[0] = 1; return h[h[1] & 1]; }
  }
  return 0;
}
)c");
  expectUninit(p.runArgs({"i"}), "use of uninitialised value of 'u' as an index", 11);
  expectUninit(p.runArgs({"d"}), "use of uninitialised value of 'u' as a divisor", 12);
  expectUninit(p.runArgs({"p"}), "use of uninitialised value of 'q' as a pointer", 13);
  expectUninit(p.runArgs({"o"}), "use of uninitialised value of 'u' passed to 'printf'", 14);
  expectUninit(p.runArgs({"c"}), "use of uninitialised value of 'u' passed to 'putchar'", 15);
  expectUninit(p.runArgs({"e"}), "use of uninitialised value of 'u' as the exit status", 16);
  expectUninit(p.runArgs({"r"}), "use of uninitialised value of 'u' as the exit status", 17);
  expectUninit(p.runArgs({"m"}), "use of uninitialised value of 's' in a condition", 18);
  expectUninit(p.runArgs({"a"}), "use of uninitialised value of 'u' in a condition", 19);
  expectUninit(p.runArgs({"s"}),
               "use of uninitialised value of 'buf' in a string read by the library", 20);
  expectUninit(p.runArgs({"w"}), "use of uninitialised value of 'u' in a condition", 21);
  const RunResult h = p.runArgs({"h"});
  EXPECT_TRUE(h.uninitialisedUse);
  EXPECT_EQ(h.message, "runtime error: use of uninitialised value of a heap block allocated at "
                       "t.c:22 as an index");
  EXPECT_EQ(p.runArgs({"z"}).verdict, Verdict::Exited);
}

TEST(Uninitialised, WritesInitialise) {
  const RunResult r = CProgram(R"c(
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct pt { int x, y; };
int g[3];
int main(void) {
  static int st;
  int part[5] = {1};
  int set[4], copy[4], *c = calloc(3, sizeof(int));
  char text[8], line[8], got;
  struct pt a, b;
  memset(set, 0, sizeof set);
  memcpy(copy, set, sizeof copy);
  strcpy(text, "hey");
  sscanf("12", "%d", &a.x);
  scanf(" %c", &got);
  a.y = 5;
  b = a;
  if (g[2] || st || part[4] || set[3] || copy[1] || c[2] || strlen(text) != 3) return 1;
  fgets(line, sizeof line, stdin);
  printf("%d %d %s %c %s", b.x, b.y, text, got, line);
  return 0;
}
)c")
                          .runStdin("q rest\n");
  EXPECT_EQ(r.verdict, Verdict::Exited) << r.message;
  EXPECT_EQ(r.out, "12 5 hey q  rest\n");
}

TEST(Uninitialised, StructCopyCopiesTheShadow) {
  const RunResult r = runC(R"c(
struct pt { int x, y; };
int main(void) {
  struct pt a, b;
  a.x = 1;
  b = a;
  if (b.x) return b.y;
  return 0;
}
)c");
  expectUninit(r, "use of uninitialised value of 'a' as the exit status", 7);
}

TEST(Uninitialised, ADeclarationInALoopIsUninitialisedAgainInEachIteration) {
  const RunResult r = runC(R"c(
int main(void) {
  int sum = 0;
  for (int i = 0; i < 3; i++) {
    int v;
    if (i == 0) v = 5;
    sum += v;
    if (sum > 100) return 1;
  }
  return 0;
}
)c");
  expectUninit(r, "use of uninitialised value of 'v' in a condition", 8);
}

TEST(Uninitialised, ALibraryFunctionOfThePreludeReportsAtTheProgramsCall) {
  const RunResult r = runC(R"c(
#include <string.h>
int main(void) {
  char s[4];
  s[0] = 'a';
  return (int)strlen(s);
}
)c");
  EXPECT_TRUE(r.uninitialisedUse);
  EXPECT_EQ(r.where.line, 6u);
  EXPECT_EQ(r.message, "runtime error: strlen: use of uninitialised value of 's' in a condition");
}

TEST(Uninitialised, ForcedInstancesDoNotUseTheirNaturalValue) {
  const CProgram p(R"c(
int main(void) {
  int x, y;
  y = x + 1;
  if (y) return 3;
  return 0;
}
)c");
  FixedHooks hooks;
  hooks.overrides[{p.stmtAt(4), 0}] = 7;
  RunOptions o;
  o.observer = &hooks;
  RunResult r = p.run({}, o);
  EXPECT_EQ(r.verdict, Verdict::Exited) << r.message;
  EXPECT_EQ(r.exitStatus, 3);
  FixedHooks branch;
  branch.hijacks[{p.stmtAt(5), 0}] = 0;
  o.observer = &branch;
  r = p.run({}, o);
  EXPECT_EQ(r.verdict, Verdict::Exited) << r.message;
  EXPECT_EQ(r.exitStatus, 0);
}

TEST(Uninitialised, NondetModeTakesTheValuesOfTheCounterexample) {
  const CProgram p(R"c(
extern int __VERIFIER_nondet_int(void);
struct pt { char c; long l; int *p; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[3];
  struct pt s;
  if (s.p) return 100;
  return n + a[0] + a[1] + a[2] + s.c + (int)s.l;
}
)c");
  RunInput in;
  in.nondet = {1, 2, 3, 4, 300, 6, 99};
  RunOptions o;
  o.nondetUninitialised = true;
  const RunResult r = p.run(in, o);
  EXPECT_EQ(r.verdict, Verdict::Exited) << r.message;
  // s.c is a char: 300 converts to 44; the pointer cell takes no value (it is NULL).
  EXPECT_EQ(r.exitStatus, 1 + 2 + 3 + 4 + 44 + 6);
  EXPECT_EQ(r.nondetUsed, (std::vector<std::int64_t>{1, 2, 3, 4, 44, 6}));
  expectUninit(p.run(in), "use of uninitialised value of 's' in a condition", 8);
}

}  // namespace
}  // namespace culprit::exec

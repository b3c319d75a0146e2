// C-level tests of library calls and of the ways a run ends: printf family, argv and string
// to integer conversion, scanf/getchar, exit/abort/assert, nondet/assume, runtime errors with
// their locations, the step and output limits. Expected outputs come from gcc-compiled runs;
// runtime error messages are the ones clang's -fsanitize=undefined prints.
#include "c_program.h"

#include <gtest/gtest.h>

namespace culprit::exec {
namespace {

using testing::CProgram;
using testing::runC;

TEST(CLibrary, PrintfFamilyFormatsLikeGlibc) {
  RunResult r = runC(R"c(
#include <stdio.h>
int main(int argc, char *argv[]) {
  printf("[%5d][%-5d][%05d][%+d][% d][%x][%#X][%o]\n", 42, 42, 42, 42, 42, 255, 255, 8);
  printf("[%ld][%lu][%lld][%hhd][%hu][%zu]\n", -5L, 7UL, 1LL << 40, 300, 70000, sizeof(int));
  printf("[%*d][%-*d][%.*d][%c][%3c]\n", 4, 1, 4, 2, 3, 3, 'A', 'b');
  printf("[%s][%8s][%-8s][%.2s]\n", argv[1], argv[1], argv[1], argv[1]);
  fprintf(stdout, "%d args\n", argc);
  fprintf(stderr, "to err %s\n", argv[0]);
  puts("line");
  putchar('z'); putchar('\n');
  int n = printf("abc\n");
  printf("%d %%\n", n);
  return argc;
}
)c",
                     {"hello"});
  EXPECT_EQ(r.out, R"out([   42][42   ][00042][+42][ 42][ff][0XFF][10]
[-5][7][1099511627776][44][4464][4]
[   1][2   ][003][A][  b]
[hello][   hello][hello   ][he]
2 args
line
z
abc
4 %
)out");
  EXPECT_EQ(r.err, "to err prog\n");
  EXPECT_EQ(r.exitStatus, 2);
}

TEST(CLibrary, StringToIntegerConversionsOfArgv) {
  RunResult r = runC(R"c(
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    printf("%d %ld %lld %ld %ld\n", atoi(argv[i]), atol(argv[i]), atoll(argv[i]),
           strtol(argv[i], NULL, 0), strtol(argv[i], NULL, 16));
  printf("%s\n", argv[argc]);
  return 0;
}
)c",
                     {"42", "  -17x", "0x1f", "012", "99999999999", "-2147483649", "", "abc"});
  EXPECT_EQ(r.out, R"out(42 42 42 42 66
-17 -17 -17 -17 -23
0 0 0 31 31
12 12 12 10 18
1215752191 99999999999 99999999999 99999999999 10555311626649
2147483647 -2147483649 -2147483649 -2147483649 -142929835593
0 0 0 0 0
0 0 0 0 2748
(null)
)out");
}

TEST(CLibrary, MissingArgumentIsANullPointer) {
  RunResult r = runC(R"c(
#include <stdlib.h>
int main(int argc, char **argv) { return atoi(argv[1]); }
)c");
  EXPECT_EQ(r.verdict, Verdict::RuntimeError);
  EXPECT_EQ(r.message, "runtime error: null pointer passed to 'atoi'");
}

TEST(CLibrary, ScanfAndGetcharShareStdin) {
  CProgram p(R"c(
#include <stdio.h>
int main(void) {
  int a = -1, b = -1, c;
  int n = scanf("%d %d", &a, &b);
  printf("%d: %d %d\n", n, a, b);
  int ch = getchar();
  printf("[%d]\n", ch);
  int arr[3] = {0};
  n = scanf("%d,%d", &arr[0], &arr[2]);
  printf("%d: %d %d\n", n, arr[0], arr[2]);
  while ((ch = getchar()) != EOF) putchar(ch == '\n' ? '$' : ch);
  n = scanf("%d", &c);
  printf("\n%d\n", n);
  return 0;
}
)c");
  EXPECT_EQ(p.runStdin("3 4\n5,6 rest\nmore").out, "2: 3 4\n[10]\n2: 5 6\n rest$more\n-1\n");
  EXPECT_EQ(p.runStdin("3 x").out, "1: 3 -1\n[120]\n-1: 0 0\n\n-1\n");
  EXPECT_EQ(p.runStdin("").out, "-1: -1 -1\n[-1]\n-1: 0 0\n\n-1\n");
}

TEST(CLibrary, ExitAbortAndAssertVerdicts) {
  CProgram p(R"c(
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
int main(int argc, char **argv) {
  int k = atoi(argv[1]);
  printf("before\n");
  if (k == 1) exit(300);
  if (k == 2) abort();
  assert(k > 10 &&
         argc == 2);
  return 5;
}
)c");
  RunResult r = p.runArgs({"1"});
  EXPECT_EQ(r.verdict, Verdict::Exited);
  EXPECT_EQ(r.exitStatus, 300 & 0xff);
  EXPECT_EQ(r.out, "before\n");
  EXPECT_FALSE(r.returnValue.has_value());
  r = p.runArgs({"2"});
  EXPECT_EQ(r.verdict, Verdict::Aborted);
  EXPECT_EQ(r.exitStatus, 134);
  r = p.runArgs({"3"});
  EXPECT_EQ(r.verdict, Verdict::AssertFailed);
  EXPECT_EQ(r.exitStatus, kStatusAssert);
  EXPECT_EQ(r.message, "assertion failed: k > 10 && argc == 2");
  EXPECT_EQ(r.err, "prog: t.c:10: main: Assertion `k > 10 && argc == 2' failed.\n");
  EXPECT_EQ(r.failedStmt, p.stmtAt(10));
  EXPECT_EQ(r.where.line, 10u);
  EXPECT_EQ(p.runArgs({"11"}).exitStatus, 5);
}

TEST(CLibrary, AssertFailAndReachErrorAreViolations) {
  RunResult r = runC(R"c(
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
int main(int argc, char **argv) {
  if (argc > 1) __assert_fail("x == 1", "orig.c", 7, "check");
  return 0;
}
)c",
                     {"go"});
  EXPECT_EQ(r.verdict, Verdict::AssertFailed);
  EXPECT_EQ(r.err, "prog: orig.c:7: check: Assertion `x == 1' failed.\n");
  r = runC(R"c(
void reach_error(void) {}
int main(void) { int x = 2; if (x == 2) reach_error(); return 0; }
)c");
  EXPECT_EQ(r.verdict, Verdict::AssertFailed);
  EXPECT_EQ(r.message, "reach_error() called");
}

TEST(CLibrary, NondetValuesAreTruncatedAndRecorded) {
  CProgram p(R"c(
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a = __VERIFIER_nondet_int();
  unsigned char b = __VERIFIER_nondet_uchar();
  int c = __VERIFIER_nondet_int();
  __VERIFIER_assume(a > 0);
  return a + b + c;
}
)c");
  RunInput in;
  in.nondet = {5, 300};
  RunResult r = p.run(in);
  EXPECT_EQ(r.verdict, Verdict::Exited);
  EXPECT_EQ(r.exitStatus, 5 + 44 + 0);  // 300 as unsigned char is 44; exhausted gives 0
  EXPECT_EQ(r.nondetUsed, (std::vector<std::int64_t>{5, 44, 0}));
  in.nondet = {-3};
  r = p.run(in);
  EXPECT_EQ(r.verdict, Verdict::AssumeFailed);
  EXPECT_EQ(r.message, "assumption failed: a > 0");
}

TEST(CLibrary, RuntimeErrorsAreLocatedAndWordedLikeUBSan) {
  CProgram p(R"c(
#include <stdio.h>
#include <stdlib.h>
int a[4];
int m[3][4];
void put(int p[], int i) { p[i] = 1; }
int main(int argc, char **argv) {
  int k = atoi(argv[1]);
  int big = 2147483647;
  switch (k) {
  case 0: printf("%d\n", big + k + 1); break;
  case 1: printf("%d\n", 10 / (k - 1)); break;
  case 2: a[k + 3] = 1; break;
  case 3: m[1][k + 1] = 2; break;
  case 4: m[k - 1][0] = 2; break;
  case 5: put(a, k); break;
  case 6: printf("%d\n", 1 << (k * 6)); break;
  case 7: printf("%d\n", -k << 1); break;
  case 8: printf("%d\n", k << 28); break;
  case 9: printf("%d\n", 1 << (k - 10)); break;
  case 10: { int x = -2147483647 - 1; x = -x; } break;
  case 11: printf("%d\n", argv[k][0]); break;
  }
  return 0;
}
)c");
  struct Case {
    const char* arg;
    std::uint32_t line, col;
    const char* what;
    int nth = 0;  // of the statements on the line
  };
  const Case cases[] = {
      {"0", 11, 26, "signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'"},
      {"1", 12, 26, "division by zero"},
      {"2", 13, 11, "index 5 out of bounds for type 'int[4]'"},
      {"3", 14, 11, "index 4 out of bounds for type 'int[4]'"},
      {"4", 15, 11, "index 3 out of bounds for type 'int[3][4]'"},
      {"5", 6, 28, "index 5 out of bounds for a pointer into object 'a' of type 'int[4]'"},
      {"6", 17, 26, "shift exponent 36 is too large for 32-bit type 'int'"},
      {"7", 18, 26, "left shift of negative value -7"},
      {"8", 19, 26, "left shift of 8 by 28 places cannot be represented in type 'int'"},
      {"9", 20, 26, "shift exponent -1 is negative"},
      {"10", 21, 43,
       "negation of -2147483648 cannot be represented in type 'int'; cast to an "
       "unsigned type to negate this value to itself",
       1},
      {"11", 22, 27, "index 11 out of bounds for a pointer into argv of type 'char *[3]'"},
  };
  for (const Case& c : cases) {
    RunResult r = p.runArgs({c.arg});
    EXPECT_EQ(r.verdict, Verdict::RuntimeError) << c.arg;
    EXPECT_EQ(r.exitStatus, kStatusRuntimeError);
    EXPECT_EQ(r.message, std::string("runtime error: ") + c.what) << c.arg;
    EXPECT_EQ(r.where.line, c.line) << c.arg;
    EXPECT_EQ(r.err, "t.c:" + std::to_string(c.line) + ":" + std::to_string(c.col) +
                         ": runtime error: " + c.what + "\n")
        << c.arg;
    EXPECT_EQ(r.failedStmt, p.stmtAt(c.line, c.nth)) << c.arg;
  }
}

TEST(CLibrary, StepLimitStopsAnInfiniteLoop) {
  CProgram p(R"c(
int main(void) {
  int i = 0;
  while (i >= 0) i = (i + 1) % 10;
  for (;;) ;
  return 0;
}
)c");
  RunOptions o;
  o.stepLimit = 1000;
  RunResult r = p.run({}, o);
  EXPECT_EQ(r.verdict, Verdict::StepLimit);
  EXPECT_EQ(r.message, "step limit of 1000 statements exceeded");
  EXPECT_EQ(r.steps, 1000u);
  EXPECT_EQ(r.exitStatus, kStatusRuntimeError);
}

TEST(CLibrary, EmptyInfiniteLoopStillHitsTheLimit) {
  RunOptions o;
  o.stepLimit = 1000;
  RunResult r = CProgram("int main(void) { for (;;) ; }").run({}, o);
  EXPECT_EQ(r.verdict, Verdict::StepLimit);
}

TEST(CLibrary, OutputLimitIsARuntimeError) {
  CProgram p(R"c(
#include <stdio.h>
int main(void) { while (1) printf("0123456789"); }
)c");
  RunOptions o;
  o.outputLimit = 1000;
  RunResult r = p.run({}, o);
  EXPECT_EQ(r.verdict, Verdict::RuntimeError);
  EXPECT_EQ(r.message, "runtime error: output limit of 1000 bytes exceeded");
  EXPECT_EQ(r.out.size(), 1000u);
}

}  // namespace
}  // namespace culprit::exec

// Line and string input and output in the encoder: with the golden run's output events as the
// oracle, the formula of a passing run (every selector enforced) is satisfiable and a wrong
// expected output makes it unsatisfiable; strings the program computes are compared character
// by character, also when their length is computed (printed to stdout under the oracle: against
// the expected text, without shapes); sscanf of a line the program cuts is split into cases;
// buffer overflows are runtime errors; atoi reads computed characters.
#include "encode_test_util.h"

#include <gtest/gtest.h>

namespace culprit::encode::test {
namespace {

exec::RunInput stdinInput(std::string data) {
  exec::RunInput in;
  in.stdinData = std::move(data);
  return in;
}

/// The golden run's output events and exit status as the oracle.
Expectation expectationOf(const ir::Program& golden, const exec::RunInput& in) {
  const std::optional<Observed> obs = observe(golden, in, exec::RunOptions{});
  EXPECT_TRUE(obs.has_value());
  Expectation ex;
  if (!obs) return ex;
  ex.output = obs->events;
  ex.exitStatus = obs->exitStatus;
  return ex;
}

/// Encodes `p` on `in` against `ex` in `family` (trace families trace the run first).
Encoding encodeIn(z3::context& ctx, const ir::Program& p, const exec::RunInput& in,
                  const Expectation& ex, Family family, Ints ints = Ints::BitVector) {
  EncodeOptions o;
  o.family = family;
  o.ints = ints;
  o.unwind = 12;
  const exec::RunResult run = runTraced(p, in);
  return encode(ctx, p, in, ex, o, family == Family::Program ? nullptr : &run);
}

const Family kFamilies[] = {Family::Program, Family::TraceFlowSensitive,
                            Family::TraceFlowInsensitive};

const char* kRecords = R"(#include <stdio.h>
int main(void) {
  char line[16], name[8];
  int age, n = 0;
  while (fgets(line, sizeof line, stdin)) {
    if (sscanf(line, "%7s %d", name, &age) != 2) continue;
    n++;
    printf("%s is %d\n", name, age);
  }
  fputs("records: ", stdout);
  printf("%d\n", n);
  return 0;
}
)";

TEST(EncodeStdio, FgetsAndSscanfPassingRunIsSatisfiableAndAWrongOutputIsNot) {
  auto p = compile(kRecords);
  const exec::RunInput in = stdinInput("ann 31\nbob x\ncy 4\nlast");
  const Expectation ex = expectationOf(*p, in);
  ASSERT_TRUE(ex.output.has_value());
  ASSERT_EQ(ex.output->size(), 4u);  // two records, the fputs, the count
  EXPECT_EQ(ex.output->at(0).key, std::string("%s is %d\n") + '\0' + "ann");
  EXPECT_EQ(ex.output->at(2).key, "records: ");
  Expectation wrongName = ex, wrongAge = ex;
  wrongName.output->at(1).key.back() = 'z';  // "cz is 4"
  wrongAge.output->at(0).values[0] = 32;
  for (Family f : kFamilies)
    for (Ints ints : {Ints::BitVector, Ints::Math}) {
      z3::context ctx;
      EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *p, in, ex, f, ints)), z3::sat) << familyName(f);
      EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *p, in, wrongName, f, ints)), z3::unsat)
          << familyName(f);
      EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *p, in, wrongAge, f, ints)), z3::unsat)
          << familyName(f);
    }
}

TEST(EncodeStdio, ScanfStringsAndCharactersAreTheInput) {
  auto p = compile(R"(#include <stdio.h>
int main(void) {
  char w[6];
  char c;
  int same = 0;
  while (scanf("%5s %c", w, &c) == 2) {
    if (c == w[0]) same++;
    printf("%s/%c\n", w, c);
  }
  printf("%d\n", same);
  return 0;
}
)");
  const exec::RunInput in = stdinInput("abc a\nxyzzyx q  mm m");
  const Expectation ex = expectationOf(*p, in);
  ASSERT_TRUE(ex.output.has_value());
  ASSERT_EQ(ex.output->size(), 5u);  // abc/a xyzzy/x q/m m/m 3
  EXPECT_EQ(ex.output->at(1).key, std::string("%s/%c\n") + '\0' + "xyzzy");
  Expectation wrong = ex;
  wrong.output->back().values[0] = 1;
  for (Family f : kFamilies) {
    z3::context ctx;
    EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *p, in, ex, f)), z3::sat) << familyName(f);
    EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *p, in, wrong, f)), z3::unsat) << familyName(f);
  }
}

// Line 7 writes 'b' where the golden program writes 'A': the output's characters are computed,
// and only relaxing line 7 explains the failure.
const char* kReplace = R"(#include <stdio.h>
int main(void) {
  char buf[12];
  int i;
  if (!fgets(buf, sizeof buf, stdin)) return 1;
  for (i = 0; buf[i] != '\0'; i++)
    if (buf[i] == 'a') buf[i] = 'b';
  fputs(buf, stdout);
  printf("[%s]\n", buf);
  puts(buf);
  return 0;
}
)";

TEST(EncodeStdio, ComputedCharactersAreComparedWithTheExpectedOnes) {
  auto faulty = compile(kReplace);
  std::string golden = kReplace;
  golden.replace(golden.find("= 'b'"), 5, "= 'A'");
  auto gold = compile(golden);
  const exec::RunInput in = stdinInput("banana\nx");
  const Expectation ex = expectationOf(*gold, in);
  ASSERT_TRUE(ex.output.has_value());
  EXPECT_EQ(ex.output->at(0).key, "bAnAnA\n");
  for (Family f : kFamilies)
    for (Ints ints : {Ints::BitVector, Ints::Math}) {
      z3::context ctx;
      const Encoding enc = encodeIn(ctx, *faulty, in, ex, f, ints);
      EXPECT_EQ(checkWith(ctx, enc), z3::unsat) << familyName(f);
      const std::vector<std::uint32_t> line7 = groupsOnLine(*faulty, enc, 7);
      ASSERT_FALSE(line7.empty()) << familyName(f);
      EXPECT_EQ(checkWith(ctx, enc, line7), z3::sat) << familyName(f);
      for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
        if (lineOf(*faulty, enc, g) != 7 && lineOf(*faulty, enc, g) != 6) {
          EXPECT_EQ(checkWith(ctx, enc, {g}), z3::unsat)
              << familyName(f) << " line " << lineOf(*faulty, enc, g);
        }
    }
}

// The NUL's position is computed (line 8, off by one): the printed string's length is too.
const char* kStrip = R"(#include <stdio.h>
int main(void) {
  char buf[12];
  int n = 0, len;
  if (!fgets(buf, sizeof buf, stdin)) return 1;
  while (buf[n] != '\0' && buf[n] != '\n')
    n++;
  len = n - 1;
  buf[len] = '\0';
  puts(buf);
  printf("<%s>\n", buf);
  return 0;
}
)";

TEST(EncodeStdio, ComputedLengthsGiveOneShapePerLength) {
  auto faulty = compile(kStrip);
  std::string golden = kStrip;
  golden.replace(golden.find("n - 1"), 5, "n");
  auto gold = compile(golden);
  const exec::RunInput in = stdinInput("banana\n");
  const Expectation ex = expectationOf(*gold, in);
  ASSERT_TRUE(ex.output.has_value());
  EXPECT_EQ(ex.output->at(0).key, "banana\n");
  EXPECT_EQ(ex.output->at(1).key, "<banana>\n");
  for (Family f : kFamilies)
    for (Ints ints : {Ints::BitVector, Ints::Math}) {
      z3::context ctx;
      const Encoding enc = encodeIn(ctx, *faulty, in, ex, f, ints);
      EXPECT_EQ(checkWith(ctx, enc), z3::unsat) << familyName(f);
      // Another length moves the NUL: the string gets the expected length.
      EXPECT_EQ(checkWith(ctx, enc, groupsOnLine(*faulty, enc, 8)), z3::sat) << familyName(f);
      // Another character at the NUL's place leaves "banan?", the newline: too long.
      EXPECT_EQ(checkWith(ctx, enc, groupsOnLine(*faulty, enc, 9)), z3::unsat) << familyName(f);
    }
}

// sscanf of a line whose end the program cuts at a computed index (line 9, one too early):
// the scan is split on the cut's index and on the classes of the character stored there.
const char* kCut = R"(#include <stdio.h>
#include <string.h>
int main(void) {
  char line[12], word[8];
  int x = 0, n;
  if (!fgets(line, sizeof line, stdin)) return 1;
  size_t len = strlen(line);
  if (len > 1 && line[len - 1] == '\n')
    line[len - 2] = '\0';
  n = sscanf(line, "%d %7s", &x, word);
  printf("%d %d %s\n", n, x, n == 2 ? word : "-");
  return 0;
}
)";

TEST(EncodeStdio, SscanfOfALineTheProgramCutsIsSplitIntoCases) {
  auto faulty = compile(kCut);
  std::string golden = kCut;
  golden.replace(golden.find("len - 2"), 7, "len - 1");
  auto gold = compile(golden);
  const exec::RunInput in = stdinInput("12 apple\n");
  const Expectation ex = expectationOf(*gold, in);
  ASSERT_TRUE(ex.output.has_value());
  EXPECT_EQ(ex.output->at(0).key, std::string("%d %d %s\n") + '\0' + "apple");
  for (Family f : kFamilies)
    for (Ints ints : {Ints::BitVector, Ints::Math}) {
      z3::context ctx;
      const Encoding enc = encodeIn(ctx, *faulty, in, ex, f, ints);
      EXPECT_EQ(checkWith(ctx, enc), z3::unsat) << familyName(f);
      // Storing 'e' again where the NUL goes, or cutting one further (len one larger).
      EXPECT_EQ(checkWith(ctx, enc, groupsOnLine(*faulty, enc, 9)), z3::sat) << familyName(f);
      EXPECT_EQ(checkWith(ctx, enc, groupsOnLine(*faulty, enc, 7)), z3::sat) << familyName(f);
      EXPECT_EQ(checkWith(ctx, enc, groupsOnLine(*faulty, enc, 5)), z3::unsat) << familyName(f);
    }
  // The unrelaxed formula of the golden program agrees with its run.
  for (Family f : kFamilies) {
    z3::context ctx;
    EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *gold, in, ex, f)), z3::sat) << familyName(f);
  }
}

TEST(EncodeStdio, OverflowingReadsAreRuntimeErrors) {
  auto p = compile(R"(#include <stdio.h>
char *gets(char *);
int main(void) {
  char a[4], b[4];
  char w[3];
  if (!fgets(a, 8, stdin)) return 1;
  gets(b);
  scanf("%s", w);
  puts(a);
  return 0;
}
)");
  struct Case {
    const char* input;
    bool fails;
  };
  for (const Case& c : {Case{"ab\nxyz\nhi", false}, Case{"abcd\n", true}, Case{"a\nxyzw\n", true},
                        Case{"a\nb\nabc", true}, Case{"abc", false}}) {
    const exec::RunInput in = stdinInput(c.input);
    const exec::RunResult run = runTraced(*p, in);
    EXPECT_EQ(run.verdict != exec::Verdict::Exited, c.fails) << c.input << ": " << run.message;
    z3::context ctx;
    const Encoding enc = encodeIn(ctx, *p, in, Expectation{}, Family::Program);
    EXPECT_EQ(checkWith(ctx, enc), c.fails ? z3::unsat : z3::sat) << c.input;
  }
}

// Four computed characters the scan reads as a number: more cases than the encoder splits.
TEST(EncodeStdio, SscanfOfAComputedStringIsAnEncodeError) {
  auto p = compile(R"(#include <stdio.h>
int main(void) {
  char s[4];
  int i, x = 0;
  for (i = 0; i < 3; i++) s[i] = '1' + i;
  s[3] = '\0';
  sscanf(s, "%d", &x);
  printf("%d\n", x);
  return 0;
}
)");
  const exec::RunInput in = stdinInput("");
  z3::context ctx;
  try {
    encodeIn(ctx, *p, in, Expectation{}, Family::TraceFlowSensitive);
    ADD_FAILURE() << "no EncodeError";
  } catch (const EncodeError& e) {
    EXPECT_EQ(std::string(e.what()), "sscanf of a string computed by the program at t.c:7");
  }
}

// Names moved by qsort and printed through a computed index (pf relaxes `i`): a string may start
// at any of 8 * 16 char cells and end at any of its 16, far beyond the shapes' limit. Under
// the oracle each printed string is compared with the expected text (line 7 is the fault: the
// comparator sorts ascending).
const char* kTeams = R"(#include <stdio.h>
#include <stdlib.h>
struct team { char name[16]; int solved; };
int cmp(const void *a, const void *b) {
  const struct team *x = a;
  const struct team *y = b;
  return x->solved - y->solved;
}
int main(void) {
  struct team t[8];
  int n;
  if (scanf("%d", &n) != 1 || n < 1 || n > 8) return 1;
  for (int i = 0; i < n; i++)
    if (scanf("%15s %d", t[i].name, &t[i].solved) != 2) return 1;
  qsort(t, n, sizeof t[0], cmp);
  for (int i = 0; i < n; i++)
    printf("%d %s\n", i + 1, t[i].name);
  for (int i = 0; i < n; i++)
    puts(t[i].name);
  return 0;
}
)";

TEST(EncodeStdio, PrintedComputedStringsAreComparedWithTheExpectedText) {
  auto faulty = compile(kTeams);
  std::string golden = kTeams;
  golden.replace(golden.find("x->solved - y->solved"), 21, "y->solved - x->solved");
  auto gold = compile(golden);
  const exec::RunInput in = stdinInput("3\nann 2\nbobby 5\ncy 3\n");
  const Expectation ex = expectationOf(*gold, in);
  ASSERT_TRUE(ex.output.has_value());
  ASSERT_EQ(ex.output->size(), 6u);
  EXPECT_EQ(ex.output->at(0).key, std::string("%d %s\n") + '\0' + "bobby");
  EXPECT_EQ(ex.output->at(5).key, "ann\n");
  Expectation wrongChar = ex, longer = ex, shorter = ex, wrongPuts = ex;
  wrongChar.output->at(1).key.back() = 'z';  // "cz"
  longer.output->at(2).key += 'n';           // "annn"
  shorter.output->at(0).key.pop_back();      // "bobb"
  wrongPuts.output->at(4).key = "cy \n";
  for (Family f : {Family::Program, Family::TraceFlowSensitive})
    for (Ints ints : {Ints::BitVector}) {
      z3::context ctx;
      const Encoding good = encodeIn(ctx, *gold, in, ex, f, ints);
      EXPECT_EQ(checkWith(ctx, good), z3::sat) << familyName(f);
      for (const Expectation* wrong : {&wrongChar, &longer, &shorter, &wrongPuts})
        EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *gold, in, *wrong, f, ints)), z3::unsat)
            << familyName(f);
      const Encoding enc = encodeIn(ctx, *faulty, in, ex, f, ints);
      EXPECT_EQ(checkWith(ctx, enc), z3::unsat) << familyName(f);
      EXPECT_EQ(checkWith(ctx, enc, groupsOnLine(*faulty, enc, 7)), z3::sat) << familyName(f);
    }
}

// Events without integer arguments hold the whole text: two computed strings and a width.
// Line 7 copies one character too few into b (the golden copies up to the NUL).
const char* kTwoStrings = R"(#include <stdio.h>
int main(void) {
  char a[8], b[8];
  int i;
  if (scanf("%7s %7s", a, b) != 2) return 1;
  for (i = 0; a[i] != '\0'; i++) a[i] = a[i] - 32;
  for (i = 0; b[i + 1] != '\0'; i++) b[i] = b[i] - 32;
  printf("%s-%s\n", a, b);
  printf("[%6s]\n", b);
  return 0;
}
)";

TEST(EncodeStdio, TextsOfSeveralComputedStringsAreSplitByTheirLengths) {
  auto faulty = compile(kTwoStrings);
  std::string golden = kTwoStrings;
  golden.replace(golden.find("b[i + 1]"), 8, "b[i]");
  auto gold = compile(golden);
  const exec::RunInput in = stdinInput("abc de\n");
  const Expectation ex = expectationOf(*gold, in);
  ASSERT_TRUE(ex.output.has_value());
  ASSERT_EQ(ex.output->size(), 2u);
  EXPECT_EQ(ex.output->at(0).key, "ABC-DE\n");
  EXPECT_EQ(ex.output->at(1).key, "[    DE]\n");
  Expectation moved = ex, padded = ex;
  moved.output->at(0).key = "AB-CDE\n";  // the same characters, the hyphen elsewhere
  padded.output->at(1).key = "[   DE ]\n";
  for (Family f : kFamilies)
    for (Ints ints : {Ints::BitVector, Ints::Math}) {
      z3::context ctx;
      EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *gold, in, ex, f, ints)), z3::sat) << familyName(f);
      EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *gold, in, moved, f, ints)), z3::unsat)
          << familyName(f);
      EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *gold, in, padded, f, ints)), z3::unsat)
          << familyName(f);
      const Encoding enc = encodeIn(ctx, *faulty, in, ex, f, ints);
      EXPECT_EQ(checkWith(ctx, enc), z3::unsat) << familyName(f);
      // A trace formula keeps the run's iterations: only the program formula lets line 7's
      // loop take one more.
      EXPECT_EQ(checkWith(ctx, enc, groupsOnLine(*faulty, enc, 7)),
                f == Family::Program ? z3::sat : z3::unsat)
          << familyName(f);
      EXPECT_EQ(checkWith(ctx, enc, groupsOnLine(*faulty, enc, 6)), z3::unsat) << familyName(f);
    }
}

// A precision may cut a computed string: strings of several lengths print alike, so such a
// call keeps the shapes (and stays exact).
TEST(EncodeStdio, APrecisionKeepsTheShapes) {
  auto p = compile(R"(#include <stdio.h>
int main(void) {
  char a[8];
  int i;
  if (scanf("%7s", a) != 1) return 1;
  for (i = 0; a[i] != '\0'; i++) a[i] = a[i] + 1;
  printf("<%.2s>\n", a);
  return 0;
}
)");
  const exec::RunInput in = stdinInput("abcd\n");
  const Expectation ex = expectationOf(*p, in);
  ASSERT_TRUE(ex.output.has_value());
  EXPECT_EQ(ex.output->at(0).key, "<bc>\n");
  Expectation wrong = ex;
  wrong.output->at(0).key = "<bd>\n";
  for (Family f : kFamilies) {
    z3::context ctx;
    EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *p, in, ex, f)), z3::sat) << familyName(f);
    EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *p, in, wrong, f)), z3::unsat) << familyName(f);
  }
}

// atoi of a string whose characters the program computes: glibc's strtol cell by cell (spaces,
// sign, digits, saturation at long's range), then int's truncation. The formula agrees with the
// run on each input and rejects any other value.
const char* kAtoi = R"(#include <stdio.h>
#include <stdlib.h>
int main(void) {
  char s[24];
  int i;
  if (!fgets(s, sizeof s, stdin)) return 1;
  for (i = 0; s[i] != '\0'; i++) s[i] = s[i] == 'o' ? '0' : s[i];
  printf("%d\n", atoi(s));
  return 0;
}
)";

TEST(EncodeStdio, AtoiOfAComputedStringReadsItsDigits) {
  auto p = compile(kAtoi);
  struct Case {
    const char* text;
    std::int64_t value;
  };
  // Bit-vector formulas of these digit chains take seconds each with z3's default solver: the
  // cases run with integers (as exact) in fs, the first also with bit-vectors, and the first
  // two in the program formula too.
  const Case cases[] = {Case{"1o5", 105},
                        Case{" -o7x", -7},
                        Case{"+7\n", 7},
                        Case{"-", 0},
                        Case{"\t+-3", 0},
                        Case{"o", 0},
                        Case{"99999999999", 1215752191},
                        Case{"-9223372036854775808", 0},
                        Case{"123456789012345678901", -1}};
  for (const Case& c : cases) {
    const exec::RunInput in = stdinInput(c.text);
    const Expectation ex = expectationOf(*p, in);
    ASSERT_TRUE(ex.output.has_value());
    EXPECT_EQ(ex.output->at(0).values[0], c.value) << c.text;
    Expectation wrong = ex;
    wrong.output->at(0).values[0] += 1;
    for (Family f : {Family::Program, Family::TraceFlowSensitive})
      for (Ints ints : {Ints::BitVector, Ints::Math}) {
        if (f == Family::Program && &c > &cases[1]) continue;
        if (ints == Ints::BitVector && (f == Family::Program || &c != &cases[0])) continue;
        z3::context ctx;
        EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *p, in, ex, f, ints)), z3::sat)
            << familyName(f) << " " << c.text;
        EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *p, in, wrong, f, ints)), z3::unsat)
            << familyName(f) << " " << c.text;
      }
  }
  // Line 7 writing '1' for 'o': only that line explains the golden's 105.
  std::string faultySource = kAtoi;
  faultySource.replace(faultySource.find("'0' :"), 3, "'1'");
  auto faulty = compile(faultySource);
  const exec::RunInput in = stdinInput("1o5");
  const Expectation ex = expectationOf(*p, in);
  for (Family f : {Family::Program, Family::TraceFlowSensitive}) {
    z3::context ctx;
    const Encoding enc = encodeIn(ctx, *faulty, in, ex, f, Ints::Math);
    EXPECT_EQ(checkWith(ctx, enc), z3::unsat) << familyName(f);
    EXPECT_EQ(checkWith(ctx, enc, groupsOnLine(*faulty, enc, 7)), z3::sat) << familyName(f);
  }
}

// bsearch over a count the program computes (k++ is a statement pf may relax, so k is a term):
// the rounds cover the whole array, and the formula agrees with the interpreter's search. Line
// 9 searches k - 1 elements instead of k, so the last value read is never found.
const char* kSearch = R"(#include <stdio.h>
#include <stdlib.h>
int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(void) {
  int a[6], k = 0, v, q;
  while (k < 6 && scanf("%d", &v) == 1 && v != 0)
    a[k++] = v;
  if (scanf("%d", &q) != 1) return 1;
  int *hit = bsearch(&q, a, k - 1, sizeof a[0], cmp);
  printf("%d\n", hit ? (int)(hit - a) : -1);
  return 0;
}
)";

TEST(EncodeLibrary, BsearchInACountTheFormulaComputes) {
  auto faulty = compile(kSearch);
  std::string golden = kSearch;
  golden.replace(golden.find("k - 1, sizeof"), 5, "k");
  auto gold = compile(golden);
  for (const char* input : {"1 3 5 7 0 7", "2 4 0 4", "9 0 9", "1 3 5 7 0 4"}) {
    const exec::RunInput in = stdinInput(input);
    const Expectation ex = expectationOf(*gold, in);
    ASSERT_TRUE(ex.output.has_value());
    Expectation wrong = ex;
    wrong.output->at(0).values.at(0) += 1;
    z3::context ctx;
    EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *gold, in, ex, Family::Program)), z3::sat) << input;
    EXPECT_EQ(checkWith(ctx, encodeIn(ctx, *gold, in, wrong, Family::Program)), z3::unsat) << input;
    const Encoding enc = encodeIn(ctx, *faulty, in, ex, Family::Program);
    // The last value is what the faulty search misses; 4 is missing either way.
    const bool fails = std::string(input) != "1 3 5 7 0 4";
    EXPECT_EQ(checkWith(ctx, enc), fails ? z3::unsat : z3::sat) << input;
  }
}

}  // namespace
}  // namespace culprit::encode::test

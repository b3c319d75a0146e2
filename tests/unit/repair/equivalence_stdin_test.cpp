// Bounded equivalence over stdin (equivalence_stdin.cpp, the encoder's free stdin): a getchar
// loop, scanf("%d") and fgets programs against a golden, equivalent and not; a distinguishing
// stdin, read back from the file its test line names, really distinguishes the two programs.
#include "exec/exec.h"
#include "frontend/frontend.h"
#include "repair/equivalence.h"
#include "testing/testcase.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace culprit::repair::detail {
namespace {

namespace fs = std::filesystem;

/// A program, a golden program and tests giving stdin (each test's stdin a string).
struct Pair {
  std::unique_ptr<ir::Program> program, golden;
  testing::TestSuite suite;
  testing::Oracle oracle;

  Pair(const std::string& source, const std::string& goldenSource,
       const std::vector<std::string>& stdins) {
    program = frontend::parseSource(source, "p.c", frontend::Options{});
    golden = frontend::parseSource(goldenSource, "golden.c", frontend::Options{});
    oracle.golden = golden.get();
    for (const std::string& in : stdins) {
      testing::TestCase t;
      t.index = static_cast<int>(suite.tests.size()) + 1;
      t.input.stdinData = in;
      suite.tests.push_back(t);
    }
    suite.path = "tests";
  }
  Equivalence check(const RepairOptions& options = {}) const {
    RepairProblem p;
    p.program = program.get();
    p.suite = &suite;
    p.oracle = &oracle;
    return checkEquivalence(p, options, solve::Deadline::after(30));
  }
};

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const std::size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

/// A false verdict's test line names a file holding the distinguishing stdin, on which the two
/// programs' runs differ.
void expectDistinguishes(const Pair& p, const Equivalence& e) {
  ASSERT_EQ(e.equivalent, std::optional<bool>(false)) << e.note;
  ASSERT_FALSE(e.distinguishingStdin.empty());
  const testing::TestCase t = testing::parseTestLine(e.note, ".", false);
  EXPECT_EQ(t.input.stdinData, e.distinguishingStdin) << e.note;
  const exec::RunResult a = exec::run(*p.program, t.input, {});
  const exec::RunResult b = exec::run(*p.golden, t.input, {});
  EXPECT_TRUE(a.out != b.out || a.exitStatus != b.exitStatus) << e.note;
  // The same layout as a test: only digits and letters changed.
  bool sameLayout = false;
  for (const testing::TestCase& s : p.suite.tests)
    if (s.input.stdinData.size() == t.input.stdinData.size()) {
      bool same = true;
      for (std::size_t i = 0; i < s.input.stdinData.size(); ++i)
        same = same && (std::isalnum(static_cast<unsigned char>(s.input.stdinData[i])) != 0) ==
                           (std::isalnum(static_cast<unsigned char>(t.input.stdinData[i])) != 0);
      sameLayout = sameLayout || same;
    }
  EXPECT_TRUE(sameLayout) << e.distinguishingStdin;
  fs::remove_all(fs::path(e.note.substr(e.note.rfind("< ") + 2)).parent_path());
}

const char* kUpper = R"(#include <stdio.h>
int main(void) {
  int c, n = 0;
  while ((c = getchar()) != EOF)
    if (c >= 'A' && c <= 'Z')
      n++;
  printf("%d\n", n);
  return 0;
}
)";

TEST(StdinEquivalence, GetcharLoopEquivalent) {
  // isupper() for the range test: the same count on every stdin of the tests' layouts.
  const Pair p(replaced(kUpper, "c >= 'A' && c <= 'Z'", "c <= 'Z' && 'A' <= c"), kUpper,
               {"Az Ya\n", "q7 B\n"});
  const Equivalence e = p.check();
  ASSERT_EQ(e.equivalent, std::optional<bool>(true)) << e.note;
  EXPECT_NE(e.note.find("laid out as tests 1 and 2"), std::string::npos) << e.note;
  EXPECT_NE(e.note.find("uppercase letter within A-Y"), std::string::npos) << e.note;
}

TEST(StdinEquivalence, GetcharLoopNotEquivalent) {
  // Skipping 'M' passes both tests (neither has one) and differs where an uppercase letter of
  // the tests' range (B-Y) is an M.
  const Pair p(replaced(kUpper, "c >= 'A'", "c >= 'A' && c != 'M'"), kUpper, {"Fz Ya\n", "q7 B\n"});
  expectDistinguishes(p, p.check());
}

const char* kThreshold = R"(#include <stdio.h>
int main(void) {
  int n, x, big = 0;
  if (scanf("%d", &n) != 1)
    return 1;
  for (int i = 0; i < n; i++) {
    if (scanf("%d", &x) != 1)
      return 1;
    if (x > 50)
      big++;
  }
  printf("%d of %d\n", big, n);
  return 0;
}
)";

TEST(StdinEquivalence, ScanfNumbersEquivalent) {
  const Pair p(replaced(kThreshold, "x > 50", "x >= 51"), kThreshold,
               {"3\n12 75 40\n", "2\n99 10\n"});
  const Equivalence e = p.check();
  ASSERT_EQ(e.equivalent, std::optional<bool>(true)) << e.note;
  EXPECT_NE(e.note.find("each digit within 0-9"), std::string::npos) << e.note;
}

TEST(StdinEquivalence, ScanfNumbersNotEquivalent) {
  // 60 passes every test (no number between 51 and 60 is in them) and differs on 55.
  const Pair p(replaced(kThreshold, "x > 50", "x > 60"), kThreshold,
               {"3\n12 75 40\n", "2\n99 10\n"});
  expectDistinguishes(p, p.check());
}

TEST(StdinEquivalence, InputRangeBoundsScannedNumbers) {
  // Numbers up to 50 never tell `x > 60` from `x > 50`; --input-range 0:55 lets 51 to 55 in.
  const Pair p(replaced(kThreshold, "x > 50", "x > 60"), kThreshold,
               {"3\n12 75 40\n", "2\n99 10\n"});
  RepairOptions o;
  o.inputRanges.push_back({0, 0, 50});
  const Equivalence e = p.check(o);
  ASSERT_EQ(e.equivalent, std::optional<bool>(true)) << e.note;
  EXPECT_NE(e.note.find("each number scanf reads within 0..50 (--input-range)"), std::string::npos)
      << e.note;
  o.inputRanges = {{0, 0, 55}};
  const Equivalence wider = p.check(o);
  expectDistinguishes(p, wider);
  // The number that tells them apart is one --input-range let in.
  std::istringstream in(wider.distinguishingStdin);
  bool between = false;
  for (int x = 0; in >> x;)
    between = between || (x > 50 && x <= 55);
  EXPECT_TRUE(between) << wider.distinguishingStdin;
}

const char* kShout = R"(#include <stdio.h>
#include <ctype.h>
int main(void) {
  char line[32];
  while (fgets(line, sizeof line, stdin)) {
    for (char *q = line; *q; q++)
      if (islower((unsigned char)*q))
        *q = (char)toupper((unsigned char)*q);
    printf("%s", line);
  }
  return 0;
}
)";

TEST(StdinEquivalence, FgetsPrintedStringsCompared) {
  const Pair same(replaced(kShout, "(char)toupper((unsigned char)*q)", "(char)(*q - 'a' + 'A')"),
                  kShout, {"ab c\nzz\n"});
  const Equivalence e = same.check();
  EXPECT_EQ(e.equivalent, std::optional<bool>(true)) << e.note;
  const Pair other(replaced(kShout, "islower((unsigned char)*q)", "*q > 'b' && *q <= 'z'"), kShout,
                   {"cd c\nzz\n", "b\n"});
  expectDistinguishes(other, other.check());
}

TEST(StdinEquivalence, NothingToVary) {
  const Pair p(kUpper, kUpper, {"!?\n", ". .\n"});
  const Equivalence e = p.check();
  EXPECT_FALSE(e.equivalent.has_value());
  EXPECT_NE(e.note.find("no test's stdin has a digit or letter"), std::string::npos) << e.note;
}

TEST(StdinEquivalence, UnsupportedFormatIsUndecided) {
  const char* hex = R"(#include <stdio.h>
int main(void) {
  int x;
  if (scanf("%x", &x) == 1)
    printf("%d\n", x > 9);
  return 0;
}
)";
  const Pair p(hex, hex, {"1f 20\n"});
  const Equivalence e = p.check();
  EXPECT_FALSE(e.equivalent.has_value());
  EXPECT_NE(e.note.find("%x"), std::string::npos) << e.note;
}

}  // namespace
}  // namespace culprit::repair::detail

// Semantic repair: each hole kind on a small program whose fault only it repairs (a constant
// far off, a macro constant, another variable, a missing clause), what it reports when nothing
// is found, --holdout, and a property test on generated programs made faulty by changing a
// constant to a value mutation does not reach: semantic repair finds a repair that passes every
// test, and the undo is that repair.
#include "frontend/frontend.h"
#include "program_generator.h"
#include "repair/holes.h"
#include "repair/patch.h"
#include "repair/repair.h"
#include "testing/testcase.h"

#include <gtest/gtest.h>

#include <random>
#include <regex>

namespace culprit::repair {
namespace {

struct Subject {
  std::unique_ptr<ir::Program> program, golden;
  testing::TestSuite suite;
  testing::Oracle oracle;

  Subject(const std::string& source, const std::string& goldenSource,
          const std::vector<std::string>& tests) {
    program = frontend::parseSource(source, "s.c", frontend::Options{});
    golden = frontend::parseSource(goldenSource, "golden.c", frontend::Options{});
    oracle.golden = golden.get();
    for (const std::string& line : tests) {
      testing::TestCase t = testing::parseTestLine(line, ".", false);
      t.index = static_cast<int>(suite.tests.size()) + 1;
      suite.tests.push_back(t);
    }
    suite.path = "tests";
  }
  RepairProblem problem() {
    RepairProblem p;
    p.program = program.get();
    p.suite = &suite;
    p.oracle = &oracle;
    return p;
  }
};

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const std::size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

/// "line: from -> to" of the first change of each repair.
std::vector<std::string> changes(const RepairResult& r, const ir::Program& program) {
  std::vector<std::string> out;
  for (const Repair& rep : r.repairs) {
    const Site& s = r.sites[rep.mutations.at(0).site];
    out.push_back(std::to_string(s.line) + ": " + s.original + " -> " +
                  alternativeText(s, rep.mutations[0].alternative, &program));
  }
  return out;
}

const char* kLeap = R"(#include <stdio.h>
#include <stdlib.h>
int leap(int y) {
  if (y % 4 != 0)
    return 0;
  if (y % 100 != 0)
    return 1;
  if (y % 400 != 0)
    return 0;
  return 1;
}
int main(int argc, char *argv[]) {
  printf("%d\n", leap(atoi(argv[1])));
  return 0;
}
)";
const std::vector<std::string> kYears = {"1900", "2000", "2004", "2001", "1600", "1700",
                                         "1800", "2200", "1000", "2600", "1200", "2400"};

TEST(Synthesize, ConstantFarOff) {
  Subject s(replaced(kLeap, "y % 400", "y % 40"), kLeap, kYears);
  const RepairResult r = findRepairs(s.problem(), RepairOptions{});
  ASSERT_FALSE(r.repairs.empty());
  EXPECT_EQ(changes(r, *s.program)[0], "8: 40 -> 400");
  EXPECT_EQ(r.repairs[0].foundBy, "synthesis: constant hole");
  EXPECT_TRUE(r.synthesis.ran);
  ASSERT_FALSE(r.synthesis.kinds.empty());
  EXPECT_EQ(r.synthesis.kinds[0].kind, "constant");
  EXPECT_GT(r.synthesis.kinds[0].solverQueries, 0u);
  EXPECT_NE(unifiedDiff(*s.program, r.sites, r.repairs[0]).find("+  if (y % 400 != 0)"),
            std::string::npos);
  EXPECT_TRUE(r.tried.empty());
}

TEST(Synthesize, NeverWithNoSynthesize) {
  Subject s(replaced(kLeap, "y % 400", "y % 40"), kLeap, kYears);
  RepairOptions o;
  o.synthesize = RepairOptions::Synthesize::Never;
  const RepairResult r = findRepairs(s.problem(), o);
  EXPECT_TRUE(r.repairs.empty());
  EXPECT_FALSE(r.synthesis.ran);
  ASSERT_FALSE(r.tried.empty());
  EXPECT_NE(r.tried.back().find("not run"), std::string::npos);
  bool suggestsSynthesis = false;
  for (const std::string& t : r.suggestions)
    suggestsSynthesis |= t.rfind("--synthesize", 0) == 0;
  EXPECT_TRUE(suggestsSynthesis);
}

const char* kSpeed = R"(#include <stdio.h>
#include <stdlib.h>
#define LIMIT 60
int main(int argc, char *argv[]) {
  int s = atoi(argv[1]);
  if (s > LIMIT + 5)
    printf("2\n");
  else if (s > LIMIT)
    printf("1\n");
  return 0;
}
)";

TEST(Synthesize, MacroConstantEditsTheDefine) {
  Subject s(replaced(kSpeed, "LIMIT 60", "LIMIT 65"), kSpeed,
            {"50", "60", "61", "64", "65", "66", "70", "71"});
  const RepairResult r = findRepairs(s.problem(), RepairOptions{});
  ASSERT_FALSE(r.repairs.empty());
  EXPECT_EQ(changes(r, *s.program)[0], "3: 65 -> 60");
  const Site& site = r.sites[r.repairs[0].mutations[0].site];
  EXPECT_EQ(site.uses.size(), 1u);  // the hole stands for both uses
  EXPECT_NE(unifiedDiff(*s.program, r.sites, r.repairs[0]).find("+#define LIMIT 60"),
            std::string::npos);
}

TEST(Synthesize, HolesOfAMacroUsedInACaseLabelAreItsUses) {
  // CAUTION is also a case label, which the IR folds: editing its #define would change the
  // label too, so only its use is a hole.
  const char* source = R"(#include <stdio.h>
#include <stdlib.h>
#define PROCEED 0
#define CAUTION 1
int f(int a) {
  switch (a) {
  case CAUTION: return 7;
  }
  return CAUTION;
}
int main(int argc, char *argv[]) { printf("%d\n", f(atoi(argv[1]))); return 0; }
)";
  auto program = frontend::parseSource(source, "s.c", frontend::Options{});
  std::vector<double> scores(program->stmts.size(), 1.0);
  detail::HoleFinder finder(*program, scores, scores);
  std::vector<detail::Hole> holes = finder.find(detail::HoleKind::Constant);
  std::erase_if(holes, [](const detail::Hole& h) { return h.site.original != "CAUTION"; });
  ASSERT_EQ(holes.size(), 1u);  // no hole on the #define line
  EXPECT_EQ(holes[0].site.line, 9u);
  EXPECT_EQ(holes[0].names.size(), 2u);  // PROCEED and CAUTION: a value is written by name
}

TEST(Synthesize, WrongVariable) {
  const char* golden = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int max = a;
  if (b > a)
    max = b;
  printf("%d\n", max);
  return 0;
}
)";
  Subject s(replaced(golden, "max = b;", "max = a;"), golden, {"1 2", "2 1", "-3 4", "0 9"});
  const RepairResult r = findRepairs(s.problem(), RepairOptions{});
  ASSERT_FALSE(r.repairs.empty());
  EXPECT_EQ(changes(r, *s.program)[0], "8: a -> b");
  EXPECT_EQ(r.repairs[0].foundBy, "synthesis: variable hole");
}

TEST(Synthesize, MissingClause) {
  const char* golden = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int age = atoi(argv[1]);
  int member = atoi(argv[2]);
  int discount = 0;
  if (age >= 65 || member == 1)
    discount = 10;
  printf("%d\n", discount);
  return 0;
}
)";
  Subject s(replaced(golden, " || member == 1", ""), golden,
            {"70 0", "30 1", "30 0", "64 0", "65 0", "20 1", "64 1"});
  const RepairResult r = findRepairs(s.problem(), RepairOptions{});
  ASSERT_FALSE(r.repairs.empty());
  EXPECT_EQ(changes(r, *s.program)[0], "7: age >= 65 -> age >= 65 || member == 1");
  EXPECT_EQ(r.repairs[0].foundBy, "synthesis: condition hole");
}

TEST(Synthesize, DeletedStatement) {
  const char* golden = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int x = atoi(argv[1]);
  int y = x;
  printf("%d\n", y);
  return 0;
}
)";
  Subject s(replaced(golden, "  int y = x;\n", "  int y = x;\n  y = y / 2;\n"), golden,
            {"0", "3", "8", "-5"});
  const RepairResult r = findRepairs(s.problem(), RepairOptions{});
  ASSERT_FALSE(r.repairs.empty());
  // `y / 2` -> `y / 1` (constant) is found first: the cheaper hole kind.
  EXPECT_EQ(changes(r, *s.program)[0], "6: 2 -> 1");
  // `y = y * y` only its deletion repairs (other variables, operators and constants do not).
  Subject t(replaced(replaced(golden, "int y = x;", "int y = x * 2;"), "  printf",
                     "  y = y * y;\n  printf"),
            replaced(golden, "int y = x;", "int y = x * 2;"), {"0", "3", "8", "-5"});
  const RepairResult d = findRepairs(t.problem(), RepairOptions{});
  ASSERT_FALSE(d.repairs.empty());
  EXPECT_EQ(d.repairs[0].foundBy, "synthesis: deletion hole");
  const std::string diff = unifiedDiff(*t.program, d.sites, d.repairs[0]);
  EXPECT_NE(diff.find("-  y = y * y;\n"), std::string::npos) << diff;
  EXPECT_EQ(diff.find("+  "), std::string::npos) << diff;  // the line is removed
}

TEST(Synthesize, NothingFoundSaysWhatWasTried) {
  const char* golden = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int x = atoi(argv[1]);
  int y = x * 2 + 1;
  printf("%d\n", y);
  return 0;
}
)";
  Subject s(replaced(golden, " + 1", ""), golden, {"0", "1", "2", "5", "-4"});
  const RepairResult r = findRepairs(s.problem(), RepairOptions{});
  EXPECT_TRUE(r.repairs.empty());
  EXPECT_TRUE(r.synthesis.ran);
  EXPECT_EQ(r.synthesis.kinds.size(), 6u);  // five hole kinds, then several places
  EXPECT_EQ(r.synthesis.kinds.back().kind, "several places");
  ASSERT_GE(r.tried.size(), 7u);  // mutation, then one line per kind
  EXPECT_EQ(r.tried[0].rfind("mutation level 1", 0), 0u);
  EXPECT_FALSE(r.suggestions.empty());
}

TEST(Synthesize, Holdout) {
  Subject s(replaced(kLeap, "y % 400", "y % 40"), kLeap, kYears);
  RepairOptions o;
  o.holdoutPercent = 50;
  const RepairResult r = findRepairs(s.problem(), o);
  EXPECT_GT(r.holdout.tests, 0u);
  EXPECT_EQ(r.holdout.tests + r.holdout.searchTests, kYears.size());
  ASSERT_FALSE(r.repairs.empty());
  for (const Repair& rep : r.repairs) {
    ASSERT_TRUE(rep.holdoutPassed);
    EXPECT_LE(*rep.holdoutPassed, r.holdout.tests);
  }
  // The same choice every time.
  const RepairResult again = findRepairs(s.problem(), o);
  EXPECT_EQ(again.holdout.tests, r.holdout.tests);
}

TEST(Synthesize, EquivalenceToTheGoldenOrdersRepairs) {
  const char* golden = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int x = atoi(argv[1]);
  if (x > 37)
    printf("big\n");
  else
    printf("small\n");
  return 0;
}
)";
  // Three tests leave 33..49 open: every repair passes them, only 37 is the golden's.
  Subject s(replaced(golden, "x > 37", "x > 30"), golden, {"0", "50", "33"});
  const RepairResult r = findRepairs(s.problem(), RepairOptions{});
  ASSERT_FALSE(r.repairs.empty());
  bool seenNotEquivalent = false;
  for (const Repair& rep : r.repairs) {
    ASSERT_TRUE(rep.equivalentToGolden.has_value()) << rep.equivalence;
    const Site& site = r.sites[rep.mutations[0].site];
    const std::string to = alternativeText(site, rep.mutations[0].alternative);
    if (*rep.equivalentToGolden) {
      EXPECT_EQ(to, "37");
      EXPECT_FALSE(seenNotEquivalent) << "an equivalent repair comes first";
    } else {
      seenNotEquivalent = true;
      // The distinguishing test line: a number between the two bounds.
      const int x = std::stoi(rep.equivalence);
      EXPECT_TRUE((x > 37) != (x > std::stoi(to))) << to << " on " << x;
    }
  }
  RepairOptions unchecked;
  unchecked.equivalenceSeconds = 0;
  for (const Repair& rep : findRepairs(s.problem(), unchecked).repairs)
    EXPECT_FALSE(rep.equivalentToGolden.has_value());
}

// Property: a program with a few constants, one changed to a value no mutation reaches (or a
// variable changed); semantic repair finds a repair passing every test, with this suite the
// undo is the first one, and it is equivalent to the golden program within bounds.
TEST(Synthesize, PropertyUndoOfAConstantChange) {
  const char* golden = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int x = atoi(argv[1]);
  int r = 0;
  if (x > 37)
    r = x - 12;
  else
    r = x * 3 + 5;
  printf("%d\n", r);
  return 0;
}
)";
  std::vector<std::string> tests;
  for (int x = -20; x <= 80; ++x)
    tests.push_back(std::to_string(x));
  std::mt19937 random(7);
  const std::vector<std::pair<std::string, std::string>> constants = {
      {"> ", "37"}, {"- ", "12"}, {"* ", "3"}, {"+ ", "5"}};
  for (const auto& [op, c] : constants) {
    const int faulty = std::stoi(c) + 10 + static_cast<int>(random() % 50);
    const std::string source = replaced(golden, op + c, op + std::to_string(faulty));
    Subject s(source, golden, tests);
    const RepairResult r = findRepairs(s.problem(), RepairOptions{});
    ASSERT_FALSE(r.repairs.empty()) << c << " -> " << faulty;
    const Site& site = r.sites[r.repairs[0].mutations[0].site];
    EXPECT_EQ(site.original, std::to_string(faulty));
    EXPECT_EQ(alternativeText(site, r.repairs[0].mutations[0].alternative), c);
    EXPECT_EQ(r.repairs[0].equivalentToGolden, std::optional<bool>(true))
        << r.repairs[0].equivalence;
  }
  // A variable change: `x - 12` written `r - 12`; the undo is the first repair, equivalent.
  Subject v(replaced(golden, "r = x - 12", "r = r - 12"), golden, tests);
  const RepairResult r = findRepairs(v.problem(), RepairOptions{});
  ASSERT_FALSE(r.repairs.empty());
  EXPECT_EQ(changes(r, *v.program)[0], "7: r -> x");
  EXPECT_EQ(r.repairs[0].equivalentToGolden, std::optional<bool>(true));
}

/// A token of a generated program's line `line` (0-based) replaced: the faulty program, the fault's
/// line (1-based), the token and its replacement.
struct Fault {
  std::string source;
  unsigned line = 0;
  std::string from, to;
};

/// One token of `golden` after its input line changed: a number to one 10 to 60 above it (no
/// mutation level reaches it), or a variable read to another of x and y (both in scope).
std::optional<Fault> injectFault(const std::string& golden, test::ProgramGenerator& gen,
                                 bool constant) {
  std::vector<std::string> lines;
  std::istringstream in(golden);
  for (std::string l; std::getline(in, l);)
    lines.push_back(l);
  const std::regex number(R"(( )(-?[0-9]+)(?=[;) ]))"), variable(R"(([ (])(x|y|v[0-9])(?=[;), ]))");
  struct Token {
    unsigned line;
    std::size_t at, size;
    std::string text;
  };
  std::vector<Token> tokens;
  for (unsigned i = 4; i < lines.size(); ++i) {
    std::string l = lines[i];
    std::size_t from = 0;
    if (const std::size_t eq = l.find(" = "); eq != std::string::npos) from = eq + 2;  // reads only
    const std::string tail = l.substr(from);
    const std::regex& re = constant ? number : variable;
    for (auto it = std::sregex_iterator(tail.begin(), tail.end(), re); it != std::sregex_iterator();
         ++it)
      tokens.push_back({i, from + static_cast<std::size_t>(it->position(2)),
                        static_cast<std::size_t>(it->length(2)), it->str(2)});
  }
  if (tokens.empty()) return std::nullopt;
  const Token& t =
      tokens[static_cast<std::size_t>(gen.pick(0, static_cast<int>(tokens.size()) - 1))];
  Fault f;
  f.line = t.line + 1;
  f.from = t.text;
  f.to =
      constant ? std::to_string(std::stoi(t.text) + gen.pick(10, 60)) : (t.text == "x" ? "y" : "x");
  lines[t.line].replace(t.at, t.size, f.to);
  for (const std::string& l : lines)
    f.source += l + "\n";
  return f;
}

// Property (issue 25): generated programs made faulty by a constant changed out of mutation's
// reach or a variable read changed; semantic repair finds the undo among its repairs, and
// bounded equivalence marks it equivalent to the golden program.
TEST(Synthesize, PropertyUndoOnGeneratedPrograms) {
  int checked[2] = {0, 0};
  for (unsigned seed = 1; (checked[0] < 12 || checked[1] < 12) && seed < 400; ++seed) {
    test::ProgramGenerator gen(seed);
    const std::string golden = gen.program();
    std::vector<std::string> tests;
    for (int i = 0; i < 30; ++i)
      tests.push_back(gen.test());
    const bool constant = seed % 2 == 0;
    if (checked[constant ? 0 : 1] >= 12) continue;
    const std::optional<Fault> fault = injectFault(golden, gen, constant);
    if (!fault) continue;
    Subject s(fault->source, golden, tests);
    RepairOptions o;
    o.synthesize = RepairOptions::Synthesize::Always;
    o.timeoutSeconds = 60;
    RepairResult r;
    try {
      r = findRepairs(s.problem(), o);
    } catch (const NothingToRepair&) {
      continue;  // the change shows on no test
    }
    ++checked[constant ? 0 : 1];
    const std::string undo = std::to_string(fault->line) + ": " + fault->from + " -> " + fault->to;
    const std::string want = std::to_string(fault->line) + ": " + fault->to + " -> " + fault->from;
    const std::vector<std::string> found = changes(r, *s.program);
    const auto at = std::find(found.begin(), found.end(), want);
    ASSERT_NE(at, found.end()) << "the undo (" << want << ") of " << undo << " is not a repair\n"
                               << fault->source;
    const Repair& rep = r.repairs[static_cast<std::size_t>(at - found.begin())];
    EXPECT_EQ(rep.mutations.size(), 1u);
    EXPECT_EQ(rep.equivalentToGolden, std::optional<bool>(true)) << rep.equivalence << "\n"
                                                                 << fault->source;
  }
  EXPECT_GE(checked[0], 8);
  EXPECT_GE(checked[1], 8);
}

}  // namespace
}  // namespace culprit::repair

// Mutation sites: which expressions are sites, their alternatives per level, the tokens a patch
// replaces; applying and undoing mutations; and the meta-program formula, which must agree
// with the interpreter on every alternative of every site (differential).
#include "encode/encode.h"
#include "frontend/frontend.h"
#include "localize/must.h"
#include "repair/mutation.h"
#include "repair/patch.h"

#include <gtest/gtest.h>

namespace culprit::repair {
namespace {

// Line numbers matter below.
const char* kProgram = R"(#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]), b = atoi(argv[2]);
  int c = a + 2;
  if (c < -1 && b != 0)
    c = c / b;
  c += 1;
  assert(c > -100);
  printf("%d\n", c);
  return 0;
}
)";

std::unique_ptr<ir::Program> parse(const char* source) {
  return frontend::parseSource(source, "m.c", frontend::Options{});
}

/// "line:col original -> alternatives" of every site.
std::vector<std::string> describeSites(const std::vector<Site>& sites) {
  std::vector<std::string> out;
  for (const Site& s : sites) {
    std::string d = std::to_string(s.line) + ":" + std::to_string(s.col) + " " + s.original + " ->";
    for (std::uint32_t k = 1; k <= s.count(); ++k)
      d += " " + alternativeText(s, k);
    out.push_back(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A character constant's replacement is written as a character literal where C has one.
TEST(MutationSites, CharacterLiteralSpelling) {
  EXPECT_EQ(charLiteral('a'), "'a'");
  EXPECT_EQ(charLiteral(' '), "' '");
  EXPECT_EQ(charLiteral(0), "'\\0'");
  EXPECT_EQ(charLiteral('\n'), "'\\n'");
  EXPECT_EQ(charLiteral('\''), "'\\''");
  EXPECT_EQ(charLiteral('\\'), "'\\\\'");
  EXPECT_EQ(charLiteral(127), "");  // DEL: the number
  EXPECT_EQ(charLiteral(-1), "");
  EXPECT_EQ(charLiteral(300), "");
}

TEST(MutationSites, LevelOneAlternativesAndTokens) {
  auto p = parse(kProgram);
  const std::vector<Site> sites = findSites(*p, 1);
  // Not sites: argv[1] and argv[2] (input reads), the assertion, the format string.
  EXPECT_EQ(describeSites(sites), (std::vector<std::string>{
                                      "12:10 0 -> 1 -1",
                                      "6:13 + -> -",
                                      "6:15 2 -> 3 1 0 -2",
                                      "7:11 -1 -> 0 -2 1",
                                      "7:14 && -> ||",
                                      "7:19 != -> ==",
                                      "7:22 0 -> 1 -1",
                                      "7:9 < -> <= >",
                                      "8:11 / -> %",
                                      "9:5 += -> -=",
                                      "9:8 1 -> 2 0 -1",
                                  }));
}

TEST(MutationSites, FloatingOperandsKeepTheirOperatorsAndConstants) {
  // Floating literals are not mutated (their patterns are not counts), % never applies to a
  // floating operand, and / on doubles has no level-1 alternative left; comparisons and the
  // integer literal converted to double are sites as usual.
  auto p = parse("int main(int argc, char **argv) {\n"
                 "  double c = argc * 1.5;\n"
                 "  double f = c / 2 - 32;\n"
                 "  return f > 0.5;\n"
                 "}\n");
  EXPECT_EQ(describeSites(findSites(*p, 1)), (std::vector<std::string>{
                                                 "3:18 2 -> 3 1 0 -2",
                                                 "3:20 - -> +",
                                                 "3:22 32 -> 33 31 0 -32",
                                                 "4:12 > -> >= <",
                                             }));
  const std::vector<std::string> level2 = describeSites(findSites(*p, 2));
  EXPECT_NE(std::find(level2.begin(), level2.end(), "3:16 / -> + - *"), level2.end())
      << ::testing::PrintToString(level2);
}

TEST(MutationSites, LevelTwoWidensEveryClass) {
  auto p = parse(kProgram);
  const std::vector<std::string> sites = describeSites(findSites(*p, 2));
  auto has = [&](const std::string& s) {
    return std::find(sites.begin(), sites.end(), s) != sites.end();
  };
  EXPECT_TRUE(has("6:13 + -> - * / %")) << ::testing::PrintToString(sites);
  EXPECT_TRUE(has("7:9 < -> <= > >= == !=")) << ::testing::PrintToString(sites);
  // C-2 = 0 and 1 are there already.
  EXPECT_TRUE(has("6:15 2 -> 3 1 0 -2 4 -1")) << ::testing::PrintToString(sites);
  EXPECT_TRUE(has("8:11 / -> % + - *")) << ::testing::PrintToString(sites);
}

TEST(MutationSites, MacroConstantsAreLeftAlone) {
  auto p = parse("#define LIMIT 10\nint f(int x) { return x < LIMIT ? 1 : 7; }\n");
  const std::vector<std::string> sites = describeSites(findSites(*p, 1));
  EXPECT_EQ(sites,
            (std::vector<std::string>{"2:25 < -> <= >", "2:35 1 -> 2 0 -1", "2:39 7 -> 8 6 0 -7"}));
}

exec::RunResult runWith(const ir::Program& p, int a, int b) {
  exec::RunInput in;
  in.args = {std::to_string(a), std::to_string(b)};
  return exec::run(p, in, {});
}

TEST(MutationSites, AppliedChangesTheProgramAndUndoesIt) {
  auto p = parse(kProgram);
  const std::vector<Site> sites = findSites(*p, 1);
  auto siteAt = [&](std::uint32_t line, std::uint32_t col) {
    for (const Site& s : sites)
      if (s.line == line && s.col == col) return s.id;
    ADD_FAILURE() << "no site at " << line << ":" << col;
    return 0u;
  };
  EXPECT_EQ(runWith(*p, -9, 2).out, "-2\n");  // c = -7, c / 2 = -3, + 1
  {
    // `+` -> `-` and `-1` -> `-2` and `/` -> `%`: c = -11, -11 % 2 = -1, + 1
    const Applied applied(sites, {{siteAt(6, 13), 1}, {siteAt(7, 11), 2}, {siteAt(8, 11), 1}});
    EXPECT_EQ(runWith(*p, -9, 2).out, "0\n");
  }
  EXPECT_EQ(runWith(*p, -9, 2).out, "-2\n");
}

TEST(MutationSites, UnifiedDiffShowsTheChangedTokens) {
  auto p = parse(kProgram);
  const std::vector<Site> sites = findSites(*p, 1);
  Repair r;
  for (const Site& s : sites)
    if ((s.line == 7 && s.col == 9) || (s.line == 7 && s.col == 11))
      r.mutations.push_back({s.id, 1});
  EXPECT_EQ(unifiedDiff(*p, sites, r), "--- m.c\n+++ m.c\n@@ -4,7 +4,7 @@\n"
                                       " int main(int argc, char *argv[]) {\n"
                                       "   int a = atoi(argv[1]), b = atoi(argv[2]);\n"
                                       "   int c = a + 2;\n"
                                       "-  if (c < -1 && b != 0)\n"
                                       "+  if (c <= 0 && b != 0)\n"
                                       "     c = c / b;\n"
                                       "   c += 1;\n"
                                       "   assert(c > -100);\n");
}

/// What the meta-program formula says of the run on (a, b) with `m` chosen: stdout's integer,
/// or nullopt when the run violates a runtime check.
std::optional<std::int64_t> formulaRun(const ir::Program& p, const std::vector<Site>& sites, int a,
                                       int b, const std::vector<Mutation>& chosen) {
  z3::context ctx;
  const encode::AlternativeMap map = alternativeMap(sites);
  encode::EncodeOptions eo;
  eo.relax = false;
  eo.alternatives = &map;
  encode::Expectation none;
  none.assertions = false;
  exec::RunInput in;
  in.args = {std::to_string(a), std::to_string(b)};
  const encode::Encoding enc = encode::encode(ctx, p, in, none, eo);
  z3::solver s(ctx);
  for (const encode::HardClause& h : enc.hard)
    if (!localize::isDemand(h)) s.add(h.clause);
  for (const encode::Choice& c : enc.choices) {
    const bool on = std::find(chosen.begin(), chosen.end(), Mutation{c.location, c.alternative}) !=
                    chosen.end();
    s.add(on ? c.selected : !c.selected);
  }
  EXPECT_EQ(s.check(), z3::sat);
  const z3::model m = s.get_model();
  for (const encode::HardClause& h : enc.hard)
    if (h.kind == encode::HardKind::RuntimeCheck && !m.eval(h.clause, true).is_true())
      return std::nullopt;
  EXPECT_EQ(enc.outputs.size(), 1u);
  return encode::modelValue(m, enc.outputs[0].values[0], enc.outputs[0].types[0]);
}

TEST(MetaProgramFormula, AgreesWithTheInterpreterOnEveryAlternative) {
  auto p = parse(kProgram);
  const std::vector<Site> sites = findSites(*p, 2);
  int compared = 0, errors = 0;
  for (auto [a, b] : {std::pair{-9, 2}, std::pair{-9, 0}, std::pair{5, 1}, std::pair{-2, -3}})
    for (const Site& s : sites)
      for (std::uint32_t k = 0; k <= s.count(); ++k) {
        std::vector<Mutation> chosen;
        if (k) chosen.push_back({s.id, k});
        exec::RunResult run;
        {
          const Applied applied(sites, chosen);
          run = runWith(*p, a, b);
        }
        const std::optional<std::int64_t> f = formulaRun(*p, sites, a, b, chosen);
        const std::string what = std::to_string(s.line) + ":" + std::to_string(s.col) + " alt " +
                                 std::to_string(k) + " on " + std::to_string(a) + "," +
                                 std::to_string(b);
        if (run.verdict == exec::Verdict::RuntimeError) {
          EXPECT_FALSE(f.has_value()) << what;
          ++errors;
        } else {
          ASSERT_EQ(run.verdict, exec::Verdict::Exited) << what;
          ASSERT_TRUE(f.has_value()) << what;
          EXPECT_EQ(std::to_string(*f) + "\n", run.out) << what;
        }
        ++compared;
      }
  EXPECT_GT(compared, 150);
  EXPECT_GT(errors, 0);  // division by zero under `||`, say: the checks are compared too
}

}  // namespace
}  // namespace culprit::repair

// A technique added from outside the built-in list goes through the same path as the built-in
// ones: registerTechnique (with an own option and a counter), the session entry point (suite,
// driver, replay), the technique-variant parser of the bench, and the text and JSON renderers,
// none of which names it.
#include "frontend/frontend.h"
#include "localize/session.h"
#include "report/model.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace culprit;
using namespace culprit::localize;

namespace {

const char* kProgram = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = a + 1;
  if (b > 3)
    b = 0;
  printf("%d\n", b);
  return 0;
}
)";

/// The program with the condition the tests expect (`b > 5`).
std::string golden() {
  std::string g = kProgram;
  g.replace(g.find("b > 3"), 5, "b > 5");
  return g;
}

/// "blame": blames the branch on line --blame-line (default 6), angelically not taken.
const OptionSpec& blameLineOption() {
  static const OptionSpec spec =
      ownUnsignedOption("blame-line", "tests", "blame: the line of the branch to blame", 6);
  return spec;
}

Result blame(const Problem& p) {
  Result r;
  r.technique = "blame";
  const unsigned line = ownUnsigned(p.options, blameLineOption());
  for (const ir::Stmt* s : p.program->stmts) {
    ++r.stats.counter("looked");
    if (s->range.line != line || !s->isBranch()) continue;
    Diagnosis d;
    d.locations.push_back({s->id, s->range.file, s->range.line, 0});
    d.angelic.push_back({s->id, 0, 0, true, std::nullopt});
    r.diagnoses.push_back(d);
  }
  return r;
}

const TechniqueInfo& registerBlame() {
  static const TechniqueInfo& info = []() -> const TechniqueInfo& {
    TechniqueInfo t;
    t.name = "blame";
    t.help = "test: blames one branch";
    t.kind = TechniqueKind::Diagnoses;
    t.scope = TechniqueScope::FailingTest;
    t.ownOptions = {blameLineOption()};
    t.counters = {{"looked", "statements looked at"}};
    t.run = blame;
    return registerTechnique(std::move(t));
  }();
  return info;
}

struct Localized {
  std::unique_ptr<ir::Program> program, goldenProgram;
  culprit::testing::TestSuite suite;
  culprit::testing::Oracle oracle;
  SessionResult session;
  std::string text, json;

  explicit Localized(const std::string& variant) {
    program = frontend::parseSource(kProgram, "t.c", {});
    goldenProgram = frontend::parseSource(golden(), "g.c", {});
    oracle.golden = goldenProgram.get();
    for (const char* line : {"1", "3", "5"}) {
      culprit::testing::TestCase t = culprit::testing::parseTestLine(line, "", false);
      t.index = static_cast<int>(suite.tests.size()) + 1;
      suite.tests.push_back(t);
    }
    const TechniqueVariant v = parseVariant(variant);
    SessionRequest q;
    q.program = program.get();
    q.suite = &suite;
    q.oracle = &oracle;
    q.suiteOptions.run.coverage = true;
    q.technique = findTechnique(v.technique);
    v.apply(q.options);
    session = runSession(q);
    report::LocalizeModel m;
    m.program = program.get();
    m.technique = q.technique;
    m.suite = &suite;
    m.results = &session.results;
    m.outcome = &session.outcome;
    text = report::findRenderer("text")->render(m);
    json = report::findRenderer("json")->render(m);
  }
};

}  // namespace

TEST(Plugin, RegistersWithItsOptionAndCounter) {
  const TechniqueInfo& t = registerBlame();
  EXPECT_EQ(findTechnique("blame"), &t);
  ASSERT_NE(findOption("blame-line"), nullptr);
  EXPECT_EQ(t.options, std::vector<std::string>{"blame-line"});
  bool listed = false;
  for (const OptionSpec* o : everyOption())
    listed = listed || o->name == "blame-line";
  EXPECT_TRUE(listed) << "the CLI adds its flags from everyOption()";
  EXPECT_THROW(registerTechnique(t), std::invalid_argument);
  EXPECT_THROW(parseVariant("blame:max-deviations=1"), UserError);
}

TEST(Plugin, RunsThroughTheSessionAndTheRenderers) {
  registerBlame();
  const Localized l("blame");
  ASSERT_EQ(l.session.outcome.perTest.size(), 1u);  // only "3" fails: 0 printed, 4 expected
  EXPECT_EQ(l.session.outcome.perTest[0].test, 1u);
  const nlohmann::json j = nlohmann::json::parse(l.json);
  EXPECT_EQ(j["technique"], "blame");
  ASSERT_EQ(j["diagnoses"].size(), 1u);
  EXPECT_EQ(j["diagnoses"][0]["locations"][0]["line"], 6);
  // Replayed by the driver: not taking the branch prints 4, as the golden program does.
  EXPECT_EQ(j["diagnoses"][0]["feasible"], true);
  EXPECT_EQ(j["stats"]["looked"], l.program->stmts.size());
  EXPECT_NE(l.text.find("blame: 1 diagnosis (1 feasible)"), std::string::npos) << l.text;
  EXPECT_NE(l.text.find(", looked " + std::to_string(l.program->stmts.size())), std::string::npos)
      << l.text;
}

TEST(Plugin, OwnOptionReachesTheTechniqueFromAVariant) {
  registerBlame();
  const Localized l("blame:blame-line=4");  // line 4 has no branch: nothing to blame
  const nlohmann::json j = nlohmann::json::parse(l.json);
  EXPECT_TRUE(j["diagnoses"].empty());
  EXPECT_NE(l.text.find("no diagnosis"), std::string::npos) << l.text;
}

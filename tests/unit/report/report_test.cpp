#include "frontend/frontend.h"
#include "report/report.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace culprit;

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

culprit::testing::TestSuite suiteOf(std::vector<std::string> lines) {
  culprit::testing::TestSuite s;
  for (auto& l : lines) {
    auto t = culprit::testing::parseTestLine(l, "", false);
    t.index = static_cast<int>(s.tests.size()) + 1;
    s.tests.push_back(t);
  }
  return s;
}

const ir::Stmt* stmtOnLine(const ir::Program& p, unsigned line) {
  for (const ir::Stmt* s : p.stmts)
    if (s->range.line == line && s->isExecutable()) return s;
  return nullptr;
}

}  // namespace

TEST(TestReport, JsonListsEveryTestWithVerdicts) {
  auto p = frontend::parseSource(kProgram, "p.c");
  auto suite = suiteOf({"1", "5"});
  culprit::testing::SuiteResult r;
  r.results.resize(2);
  r.results[0].index = 1;
  r.results[1].index = 2;
  r.results[1].outcome = culprit::testing::Outcome::Fail;
  r.results[1].reason = "stdout differs";
  r.passed = 1, r.failed = 1;
  auto j = nlohmann::json::parse(report::renderTests(suite, r, report::Format::Json));
  ASSERT_EQ(j["tests"].size(), 2u);
  EXPECT_EQ(j["tests"][0]["verdict"], "pass");
  EXPECT_EQ(j["tests"][1]["verdict"], "fail");
  EXPECT_EQ(j["tests"][1]["reason"], "stdout differs");
  EXPECT_EQ(j["passed"], 1);
  EXPECT_EQ(j["failed"], 1);
  std::string text = report::renderTests(suite, r, report::Format::Text);
  EXPECT_EQ(text.find("test    1"), std::string::npos);  // passing tests hidden by default
  EXPECT_NE(text.find("test    2 fail  5  -- stdout differs"), std::string::npos);
  EXPECT_NE(text.find("1 passed, 1 failed, 0 errors (2 tests"), std::string::npos);
}

TEST(TestReport, AFailingTestShowsItsFirstDifferingLine) {
  culprit::testing::TestSuite suite;
  suite.tests.resize(1);
  suite.tests[0].index = 1;
  suite.tests[0].text = "7";
  culprit::testing::SuiteResult r;
  r.results.resize(1);
  r.results[0].index = 1;
  r.results[0].outcome = culprit::testing::Outcome::Fail;
  r.results[0].reason = "stdout differs from the expected output at line 2";
  r.results[0].difference = {2, "x =\t\"5\"\n", "x = 4", false, false};
  r.failed = 1;
  std::string text = report::renderTests(suite, r, report::Format::Text);
  EXPECT_NE(text.find("\n      expected: \"x =\\t\\\"5\\\"\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n      actual:   \"x = 4\" (no newline at end)\n"), std::string::npos)
      << text;
  r.results[0].difference = {2, "", "extra\n", true, false};
  text = report::renderTests(suite, r, report::Format::Text);
  EXPECT_NE(text.find("expected: (end of output)\n"), std::string::npos) << text;
  auto j = nlohmann::json::parse(report::renderTests(suite, r, report::Format::Json));
  EXPECT_TRUE(j["tests"][0]["first_difference"]["expected"].is_null());
  EXPECT_EQ(j["tests"][0]["first_difference"]["actual"], "extra\n");
  EXPECT_EQ(j["tests"][0]["first_difference"]["line"], 2);
}

TEST(DiagnosisReport, TextAndJsonCarryLocationsAngelicValuesAndFeasibility) {
  auto p = frontend::parseSource(kProgram, "p.c");
  const ir::Stmt* assign = stmtOnLine(*p, 5);
  const ir::Stmt* branch = stmtOnLine(*p, 6);
  ASSERT_TRUE(assign && branch);
  localize::Result r;
  r.technique = "pf";
  r.complete = false;
  r.incompleteReason = "size bound 1 reached";
  localize::Diagnosis d1;
  d1.locations.push_back({assign->id, assign->range.file, 5, 0});
  d1.angelic.push_back({assign->id, 0, 2, false, {}});
  d1.feasible = localize::Feasibility::Feasible;
  localize::Diagnosis d2;
  d2.locations.push_back({branch->id, branch->range.file, 6, 2});
  d2.angelic.push_back({branch->id, 0, 0, true, {}});
  d2.feasible = localize::Feasibility::Infeasible;
  r.diagnoses = {d1, d2};
  std::string text = report::diagnosesText(*p, r);
  EXPECT_NE(text.find("#1   feasible"), std::string::npos);
  EXPECT_NE(text.find("p.c:5  int b = a + 1;"), std::string::npos);
  EXPECT_NE(text.find("angelic: line 5 (execution 1): b = 2"), std::string::npos);
  EXPECT_NE(text.find("#2   infeasible"), std::string::npos);
  EXPECT_NE(text.find("p.c:6 (iteration 2)"), std::string::npos);
  EXPECT_NE(text.find("condition false"), std::string::npos);
  EXPECT_NE(text.find("INCOMPLETE: size bound 1 reached"), std::string::npos);
  nlohmann::json j = report::diagnosesJson(*p, r);
  EXPECT_EQ(j["technique"], "pf");
  EXPECT_EQ(j["complete"], false);
  EXPECT_EQ(j["diagnoses"][0]["rank"], 1);
  EXPECT_EQ(j["diagnoses"][0]["locations"][0]["line"], 5);
  EXPECT_EQ(j["diagnoses"][0]["angelic"][0]["value"], 2);
  EXPECT_EQ(j["diagnoses"][0]["feasible"], true);
  EXPECT_EQ(j["diagnoses"][1]["feasible"], false);
  EXPECT_EQ(j["diagnoses"][1]["angelic"][0]["branch"], false);
  EXPECT_TRUE(j["stats"].contains("solver_ms"));
}

TEST(DiagnosisReport, TopShowsTheFirstDiagnosesAndCountsTheRest) {
  auto p = frontend::parseSource(kProgram, "p.c");
  const ir::Stmt* assign = stmtOnLine(*p, 5);
  ASSERT_TRUE(assign);
  localize::Result r;
  r.technique = "fi";
  for (int k = 0; k < 5; ++k) {
    localize::Diagnosis d;
    d.locations.push_back({assign->id, assign->range.file, 5, 0});
    r.diagnoses.push_back(d);
  }
  const std::string text = report::diagnosesText(*p, r, 2);
  EXPECT_NE(text.find("#2 "), std::string::npos);
  EXPECT_EQ(text.find("#3 "), std::string::npos);
  EXPECT_NE(text.find("... 3 more diagnoses (use --top 0 to show all)"), std::string::npos);
  EXPECT_NE(text.find("fi: 5 diagnoses"), std::string::npos);  // the stats count them all
  EXPECT_NE(report::diagnosesText(*p, r, 0).find("#5 "), std::string::npos);
}

TEST(DiagnosisReport, StatementsSharingALineAreNamedByTheirOwnText) {
  auto p = frontend::parseSource("int f(int n) {\n"
                                 "  int s = 0, i;\n"
                                 "  for (i = 1; i < n; i++)\n"
                                 "    s = s + i;\n"
                                 "  return s;\n"
                                 "}\n",
                                 "q.c");
  const ir::Stmt* step = nullptr;
  const ir::Stmt* body = nullptr;
  for (const ir::Stmt* s : p->stmts) {
    if (s && s->range.line == 3 && p->partOfLine(s->range) == "i++") step = s;
    if (s && s->range.line == 4) body = s;
  }
  ASSERT_NE(step, nullptr);
  ASSERT_NE(body, nullptr);
  localize::Result r;
  r.technique = "pf";
  localize::Diagnosis d;
  d.locations.push_back({step->id, step->range.file, 3, 0});
  d.locations.push_back({body->id, body->range.file, 4, 0});
  d.angelic.push_back({step->id, 1, 7, false, {}});
  r.diagnoses = {d};
  const std::string text = report::diagnosesText(*p, r);
  EXPECT_NE(text.find("q.c:3  i++    [in: for (i = 1; i < n; i++)]"), std::string::npos) << text;
  EXPECT_NE(text.find("q.c:4  s = s + i;\n"), std::string::npos) << text;  // alone on its line
  EXPECT_NE(text.find("angelic: line 3 `i++` (execution 2): i = 7"), std::string::npos) << text;
  const nlohmann::json j = report::diagnosesJson(*p, r);
  EXPECT_EQ(j["diagnoses"][0]["locations"][0]["statement"], "i++");
  EXPECT_FALSE(j["diagnoses"][0]["locations"][1].contains("statement"));
}

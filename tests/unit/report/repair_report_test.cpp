// The repair renderer registry: its names and lookup, and what its text and JSON renderers show
// of a hand-made search result.
#include "frontend/frontend.h"
#include "repair/mutation.h"
#include "report/repair_model.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace culprit::report {
namespace {

const char* kProgram = R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  if (a < -1)
    a = -a;
  printf("%d\n", a);
  return 0;
}
)";

TEST(RepairRenderers, AreLookedUpByName) {
  std::vector<std::string> names;
  for (const RepairRenderer& r : repairRenderers()) {
    names.push_back(r.name);
    EXPECT_FALSE(r.help.empty());
    EXPECT_EQ(findRepairRenderer(r.name), &r);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"text", "json"}));
  EXPECT_EQ(findRepairRenderer("sarif"), nullptr);
  EXPECT_EQ(findRepairRenderer(""), nullptr);
}

TEST(RepairRenderers, TextAndJsonShowTheRepairItsMustSetAndTheSearch) {
  auto p = frontend::parseSource(kProgram, "p.c");
  repair::RepairResult r;
  r.sites = repair::findSites(*p, 1);
  std::uint32_t constant = 0;
  while (constant < r.sites.size() && r.sites[constant].original != "-1")
    ++constant;
  ASSERT_LT(constant, r.sites.size());
  r.originalFailure = "test 1 (-1): stdout differs";
  r.originalMust = {constant};
  repair::Repair fix;
  fix.mutations = {{constant, 1}};  // -1 -> 0
  fix.verifiedBy = "passes all 2 tests of tests.txt";
  r.repairs = {fix};
  r.stats.candidates = 3;
  repair::RepairOptions options;
  options.must = repair::RepairOptions::Must::Every;
  const RepairModel model{p.get(), &options, &r};

  const std::string text = findRepairRenderer("text")->render(model);
  EXPECT_NE(text.find("failure: test 1 (-1): stdout differs\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  p.c:5:11  `-1` (constant)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("== repair 1: p.c:5:11: `-1` -> `0`\n"), std::string::npos) << text;
  EXPECT_NE(text.find("verified: passes all 2 tests of tests.txt\n"), std::string::npos);
  EXPECT_NE(text.find("-  if (a < -1)\n+  if (a < 0)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("fl-AllRepair: 1 minimal repair (level 1, at most 2 changes), search "
                      "complete; 3 of"),
            std::string::npos)
      << text;

  const nlohmann::json j = nlohmann::json::parse(findRepairRenderer("json")->render(model));
  EXPECT_EQ(j["technique"], "fl-AllRepair");
  EXPECT_EQ(j["complete"], true);
  ASSERT_EQ(j["repairs"].size(), 1u);
  EXPECT_EQ(j["repairs"][0]["changes"][0]["from"], "-1");
  EXPECT_EQ(j["repairs"][0]["changes"][0]["to"], "0");
  EXPECT_EQ(j["repairs"][0]["changes"][0]["line"], 5);
  EXPECT_EQ(j["must_set"][0]["token"], "-1");
  EXPECT_EQ(j["stats"]["candidates"], 3);
}

}  // namespace
}  // namespace culprit::report

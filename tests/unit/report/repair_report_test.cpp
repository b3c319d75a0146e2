// The repair renderer registry: its names and lookup, and what its text, JSON and SARIF
// renderers show of a hand-made search result; incompleteness severities.
#include "frontend/frontend.h"
#include "repair/mutation.h"
#include "report/repair_model.h"
#include "report/words.h"

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

/// The index of the site whose token is `token` (the number of sites when none).
std::uint32_t siteOf(const repair::RepairResult& r, const std::string& token) {
  std::uint32_t i = 0;
  while (i < r.sites.size() && r.sites[i].original != token)
    ++i;
  return i;
}

TEST(RepairRenderers, AreLookedUpByName) {
  std::vector<std::string> names;
  for (const RepairRenderer& r : repairRenderers()) {
    names.push_back(r.name);
    EXPECT_FALSE(r.help.empty());
    EXPECT_EQ(findRepairRenderer(r.name), &r);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"text", "json", "sarif"}));
  EXPECT_EQ(findRepairRenderer("html"), nullptr);
  EXPECT_EQ(findRepairRenderer(""), nullptr);
}

TEST(RepairRenderers, TextAndJsonShowTheRepairItsMustSetAndTheSearch) {
  auto p = frontend::parseSource(kProgram, "p.c");
  repair::RepairResult r;
  r.sites = repair::findSites(*p, 1);
  const std::uint32_t constant = siteOf(r, "-1");
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

TEST(RepairRenderers, SarifFixesReplaceTheTokenOrRemoveADeletedLine) {
  auto p = frontend::parseSource(kProgram, "p.c");
  repair::RepairResult r;
  r.sites = repair::findSites(*p, 1);
  const std::uint32_t constant = siteOf(r, "-1");
  ASSERT_LT(constant, r.sites.size());
  // A deletion of `a = -a;` (line 6), as semantic repair makes them.
  const std::string& line6 = p->files[0].lines[5];
  ASSERT_EQ(line6, "    a = -a;");
  repair::Site deletion;
  deletion.id = static_cast<std::uint32_t>(r.sites.size());
  deletion.cls = repair::SiteClass::Deletion;
  deletion.alternatives.deletion = true;
  deletion.file = 0, deletion.line = 6, deletion.col = 5, deletion.endCol = 12;
  deletion.original = "a = -a;";
  r.sites.push_back(deletion);
  repair::Repair fix, remove;
  fix.mutations = {{constant, 1}};  // -1 -> 0
  remove.mutations = {{deletion.id, 1}};
  r.repairs = {fix, remove};
  repair::RepairOptions options;
  const RepairModel model{p.get(), &options, &r};
  const nlohmann::json log = nlohmann::json::parse(findRepairRenderer("sarif")->render(model));
  const nlohmann::json& results = log["runs"][0]["results"];
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0]["kind"], "fail");
  EXPECT_EQ(results[0]["level"], "warning");
  const nlohmann::json& change = results[0]["fixes"][0]["artifactChanges"][0];
  EXPECT_EQ(change["artifactLocation"]["uriBaseId"], "%SRCROOT%");
  EXPECT_EQ(change["replacements"][0]["deletedRegion"],
            nlohmann::json({{"startLine", 5}, {"startColumn", 11}, {"endColumn", 13}}));
  EXPECT_EQ(change["replacements"][0]["insertedContent"]["text"], "0");
  // The deletion blanks its line: the whole line goes, newline included.
  const nlohmann::json& gone = results[1]["fixes"][0]["artifactChanges"][0]["replacements"];
  ASSERT_EQ(gone.size(), 1u);
  EXPECT_EQ(
      gone[0]["deletedRegion"],
      nlohmann::json({{"startLine", 6}, {"startColumn", 1}, {"endLine", 7}, {"endColumn", 1}}));
  EXPECT_EQ(gone[0]["insertedContent"]["text"], "");
  EXPECT_NE(results[0]["partialFingerprints"]["culpritRepair/v1"],
            results[1]["partialFingerprints"]["culpritRepair/v1"]);
}

TEST(IncompleteSeverity, ABoundTheUserChoseIsANoteAnythingElseAWarning) {
  EXPECT_EQ(incompleteSeverity("MCS size bound 3 reached: larger MCSs may exist (--max-size 4, "
                               "or 0 for none, lifts it)"),
            Severity::Note);
  EXPECT_EQ(incompleteSeverity("diagnosis count bound 5 reached (--max-count 0 lifts it)"),
            Severity::Note);
  EXPECT_EQ(incompleteSeverity("timeout after 60 s (--timeout): the diagnoses so far are shown"),
            Severity::Warning);
  EXPECT_EQ(incompleteSeverity("unwinding bound 2 is below the failing run's 5 loop iterations "
                               "(--unwind 5 or --loop-bounds run lifts it)"),
            Severity::Warning);
  // Several reasons: the worst counts.
  EXPECT_EQ(incompleteSeverity("MCS size bound 3 reached (--max-size 4 lifts it); timeout after "
                               "1 s (--timeout)"),
            Severity::Warning);
  EXPECT_STREQ(severityName(Severity::Note), "note");
}

}  // namespace
}  // namespace culprit::report

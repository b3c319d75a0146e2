// Reports of `culprit repair` (text and JSON) and their renderer registry: every repair as a
// unified diff with what verified it, the original failure's must set, the search's statistics
// and completeness. See repair_model.h.
#include "repair/patch.h"
#include "report/repair_model.h"

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace culprit::report {

std::string repairTechnique(const repair::RepairOptions& o) {
  switch (o.must) {
  case repair::RepairOptions::Must::None: return "AllRepair";
  case repair::RepairOptions::Must::Every: return "fl-AllRepair";
  case repair::RepairOptions::Must::Adaptive: break;
  }
  return "fl-AllRepair (adaptive)";
}

namespace {

std::string siteLines(const ir::Program& program, const repair::RepairResult& r,
                      const std::vector<std::uint32_t>& sites) {
  std::string out;
  for (std::uint32_t id : sites) {
    const repair::Site& s = r.sites[id];
    out += fmt::format("  {}:{}:{}  `{}` ({})\n", program.files[s.file].path, s.line, s.col,
                       s.original, repair::siteClassName(s.cls));
  }
  return out;
}

}  // namespace

nlohmann::json repairStatsJson(const repair::RepairStats& s) {
  return {{"sites", s.sites},
          {"space", s.space},
          {"candidates", s.candidates},
          {"must_blocks", s.mustBlocks},
          {"plain_blocks", s.plainBlocks},
          {"pruned_by_must", s.prunedByMust},
          {"pruned_by_repairs", s.prunedByRepairs},
          {"test_runs", s.testRuns},
          {"formula_checks", s.formulaChecks},
          {"generator_ms", s.generatorMs},
          {"validation_ms", s.validationMs},
          {"must_ms", s.mustMs},
          {"equivalence_ms", s.equivalenceMs},
          {"total_ms", s.totalMs}};
}

namespace {

/// The budget of each constant-hole query, in words.
std::string holeBudget(const repair::RepairOptions& o) {
  std::string out = o.holeQuerySeconds > 0
                        ? fmt::format("--hole-timeout {:g} s", o.holeQuerySeconds)
                        : std::string("no --hole-timeout");
  if (o.holeQueryRlimit) out += fmt::format(", --hole-rlimit {}", o.holeQueryRlimit);
  return out;
}

nlohmann::json synthesisJson(const repair::SynthesisReport& syn) {
  nlohmann::json kinds = nlohmann::json::array();
  for (const repair::HoleKindTried& k : syn.kinds)
    kinds.push_back({{"kind", k.kind},
                     {"holes", k.holes},
                     {"candidates", k.candidates},
                     {"solver_queries", k.solverQueries},
                     {"undecided", k.undecided},
                     {"undecided_holes", k.undecidedWhere},
                     {"repairs", k.repairs},
                     {"ms", k.ms},
                     {"first_holes", k.where}});
  nlohmann::json j = {{"ran", syn.ran}, {"kinds", kinds}};
  if (syn.ran) {
    j["locations"] = syn.locations;
    j["complete"] = syn.complete;
    j["ms"] = syn.ms;
  }
  if (!syn.skipped.empty()) j["skipped"] = syn.skipped;
  return j;
}

std::string renderJson(const RepairModel& m) {
  const ir::Program& program = *m.program;
  const repair::RepairResult& r = *m.result;
  const repair::RepairOptions& o = *m.options;
  nlohmann::json repairs = nlohmann::json::array();
  for (const repair::Repair& rep : r.repairs) {
    nlohmann::json changes = nlohmann::json::array();
    for (const repair::Mutation& change : rep.mutations) {
      const repair::Site& s = r.sites[change.site];
      changes.push_back({{"file", program.files[s.file].path},
                         {"line", s.line},
                         {"column", s.col},
                         {"class", repair::siteClassName(s.cls)},
                         {"from", s.original},
                         {"to", repair::alternativeText(s, change.alternative, &program)}});
    }
    nlohmann::json one = {
        {"changes", changes},         {"diff", repair::unifiedDiff(program, r.sites, rep)},
        {"found_by", rep.foundBy},    {"verified", rep.verifiedBy},
        {"candidate", rep.candidate}, {"ms", rep.ms}};
    if (rep.holdoutPassed) one["holdout_passed"] = *rep.holdoutPassed;
    one["equivalent_to_golden"] =
        rep.equivalentToGolden ? nlohmann::json(*rep.equivalentToGolden) : nlohmann::json();
    one[rep.equivalentToGolden && !*rep.equivalentToGolden ? "distinguishing_test"
                                                           : "equivalence"] = rep.equivalence;
    if (!rep.distinguishingStdin.empty()) one["distinguishing_stdin"] = rep.distinguishingStdin;
    repairs.push_back(std::move(one));
  }
  nlohmann::json must = nlohmann::json::array();
  for (std::uint32_t id : r.originalMust) {
    const repair::Site& s = r.sites[id];
    must.push_back({{"file", program.files[s.file].path},
                    {"line", s.line},
                    {"column", s.col},
                    {"token", s.original}});
  }
  nlohmann::json j = {{"technique", repairTechnique(o)},
                      {"level", o.level},
                      {"max_mutations", o.maxMutations},
                      {"oracle", r.oracle},
                      {"failure", r.originalFailure},
                      {"must_set", must},
                      {"repairs", repairs},
                      {"complete", r.complete},
                      {"stats", repairStatsJson(r.stats)}};
  if (!r.complete) j["incomplete_reason"] = r.incompleteReason;
  if (!r.notes.empty()) j["notes"] = r.notes;
  j["synthesis"] = synthesisJson(r.synthesis);
  if (r.holdout.tests > 0)
    j["holdout"] = {{"tests", r.holdout.tests}, {"search_tests", r.holdout.searchTests}};
  if (r.repairs.empty()) {
    j["tried"] = r.tried;
    j["suggestions"] = r.suggestions;
  }
  return j.dump(2) + "\n";
}

std::string renderText(const RepairModel& m) {
  const ir::Program& program = *m.program;
  const repair::RepairResult& r = *m.result;
  const repair::RepairOptions& o = *m.options;
  std::string out = fmt::format("failure: {}\n", r.originalFailure);
  out += fmt::format("must set of the failure ({} of {} mutation sites; every repair changes one "
                     "of them):\n",
                     r.originalMust.size(), r.sites.size());
  out += r.originalMust.empty() ? "  (none computed)\n" : siteLines(program, r, r.originalMust);
  for (std::size_t i = 0; i < r.repairs.size(); ++i) {
    const repair::Repair& rep = r.repairs[i];
    out += fmt::format("\n== repair {}: {}\n", i + 1, repair::describe(program, r.sites, rep));
    out += fmt::format("found by: {}\n", rep.foundBy);
    out += fmt::format("verified: {}\n", rep.verifiedBy);
    if (rep.holdoutPassed)
      out += fmt::format("held-out tests: passes {} of {} (not used by the search)\n",
                         *rep.holdoutPassed, r.holdout.tests);
    if (rep.equivalentToGolden)
      out += *rep.equivalentToGolden
                 ? "equivalent to the golden program within bounds: " + rep.equivalence + "\n"
                 : "NOT equivalent to the golden program: they differ on the test `" +
                       rep.equivalence + "`\n";
    else
      out += "equivalence to the golden program: not decided (" + rep.equivalence + ")\n";
    out += repair::unifiedDiff(program, r.sites, rep);
  }
  if (r.repairs.empty()) {
    out += "\nno repair within the search space\n";
    out += "tried:\n";
    for (const std::string& t : r.tried)
      out += "  - " + t + "\n";
    out += "to try next:\n";
    for (const std::string& t : r.suggestions)
      out += "  - " + t + "\n";
  }
  if (r.holdout.tests > 0)
    out += fmt::format("\nholdout: {} of {} tests kept out of the search ({}%)\n", r.holdout.tests,
                       r.holdout.tests + r.holdout.searchTests, o.holdoutPercent);
  const repair::RepairStats& s = r.stats;
  const auto mutationRepairs = static_cast<std::size_t>(
      std::count_if(r.repairs.begin(), r.repairs.end(),
                    [](const repair::Repair& rep) { return rep.foundBy == "mutation"; }));
  out += fmt::format(
      "\n{}: {} minimal {} (level {}, at most {} changes), {}; {} of {:.0f} candidates "
      "validated, {} pruned by must sets ({} computed), {} by repairs; {} test runs, {} formula "
      "checks; {:.0f} ms (validation {:.0f}, must sets {:.0f}, generator {:.0f}, equivalence "
      "{:.0f})\n",
      repairTechnique(o), mutationRepairs, mutationRepairs == 1 ? "repair" : "repairs", o.level,
      o.maxMutations, r.complete ? "search complete" : "INCOMPLETE: " + r.incompleteReason,
      s.candidates, s.space, s.prunedByMust, s.mustBlocks, s.prunedByRepairs, s.testRuns,
      s.formulaChecks, s.totalMs, s.validationMs, s.mustMs, s.generatorMs, s.equivalenceMs);
  if (r.synthesis.ran) {
    std::string kinds;
    for (const repair::HoleKindTried& k : r.synthesis.kinds)
      kinds += fmt::format("{}{} {} ({} validated{}, {:.0f} ms)", kinds.empty() ? "" : ", ",
                           k.holes, k.kind, k.candidates,
                           k.solverQueries ? fmt::format(", {} solver queries", k.solverQueries)
                                           : std::string(),
                           k.ms);
    std::size_t holes = 0, repairs = 0;
    for (const repair::HoleKindTried& k : r.synthesis.kinds)
      holes += k.holes, repairs += k.repairs;
    out += fmt::format("semantic repair: {} {} from {} holes at {} statements: {}; {}; {:.0f} ms\n",
                       repairs, repairs == 1 ? "repair" : "repairs", holes, r.synthesis.locations,
                       kinds, r.synthesis.complete ? "complete" : "cut short", r.synthesis.ms);
    for (const repair::HoleKindTried& k : r.synthesis.kinds)
      for (const std::string& w : k.undecidedWhere)
        out += fmt::format("semantic repair: {} hole undecided by the solver within its budget "
                           "({}): {}\n",
                           k.kind == "several places" ? "a" : "the " + k.kind, holeBudget(o), w);
  } else if (!r.synthesis.skipped.empty()) {
    out += "semantic repair: not run: " + r.synthesis.skipped + "\n";
  }
  for (const std::string& n : r.notes)
    out += "note: " + n + "\n";
  return out;
}

}  // namespace

const std::vector<RepairRenderer>& repairRenderers() {
  static const std::vector<RepairRenderer> all = {
      {"text", "for the terminal", renderText},
      {"json", "machine-readable", renderJson},
      {"sarif", "SARIF 2.1.0: each repair a result whose fixes hold its replacements",
       renderRepairSarif},
  };
  return all;
}

const RepairRenderer* findRepairRenderer(const std::string& name) {
  for (const RepairRenderer& r : repairRenderers())
    if (r.name == name) return &r;
  return nullptr;
}

}  // namespace culprit::report

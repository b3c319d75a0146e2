// Reports of `culprit repair` (text and JSON) and their renderer registry: every repair as a
// unified diff with what verified it, the original failure's must set, the search's statistics
// and completeness. See repair_model.h.
#include "repair/patch.h"
#include "report/repair_model.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace culprit::report {
namespace {

std::string technique(const repair::RepairOptions& o) {
  switch (o.must) {
  case repair::RepairOptions::Must::None: return "AllRepair";
  case repair::RepairOptions::Must::Every: return "fl-AllRepair";
  case repair::RepairOptions::Must::Adaptive: break;
  }
  return "fl-AllRepair (adaptive)";
}

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

nlohmann::json statsJson(const repair::RepairStats& s) {
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
          {"total_ms", s.totalMs}};
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
                         {"to", repair::alternativeText(s, change.alternative)}});
    }
    repairs.push_back({{"changes", changes},
                       {"diff", repair::unifiedDiff(program, r.sites, rep)},
                       {"verified", rep.verifiedBy},
                       {"candidate", rep.candidate},
                       {"ms", rep.ms}});
  }
  nlohmann::json must = nlohmann::json::array();
  for (std::uint32_t id : r.originalMust) {
    const repair::Site& s = r.sites[id];
    must.push_back({{"file", program.files[s.file].path},
                    {"line", s.line},
                    {"column", s.col},
                    {"token", s.original}});
  }
  nlohmann::json j = {{"technique", technique(o)},
                      {"level", o.level},
                      {"max_mutations", o.maxMutations},
                      {"oracle", r.oracle},
                      {"failure", r.originalFailure},
                      {"must_set", must},
                      {"repairs", repairs},
                      {"complete", r.complete},
                      {"stats", statsJson(r.stats)}};
  if (!r.complete) j["incomplete_reason"] = r.incompleteReason;
  if (!r.notes.empty()) j["notes"] = r.notes;
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
    out += fmt::format("verified: {}\n", rep.verifiedBy);
    out += repair::unifiedDiff(program, r.sites, rep);
  }
  if (r.repairs.empty()) out += "\nno repair within the search space\n";
  const repair::RepairStats& s = r.stats;
  out += fmt::format(
      "\n{}: {} minimal {} (level {}, at most {} changes), {}; {} of {:.0f} candidates "
      "validated, {} pruned by must sets ({} computed), {} by repairs; {} test runs, {} formula "
      "checks; {:.0f} ms (validation {:.0f}, must sets {:.0f}, generator {:.0f})\n",
      technique(o), r.repairs.size(), r.repairs.size() == 1 ? "repair" : "repairs", o.level,
      o.maxMutations, r.complete ? "search complete" : "INCOMPLETE: " + r.incompleteReason,
      s.candidates, s.space, s.prunedByMust, s.mustBlocks, s.prunedByRepairs, s.testRuns,
      s.formulaChecks, s.totalMs, s.validationMs, s.mustMs, s.generatorMs);
  for (const std::string& n : r.notes)
    out += "note: " + n + "\n";
  return out;
}

}  // namespace

const std::vector<RepairRenderer>& repairRenderers() {
  static const std::vector<RepairRenderer> all = {
      {"text", "for the terminal", renderText},
      {"json", "machine-readable", renderJson},
  };
  return all;
}

const RepairRenderer* findRepairRenderer(const std::string& name) {
  for (const RepairRenderer& r : repairRenderers())
    if (r.name == name) return &r;
  return nullptr;
}

}  // namespace culprit::report

// SARIF 2.1.0 of `culprit repair`: one rule (the search), one result per repair (kind `fail`,
// level `warning`) located at the tokens it changes, whose `fixes` hold one fix with the
// repair's replacements: per file an artifactChange, per changed token a replacement of its
// region (deletedRegion) by the new text (insertedContent). A deletion that leaves its line
// blank removes the whole line, as the unified diff of the text report does. Regions refer to
// the sources as the program read them. Without a repair there is no result and a note says
// what was tried; a search cut short is a warning notification. See sarif_log.h for URIs.
#include "repair/patch.h"
#include "report/repair_model.h"
#include "report/sarif_log.h"

#include <fmt/format.h>

#include <map>
#include <set>

namespace culprit::report {
namespace {

using nlohmann::json;

bool blank(const std::string& line) { return line.find_first_not_of(" \t") == std::string::npos; }

/// The replacements of `rep`, per file.
std::map<std::uint32_t, json>
replacements(const ir::Program& program, const repair::RepairResult& r, const repair::Repair& rep) {
  const auto changed = repair::changedLines(program, r.sites, rep);
  std::map<std::uint32_t, json> out;
  std::set<std::pair<std::uint32_t, std::uint32_t>> wholeLines;
  for (const auto& [at, text] : changed) {
    const std::string& before = program.files[at.first].lines[at.second - 1];
    if (!blank(text) || blank(before)) continue;
    wholeLines.insert(at);
    json& list = out[at.first];
    list.push_back({{"deletedRegion",
                     {{"startLine", at.second},
                      {"startColumn", 1},
                      {"endLine", at.second + 1},
                      {"endColumn", 1}}},
                    {"insertedContent", {{"text", ""}}}});
  }
  for (const repair::Mutation& change : rep.mutations) {
    const repair::Site& s = r.sites[change.site];
    if (wholeLines.count({s.file, s.line})) continue;
    out[s.file].push_back(
        {{"deletedRegion",
          {{"startLine", s.line}, {"startColumn", s.col}, {"endColumn", s.endCol}}},
         {"insertedContent",
          {{"text", repair::alternativeText(s, change.alternative, &program)}}}});
  }
  return out;
}

json repairResult(const RepairModel& m, const sarif::Paths& paths, std::size_t index) {
  const ir::Program& program = *m.program;
  const repair::RepairResult& r = *m.result;
  const repair::Repair& rep = r.repairs[index];
  const std::string what = repair::describe(program, r.sites, rep);
  json locations = json::array();
  std::string key = "repair";
  for (const repair::Mutation& change : rep.mutations) {
    const repair::Site& s = r.sites[change.site];
    ir::SourceRange at;
    at.file = s.file, at.line = s.line, at.col = s.col, at.endLine = s.line, at.endCol = s.endCol;
    locations.push_back(sarif::location(program, paths, at));
    key += "\n" + sarif::lineFingerprint(program, paths, s.file, s.line) + "\n" + s.original +
           "\n" + repair::alternativeText(s, change.alternative, &program);
  }
  json changes = json::array();
  for (auto& [file, list] : replacements(program, r, rep))
    changes.push_back(
        {{"artifactLocation", paths.artifactLocation(file)}, {"replacements", std::move(list)}});
  std::string equivalence =
      rep.equivalentToGolden
          ? (*rep.equivalentToGolden ? "equivalent to the golden program within bounds: "
                                     : "NOT equivalent to the golden program; they differ on: ") +
                rep.equivalence
          : "equivalence to the golden program not decided: " + rep.equivalence;
  json properties = {{"repair", index + 1},
                     {"foundBy", rep.foundBy},
                     {"verified", rep.verifiedBy},
                     {"equivalence", equivalence},
                     {"diff", repair::unifiedDiff(program, r.sites, rep)}};
  if (rep.equivalentToGolden) properties["equivalentToGolden"] = *rep.equivalentToGolden;
  if (rep.holdoutPassed) properties["holdoutPassed"] = *rep.holdoutPassed;
  return {
      {"ruleId", "repair"},
      {"ruleIndex", 0},
      {"kind", "fail"},
      {"level", "warning"},
      {"message",
       {{"text", fmt::format("Repair {} of {}: {}. Verified: {}; {}.", index + 1, r.repairs.size(),
                             what, rep.verifiedBy, equivalence)}}},
      {"locations", std::move(locations)},
      {"partialFingerprints", {{"culpritRepair/v1", sarif::hashText(key)}}},
      {"fixes", json::array({{{"description", {{"text", what}}}, {"artifactChanges", changes}}})},
      {"properties", std::move(properties)}};
}

json rule(const repair::RepairOptions& o) {
  const std::string text = fmt::format(
      "culprit repair ({}) searches mutations of the program (level {}, up to {} changes at "
      "once) and, when they find nothing, semantic repairs; each repair found passes every "
      "test (or, without tests, satisfies every assertion within the unwinding bound). Each "
      "result is one minimal repair at the tokens it changes; its fix holds the replacements. "
      "Review a repair before applying it: the tests decide what counts as correct.",
      repairTechnique(o), o.level, o.maxMutations);
  const std::string markdown = fmt::format(
      "**culprit repair** ({}): mutation level {}, up to {} changes at once, then semantic "
      "repair when mutation finds nothing.\n\nEach result is one *minimal repair*:\n\n- its "
      "locations are the tokens it changes\n- its `fixes[0]` holds the replacements "
      "(`deletedRegion` → `insertedContent`)\n- `properties.verified` says what validated it, "
      "`properties.equivalence` how it compares with the golden program\n\nReview a repair "
      "before applying it: the tests decide what counts as correct.",
      repairTechnique(o), o.level, o.maxMutations);
  return sarif::rule("repair", "MinimalRepair",
                     "a minimal repair that makes every failing test pass", text, markdown);
}

}  // namespace

std::string renderRepairSarif(const RepairModel& m) {
  const repair::RepairResult& r = *m.result;
  const sarif::Paths paths(*m.program);
  json results = json::array();
  for (std::size_t i = 0; i < r.repairs.size(); ++i)
    results.push_back(repairResult(m, paths, i));
  json notifications = json::array();
  if (!r.complete)
    notifications.push_back(
        {{"level", "warning"}, {"message", {{"text", "INCOMPLETE: " + r.incompleteReason}}}});
  if (r.repairs.empty()) {
    std::string text = "no repair within the search space; tried: ";
    for (std::size_t i = 0; i < r.tried.size(); ++i)
      text += (i ? "; " : "") + r.tried[i];
    if (!r.suggestions.empty()) {
      text += ". To try next: ";
      for (std::size_t i = 0; i < r.suggestions.size(); ++i)
        text += (i ? "; " : "") + r.suggestions[i];
    }
    notifications.push_back({{"level", "note"}, {"message", {{"text", text}}}});
  }
  for (const std::string& n : r.notes)
    notifications.push_back({{"level", "note"}, {"message", {{"text", n}}}});
  json properties = {{"technique", repairTechnique(*m.options)},
                     {"failure", r.originalFailure},
                     {"oracle", r.oracle},
                     {"complete", r.complete},
                     {"stats", repairStatsJson(r.stats)}};
  if (!r.complete) properties["incompleteReason"] = r.incompleteReason;
  return sarif::logText(paths, rule(*m.options), std::move(notifications), std::move(results),
                        std::move(properties));
}

}  // namespace culprit::report

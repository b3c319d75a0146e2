// The report of one `culprit repair` run, as every repair renderer sees it, and the registry
// of those renderers, which supplies `culprit repair --format` (as model.h's registry does for
// `culprit localize`). Plain data only: repair/result.h, never the search or the encoder.
#pragma once

#include "ir/ir.h"
#include "repair/result.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace culprit::report {

struct RepairModel {
  const ir::Program* program = nullptr;
  const repair::RepairOptions* options = nullptr;  ///< what the search was asked
  const repair::RepairResult* result = nullptr;
};

struct RepairRenderer {
  std::string name;
  std::string help;
  /// The whole output, written at once.
  std::function<std::string(const RepairModel&)> render;
};

/// text, json (repair_report.cpp), sarif (repair_sarif.cpp).
const std::vector<RepairRenderer>& repairRenderers();
const RepairRenderer* findRepairRenderer(const std::string& name);

/// "AllRepair", "fl-AllRepair", "fl-AllRepair (adaptive)": the search the options ask for.
std::string repairTechnique(const repair::RepairOptions& o);
/// The search's statistics as JSON (the key names of `culprit repair --format json`).
nlohmann::json repairStatsJson(const repair::RepairStats& s);
/// SARIF 2.1.0: one result per repair, its replacements as `fixes`.
std::string renderRepairSarif(const RepairModel& m);

}  // namespace culprit::report

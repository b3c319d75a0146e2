// The report of one `culprit repair` run, as every repair renderer sees it, and the registry
// of those renderers, which supplies `culprit repair --format` (as model.h's registry does for
// `culprit localize`). Plain data only: repair/result.h, never the search or the encoder.
#pragma once

#include "ir/ir.h"
#include "repair/result.h"

#include <functional>
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

/// text, json (repair_report.cpp).
const std::vector<RepairRenderer>& repairRenderers();
const RepairRenderer* findRepairRenderer(const std::string& name);

}  // namespace culprit::report

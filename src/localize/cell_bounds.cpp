// Cells of large arrays read off a run (cell_bounds.h).
#include "localize/cell_bounds.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>
#include <vector>

namespace culprit::localize {

std::unordered_map<ir::VarId, std::uint64_t> runVarCells(const ir::Program& program,
                                                         const exec::RunResult& run, unsigned slack,
                                                         std::uint64_t arrayCells) {
  std::unordered_map<ir::VarId, std::uint64_t> cells;
  for (ir::VarId v = 0; v < program.vars.size(); ++v) {
    const ir::TypeRef t = program.vars[v].type;
    if (!t || !t->isArray() || !t->elem) continue;
    const std::uint64_t size = t->cellCount();
    if (size <= arrayCells) continue;
    const std::uint64_t row = std::max<std::uint64_t>(1, t->elem->cellCount());
    const auto used = run.varCellsUsed.find(v);
    const std::uint64_t rows = used == run.varCellsUsed.end() ? 0 : (used->second + row - 1) / row;
    const std::uint64_t modelled = (rows + std::max(1u, slack)) * row;
    if (modelled < size && modelled <= arrayCells) cells[v] = modelled;
  }
  return cells;
}

std::string describeVarCells(const ir::Program& program,
                             const std::unordered_map<ir::VarId, std::uint64_t>& cells) {
  std::vector<std::pair<ir::VarId, std::uint64_t>> sorted(cells.begin(), cells.end());
  std::sort(sorted.begin(), sorted.end(), [&](const auto& a, const auto& b) {
    const ir::SourceRange &ra = program.vars[a.first].range, &rb = program.vars[b.first].range;
    return std::tie(ra.file, ra.line, ra.col, a.first) <
           std::tie(rb.file, rb.line, rb.col, b.first);
  });
  std::string out;
  for (const auto& [v, n] : sorted)
    out += fmt::format("{}{} ({}) {} of {} cells", out.empty() ? "" : ", ", program.vars[v].name,
                       program.where(program.vars[v].range), n, program.vars[v].type->cellCount());
  return out;
}

std::unordered_map<ir::VarId, std::uint64_t> programVarCells(const FormulaTask& task,
                                                             const exec::RunResult& failing,
                                                             std::uint64_t arrayCells, Result& r) {
  if (task.options.loopBounds != FormulaOptions::LoopBounds::Run) return {};
  std::unordered_map<ir::VarId, std::uint64_t> cells =
      runVarCells(*task.program, failing, task.options.loopSlack, arrayCells);
  if (!cells.empty())
    r.notes.push_back(fmt::format(
        "arrays of more than {0} cells modelled to the elements the failing run used + {1}, "
        "an access past them excluded (--loop-bounds run; a larger --loop-slack or "
        "--loop-bounds uniform lifts them): {2}",
        arrayCells, std::max(1u, task.options.loopSlack), describeVarCells(*task.program, cells)));
  return cells;
}

}  // namespace culprit::localize

// Cells of large arrays read off a run: how many the program formula models (--loop-bounds run).
#pragma once

#include "exec/exec.h"
#include "ir/ir.h"
#include "localize/task.h"

#include <cstdint>
#include <string>
#include <unordered_map>

namespace culprit::localize {

/// Under --loop-bounds run, the cells the program formula models of each array variable of
/// more than `arrayCells` cells (EncodeOptions::expandArraysUpTo: beyond it the formula would
/// hand the array to z3's array theory): the cells `run` (a traced run) used of it, rounded up
/// to whole elements of its outermost dimension, plus `slack` such elements. Only where that
/// is at most `arrayCells` cells (so the array is expanded into terms) and fewer than the
/// variable holds; other variables are absent (modelled whole).
std::unordered_map<ir::VarId, std::uint64_t> runVarCells(const ir::Program& program,
                                                         const exec::RunResult& run, unsigned slack,
                                                         std::uint64_t arrayCells);

/// "uniq (golden.c:18) 96 of 320 cells, ..." for the variables of `cells`, in source order.
std::string describeVarCells(const ir::Program& program,
                             const std::unordered_map<ir::VarId, std::uint64_t>& cells);

/// runVarCells for the program formula of `task` (--loop-bounds run; none otherwise), with a
/// note in `r` naming the variables bounded and what lifts the bound.
std::unordered_map<ir::VarId, std::uint64_t> programVarCells(const FormulaTask& task,
                                                             const exec::RunResult& failing,
                                                             std::uint64_t arrayCells, Result& r);

}  // namespace culprit::localize

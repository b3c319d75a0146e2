// Loop bounds read off a run: how many bodies each loop ran, and the per-loop unwinding of the
// program formula derived from it (--loop-bounds run).
#pragma once

#include "exec/exec.h"
#include "ir/ir.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace culprit::localize {

/// For every loop statement (while, for, do) of `program`: the most bodies one entry into it
/// ran in `run` (a traced run). Loops the run never reached are absent.
std::unordered_map<ir::StmtId, unsigned> loopIterations(const ir::Program& program,
                                                        const exec::RunResult& run);

/// The program formula's bound of every loop of `program` under --loop-bounds run: the bodies
/// it ran in `run` plus `slack`. A loop of the program's own code the run never reached: the
/// most bodies any of the run's loops made plus `slack` (at most `unwind`), or `slack` alone
/// when it is nested in another unreached loop. A loop of a library function (strlen, strcpy)
/// keeps at least `unwind`: its trip count follows string lengths the run may not have met.
std::unordered_map<ir::StmtId, unsigned> runLoopBounds(const ir::Program& program,
                                                       const exec::RunResult& run, unsigned slack,
                                                       unsigned unwind);

/// Raises the bound in `bounds` of every loop of `program`'s own code to the most bodies that
/// `goldenRun` (a traced run of `golden`, the program's golden version, on the same input) made
/// in a loop at the same line of a function of the same name, plus `slack`. A fix may need a
/// loop to run as often as the golden runs it (rle: a count of 12 read digit by digit, printed
/// by a loop the faulty run ran twice). Returns the loops raised.
std::vector<ir::StmtId> raiseToGoldenLoops(const ir::Program& program, const ir::Program& golden,
                                           const exec::RunResult& goldenRun, unsigned slack,
                                           std::unordered_map<ir::StmtId, unsigned>& bounds);

/// Bounds of loops by the recursion depth of their function: entry d is the bound while d
/// other frames of the loop's function are active (0: its outermost frame); the last entry
/// holds for every deeper frame too (EncodeOptions::loopUnwindByDepth).
using DepthBounds = std::unordered_map<ir::StmtId, std::vector<unsigned>>;

/// For every loop of a recursive function of `program` that `run` (a traced run) reached: the
/// most bodies one entry into it ran at each recursion depth of its function (0 where the run
/// reached that depth but not the loop), up to the deepest depth at which it ran.
DepthBounds loopIterationsByDepth(const ir::Program& program, const exec::RunResult& run);

/// Under --loop-bounds run, the loops of recursive functions of the program's own code that
/// `run` reached, bounded per depth: the bodies the run made there at that depth plus `slack`
/// (`slack` alone at a depth where it did not run them, and in every deeper frame), at most
/// the loop's bound in `bounds` (runLoopBounds). A loop the run never reached keeps `bounds`.
DepthBounds runLoopDepthBounds(const ir::Program& program, const exec::RunResult& run,
                               unsigned slack,
                               const std::unordered_map<ir::StmtId, unsigned>& bounds);

/// Does every loop of `run` stay within its per-depth bound in `bounds`?
bool withinLoopDepthBounds(const ir::Program& program, const exec::RunResult& run,
                           const DepthBounds& bounds);

/// "prog.c:7 2/2/4" for the loops of the program's own code in `bounds` (the bound at each
/// depth, the last one for every deeper frame), in source order; at most `most` listed.
std::string describeLoopDepthBounds(const ir::Program& program, const DepthBounds& bounds,
                                    std::size_t most = 8);

/// For every function of `program` that `run` (a traced run) entered: the most of its calls
/// that were active at once below its deepest frame (0: never entered from itself, directly or
/// through other functions). Functions the run never entered are absent.
std::unordered_map<ir::FuncId, unsigned> recursionDepths(const ir::Program& program,
                                                         const exec::RunResult& run);

/// The functions of `program` that can call themselves, directly or through others.
std::vector<ir::FuncId> recursiveFunctions(const ir::Program& program);

/// The program formula's recursion bound (EncodeOptions::recursionUnwind) of every recursive
/// function under --loop-bounds run: the depth `run` reached plus `slack`; a function the run
/// never entered gets the run's deepest recursion plus `slack` (at most `unwind`, at least
/// `slack`), as unreached loops do.
std::unordered_map<ir::FuncId, unsigned> runRecursionBounds(const ir::Program& program,
                                                            const exec::RunResult& run,
                                                            unsigned slack, unsigned unwind);

/// "prog.c:7 here 3, prog.c:20 walk 1" for the functions of the program's own code in
/// `bounds`, in source order.
std::string describeRecursionBounds(const ir::Program& program,
                                    const std::unordered_map<ir::FuncId, unsigned>& bounds);

/// "prog.c:7 3, prog.c:9 14" for the loops of the program's own code in `bounds`, in source
/// order (library loops are left out; at most `most` listed, then "..."); a loop formed by a
/// backward goto reads "loop formed by the goto at prog.c:12 4".
std::string describeLoopBounds(const ir::Program& program,
                               const std::unordered_map<ir::StmtId, unsigned>& bounds,
                               std::size_t most = 8);

}  // namespace culprit::localize

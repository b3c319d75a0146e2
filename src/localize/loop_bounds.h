// Loop bounds read off a run: how many bodies each loop ran, and the per-loop unwinding of the
// program formula derived from it (--loop-bounds run).
#pragma once

#include "exec/exec.h"
#include "ir/ir.h"

#include <string>
#include <unordered_map>

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

/// "prog.c:7 3, prog.c:9 14" for the loops of the program's own code in `bounds`, in source
/// order (library loops are left out; at most `most` listed, then "..."); a loop formed by a
/// backward goto reads "loop formed by the goto at prog.c:12 4".
std::string describeLoopBounds(const ir::Program& program,
                               const std::unordered_map<ir::StmtId, unsigned>& bounds,
                               std::size_t most = 8);

}  // namespace culprit::localize

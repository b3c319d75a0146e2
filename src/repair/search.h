// The repair search (private to repair/): mutation repair (AllRepair / fl-AllRepair, search.cpp)
// and then, when it finds nothing or RepairOptions::synthesize says so, semantic repair
// (synthesize.h), on the problem's whole suite. findRepairs (find.cpp) adds the holdout, the
// evidence and the order.
#pragma once

#include "repair/repair.h"

namespace culprit::repair::detail {

RepairResult searchRepairs(const RepairProblem& problem, const RepairOptions& options);

}  // namespace culprit::repair::detail

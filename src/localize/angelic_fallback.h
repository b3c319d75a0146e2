// The program formula's fallback on the failing run's angelic formula (pf): when the program
// formula is not settled, the MCSs of the failing run's formula whose unexplored branch sides
// are free (agx's first formula, encode/incremental.h) that a concrete run confirms.
#pragma once

#include "localize/diagnose.h"

namespace culprit::localize {

/// The confirmed angelic candidates of `task` within its --timeout: MCSs of the failing run's
/// formula with every unexplored branch side free, enumerated in size order without
/// refinement; a candidate whose model stays on the failing run's sides, or whose angelic
/// values make a replay of the test pass within the loop bounds, is an MCS of the program
/// formula (minimal in the weaker angelic formula, and a model of the program formula) and is
/// kept with its path; the others are counted ("unconfirmed") and dropped, their supersets
/// blocked with them. The result is always incomplete (no refinement: MCSs that need an
/// unexplored side the replay does not confirm are missed), and says how many were dropped.
Result confirmedAngelicCandidates(const FormulaTask& task);

}  // namespace culprit::localize

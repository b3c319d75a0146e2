// The program formula's fallback on the failing run's angelic formula (pf): when the program
// formula is not settled, the MCSs of the failing run's formula whose unexplored branch sides
// are free (agx's first formula, encode/incremental.h) that a concrete run confirms.
#pragma once

#include "localize/diagnose.h"

namespace culprit::localize {

class OnDemandFormula;

/// Whether a concrete replay of the failing test confirms `d`, a candidate MCS of `formula`
/// (an on-demand formula whose model left the explored program): the replays tried, in turn,
/// force all of `d`'s angelic values; each value that differs from the failing run's alone, then
/// the failing run's value plus and minus 1 there, alone;
/// each of the failing run's executions of an if or loop condition of `d` flipped alone, the
/// last first; that condition false, then true, at every execution. The first that passes
/// within the loop bounds is a model of the program formula with `d`'s statements relaxed, so
/// `d` (minimal in the weaker formula) is an MCS of the program formula: `d`'s angelic values
/// and path become that replay's. Only replays: no query.
bool confirmedByReplay(const FormulaTask& task, OnDemandFormula& formula, Diagnosis& d);

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

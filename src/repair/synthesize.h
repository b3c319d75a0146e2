// Semantic repair (SemFix, Angelix; docs/DESIGN.md "Semantic repair"), private to repair/: one
// hole at a time, at the statements every failing test executes, most suspicious first
// (Ochiai over the suite's coverage, the statements of the original failure's must set ahead),
// of the kinds holes.h lists, cheapest first: constants, variables, operators, conditions,
// deletions. A constant hole is synthesized by CEGIS: its program formula on the first failing
// test (and two more failing and two passing tests) with the literal free, solved by z3; the
// value is validated on the whole suite by concrete runs, and the test that rejects it is added
// as a constraint (its value blocked), up to kMaxRounds rounds; of the first few values that pass,
// the one with the fewest decimal edits of the original is kept (tests rarely tell `y % 400`
// from `y % -16`; a developer's slip is one digit). The other kinds have few
// replacements each (variables in scope, operators of the class, clauses over the function's
// variables and constants, deletion): each is validated by concrete runs, which cost
// microseconds where an encoding costs milliseconds.
// Each repair changes one place, so it is minimal (the original program fails). Once a kind
// gives a repair, the kinds after it run too except conditions (thousands of candidates, and a
// larger edit), so that the undo of a changed constant or variable is among the repairs and the
// evidence (equivalence with the golden program) orders them; the search stops at kMaxRepairs
// repairs or at the deadline. When no single hole repairs, holes at several places (several.h).
// Departure from Angelix: no angelic forest per test; the hole's value is shared by every test
// and every executed copy, which is what a constant is; the solver finds it directly.
#pragma once

#include "repair/repair.h"
#include "repair/validate.h"

#include <chrono>

namespace culprit::repair::detail {

/// Appends the sites and repairs semantic repair finds to `r` (after the mutation search's),
/// and its account to r.synthesis. Needs a test oracle (problem.suite).
void synthesize(const RepairProblem& problem, const RepairOptions& options, Validator& validator,
                const solve::Deadline& deadline, std::chrono::steady_clock::time_point searchStart,
                RepairResult& r);

}  // namespace culprit::repair::detail

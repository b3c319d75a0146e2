// pf — BugAssist / SNIPER: minimal correction subsets of the program formula.
//
// Computes: every MCS (within FormulaOptions' size/count/time bounds) of
//   input(T) ∧ PF ∧ oracle(T)
// where PF is the whole program, calls inlined, loops and recursion unwound to
// FormulaOptions::unwind, in SSA with ite at joins (encode::Family::Program). Each assignment,
// return and branch condition of untrusted code is a soft group; inputs, joins, the oracle,
// runtime-error freedom and trusted code are hard.
// Follows: Jose & Majumdar, "Cause clue clauses" (PLDI 2011) — MaxSAT, report, block, repeat
// (solve/mcs_maxsat.cpp); SNIPER (Lamraoui & Nakajima) for the all-MCS program formula.
// Pre: the failing test fails on the program. Post: diagnoses in nondecreasing size (weight
// with --weights), each replayed for feasibility.
// Departures: iterations beyond the bound are assumed not to happen (hard), as in CBMC's
// unwinding assumptions; a failing run deeper than the bound is flagged as incomplete rather
// than silently mis-encoded. With --loop-bounds run each loop gets its own bound, the bodies
// the failing run ran there plus --loop-slack: nested loops no longer multiply the formula
// (an outer input loop run once is not unwound to an inner string loop's bound). Correct basic
// blocks are not hardened (SNIPER's optimisation): every untrusted statement stays a candidate.
// A formula stopped by the solver memory bound, or by its first-MCS budget (60% of --timeout)
// with no MCS found, falls back on the failing run's trace formula in the time left, with a
// note naming the query the budget cut (withTraceFallback), and on the failing run's angelic
// formula: its candidates a passing replay confirms are MCSs of the program formula, listed
// first (angelic_fallback.h). Before enumerating, window probes (window_probe.h) look for each
// loop statement's single-statement MCS with the failing run's values kept at all but its last
// few executions, a trace formula's work where the enumeration would free every execution.
// A program formula that outgrows --formula-limit hard constraints while it is built is not
// solved: it goes to the fallbacks at once, under the first-MCS budget's note (a formula that
// size is not expected to find a first MCS within it). So does one, sliced, whose terms hold
// more than --formula-bits bits (formula_size.h): its size once its first query bit-blasts it.
#include "localize/diagnose.h"

namespace culprit::localize {
namespace {

/// --formula-limit: the bench subjects whose program formulas outgrew 20,000 hard constraints
/// (bench/ftokens 24-36 thousand, bench/krsched 170-380 thousand) never found a first MCS in
/// their budget, and spent 60% of --timeout (and up to 1 GB on krsched) before the fallback;
/// the largest that pf solved in the bench/contest and Siemens subjects held about 4,000.
const OptionSpec& formulaLimitOption() {
  static const OptionSpec spec = ownUnsignedOption(
      "formula-limit", "pf",
      "pf: most hard constraints of the program formula; one that outgrows them while it is "
      "built is not solved, and pf goes to its fallbacks at once (0: no limit)",
      20'000);
  return spec;
}

/// --formula-bits: the size of the sliced program formula once bit-blasted, estimated by the bits
/// of its distinct terms (formulaSize), above which pf does not solve it. A formula under
/// --formula-limit can still be too big to solve: bench/ftokens v04 (17,566 hard constraints
/// once --call-slack cut its calls, 1.4 million bits, most of them the reads of its input
/// stream) spent its whole first-MCS budget and 980 MB bit-blasting its first query, with no
/// conflict. The largest formula pf solved on bench/contest holds 375 thousand bits
/// (dictionary-v1, about 7 s of CPU); those of bench/ftokens hold 1.4-3.9 million.
const OptionSpec& formulaBitsOption() {
  static const OptionSpec spec = ownUnsignedOption(
      "formula-bits", "pf",
      "pf: most bits of the program formula's distinct terms (about its size once "
      "bit-blasted); a larger formula is not solved, and pf goes to its fallbacks at once (0: no "
      "limit)",
      1'000'000);
  return spec;
}

Result localizeProgram(const FormulaTask& task) {
  FormulaTask bounded = task;
  bounded.programHardLimit = ownUnsigned(task.options, formulaLimitOption());
  bounded.programBitLimit = ownUnsigned(task.options, formulaBitsOption());
  bounded.cutByCallTree = true;
  return localizeWithFormula(bounded, encode::Family::Program, "pf");
}

}  // namespace

TechniqueInfo pfTechnique() {
  TechniqueInfo t = formulaTechnique(
      "pf", "formula-based: MCSs of the bounded program formula (BugAssist/SNIPER)",
      {"unwind", "loop-bounds", "loop-slack", "call-slack"},
      [](const Problem& p) { return withTraceFallback(p, localizeProgram, /*angelic=*/true); });
  t.ownOptions = {formulaLimitOption(), formulaBitsOption()};
  return t;
}

}  // namespace culprit::localize

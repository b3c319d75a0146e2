// The options and results of a mutation-repair search (repair.h) as plain data: what the
// search was asked, every minimal repair it found, the original failure's must set and the
// search's statistics. Reports read these without reaching the encoder or the solver.
#pragma once

#include "repair/site.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace culprit::repair {

struct RepairStats;

struct RepairOptions {
  unsigned level = 1;         ///< mutation level (mutation.h)
  unsigned maxMutations = 2;  ///< sites changed at once
  /// When a failing candidate's must set is computed (the original failure's always is).
  enum class Must : std::uint8_t {
    None,      ///< plain AllRepair: every failing candidate is blocked alone
    Every,     ///< fl-AllRepair as published: every failing candidate's
    Adaptive,  ///< when it pays: the candidates it prunes cost more to validate than it does
  };
  Must must = Must::Adaptive;
  unsigned unwind = 10;  ///< bound of the program formulas
  /// The meta-program formula's integers (encode::Ints): exact bit-vectors or range-checked
  /// integers; Auto picks one from the program as `culprit localize --ints auto` does
  /// (encode::preferredInts). Both are exact, so the choice changes speed, not repairs.
  enum class Ints : std::uint8_t { Auto, BitVector, Math };
  Ints ints = Ints::BitVector;
  double timeoutSeconds = 300;  ///< whole search (0: none)
  /// Semantic repair (synthesize.h): after the mutation levels found nothing (Auto), always
  /// after them (Always), or never.
  enum class Synthesize : std::uint8_t { Auto, Always, Never };
  Synthesize synthesize = Synthesize::Auto;
  /// Percentage of the tests kept out of the search (deterministic choice); each repair is
  /// then run on them (0: none).
  unsigned holdoutPercent = 0;
  /// Seconds for each repair's bounded equivalence with the golden program (0: not checked).
  double equivalenceSeconds = 5;
  /// The values bounded equivalence gives an input number (--input-range): argument `arg`
  /// (1-based: argv[arg], or the entry function's arg-th parameter; 0: every input without a
  /// range of its own) within [lo, hi]. Inputs without one range over the values the tests give.
  struct InputRange {
    unsigned arg = 0;
    std::int64_t lo = 0, hi = 0;
  };
  std::vector<InputRange> inputRanges;
  /// Seconds for each solver query of a constant hole (0: only the whole search's --timeout);
  /// a hole whose query runs past it is reported undecided.
  double holeQuerySeconds = 10;
  /// z3's resource limit for each such query (0: none): a budget that does not depend on the
  /// machine's speed or load.
  unsigned holeQueryRlimit = 0;
  /// Hears the statistics and the number of repairs after each validated candidate.
  std::function<void(const RepairStats&, std::size_t repairs)> progress;
};

struct Repair {
  std::vector<Mutation> mutations;  ///< sorted by site
  /// How it was found: "mutation" (level search) or "synthesis: <hole kind>".
  std::string foundBy = "mutation";
  std::string verifiedBy;     ///< what it was checked against
  std::size_t candidate = 0;  ///< candidates validated when it was found
  double ms = 0;              ///< time into the search when it was found
  /// Bounded equivalence with the golden program (equivalence.h): true, false, or not decided.
  std::optional<bool> equivalentToGolden;
  std::string equivalence;  ///< the bounds, the distinguishing test line, or why not decided
  /// Not equivalent on a test that gives stdin: that stdin (its test line names a file holding it).
  std::string distinguishingStdin;
  std::optional<std::size_t> holdoutPassed;  ///< held-out tests it passes (--holdout)
};

struct RepairStats {
  std::size_t sites = 0;
  double space = 0;                   ///< candidates with 1 to maxMutations changes
  std::size_t candidates = 0;         ///< candidates validated (the original program not counted)
  std::size_t mustBlocks = 0;         ///< failing candidates blocked with their must set
  std::size_t plainBlocks = 0;        ///< failing candidates blocked one by one
  std::uint64_t prunedByMust = 0;     ///< candidates never validated: a must block holds them
  std::uint64_t prunedByRepairs = 0;  ///< candidates never validated: they contain a repair
  std::size_t testRuns = 0;           ///< concrete test runs
  std::size_t formulaChecks = 0;      ///< meta-formula queries (validation and must sets)
  double generatorMs = 0, validationMs = 0, mustMs = 0;
  /// Each repair's bounded equivalence with the golden program (after the search).
  double equivalenceMs = 0;
  /// All of findRepairs: the search, semantic repair, held-out tests and equivalence checks.
  double totalMs = 0;
};

/// What semantic repair tried for one kind of hole.
struct HoleKindTried {
  std::string kind;               ///< "constant", "variable", "operator", "condition", "deletion"
  std::size_t holes = 0;          ///< locations given this kind of hole
  std::size_t candidates = 0;     ///< replacements validated on the suite
  std::size_t solverQueries = 0;  ///< constant holes: z3 queries (CEGIS)
  std::size_t undecided = 0;      ///< holes the solver could not decide within its budget
  /// Those holes' locations, each with the solver's reason (`file:line:col `40`: timeout`).
  std::vector<std::string> undecidedWhere;
  std::size_t repairs = 0;
  double ms = 0;
  std::vector<std::string> where;  ///< the first holes' locations, most suspicious first
};

/// Semantic repair's account of itself (synthesize.h).
struct SynthesisReport {
  bool ran = false;
  std::string skipped;               ///< why it did not run (when !ran and it was asked)
  std::vector<HoleKindTried> kinds;  ///< in the order tried
  std::size_t locations = 0;         ///< suspicious statements considered
  double ms = 0;
  bool complete = true;  ///< every hole of every kind was tried
};

/// Held-out tests (RepairOptions::holdoutPercent).
struct HoldoutReport {
  std::size_t tests = 0;        ///< tests kept out of the search
  std::size_t searchTests = 0;  ///< tests the search used
};

struct RepairResult {
  std::vector<Site> sites;
  std::vector<Repair> repairs;  ///< every minimal repair found, in the order found
  std::string oracle;           ///< what candidates were validated against
  /// The must set of the original program's failure (sites), from its first failing test or
  /// counterexample; every repair changes one of them.
  std::vector<std::uint32_t> originalMust;
  std::string originalFailure;  ///< the failing test or counterexample it explains
  bool complete = true;
  std::string incompleteReason;
  std::vector<std::string> notes;
  RepairStats stats;
  SynthesisReport synthesis;
  HoldoutReport holdout;
  /// When no repair was found: what the searches tried, and what to try next.
  std::vector<std::string> tried, suggestions;
};

}  // namespace culprit::repair

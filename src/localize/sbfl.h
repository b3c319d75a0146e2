// Spectrum-based fault localization: Tarantula, Ochiai and DStar (star 2) over line
// coverage. Used as a baseline technique and as the source of clause weights.
#pragma once

#include "ir/ir.h"
#include "localize/ranking.h"
#include "testing/runner.h"

#include <optional>
#include <string>
#include <vector>

namespace culprit::localize {

enum class SbflFormula { Tarantula, Ochiai, DStar };
std::optional<SbflFormula> parseSbflFormula(const std::string& name);
const char* sbflName(SbflFormula f);

/// Suspiciousness of an entity covered by f failing and p passing tests, out of F failing
/// and P passing. `confidence` is Tarantula's max(f/F, p/P) (used to break its ties).
struct Suspiciousness {
  double score = 0, confidence = 0;
};
Suspiciousness suspiciousness(SbflFormula f, int failed, int passed, int totalFailed,
                              int totalPassed);

/// One source line (all executable statements on it), with its spectrum and rank.
struct RankedLine {
  std::uint32_t file = 0, line = 0;
  std::vector<ir::StmtId> stmts;
  int failedCover = 0, passedCover = 0;
  Suspiciousness susp;
  RankPosition rank;
};

struct SbflRanking {
  SbflFormula formula = SbflFormula::Ochiai;
  int totalFailed = 0, totalPassed = 0;
  std::vector<RankedLine> lines;  ///< every executable, untrusted line, most suspicious first
};

/// Ranks the executable lines of untrusted functions. A line is covered by a test when any
/// statement on it executed.
SbflRanking rankLines(const ir::Program& program, const testing::CoverageMatrix& coverage,
                      SbflFormula formula);

/// Sorts `ranking`'s lines by score (Tarantula: then confidence) and sets their ranks (after
/// their scores were changed).
void rerank(SbflRanking& ranking);

/// Per-statement suspiciousness (indexed by StmtId; trusted and non-executable statements 0),
/// the input of clause weighting.
std::vector<double> statementScores(const ir::Program& program,
                                    const testing::CoverageMatrix& coverage, SbflFormula formula);

}  // namespace culprit::localize

// Tarantula (Jones & Harrold), Ochiai (Abreu et al.) and DStar with star 2 (Wong et al.).
// Division by zero in a formula yields 0 for an entity no failing test covers, and the
// formula's limit otherwise (DStar with p = 0 and all failing tests covering it: the largest
// finite score, f*f + 1, so it still ranks above everything else).
#include "localize/sbfl.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace culprit::localize {

std::optional<SbflFormula> parseSbflFormula(const std::string& name) {
  if (name == "tarantula") return SbflFormula::Tarantula;
  if (name == "ochiai") return SbflFormula::Ochiai;
  if (name == "dstar") return SbflFormula::DStar;
  return std::nullopt;
}

const char* sbflName(SbflFormula f) {
  switch (f) {
  case SbflFormula::Tarantula: return "tarantula";
  case SbflFormula::Ochiai: return "ochiai";
  case SbflFormula::DStar: return "dstar";
  }
  return "?";
}

Suspiciousness suspiciousness(SbflFormula formula, int f, int p, int F, int P) {
  Suspiciousness s;
  double fr = F ? static_cast<double>(f) / F : 0, pr = P ? static_cast<double>(p) / P : 0;
  if (f == 0) {
    s.confidence = pr;
    return s;
  }
  switch (formula) {
  case SbflFormula::Tarantula:
    s.score = fr / (fr + pr);
    s.confidence = std::max(fr, pr);
    break;
  case SbflFormula::Ochiai: s.score = f / std::sqrt(static_cast<double>(F) * (f + p)); break;
  case SbflFormula::DStar: {
    double denom = p + (F - f);
    s.score = denom > 0 ? static_cast<double>(f) * f / denom : static_cast<double>(f) * f + 1;
    break;
  }
  }
  return s;
}

namespace {

bool suspected(const ir::Program& program, const ir::Stmt& s) {
  return s.isExecutable() && !program.functions[s.func].trusted;
}

}  // namespace

SbflRanking rankLines(const ir::Program& program, const testing::CoverageMatrix& coverage,
                      SbflFormula formula) {
  SbflRanking out;
  out.formula = formula;
  out.totalFailed = coverage.totalFailing();
  out.totalPassed = coverage.totalPassing();
  std::map<std::pair<std::uint32_t, std::uint32_t>, RankedLine> byLine;
  for (const ir::Stmt* s : program.stmts) {
    if (!suspected(program, *s)) continue;
    RankedLine& l = byLine[{s->range.file, s->range.line}];
    l.file = s->range.file, l.line = s->range.line;
    l.stmts.push_back(s->id);
  }
  for (auto& [key, l] : byLine) {
    for (std::size_t t = 0; t < coverage.covered.size(); ++t) {
      if (!coverage.usable[t]) continue;
      bool hit = std::any_of(l.stmts.begin(), l.stmts.end(),
                             [&](ir::StmtId id) { return coverage.covered[t][id]; });
      if (hit) (coverage.failing[t] ? l.failedCover : l.passedCover)++;
    }
    l.susp =
        suspiciousness(formula, l.failedCover, l.passedCover, out.totalFailed, out.totalPassed);
    out.lines.push_back(std::move(l));
  }
  rerank(out);
  return out;
}

void rerank(SbflRanking& ranking) {
  const bool useConfidence = ranking.formula == SbflFormula::Tarantula;
  auto key = [&](const RankedLine& l) {
    return std::make_pair(l.susp.score, useConfidence ? l.susp.confidence : 0.0);
  };
  std::stable_sort(ranking.lines.begin(), ranking.lines.end(),
                   [&](const RankedLine& a, const RankedLine& b) { return key(a) > key(b); });
  auto pos = tiePositions(ranking.lines.size(), [&](std::size_t i, std::size_t j) {
    return key(ranking.lines[i]) == key(ranking.lines[j]);
  });
  for (std::size_t i = 0; i < ranking.lines.size(); ++i)
    ranking.lines[i].rank = pos[i];
}

std::vector<double> statementScores(const ir::Program& program,
                                    const testing::CoverageMatrix& coverage, SbflFormula formula) {
  std::vector<double> scores(program.stmts.size(), 0.0);
  int F = coverage.totalFailing(), P = coverage.totalPassing();
  for (const ir::Stmt* s : program.stmts) {
    if (!suspected(program, *s)) continue;
    int f = 0, p = 0;
    for (std::size_t t = 0; t < coverage.covered.size(); ++t)
      if (coverage.usable[t] && coverage.covered[t][s->id]) (coverage.failing[t] ? f : p)++;
    scores[s->id] = suspiciousness(formula, f, p, F, P).score;
  }
  return scores;
}

}  // namespace culprit::localize

// tarantula, ochiai, dstar — spectrum-based fault localization.
//
// Computes: a ranking of executable lines by the suspiciousness of their statements over the
// suite's coverage matrix (passing and failing tests): Tarantula (f/F) / (f/F + p/P) with ties
// broken by confidence max(f/F, p/P); Ochiai f / sqrt(F (f + p)); DStar (star 2)
// f² / (p + (F − f)). Ties take the worst position (localize/ranking.h).
// Follows: TECHNIQUES.md, "SBFL". The scoring itself is kernel code (sbfl.h), shared with
// clause weighting and SAT-TAR; this file only registers the three rankings.
// Pre: at least one failing test. Post: every executable line of untrusted code, ranked.
#include "localize/sbfl.h"
#include "localize/technique.h"

namespace culprit::localize {
namespace {

TechniqueInfo sbflTechnique(SbflFormula formula, std::string help) {
  TechniqueInfo t;
  t.name = sbflName(formula);
  t.help = std::move(help);
  t.kind = TechniqueKind::Ranking;
  t.scope = TechniqueScope::Suite;
  t.run = [formula](const Problem& p) {
    Result r;
    r.technique = sbflName(formula);
    r.ranking = rankLines(*p.program, *p.coverage, formula);
    return r;
  };
  return t;
}

}  // namespace

TechniqueInfo tarantulaTechnique() {
  return sbflTechnique(SbflFormula::Tarantula,
                       "spectrum-based: Tarantula, ties broken by confidence");
}

TechniqueInfo ochiaiTechnique() {
  return sbflTechnique(SbflFormula::Ochiai, "spectrum-based: Ochiai");
}

TechniqueInfo dstarTechnique() {
  return sbflTechnique(SbflFormula::DStar, "spectrum-based: DStar (star 2)");
}

}  // namespace culprit::localize

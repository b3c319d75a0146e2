// The technique registry. Techniques are listed here explicitly (rather than by static
// registrars) so that linking from static libraries can never drop one.
#include "localize/formula.h"
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

std::vector<TechniqueInfo> makeRegistry() {
  std::vector<TechniqueInfo> all;
  all.push_back(sbflTechnique(SbflFormula::Tarantula,
                              "spectrum-based: Tarantula, ties broken by confidence"));
  all.push_back(sbflTechnique(SbflFormula::Ochiai, "spectrum-based: Ochiai"));
  all.push_back(sbflTechnique(SbflFormula::DStar, "spectrum-based: DStar (star 2)"));
  all.push_back(programFormulaTechnique());
  all.push_back(flowSensitiveTechnique());
  all.push_back(flowInsensitiveTechnique());
  all.push_back(onDemandTechnique());
  all.push_back(angelicTechnique());
  all.push_back(deviationTechnique());
  all.push_back(mustTechnique());
  all.push_back(satTarTechnique());
  return all;
}

}  // namespace

const std::vector<TechniqueInfo>& techniques() {
  static const std::vector<TechniqueInfo> all = makeRegistry();
  return all;
}

const TechniqueInfo* findTechnique(const std::string& name) {
  for (const TechniqueInfo& t : techniques())
    if (t.name == name) return &t;
  return nullptr;
}

std::string techniqueNames() {
  std::string s;
  for (const TechniqueInfo& t : techniques())
    s += (s.empty() ? "" : "|") + t.name;
  return s;
}

TechniqueInfo formulaTechnique(std::string name, std::string help,
                               const std::vector<std::string>& extraOptions,
                               std::function<Result(const Problem&)> run) {
  TechniqueInfo t;
  t.name = std::move(name);
  t.help = std::move(help);
  t.kind = TechniqueKind::Diagnoses;
  t.scope = TechniqueScope::FailingTest;
  t.takesCounterexample = true;
  t.options = {"ints",    "granularity", "suspect-inputs", "max-size",  "max-count",
               "timeout", "max-memory",  "weights",        "mcs-engine"};
  t.options.insert(t.options.end(), extraOptions.begin(), extraOptions.end());
  // A run that used an uninitialised value failed a check no formula states.
  t.run = [run = std::move(run), technique = t.name](const Problem& p) {
    if (p.results && p.failingTest >= 0 &&
        static_cast<std::size_t>(p.failingTest) < p.results->results.size()) {
      const exec::RunResult& failing = p.results->results[p.failingTest].run;
      if (failing.uninitialisedUse) {
        Result r;
        r.technique = technique;
        addNote(r, "not encoded: the run's " + failing.message + " at " +
                       p.program->where(failing.where) +
                       ": formulas do not model uninitialised values");
        return r;
      }
    }
    return run(p);
  };
  return t;
}

}  // namespace culprit::localize

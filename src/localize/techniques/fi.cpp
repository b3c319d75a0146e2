// fi — MCSs of the flow-insensitive trace formula.
//
// Computes: every MCS (within bounds) of input(T) ∧ TF_fi(T) ∧ oracle(T), where TF_fi holds only
// the assignments (and returns) the failing run executed, one SSA version per instance; branch
// conditions are dropped, so the run's path is taken as given.
// Follows: the flow-insensitive trace formula of error-invariant style localization
// (TECHNIQUES.md, "Trace formulas").
// Pre: the failing run did not hit the step limit. Post: diagnoses in nondecreasing size.
// Known limit (by design): faults in conditions are never reported; a failure only a different
// path could avoid (e.g. wrong output text) yields no diagnosis.
#include "localize/diagnose.h"

namespace culprit::localize {

TechniqueInfo fiTechnique() {
  return formulaTechnique("fi",
                          "formula-based: MCSs of the failing run's flow-insensitive trace formula "
                          "(assignments only)",
                          {}, [](const Problem& p) {
                            return localizeWithFormula(formulaTask(p),
                                                       encode::Family::TraceFlowInsensitive, "fi");
                          });
}

}  // namespace culprit::localize

// fs — MCSs of the flow-sensitive trace formula.
//
// Computes: every MCS (within bounds) of input(T) ∧ TF_fs(T) ∧ oracle(T), where TF_fs holds the
// statement instances the failing run executed (from the interpreter's trace), each instance
// its own SSA version, and keeps the run's branch conditions as guards: `sel_b -> (g_b = cond)`
// soft, and every assignment under a branch holds only while its guards do
// (`sel_a -> (guards -> x_k = e)`). Relaxing a guard therefore frees the values it controls.
// Follows: the flow-sensitive trace formula of the error-invariant / on-demand papers
// (TECHNIQUES.md, "Trace formulas").
// Pre: the failing run did not hit the step limit. Post: diagnoses in nondecreasing size;
// condition diagnoses are often infeasible (the other branch was never encoded), which the
// replay reports.
// Departures: short-circuit operands with side effects follow the run (the unexecuted operand
// is free, like an unencoded branch); output events stay in the formula when a guard is
// relaxed, their values freed.
#include "localize/diagnose.h"

namespace culprit::localize {

TechniqueInfo fsTechnique() {
  return formulaTechnique("fs",
                          "formula-based: MCSs of the failing run's flow-sensitive trace formula "
                          "(branch guards kept)",
                          {}, [](const Problem& p) {
                            return localizeWithFormula(formulaTask(p),
                                                       encode::Family::TraceFlowSensitive, "fs");
                          });
}

}  // namespace culprit::localize

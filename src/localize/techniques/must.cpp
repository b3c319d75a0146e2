// must — FOSFL: the must set of the failing test's run, by formula slicing.
//
// Computes: a set of statements that every repair of the failing test changes at least one of:
// a model of the program formula for the test's input with every statement enforced (the
// failing run; demands — the oracle, runtime checks, the unwinding bound — left out), sliced
// from the variables of the demand it violates along the dependencies that hold in the model
// (localize/must.h, FormulaSlicer).
// Follows: must fault localization by formula slicing (TECHNIQUES.md, "FOSFL").
// Pre: the failing test fails within --unwind. Post: one diagnosis holding the must set; it is
// not a fix, so the driver does not replay it.
// Departures: a run that reaches the unwinding bound gets the set that explains reaching the
// bound, noted in the result.
#include "localize/must.h"
#include "localize/diagnose.h"

#include <algorithm>

namespace culprit::localize {
namespace {

const char* demandName(encode::HardKind k) {
  switch (k) {
  case encode::HardKind::RuntimeCheck: return "a runtime check";
  case encode::HardKind::Unwinding: return "the unwinding bound";
  default: return "the oracle";
  }
}

Result mustSetOf(const FormulaTask& task) {
  Result r;
  r.technique = "must";
  const solve::Deadline deadline = task.options.timeoutSeconds > 0
                                       ? solve::Deadline::after(task.options.timeoutSeconds)
                                       : solve::Deadline{};
  std::unique_ptr<solve::Context> context = makeSolverContext(task);
  std::optional<encode::Encoding> enc =
      errorFormula(context->z3(), task, encode::Family::Program, r);
  if (!enc) return r;
  solve::Session session(context->z3(), context->sessionOptions(solverLogic(task, *enc)));
  for (const encode::HardClause& h : enc->hard)
    if (!isDemand(h)) session.addHard(h.clause);
  z3::expr_vector enforced(context->z3());
  for (const encode::SoftGroup& g : enc->groups)
    enforced.push_back(g.selector);
  r.stats.hard = enc->hard.size();
  r.stats.soft = enc->groups.size();
  const solve::Answer answer = session.check(enforced, deadline);
  r.stats.queries = session.stats().queries;
  r.stats.solverMs = session.stats().solverMs;
  if (answer == solve::Answer::Unknown) {
    addNote(r, "the solver gave up on the failing run (" + session.reasonUnknown() + ")");
    return r;
  }
  if (answer == solve::Answer::Unsat) {
    addNote(r, "the program formula has no run for this input within --unwind " +
                   std::to_string(task.options.unwind));
    return r;
  }
  const std::optional<MustSet> must = FormulaSlicer(*enc).slice(session.model());
  if (!must) {
    addNote(r, "the formula's run violates no demand: the oracle of this failure is not encoded");
    return r;
  }
  if (must->demand == encode::HardKind::Unwinding)
    addNote(r, "the run goes beyond --unwind " + std::to_string(task.options.unwind) +
                   ": the set explains reaching the bound, not the failure");
  Diagnosis d;
  for (ir::StmtId s : must->statements) {
    const ir::SourceRange& at = task.program->stmt(s).range;
    d.locations.push_back(Location{s, at.file, at.line, 0});
  }
  sortLocations(d.locations);
  r.diagnoses.push_back(std::move(d));
  r.notes.push_back(std::string("must set (formula slicing of ") + demandName(must->demand) +
                    "): every repair changes at least one of these statements; it is not a fix, "
                    "so it is not replayed");
  return r;
}

}  // namespace

TechniqueInfo mustTechnique() {
  TechniqueInfo t = formulaTechnique(
      "must", "formula-based: must set by formula slicing (FOSFL), met by every repair", {"unwind"},
      [](const Problem& p) { return mustSetOf(formulaTask(p)); });
  t.kind = TechniqueKind::MustSet;
  t.options = {"ints",       "suspect-inputs", "timeout", "total-timeout",
               "max-memory", "query-rlimit",   "unwind"};
  return t;
}

}  // namespace culprit::localize

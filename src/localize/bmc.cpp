// Bounded model checking with the program formula, CBMC-style.
//
// Computes: an input (the values returned by nondet intrinsics, in call order) under which the
// program, run to at most `unwind` loop iterations and recursion depth, fails an assertion
// (assert, __assert_fail, reach_error, abort) while respecting every assume() and causing no
// runtime error before it. Formula: the program formula with no soft groups and nondet calls as
// free variables, as are the integer cells of locals declared without initializer (CBMC's and
// SV-COMP's convention; they take nondet values at their declaration, in the interpreter too); hard
// clauses as the encoder emits them (runtime-error freedom, assumptions, "the bound is not
// exceeded"), plus the disjunction of the violation conditions. Post: Violation with a confirmed
// test line, or NoViolation — for every input when the unwinding check shows no path exceeds the
// bound (boundSufficient), else only for paths within the bound — or Unknown on a solver timeout.
// Departure from CBMC: the bound is a hard assumption rather than an unwinding assertion; the
// separate check (is a path beyond the bound feasible?) tells the two NoViolation cases apart.
#include "localize/bmc.h"

#include "localize/solving.h"
#include "solve/query.h"
#include "testing/testcase.h"

#include <chrono>

namespace culprit::localize {
namespace {

z3::solver makeSolver(z3::context& ctx, const encode::Encoding& enc, const BmcOptions& o,
                      bool withUnwinding) {
  z3::solver s = solve::makeZ3Solver(ctx, solverLogic(o.ints, enc));
  if (o.timeoutSeconds > 0) {
    z3::params p(ctx);
    p.set("timeout", static_cast<unsigned>(o.timeoutSeconds * 1000));
    s.set(p);
  }
  for (const encode::HardClause& h : enc.hard)
    if (withUnwinding || h.kind != encode::HardKind::Unwinding) s.add(h.clause);
  return s;
}

exec::RunInput inputFrom(const encode::Encoding& enc, const z3::model& m, const BmcOptions& o) {
  exec::RunInput in;
  in.args = o.args;
  in.entryArgs = o.entryArgs;
  for (const encode::NondetCall& call : enc.nondet)
    if (m.eval(call.reached, true).is_true())
      in.nondet.push_back(encode::modelValue(m, call.value, call.type));
  return in;
}

void confirm(const ir::Program& program, const BmcOptions& o, BmcResult& r) {
  exec::RunOptions ro;
  ro.entry = o.entry;
  ro.nondetUninitialised = true;
  r.replay = exec::run(program, r.input, ro);
  r.confirmed =
      r.replay.verdict == exec::Verdict::AssertFailed || r.replay.verdict == exec::Verdict::Aborted;
  if (!r.confirmed)
    r.reason = std::string("the run ends with ") + exec::verdictName(r.replay.verdict);
}

}  // namespace

BmcResult findViolation(const ir::Program& program, const BmcOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  BmcResult r;
  z3::context ctx;
  encode::EncodeOptions eo;
  eo.family = encode::Family::Program;
  eo.ints = o.ints;
  eo.unwind = o.unwind;
  eo.entry = o.entry;
  eo.relax = false;
  eo.symbolicNondet = true;
  eo.nondetUninitialised = true;
  encode::Expectation none;
  none.assertions = false;
  exec::RunInput fixed;
  fixed.args = o.args;
  fixed.entryArgs = o.entryArgs;
  const encode::Encoding enc = encode::encode(ctx, program, fixed, none, eo);
  z3::solver s = makeSolver(ctx, enc, o, true);
  s.add(enc.violation);
  switch (s.check()) {
  case z3::sat:
    r.verdict = BmcResult::Verdict::Violation;
    r.input = inputFrom(enc, s.get_model(), o);
    r.testLine = testing::formatTestLine(r.input, o.entry != "main");
    confirm(program, o, r);
    break;
  case z3::unsat: {
    r.verdict = BmcResult::Verdict::NoViolation;
    z3::solver beyond = makeSolver(ctx, enc, o, false);
    beyond.add(enc.unwindingHit);
    r.boundSufficient = beyond.check() == z3::unsat;
    // No run at all within the bound: the assumptions contradict each other (or the bound).
    z3::solver any = makeSolver(ctx, enc, o, true);
    r.preconditionUnsatisfiable = any.check() == z3::unsat;
    break;
  }
  case z3::unknown: r.reason = s.reason_unknown(); break;
  }
  r.ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace culprit::localize

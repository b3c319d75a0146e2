// sattar — SAT-TAR: unsatisfiable cores of the violated specification, Tarantula over tests
// generated from the failing run's path, one partition per violated specification.
//
// Computes, for each specification the suite's failing tests violate (an assertion, a runtime
// check, the expected output), from the first test that violates it (the seed):
//  1. the MUC: a minimal unsatisfiable core of the seed's flow-sensitive trace formula (its
//     inputs and the violated specification hard, its statements soft; solve/mus.h), whose
//     statements are the suspects;
//  2. tests: the program formula with the test's numbers and nondet values symbolic
//     (EncodeOptions::symbolicInputs) and assumptions as the precondition; for each branch
//     instance on the seed's path (the first 64), the path up to it with its decision negated,
//     solved for new inputs; each is run, judged by the suite's oracle, and kept when its
//     coverage is new;
//  3. rounds: each adds the kept test most similar to the seed — covering most suspects (at
//     least one); after two rounds without a change, covering most of the seed's statements —
//     and ranks lines by Tarantula (ties: confidence) over the seed and the selected tests,
//     with 1.0 added for lines of suspects. A failing test that violates another
//     specification is excluded (it reveals another fault). Rounds stop at --rounds, when no
//     test is left, or after three rounds without a change of the ranking.
// Follows: the SAT-TAR paper's steps as TECHNIQUES.md states them. Departures: each run
// violates one specification (it stops at the first), so "remove each explained constraint
// and extract further cores" and "stop augmenting a statement a new failing test lowers unless
// it violates a subset" have no case beyond the partitions; the ranking per round is kept as
// the lines at rank 1 (SpecPartition::topPerRound).
#include "exec/builtins.h"
#include "localize/diagnose.h"
#include "solve/mus.h"
#include "testing/testcase.h"

#include <chrono>
#include <map>
#include <set>

namespace culprit::localize {
namespace {

/// --rounds: most rounds of test selection (0: until three rounds change nothing).
const OptionSpec& roundsOption() {
  static const OptionSpec spec = ownUnsignedOption(
      "rounds", "SAT-TAR",
      "sattar: most rounds of test selection (0: until three rounds change nothing)", 0);
  return spec;
}

/// --muc-only: no generated tests, the MUC and the seed alone (the paper's pure-MUC baseline).
const OptionSpec& mucOnlyOption() {
  static const OptionSpec spec = ownFlagOption("muc-only", "SAT-TAR",
                                               "sattar: rank by the MUC and the failing run alone "
                                               "(no generated tests; the paper's pure-MUC "
                                               "baseline)");
  return spec;
}

/// What a failing run violates: a key to group by, and words.
struct Violation {
  std::string key, words;
};

std::optional<Violation> violationOf(const ir::Program& p, const exec::RunResult& run,
                                     testing::Outcome outcome) {
  const std::string where =
      run.failedStmt != ir::kNone ? p.where(p.stmt(run.failedStmt).range) : "?";
  switch (run.verdict) {
  case exec::Verdict::AssertFailed:
  case exec::Verdict::Aborted:
    return Violation{"assert@" + std::to_string(run.failedStmt), "the assertion at " + where};
  case exec::Verdict::RuntimeError:
    return Violation{"check@" + std::to_string(run.failedStmt), "no runtime error at " + where};
  case exec::Verdict::Exited:
    if (outcome == testing::Outcome::Fail)
      return Violation{"output", "the expected output and exit status"};
    return std::nullopt;
  default: return std::nullopt;
  }
}

/// The statements of a minimal unsatisfiable core of the seed's flow-sensitive trace formula.
std::vector<ir::StmtId> suspectsOf(const FormulaTask& task, Result& r) {
  std::unique_ptr<solve::Context> context = makeSolverContext(task);
  std::optional<encode::Encoding> enc =
      errorFormula(context->z3(), task, encode::Family::TraceFlowSensitive, r);
  if (!enc) return {};
  solve::Session session(context->z3(), context->sessionOptions(solverLogic(task, *enc)));
  SessionGroups loaded;
  loaded.loadAll(session, *enc, {});
  const solve::Deadline deadline = task.options.timeoutSeconds > 0
                                       ? solve::Deadline::after(task.options.timeoutSeconds)
                                       : solve::Deadline{};
  const solve::MusResult mus = solve::findMus(session, deadline);
  r.stats.queries += mus.queries;
  if (mus.answer != solve::Answer::Unsat) {
    addNote(r, mus.answer == solve::Answer::Sat
                   ? "the trace formula does not fail: no core (the oracle is not encoded)"
                   : "the core extraction gave up (" + mus.reason + ")");
    return {};
  }
  if (!mus.minimal) addNote(r, "the core is not minimal (a query gave up: " + mus.reason + ")");
  std::set<ir::StmtId> stmts;
  for (std::uint32_t g : loaded.groups(mus.softs))
    stmts.insert(enc->groups[g].stmt);
  return {stmts.begin(), stmts.end()};
}

/// The value the seed test gives a symbolic input.
std::int64_t seedValue(const exec::RunInput& seed, const encode::SymbolicInput& in) {
  return in.entryArgument ? seed.entryArgs.at(in.index)
                          : exec::libc::parseLong(seed.args.at(in.index - 1), 10);
}

/// Inputs that follow the seed's path up to one branch instance and then leave it.
std::vector<exec::RunInput> generateInputs(const FormulaTask& task, Result& r) {
  const exec::RunInput& seed = task.test->input;
  z3::context ctx;
  encode::EncodeOptions eo = encodeOptions(task, encode::Family::Program);
  eo.relax = false;
  eo.symbolicInputs = eo.symbolicNondet = true;
  encode::Expectation none;
  none.assertions = false;
  encode::Encoding enc(ctx);
  try {
    enc = encode::encode(ctx, *task.program, seed, none, eo);
  } catch (const encode::EncodeError& e) {
    addNote(r, std::string("no tests generated: ") + e.what());
    return {};
  }
  if (enc.inputs.empty() && enc.nondet.empty()) {
    r.notes.push_back("no tests generated: the program reads no number it could be given");
    return {};
  }
  z3::solver s = solve::makeZ3Solver(ctx, enc.usesFloats ? solverLogic(task, enc) : "");
  z3::params p(ctx);
  p.set("timeout", 2000u);
  s.set(p);
  // Everything but the oracle: the precondition (assumptions), the bound, and no runtime
  // error (a test that overflows says nothing about the specification).
  for (const encode::HardClause& h : enc.hard)
    if (h.kind != encode::HardKind::Oracle) s.add(h.clause);
  // Preferences, dropped one by one as the solver's cores demand: inputs keep the seed's
  // values (a test close to the seed), and values stay small (readable, far from overflow).
  std::vector<z3::expr> keepSeed;
  for (const encode::SymbolicInput& in : enc.inputs) {
    const std::int64_t v = seedValue(seed, in);
    keepSeed.push_back(ctx.bool_const(("sattar!keep!" + std::to_string(keepSeed.size())).c_str()));
    s.add(z3::implies(keepSeed.back(), in.value == ctx.num_val(v, in.value.get_sort())));
  }
  z3::expr small = ctx.bool_val(true);
  for (const encode::SymbolicInput& in : enc.inputs)
    small = small && in.value >= ctx.num_val(-1000, in.value.get_sort()) &&
            in.value <= ctx.num_val(1000, in.value.get_sort());
  const z3::expr preferSmall = ctx.bool_const("sattar!small");
  s.add(z3::implies(preferSmall, small));
  // The seed's path: its branch decisions in the program formula.
  s.push();
  for (const encode::SymbolicInput& in : enc.inputs) {
    const std::int64_t v = seedValue(seed, in);
    s.add(in.value == ctx.num_val(v, in.value.get_sort()));
  }
  for (std::size_t j = 0; j < enc.nondet.size() && j < seed.nondet.size(); ++j)
    s.add(z3::implies(enc.nondet[j].reached,
                      enc.nondet[j].value ==
                          ctx.num_val(seed.nondet[j], enc.nondet[j].value.get_sort())));
  if (s.check() != z3::sat) {
    s.pop();
    r.notes.push_back("no tests generated: the seed's run is not within --unwind " +
                      std::to_string(task.options.unwind));
    return {};
  }
  std::vector<std::pair<z3::expr, z3::expr>> path;  // (reached, decision as taken)
  {
    const z3::model m = s.get_model();
    for (const encode::BranchPoint& b : enc.branches) {
      if (!m.eval(b.reached, true).is_true()) continue;
      const z3::expr d = m.eval(b.decision, true);
      path.emplace_back(b.reached,
                        b.isSwitch ? b.decision == d : (d.is_true() ? b.decision : !b.decision));
    }
  }
  s.pop();
  std::vector<exec::RunInput> out;
  const std::size_t limit = std::min<std::size_t>(path.size(), 64);
  for (std::size_t i = 0; i < limit; ++i) {
    s.push();
    for (std::size_t j = 0; j < i; ++j)
      s.add(path[j].first && path[j].second);
    s.add(path[i].first && !path[i].second);
    std::vector<z3::expr> wanted = keepSeed;
    wanted.push_back(preferSmall);
    z3::check_result answer = z3::unknown;
    for (std::size_t tries = 0; tries <= keepSeed.size() + 1; ++tries) {
      z3::expr_vector assumptions(ctx);
      for (const z3::expr& w : wanted)
        assumptions.push_back(w);
      answer = s.check(assumptions);
      if (answer != z3::unsat || wanted.empty()) break;
      const z3::expr_vector core = s.unsat_core();
      if (core.empty()) break;
      std::erase_if(wanted, [&](const z3::expr& w) { return w.id() == core[0].id(); });
    }
    if (answer == z3::sat) {
      const z3::model m = s.get_model();
      exec::RunInput in = seed;
      for (const encode::SymbolicInput& x : enc.inputs) {
        const std::int64_t v = encode::modelValue(m, x.value, x.type);
        if (x.entryArgument)
          in.entryArgs.at(x.index) = v;
        else
          in.args.at(x.index - 1) = std::to_string(v);
      }
      in.nondet.clear();
      for (const encode::NondetCall& c : enc.nondet)
        if (m.eval(c.reached, true).is_true())
          in.nondet.push_back(encode::modelValue(m, c.value, c.type));
      out.push_back(std::move(in));
    }
    s.pop();
  }
  return out;
}

struct Candidate {
  GeneratedTest info;
  std::vector<bool> covered;  ///< by StmtId
};

/// Tarantula over `tests` (the seed first), 1.0 added for lines holding a suspect.
SbflRanking rankWithSuspects(const ir::Program& program, const std::vector<const Candidate*>& tests,
                             const std::set<ir::StmtId>& suspects) {
  testing::CoverageMatrix m;
  m.statementCount = program.stmts.size();
  for (const Candidate* t : tests) {
    m.covered.push_back(t->covered);
    m.failing.push_back(t->info.failing);
    m.usable.push_back(true);
  }
  SbflRanking ranking = rankLines(program, m, SbflFormula::Tarantula);
  for (RankedLine& l : ranking.lines)
    if (std::any_of(l.stmts.begin(), l.stmts.end(),
                    [&](ir::StmtId s) { return suspects.count(s) > 0; }))
      l.susp.score += 1.0;
  rerank(ranking);
  return ranking;
}

std::vector<std::uint32_t> topLines(const SbflRanking& ranking) {
  std::vector<std::uint32_t> top;
  for (const RankedLine& l : ranking.lines)
    if (l.rank.best == 1) top.push_back(l.line);
  return top;
}

SpecPartition analyse(const Problem& problem, int seedIndex, const Violation& spec, Result& r) {
  SpecPartition part;
  part.spec = spec.words;
  part.seedTest = seedIndex;
  Problem one = problem;
  one.failingTest = seedIndex;
  const FormulaTask task = formulaTask(one);
  part.suspects = suspectsOf(task, r);
  const std::set<ir::StmtId> suspects(part.suspects.begin(), part.suspects.end());

  exec::RunOptions ro = problem.runOptions;
  ro.coverage = true;
  const bool harness = ro.entry != "main";
  const testing::Oracle none;
  const testing::Oracle& oracle = problem.oracle ? *problem.oracle : none;
  auto coverageOf = [&](const exec::RunResult& run) {
    std::vector<bool> c(problem.program->stmts.size(), false);
    for (std::size_t i = 0; i < run.stmtHits.size() && i < c.size(); ++i)
      c[i] = run.stmtHits[i] > 0;
    return c;
  };
  Candidate seed;
  seed.info.line = problem.suite->tests[static_cast<std::size_t>(seedIndex)].text;
  seed.info.failing = true;
  seed.info.violated = spec.words;
  // The suite ran with coverage: the seed's run is there already.
  const exec::RunResult& seedRun =
      problem.results->results[static_cast<std::size_t>(seedIndex)].run;
  seed.covered = coverageOf(
      seedRun.stmtHits.empty() ? exec::run(*problem.program, task.test->input, ro) : seedRun);

  std::vector<Candidate> pool;
  std::set<std::vector<bool>> coverages{seed.covered};
  const std::vector<exec::RunInput> generated = ownFlag(problem.options, mucOnlyOption())
                                                    ? std::vector<exec::RunInput>{}
                                                    : generateInputs(task, r);
  for (const exec::RunInput& in : generated) {
    testing::TestCase t;
    t.index = 0;
    t.input = in;
    t.text = testing::formatTestLine(in, harness);
    exec::RunResult run = exec::run(*problem.program, in, ro);
    const testing::TestResult judged = testing::judge(*problem.program, t, run, oracle, ro);
    if (judged.oracleError) continue;
    Candidate c;
    c.info.line = t.text;
    c.info.failing = judged.outcome != testing::Outcome::Pass;
    if (c.info.failing) {
      const std::optional<Violation> v = violationOf(*problem.program, run, judged.outcome);
      c.info.violated = v ? v->words : judged.reason;
      c.info.excluded = !v || v->key != spec.key;
    }
    c.covered = coverageOf(run);
    const bool fresh = coverages.insert(c.covered).second;
    if (fresh || c.info.excluded) pool.push_back(std::move(c));
  }

  std::vector<const Candidate*> selected{&seed};
  part.ranking = rankWithSuspects(*problem.program, selected, suspects);
  std::size_t unchanged = 0;
  const unsigned rounds = ownUnsigned(problem.options, roundsOption());
  for (std::size_t round = 1;; ++round) {
    if (rounds && round > rounds) break;
    if (unchanged >= 3) break;
    const bool bySuspects = unchanged < 2;
    Candidate* best = nullptr;
    std::size_t bestScore = 0;
    for (Candidate& c : pool) {
      if (c.info.round || c.info.excluded) continue;
      std::size_t score = 0;
      for (std::size_t s = 0; s < c.covered.size(); ++s)
        if (c.covered[s] &&
            (bySuspects ? suspects.count(static_cast<ir::StmtId>(s)) > 0 : seed.covered[s]))
          ++score;
      if (score > bestScore) best = &c, bestScore = score;
    }
    if (!best) break;
    best->info.round = round;
    selected.push_back(best);
    const SbflRanking next = rankWithSuspects(*problem.program, selected, suspects);
    const bool same = topLines(next) == topLines(part.ranking);
    unchanged = same ? unchanged + 1 : 0;
    part.ranking = next;
    part.topPerRound.push_back(topLines(next));
  }
  for (const Candidate& c : pool)
    part.tests.push_back(c.info);
  return part;
}

Result sattar(const Problem& problem) {
  Result r;
  r.technique = "sattar";
  std::map<std::string, std::size_t> partitionOf;
  for (std::size_t i = 0; i < problem.results->results.size(); ++i) {
    const testing::TestResult& t = problem.results->results[i];
    if (!t.failing()) continue;
    const std::optional<Violation> v = violationOf(*problem.program, t.run, t.outcome);
    if (!v) {
      r.notes.push_back("test " + std::to_string(t.index) + " fails without violating a " +
                        "specification SAT-TAR can state (" + t.reason + "): left out");
      continue;
    }
    if (partitionOf.count(v->key)) continue;
    partitionOf[v->key] = r.partitions.size();
    r.partitions.push_back(analyse(problem, static_cast<int>(i), *v, r));
  }
  if (!r.partitions.empty()) r.ranking = r.partitions.front().ranking;
  return r;
}

}  // namespace

TechniqueInfo sattarTechnique() {
  TechniqueInfo t;
  t.name = "sattar";
  t.help = "specifications + spectra (SAT-TAR): MUC suspects, generated tests, Tarantula, one "
           "ranking per violated specification";
  t.kind = TechniqueKind::Ranking;
  t.scope = TechniqueScope::Suite;
  t.options = {"unwind",        "ints",       "suspect-inputs", "timeout",
               "total-timeout", "max-memory", "query-rlimit"};
  t.ownOptions = {roundsOption(), mucOnlyOption()};
  t.run = sattar;
  t.takesCounterexample = true;
  t.needsSpecification = true;
  return t;
}

}  // namespace culprit::localize

// Validation of repair candidates: see validate.h.
//
// Test oracle. Candidates run on the tests whose oracle can judge them, the original program's
// failing tests first and, after that, the test that last rejected a candidate first (it tends
// to reject the next one too). Runs are cut at 10x the original's longest run (at least 100,000
// statements, at most --step-limit): a mutation that makes a loop run away fails by the step
// limit instead of spending the default 10 million steps. A failing candidate's must set comes
// from the meta-program formula of the test it failed, encoded the first time a candidate fails
// that test; it is used only when the formula's run violates a demand within the unwinding
// bound (a run cut by the bound says nothing about the program).
//
// Assertion oracle. One meta-program formula with nondet inputs free, asserting that some
// demand fails: an assertion, a runtime check, or the unwinding bound (a candidate whose loops
// run past the bound is not verified). Unsat under a candidate's choices: repaired for every
// input within the bound.
#include "repair/validate.h"

#include "localize/solving.h"
#include "repair/options.h"
#include "testing/testcase.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <unordered_set>

namespace culprit::repair::detail {
double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

MetaFormula::MetaFormula(z3::context& ctx, const ir::Program& program,
                         const std::vector<Site>& sites, const exec::RunInput* input,
                         const encode::Expectation& expect, const RepairOptions& options,
                         const exec::RunOptions& run, bool violated)
    : alternatives_(alternativeMap(sites)), enc_(ctx) {
  encode::EncodeOptions eo;
  eo.family = encode::Family::Program;
  eo.ints = localize::resolveInts(localizeInts(options.ints), program);
  eo.unwind = options.unwind;
  eo.entry = run.entry;
  eo.relax = false;
  eo.symbolicNondet = input == nullptr;
  eo.nondetUninitialised = input == nullptr || run.nondetUninitialised;
  eo.alternatives = &alternatives_;
  const exec::RunInput none;
  enc_ = encode::encode(ctx, program, input ? *input : none, expect, eo);
  solve::SessionOptions so;
  so.logic = localize::solverLogic(eo.ints, enc_);
  session_ = std::make_unique<solve::Session>(ctx, so);
  z3::expr someViolated = ctx.bool_val(false);
  for (const encode::HardClause& h : enc_.hard) {
    if (!localize::isDemand(h))
      session_->addHard(h.clause);
    else
      someViolated = someViolated || !h.clause;
  }
  if (violated) session_->addHard(someViolated.simplify());
  slicer_ = std::make_unique<localize::FormulaSlicer>(enc_);
  choicesOnly_ = !violated && freeConstantsAreChoices();
}

bool MetaFormula::freeConstantsAreChoices() const {
  std::unordered_set<unsigned> choices, seen;
  for (const encode::Choice& c : enc_.choices)
    choices.insert(c.selected.id());
  std::vector<z3::expr> work;
  for (const encode::HardClause& h : enc_.hard)
    if (seen.insert(h.clause.id()).second) work.push_back(h.clause);
  while (!work.empty()) {
    const z3::expr e = work.back();
    work.pop_back();
    if (!e.is_app()) return false;  // a quantifier or variable: not ours
    if (e.num_args() == 0) {
      if (e.decl().decl_kind() == Z3_OP_UNINTERPRETED && !choices.count(e.id())) return false;
      continue;
    }
    for (unsigned i = 0; i < e.num_args(); ++i)
      if (seen.insert(e.arg(i).id()).second) work.push_back(e.arg(i));
  }
  return true;
}

solve::Answer MetaFormula::check(const std::vector<Mutation>& candidate,
                                 const solve::Deadline& deadline) {
  model_.reset();
  values_.reset();
  z3::context& ctx = session_->ctx();
  z3::expr_vector assumptions(ctx);
  for (const encode::Choice& c : enc_.choices) {
    const bool chosen = std::find(candidate.begin(), candidate.end(),
                                  Mutation{c.location, c.alternative}) != candidate.end();
    assumptions.push_back(chosen ? c.selected : !c.selected);
  }
  if (choicesOnly_) {
    // The run is determined: its model is the choices. It exists unless an assume() fails.
    // Terms without a chosen alternative keep the original program's values (original_).
    mutated_.clear();
    if (!original_) {
      z3::model none(ctx);
      for (const encode::Choice& c : enc_.choices) {
        z3::func_decl d = c.selected.decl();
        z3::expr no = ctx.bool_val(false);
        none.add_const_interp(d, no);
      }
      original_ = std::make_unique<localize::TermValues>(none);
    }
    z3::model m(ctx);
    for (unsigned i = 0; i < assumptions.size(); ++i) {
      z3::func_decl d = enc_.choices[i].selected.decl();
      const bool chosen = !assumptions[static_cast<int>(i)].is_not();
      z3::expr v = ctx.bool_val(chosen);
      m.add_const_interp(d, v);
      if (chosen) mutated_.push_back(i);
    }
    values_ = std::make_unique<localize::TermValues>(
        m, original_.get(), [this](const z3::expr& e) { return unchanged(e); });
    for (const encode::HardClause& h : enc_.hard)
      if ((h.kind == encode::HardKind::Assumption || h.kind == encode::HardKind::Input) &&
          !values_->holds(h.clause))
        return solve::Answer::Unsat;
    model_ = m;
    return solve::Answer::Sat;
  }
  const solve::Answer a = session_->check(assumptions, deadline);
  if (a == solve::Answer::Sat) {
    model_ = session_->model();
    values_ = std::make_unique<localize::TermValues>(*model_);
  }
  return a;
}

const std::vector<std::uint64_t>& MetaFormula::choicesIn(const z3::expr& root) {
  if (auto it = deps_.find(root.id()); it != deps_.end()) return it->second;
  if (choiceIndex_.empty())
    for (std::size_t i = 0; i < enc_.choices.size(); ++i)
      choiceIndex_[enc_.choices[i].selected.id()] = i;
  const std::size_t words = (enc_.choices.size() + 63) / 64;
  // Post-order without recursion: formulas nest deeply.
  std::vector<std::pair<z3::expr, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [e, expanded] = stack.back();
    stack.pop_back();
    if (deps_.count(e.id())) continue;
    const unsigned n = e.is_app() ? e.num_args() : 0;
    if (!expanded && n > 0) {
      stack.push_back({e, true});
      for (unsigned i = 0; i < n; ++i)
        if (!deps_.count(e.arg(i).id())) stack.push_back({e.arg(i), false});
      continue;
    }
    std::vector<std::uint64_t> bits(words, 0);
    if (auto c = choiceIndex_.find(e.id()); c != choiceIndex_.end())
      bits[c->second / 64] |= std::uint64_t{1} << (c->second % 64);
    for (unsigned i = 0; i < n; ++i) {
      const std::vector<std::uint64_t>& sub = deps_.at(e.arg(i).id());
      for (std::size_t w = 0; w < words; ++w)
        bits[w] |= sub[w];
    }
    deps_.emplace(e.id(), std::move(bits));
  }
  return deps_.at(root.id());
}

bool MetaFormula::unchanged(const z3::expr& e) {
  const std::vector<std::uint64_t>& bits = choicesIn(e);
  for (std::size_t i : mutated_)
    if (bits[i / 64] >> (i % 64) & 1) return false;
  return true;
}

bool MetaFormula::beyondBound() const {
  for (const encode::HardClause& h : enc_.hard)
    if (h.kind == encode::HardKind::Unwinding && !values_->holds(h.clause)) return true;
  return false;
}

std::optional<localize::MustSet> MetaFormula::must() const { return slicer_->slice(*values_); }

namespace {

/// The original program's run of test `test` (an index of the suite).
struct ProgramRun {
  std::size_t test = 0;
  exec::Verdict verdict = exec::Verdict::Exited;
  int status = 0;
};

std::string goldenPath(const RepairProblem& p) {
  const ir::Program& g = *p.oracle->golden;
  return g.files.empty() ? "the golden program" : "the golden program " + g.files[0].path;
}

/// The golden program failed on `t` (`error`, from testing::expectedFor): when the program runs
/// `t` to the end, the golden does not take the program's inputs (it reads an argument the test
/// does not give, ...), and no repair can be judged against it.
void goldenFailsAlone(const RepairProblem& p, const testing::TestCase& t, std::string error) {
  exec::RunOptions run = p.run;
  run.coverage = run.trace = false;
  run.observer = nullptr;
  if (exec::run(*p.program, t.input, run).verdict != exec::Verdict::Exited) return;
  const std::string prefix = "golden program failed: ";
  if (error.rfind(prefix, 0) == 0) error.erase(0, prefix.size());
  throw GoldenMismatch(fmt::format("{} fails on test {} (`{}`), which the program runs to its end: "
                                   "{}; a golden program must take the program's inputs (the "
                                   "same arguments, the same input format)",
                                   goldenPath(p), t.index, t.text, error),
                       p.suite->path, t.fileLine);
}

/// Every test fails: when on each the golden program exits with a non-zero status where the
/// program exits with 0, the golden rejects the program's inputs (a usage message for another
/// argument count, ...).
void goldenRejectsEverything(const RepairProblem& p, const std::vector<ProgramRun>& runs,
                             const std::vector<testing::Expected>& expected) {
  std::optional<int> golden;
  for (const ProgramRun& r : runs) {
    if (r.verdict != exec::Verdict::Exited || r.status != 0 || expected[r.test].status == 0) return;
    if (!golden) golden = expected[r.test].status;
  }
  if (runs.size() < 2 || !golden) return;
  const testing::TestCase& t = p.suite->tests[runs.front().test];
  throw GoldenMismatch(fmt::format("{} exits with a non-zero status on every test where the "
                                   "program exits with 0 (test {} (`{}`): status {}): it rejects "
                                   "the program's inputs; a golden program must take the same "
                                   "arguments and input format",
                                   goldenPath(p), t.index, t.text, *golden),
                       p.suite->path, t.fileLine);
}

class TestValidator : public Validator {
public:
  TestValidator(const RepairProblem& p, const std::vector<Site>& sites, const RepairOptions& o)
      : p_(p), sites_(sites), options_(o), run_(p.run) {
    const auto& tests = p.suite->tests;
    std::vector<std::size_t> failing, passing;
    std::uint64_t longest = 0;
    std::vector<ProgramRun> runs;
    for (std::size_t i = 0; i < tests.size(); ++i) {
      expected_.push_back(testing::expectedFor(tests[i], *p.oracle, run_));
      if (!expected_.back().error.empty()) {
        if (p.oracle->golden) goldenFailsAlone(p, tests[i], expected_.back().error);
        ++unjudged_;
        continue;
      }
      exec::RunResult r = exec::run(*p.program, tests[i].input, run_);
      longest = std::max(longest, r.steps);
      runs.push_back({i, r.verdict, r.exitStatus});
      const bool fails =
          testing::judgeAgainst(*p.program, tests[i], std::move(r), expected_.back()).outcome !=
          testing::Outcome::Pass;
      (fails ? failing : passing).push_back(i);
    }
    if (failing.empty()) throw NothingToRepair("no test fails: nothing to repair");
    if (p.oracle->golden && passing.empty()) goldenRejectsEverything(p, runs, expected_);
    firstFailing_ = failing.front();
    failing_ = failing;
    passing_ = passing;
    order_ = failing;
    order_.insert(order_.end(), passing.begin(), passing.end());
    run_.stepLimit =
        std::min<std::uint64_t>(p.run.stepLimit, std::max<std::uint64_t>(100'000, 10 * longest));
    run_.coverage = run_.trace = false;
    run_.observer = nullptr;
  }

  Verdict check(const std::vector<Mutation>& candidate, bool wantMust,
                const solve::Deadline& deadline, RepairStats& stats) override {
    const auto start = std::chrono::steady_clock::now();
    std::optional<std::size_t> failedAt;
    std::string reason;
    {
      const Applied applied(sites_, candidate);
      for (std::size_t k = 0; k < order_.size(); ++k) {
        const std::size_t i = order_[k];
        const testing::TestCase& t = p_.suite->tests[i];
        testing::TestResult r = testing::judgeAgainst(
            *p_.program, t, exec::run(*p_.program, t.input, run_), expected_[i]);
        ++stats.testRuns;
        if (r.outcome == testing::Outcome::Pass) continue;
        failedAt = i;
        reason = r.reason;
        std::rotate(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(k),
                    order_.begin() + static_cast<std::ptrdiff_t>(k) + 1);
        break;
      }
    }
    stats.validationMs += msSince(start);
    if (!failedAt) return Verdict{Verdict::Kind::Passes, "", std::nullopt, "", std::nullopt};
    const testing::TestCase& t = p_.suite->tests[*failedAt];
    Verdict v{Verdict::Kind::Fails,
              "test " + std::to_string(t.index) + " (" + t.text + "): " + reason, std::nullopt, "",
              *failedAt};
    if (wantMust) {
      const auto mustStart = std::chrono::steady_clock::now();
      v.must = mustFor(*failedAt, candidate, deadline, stats);
      stats.mustMs += msSince(mustStart);
    }
    return v;
  }

  std::string verifiedBy() const override {
    return "passes all " + std::to_string(order_.size()) + " tests of " + p_.suite->path;
  }

  std::vector<std::string> notes() const override {
    std::vector<std::string> out;
    if (unjudged_)
      out.push_back(std::to_string(unjudged_) +
                    " tests are left out: the oracle cannot judge them (golden run failed or "
                    "expected output missing)");
    if (!unencoded_.empty())
      out.push_back("no must sets for " + std::to_string(unencoded_.size()) +
                    " tests the formula cannot express (" + firstUnencoded_ + ")");
    if (beyondBound_)
      out.push_back(std::to_string(beyondBound_) + " failing candidates ran beyond --unwind " +
                    std::to_string(options_.unwind) + " in the formula: blocked one by one");
    if (disagreements_)
      out.push_back(std::to_string(disagreements_) +
                    " failing candidates pass in their test's formula (not encoded exactly): "
                    "blocked one by one");
    return out;
  }

  std::size_t firstFailing() const { return firstFailing_; }
  std::vector<std::size_t> originalFailing() const override { return failing_; }
  std::vector<std::size_t> originalPassing() const override { return passing_; }

private:
  const RepairProblem& p_;
  const std::vector<Site>& sites_;
  RepairOptions options_;
  exec::RunOptions run_;
  std::vector<testing::Expected> expected_;
  std::vector<std::size_t> order_, failing_, passing_;
  std::size_t firstFailing_ = 0;
  std::size_t unjudged_ = 0, beyondBound_ = 0, disagreements_ = 0;
  z3::context ctx_;
  std::map<std::size_t, std::unique_ptr<MetaFormula>> formulas_;
  std::set<std::size_t> unencoded_;
  std::string firstUnencoded_;

  MetaFormula* formulaFor(std::size_t i) {
    if (unencoded_.count(i)) return nullptr;
    auto it = formulas_.find(i);
    if (it != formulas_.end()) return it->second.get();
    try {
      localize::FormulaOptions fo;
      fo.unwind = options_.unwind;
      const localize::FormulaTask task =
          localize::formulaTask(*p_.program, p_.suite->tests[i], p_.oracle, p_.run, fo);
      const localize::TaskExpectation te = localize::taskExpectation(ctx_, task);
      if (!te.note.empty()) throw encode::EncodeError(te.note);
      const exec::RunResult run = exec::run(*p_.program, task.test->input, p_.run);
      if (std::optional<std::string> why = localize::unencodableRun(*p_.program, run))
        throw encode::EncodeError(*why);
      auto f = std::make_unique<MetaFormula>(ctx_, *p_.program, sites_, &task.test->input,
                                             te.expect, options_, p_.run, false);
      return formulas_.emplace(i, std::move(f)).first->second.get();
    } catch (const encode::EncodeError& e) {
      if (unencoded_.empty()) firstUnencoded_ = e.what();
      unencoded_.insert(i);
      return nullptr;
    }
  }

  std::optional<localize::MustSet> mustFor(std::size_t i, const std::vector<Mutation>& candidate,
                                           const solve::Deadline& deadline, RepairStats& stats) {
    MetaFormula* f = formulaFor(i);
    if (!f) return std::nullopt;
    ++stats.formulaChecks;
    if (f->check(candidate, deadline) != solve::Answer::Sat) return std::nullopt;
    if (f->beyondBound()) {
      ++beyondBound_;
      return std::nullopt;
    }
    std::optional<localize::MustSet> must = f->must();
    if (!must) ++disagreements_;
    return must;
  }
};

class FormulaValidator : public Validator {
public:
  FormulaValidator(const RepairProblem& p, const std::vector<Site>& sites, const RepairOptions& o)
      : program_(*p.program), options_(o) {
    encode::Expectation expect;  // the assertions
    formula_ =
        std::make_unique<MetaFormula>(ctx_, *p.program, sites, nullptr, expect, o, p.run, true);
  }

  Verdict check(const std::vector<Mutation>& candidate, bool wantMust,
                const solve::Deadline& deadline, RepairStats& stats) override {
    const auto start = std::chrono::steady_clock::now();
    ++stats.formulaChecks;
    const solve::Answer a = formula_->check(candidate, deadline);
    stats.validationMs += msSince(start);
    if (a == solve::Answer::Unsat)
      return Verdict{Verdict::Kind::Passes, "", std::nullopt, "", std::nullopt};
    if (a == solve::Answer::Unknown)
      return Verdict{Verdict::Kind::Unknown, "", std::nullopt, formula_->reasonUnknown(),
                     std::nullopt};
    if (candidate.empty() && beyondBound())
      throw RepairError("--unwind " + std::to_string(options_.unwind) +
                        " is too small: some input runs a loop or recursion beyond it, so no "
                        "repair could be verified; raise --unwind");
    const auto mustStart = std::chrono::steady_clock::now();
    std::optional<localize::MustSet> must = formula_->must();
    stats.mustMs += msSince(mustStart);
    Verdict v{Verdict::Kind::Fails, counterexample(must), std::nullopt, "", std::nullopt};
    if (wantMust) v.must = std::move(must);
    return v;
  }

  std::string verifiedBy() const override {
    return "no input violates an assertion or runtime check within --unwind " +
           std::to_string(options_.unwind) + " (bounded program formula)";
  }

  bool beyondBound() const { return formula_->beyondBound(); }

private:
  const ir::Program& program_;
  RepairOptions options_;
  z3::context ctx_;
  std::unique_ptr<MetaFormula> formula_;

  /// The counterexample's inputs and the demand it violates, in words.
  std::string counterexample(const std::optional<localize::MustSet>& must) const {
    const z3::model m = formula_->model();
    std::string values;
    for (const encode::NondetCall& call : formula_->encoding().nondet)
      if (m.eval(call.reached, true).is_true())
        values += (values.empty() ? "" : " ") +
                  std::to_string(encode::modelValue(m, call.value, call.type));
    std::string what = "violates an assertion";
    if (must && must->demand == encode::HardKind::RuntimeCheck) what = "fails a runtime check";
    if (must && must->demand == encode::HardKind::Unwinding) what = "runs beyond the bound";
    if (must && must->demandStmt != ir::kNone)
      what += " at " + program_.where(program_.stmt(must->demandStmt).range);
    return values.empty() ? "the program " + what : "nondet input [" + values + "] " + what;
  }
};

}  // namespace

std::unique_ptr<Validator> testValidator(const RepairProblem& problem,
                                         const std::vector<Site>& sites,
                                         const RepairOptions& options) {
  return std::make_unique<TestValidator>(problem, sites, options);
}

std::unique_ptr<Validator> formulaValidator(const RepairProblem& problem,
                                            const std::vector<Site>& sites,
                                            const RepairOptions& options) {
  return std::make_unique<FormulaValidator>(problem, sites, options);
}

}  // namespace culprit::repair::detail

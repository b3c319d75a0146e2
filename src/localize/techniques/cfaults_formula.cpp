// cfaults' formula and its checks on other failing tests: see cfaults_formula.h.
#include "localize/techniques/cfaults_formula.h"

#include "localize/phases.h"
#include "localize/replay.h"

#include <algorithm>

namespace culprit::localize::cfaults_formula {
namespace {

/// Check formulas kept for good (the first built; trace_checks.h): a version with hundreds of
/// failing tests otherwise holds one trace formula per test (bench/siemens v11, 261 failing
/// tests, passed z3's memory bound); another test's formula is built again when it is needed.
constexpr std::size_t kKeptChecks = 96;
/// Program formulas of tests outside the formula kept at once: each is as large as a copy.
constexpr std::size_t kKeptProgramChecks = 16;

}  // namespace

std::vector<std::uint32_t> Copy::groupsOf(const std::set<ir::StmtId>& stmts) const {
  std::vector<std::uint32_t> out;
  for (ir::StmtId s : stmts)
    if (auto it = groups.find(s); it != groups.end())
      out.insert(out.end(), it->second.begin(), it->second.end());
  return out;
}

AllTests::AllTests(const Problem& p, Result& r,
                   std::optional<std::chrono::steady_clock::time_point> firstMcsBy)
    : p_(p), r_(r), checks_(p, {0, kKeptChecks, encode::Family::TraceFlowSensitive, true}, &r),
      programChecks_(p, {0, kKeptProgramChecks, encode::Family::Program}, &r), values_(p) {
  task_ = formulaTask(*p.program, p.suite->tests.at(0), p.oracle, p.runOptions, p.options);
  task_.coverage = p.coverage;
  task_.firstMcsBy = firstMcsBy;
  context_ = makeSolverContext(task_);
}

std::optional<Copy> AllTests::encode(std::size_t t, bool listed) {
  FormulaTask task = task_;
  task.test = &p_.suite->tests.at(t);
  if (listed) task.firstMcsBy.reset();
  Result scratch;
  std::optional<encode::Encoding> enc =
      errorFormula(context_->z3(), task, encode::Family::Program, scratch);
  for (const std::string& n : scratch.notes)
    if (std::find(r_.notes.begin(), r_.notes.end(), n) == r_.notes.end()) r_.notes.push_back(n);
  if (!scratch.complete)
    addNote(r_,
            "test " + std::to_string(p_.suite->tests[t].index) + ": " + scratch.incompleteReason);
  if (!enc) return std::nullopt;
  Copy c{t, std::move(*enc), {}};
  for (std::uint32_t g = 0; g < c.enc.groups.size(); ++g)
    if (c.enc.groups[g].relevant) c.groups[c.enc.groups[g].stmt].push_back(g);
  return c;
}

bool AllTests::start(std::vector<Copy> copies) {
  if (copies.empty()) return false;
  session_.emplace(context_->z3(),
                   context_->sessionOptions(solverLogic(task_, copies.front().enc)));
  weights_ = statementWeights(task_, r_);
  for (Copy& c : copies)
    add(std::move(c));
  return true;
}

void AllTests::add(Copy c) {
  for (const encode::HardClause& h : c.enc.hard)
    session_->addHard(h.clause);
  hard_ += c.enc.hard.size();
  for (const auto& [stmt, groups] : c.groups) {
    const z3::expr sel = shared(stmt);
    for (std::uint32_t g : groups)
      session_->addHard(c.enc.groups[g].selector == sel);
  }
  inFormula_.insert(c.test);
  copies_.push_back(std::move(c));
}

AllTests::Verdict AllTests::program(std::size_t t, const std::set<ir::StmtId>& stmts,
                                    const solve::Deadline& deadline,
                                    std::vector<AngelicValue>& angelic) {
  switch (programChecks_.check(t, stmts, deadline)) {
  case solve::Answer::Sat: angelic = programChecks_.angelic(t, stmts); return Verdict::Explained;
  case solve::Answer::Unknown: return Verdict::Unknown;
  case solve::Answer::Unsat: break;
  }
  const std::set<ir::StmtId> core = programChecks_.coreStatements(t);
  if (core.empty()) return Verdict::Unexplainable;
  relaxOne(core);
  ++learned_;
  return Verdict::Learned;
}

AllTests::CandidateChecks
AllTests::startChecks(const std::set<ir::StmtId>& stmts,
                      const std::vector<std::vector<AngelicValue>>& fromCopies) const {
  CandidateChecks c;
  for (const std::vector<AngelicValue>& v : fromCopies)
    cfaults_values::remember(c.known, v);
  for (const std::vector<AngelicValue>* v : values_.usable(stmts))
    cfaults_values::remember(c.known, *v);
  return c;
}

std::optional<std::vector<AngelicValue>> AllTests::explains(std::size_t t,
                                                            const std::set<ir::StmtId>& stmts,
                                                            const solve::Deadline& deadline,
                                                            CandidateChecks& c) {
  constexpr std::size_t kMisled = 2;
  if (std::optional<std::vector<AngelicValue>> v = values_.reuse(t, stmts)) {
    ++reused_;
    return v;
  }
  {
    const PhaseTimer phase("cfaults: replays of known values");
    for (const std::vector<AngelicValue>& values : c.known)
      if (replayPasses(p_, t, values)) {
        ++borrowed_;
        values_.record(t, values);
        return values;
      }
  }
  // The run's branches held first: a model then follows the run's path, which the replay
  // follows too (bench/siemens v27: 149 -> 76 program-formula checks, none misled).
  if (checks_.check(t, stmts, deadline, true) == solve::Answer::Sat) {
    std::vector<AngelicValue> angelic = checks_.angelic(t, stmts);
    if (replayPasses(p_, t, angelic)) {
      cfaults_values::remember(c.known, angelic);
      values_.record(t, angelic);
      return angelic;
    }
  }
  // Free: a fix that turns a branch, which only a replay can judge.
  if (c.misled >= kMisled) return std::nullopt;
  if (checks_.check(t, stmts, deadline) != solve::Answer::Sat) return std::nullopt;
  std::vector<AngelicValue> angelic = checks_.angelic(t, stmts);
  // The trace formula over-approximates the test's runs: only a passing replay counts.
  if (!replayPasses(p_, t, angelic)) {
    ++c.misled;
    return std::nullopt;
  }
  cfaults_values::remember(c.known, angelic);
  values_.record(t, angelic);
  return angelic;
}

void AllTests::recordIfPasses(std::size_t t, const std::vector<AngelicValue>& values) {
  const PhaseTimer phase("cfaults: record");
  if (replayPasses(p_, t, values)) values_.record(t, values);
}

std::vector<AngelicValue> AllTests::angelicOf(const Copy& c, const z3::model& model,
                                              const std::set<ir::StmtId>& stmts) const {
  std::vector<AngelicValue> out;
  const std::vector<std::uint32_t> groups = c.groupsOf(stmts);
  for (const encode::AngelicInstance& a : encode::angelicValues(c.enc, model, groups))
    out.push_back(AngelicValue{a.key.stmt, a.key.occurrence, a.value,
                               a.kind != encode::InstanceKind::Value, std::nullopt});
  return out;
}

void AllTests::skip(const std::set<ir::StmtId>& stmts) {
  z3::expr_vector keepOne(context_->z3());
  for (ir::StmtId s : stmts)
    keepOne.push_back(shared(s));
  session_->addHard(z3::mk_or(keepOne));
  ++hard_;
}

void AllTests::relaxOne(const std::set<ir::StmtId>& stmts) {
  z3::expr_vector relaxed(context_->z3());
  for (ir::StmtId s : stmts)
    relaxed.push_back(!shared(s));
  session_->addHard(z3::mk_or(relaxed));
  ++hard_;
}

void AllTests::finish(Result& r) {
  r.stats.soft = shared_.size();
  r.stats.hard = hard_;
  if (session_) {
    const solve::QueryStats q = session_->stats();
    r.stats.solverMs += q.solverMs;
    r.stats.queries += q.queries;
    r.stats.maxCore = std::max(r.stats.maxCore, q.maxCore);
  }
  checks_.addStats(r.stats);
  programChecks_.addStats(r.stats);
  r.stats.counter("tests") = copies_.size();
  r.stats.counter("checks") = checks_.checks() + programChecks_.checks();
  r.stats.counter("learned") = learned_;
  r.stats.counter("built") = checks_.built() + programChecks_.built();
  r.stats.counter("borrowed") = borrowed_;
  r.stats.counter("reused") = reused_;
}

z3::expr AllTests::shared(ir::StmtId stmt) {
  auto it = shared_.find(stmt);
  if (it == shared_.end()) {
    const z3::expr sel = context_->z3().bool_const(("cfaults!s!" + std::to_string(stmt)).c_str());
    it = shared_.emplace(stmt, sel).first;
    session_->addSoft(sel, stmt < weights_.size() ? weights_[stmt]
                                                  : (weights_.empty() ? 1 : clauseWeight(0)));
    stmtOf_.push_back(stmt);
  }
  return it->second;
}

}  // namespace culprit::localize::cfaults_formula

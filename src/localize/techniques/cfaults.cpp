// cfaults — CFaults: one formula for all failing tests, the copies sharing each statement's
// selector.
//
// Computes: the MCSs (within --max-size, --max-count and --timeout) of
//   ∧_t input(t) ∧ PF_t ∧ oracle(t)
// over the failing tests t, where PF_t is the program formula (as pf encodes it: --unwind,
// --loop-bounds) in a copy of its own for each test, and every copy's soft group of a statement
// s is tied to one shared selector of s: relaxing a statement relaxes it in every test. An MCS
// is a set of statements whose change can make every failing test pass at once, each test with
// its own angelic values. The diagnoses are reported once for the program; each carries every
// test's angelic values, and the driver replays each test's share on its test: feasible only
// when all pass.
// Follows: Orvalho, Janota, Manquinho, "CFaults" (FM 2024), model-based diagnosis over all
// failing tests (TECHNIQUES.md, "CFaults"): enumeration as pf's, subset-minimal results.
// Pre: at least one failing test. Post: diagnoses in nondecreasing size (weight with
// --weights); with one failing test they are pf's.
// Departures: --max-failing N (CEGAR, as the paper's practical notes suggest) starts from N
// failing tests — the first, then the most different by coverage — and checks each candidate
// on every other failing test by one assumption query on that test's flow-sensitive trace
// formula (its statements relaxed, every other one enforced; a trace formula per test keeps
// hundreds of failing tests within memory, where a program formula each did not), its angelic
// values replayed: first with the run's branches held (its model follows the run's path, as the
// replay does), then free. A candidate the trace formula does not explain is asked of the test's
// own program formula (in a session of its own): when that is unsatisfiable too, the statements of
// its unsat core are learned as a hard clause of the shared selectors (a diagnosis relaxes one
// of them; the full CFaults formula implies it, so the MCSs stay the full formula's), which
// excludes the candidate, and enumeration goes on in the same session. Only when that query is
// unknown does the test join the formula as a program-formula copy. The formula thus stays
// small (bench/siemens: one to three copies) where copies used to pile up. Each copy is sliced
// to its oracle's cone, so a statement no test's obligations depend on is in no MCS.
// With --diagnoses smallest (the default): smallest diagnoses that each only forward values are
// widened by the first few of the next size without a forwarding statement, and a diagnosis of
// several statements that a listed one betters by computing where it forwards is left out
// (widens, dominated; docs/DESIGN.md, "CFaults").
#include "localize/diagnose.h"
#include "localize/rank.h"
#include "localize/replay.h"
#include "localize/techniques/cfaults_values.h"
#include "localize/trace_checks.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

namespace culprit::localize {
namespace {

const OptionSpec& maxFailingOption() {
  static const OptionSpec spec = ownUnsignedOption(
      "max-failing", "CFaults",
      "cfaults: start from N failing tests (the most different first) and add the others only "
      "when a candidate does not explain them (0: every failing test from the start)",
      0);
  return spec;
}

/// --diagnoses: the diagnoses of the smallest size (weight with --weights), as CFaults' optimal
/// MaxSAT solutions, or every subset-minimal one within --max-size.
const OptionSpec& diagnosesOption() {
  static const OptionSpec spec = ownChoiceOption(
      "diagnoses", "CFaults",
      "cfaults: report the diagnoses of the smallest size (smallest: the optimal solutions, as "
      "CFaults reports) or every subset-minimal one within --max-size (all)",
      {"smallest", "all"});
  return spec;
}

/// One failing test's program formula.
struct Copy {
  std::size_t test = 0;
  encode::Encoding enc;
  std::map<ir::StmtId, std::vector<std::uint32_t>> groups;  ///< relevant groups by statement

  std::vector<std::uint32_t> groupsOf(const std::set<ir::StmtId>& stmts) const {
    std::vector<std::uint32_t> out;
    for (ir::StmtId s : stmts)
      if (auto it = groups.find(s); it != groups.end())
        out.insert(out.end(), it->second.begin(), it->second.end());
    return out;
  }
};

/// Check formulas kept for good (the first built; trace_checks.h): a version with hundreds of
/// failing tests otherwise holds one trace formula per test (bench/siemens v11, 261 failing
/// tests, passed z3's memory bound); another test's formula is built again when it is needed.
constexpr std::size_t kKeptChecks = 96;
/// Program formulas of tests outside the formula kept at once: each is as large as a copy.
constexpr std::size_t kKeptProgramChecks = 16;

class AllTests {
public:
  AllTests(const Problem& p, Result& r)
      : p_(p), r_(r), checks_(p, {0, kKeptChecks, encode::Family::TraceFlowSensitive, true}, &r),
        programChecks_(p, {0, kKeptProgramChecks, encode::Family::Program}, &r), values_(p) {
    task_ = formulaTask(*p.program, p.suite->tests.at(0), p.oracle, p.runOptions, p.options);
    task_.coverage = p.coverage;
    context_ = makeSolverContext(task_);
  }

  /// Encodes test `t`'s copy in `family` (nullopt with a note when it cannot be encoded).
  std::optional<Copy> encode(std::size_t t, encode::Family family = encode::Family::Program) {
    FormulaTask task = task_;
    task.test = &p_.suite->tests.at(t);
    Result scratch;
    std::optional<encode::Encoding> enc = errorFormula(context_->z3(), task, family, scratch);
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

  /// Opens the session for `copies` (the first formula) and adds them.
  bool start(std::vector<Copy> copies) {
    if (copies.empty()) return false;
    session_.emplace(context_->z3(),
                     context_->sessionOptions(solverLogic(task_, copies.front().enc)));
    weights_ = statementWeights(task_, r_);
    for (Copy& c : copies)
      add(std::move(c));
    return true;
  }

  /// Adds a copy: its hard clauses, and each of its soft groups tied to its statement's shared
  /// selector (a new statement's selector becomes a soft group of the session).
  void add(Copy c) {
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

  /// What test `t`'s program formula says of `stmts`, when its trace formula did not explain
  /// them (see Verdict).
  enum class Verdict {
    Explained,      ///< satisfiable: `angelic` holds its angelic values
    Learned,        ///< unsatisfiable: "relax one of its core's statements" is now a hard clause
    Unexplainable,  ///< unsatisfiable with an empty core: no set of statements lets `t` pass
    Unknown,
  };
  Verdict program(std::size_t t, const std::set<ir::StmtId>& stmts, const solve::Deadline& deadline,
                  std::vector<AngelicValue>& angelic) {
    switch (programChecks_.check(t, stmts, deadline)) {
    case solve::Answer::Sat: angelic = programChecks_.angelic(t, stmts); return Verdict::Explained;
    case solve::Answer::Unknown: return Verdict::Unknown;
    case solve::Answer::Unsat: break;
    }
    const std::set<ir::StmtId> core = programChecks_.coreStatements(t);
    if (core.empty()) return Verdict::Unexplainable;
    z3::expr_vector relaxOne(context_->z3());
    for (ir::StmtId s : core)
      relaxOne.push_back(!shared(s));
    session_->addHard(z3::mk_or(relaxOne));
    ++hard_;
    ++learned_;
    return Verdict::Learned;
  }

  /// What one candidate's checks have learned so far.
  struct CandidateChecks {
    std::vector<std::vector<AngelicValue>> known;  ///< values tests needed, to try on others
    /// Trace formulas that were satisfiable with values whose replay failed: past a few, the
    /// candidate's trace checks are skipped for its program-formula checks (bench/siemens v12:
    /// `return a < b ? a : b;` misled the trace formula of each of 291 tests).
    std::size_t misled = 0;
  };

  /// Starts the checks of candidate `stmts`: its known values are those of the copies in the
  /// formula (`fromCopies`), then the trimmed values that let other tests pass for earlier
  /// candidates and change only statements of `stmts`, the most often used first.
  CandidateChecks startChecks(const std::set<ir::StmtId>& stmts,
                              const std::vector<std::vector<AngelicValue>>& fromCopies) const {
    CandidateChecks c;
    for (const std::vector<AngelicValue>& v : fromCopies)
      cfaults_values::remember(c.known, v);
    for (const std::vector<AngelicValue>* v : values_.usable(stmts))
      cfaults_values::remember(c.known, *v);
    return c;
  }

  /// Does relaxing `stmts` let test `t` pass? Its angelic values when it does. First the
  /// values that let `t` pass for an earlier candidate, when they change only statements of
  /// `stmts` (the other statements then run as written: the same replay). Then the values
  /// other tests needed (`c.known`): a replay of `t` with one of them forced that passes shows
  /// it concretely, for a fraction of a trace formula's cost (bench/siemens: most failing
  /// tests of a version take the same values). Values found here join `c.known`.
  std::optional<std::vector<AngelicValue>> explains(std::size_t t,
                                                    const std::set<ir::StmtId>& stmts,
                                                    const solve::Deadline& deadline,
                                                    CandidateChecks& c) {
    constexpr std::size_t kMisled = 2;
    if (std::optional<std::vector<AngelicValue>> v = values_.reuse(t, stmts)) {
      ++reused_;
      return v;
    }
    for (const std::vector<AngelicValue>& values : c.known)
      if (replayPasses(p_, t, values)) {
        ++borrowed_;
        values_.record(t, values);
        return values;
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

  /// Records `values` for test `t` when a replay of `t` with them passes (a program formula's
  /// model is not replayed before the driver's feasibility check).
  void recordIfPasses(std::size_t t, const std::vector<AngelicValue>& values) {
    if (replayPasses(p_, t, values)) values_.record(t, values);
  }

  std::vector<AngelicValue> angelicOf(const Copy& c, const z3::model& model,
                                      const std::set<ir::StmtId>& stmts) const {
    std::vector<AngelicValue> out;
    const std::vector<std::uint32_t> groups = c.groupsOf(stmts);
    for (const encode::AngelicInstance& a : encode::angelicValues(c.enc, model, groups))
      out.push_back(AngelicValue{a.key.stmt, a.key.occurrence, a.value,
                                 a.kind != encode::InstanceKind::Value, std::nullopt});
    return out;
  }

  /// Excludes `stmts` and every superset of it from the enumeration without reporting it: one
  /// of them stays enforced.
  void skip(const std::set<ir::StmtId>& stmts) {
    z3::expr_vector keepOne(context_->z3());
    for (ir::StmtId s : stmts)
      keepOne.push_back(shared(s));
    session_->addHard(z3::mk_or(keepOne));
    ++hard_;
  }

  solve::Session& session() { return *session_; }
  const std::vector<Copy>& copies() const { return copies_; }
  bool inFormula(std::size_t t) const { return inFormula_.count(t) > 0; }
  ir::StmtId stmtOf(solve::SoftId s) const { return stmtOf_.at(s); }
  const FormulaTask& task() const { return task_; }

  void finish(Result& r) {
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

private:
  /// Statement `stmt`'s shared selector (a new one becomes a soft group of the session).
  z3::expr shared(ir::StmtId stmt) {
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

  const Problem& p_;
  Result& r_;
  FormulaTask task_;
  std::unique_ptr<solve::Context> context_;  // first: outlives the sessions and encodings
  std::optional<solve::Session> session_;
  std::vector<Copy> copies_;
  TraceChecks checks_;
  TraceChecks programChecks_;  ///< program formulas of the tests outside the formula
  std::map<ir::StmtId, z3::expr> shared_;
  std::vector<ir::StmtId> stmtOf_;  ///< SoftId -> statement
  std::vector<std::uint64_t> weights_;
  std::set<std::size_t> inFormula_;
  /// Values that let a failing test outside the formula pass (a replay did), trimmed.
  cfaults_values::PassingValues values_;
  std::size_t hard_ = 0, learned_ = 0, borrowed_ = 0, reused_ = 0;
};

/// The failing tests the formula starts from: all, or --max-failing of them.
std::vector<std::size_t> firstTests(const Problem& p, const std::vector<std::size_t>& failing) {
  const unsigned n = ownUnsigned(p.options, maxFailingOption());
  if (n == 0 || n >= failing.size() || !p.coverage) return failing;
  std::vector<std::size_t> first{failing.front()};
  for (std::size_t t : mostDifferentFailing(*p.coverage, failing.front(), n - 1))
    first.push_back(t);
  return first;
}

Diagnosis diagnosisOf(const Problem& p, AllTests& f, const solve::Mcs& mcs,
                      const std::set<ir::StmtId>& stmts, std::vector<TestAngelic> others) {
  Diagnosis d;
  for (ir::StmtId s : stmts) {
    const ir::SourceRange& at = p.program->stmt(s).range;
    d.locations.push_back({s, at.file, at.line, 0});
  }
  sortLocations(d.locations);
  for (const Copy& c : f.copies())
    d.perTest.push_back({c.test, f.angelicOf(c, mcs.model, stmts), Feasibility::Unchecked});
  for (TestAngelic& t : others)
    d.perTest.push_back(std::move(t));
  std::sort(d.perTest.begin(), d.perTest.end(),
            [](const TestAngelic& a, const TestAngelic& b) { return a.test < b.test; });
  if (!f.session().unitWeights()) d.weight = static_cast<double>(mcs.weight);
  return d;
}

/// Whether the smallest diagnoses (`found`, of weight `smallest`) are widened to the next size,
/// whose first candidate weighs `next`: with unit weights, when every one of them only
/// forwards values (`aspect = compute_aspect();`): the output flows through such a statement,
/// so it explains every failing test at once and hides the statements that computed the value,
/// which a fault of two statements needs two of (bench/siemens v25). Diagnoses that merely
/// hold a forwarding statement beside another do not widen (v30: {175, 207} and {176, 207}
/// widened to 18 diagnoses of size 3 and 20 s instead of 0.5 s).
bool widens(const Problem& p, const solve::Session& session, const std::vector<Diagnosis>& found,
            solve::Weight smallest, solve::Weight next) {
  if (!session.unitWeights() || next != smallest + 1) return false;
  return std::all_of(found.begin(), found.end(), [&](const Diagnosis& d) {
    return std::all_of(d.locations.begin(), d.locations.end(),
                       [&](const Location& l) { return forwardsValue(*p.program, l.stmt); });
  });
}

/// The statements of `d`'s locations.
std::set<ir::StmtId> statementsOf(const Diagnosis& d) {
  std::set<ir::StmtId> out;
  for (const Location& l : d.locations)
    out.insert(l.stmt);
  return out;
}

/// Whether `stmts` (two or more statements) is dominated by a diagnosis of `listed`: one of the
/// same size that differs from it only in that some of its statements that only forward a
/// value are replaced by statements that do not: {`need = stopping_distance(...)`, 165} beside
/// {94, 165} (94 computes the stopping distance). Among diagnoses of several statements such
/// products of alternatives pile up (bench/siemens v28: 18 of size 2, 4 not dominated; v29: 19
/// of size 3, 3). One-statement diagnoses are all kept: a forwarding statement alone can be the
/// fault (v15's `cap = min_of(Line_Limit, REVERSE_LIMIT)`), and another statement alone is
/// not the same fix.
bool dominated(const Problem& p, const std::set<ir::StmtId>& stmts,
               const std::vector<Diagnosis>& listed) {
  if (stmts.size() < 2) return false;
  auto forwards = [&](ir::StmtId s) { return forwardsValue(*p.program, s); };
  return std::any_of(listed.begin(), listed.end(), [&](const Diagnosis& d) {
    if (d.locations.size() != stmts.size()) return false;
    const std::set<ir::StmtId> other = statementsOf(d);
    std::size_t replaced = 0;
    for (ir::StmtId s : stmts)
      if (!other.count(s)) {
        if (!forwards(s)) return false;
        ++replaced;
      }
    return replaced > 0 && std::none_of(other.begin(), other.end(), [&](ir::StmtId s) {
             return !stmts.count(s) && forwards(s);
           });
  });
}

/// Removes the diagnoses `dominated` by another one of `r` (listed before it was); returns
/// how many.
std::size_t dropDominated(const Problem& p, Result& r) {
  std::vector<Diagnosis> kept;
  std::size_t dropped = 0;
  for (std::size_t i = 0; i < r.diagnoses.size(); ++i) {
    if (dominated(p, statementsOf(r.diagnoses[i]), r.diagnoses))
      ++dropped;
    else
      kept.push_back(std::move(r.diagnoses[i]));
  }
  r.diagnoses = std::move(kept);
  return dropped;
}

/// Diagnoses of the next size listed when widened: enough to show which statements computed
/// the forwarded value, few enough to keep the list short (the enumeration stops there; on v25
/// all of them were 22 and took 5 s user, the first 4 hold the fault).
constexpr std::size_t kWidened = 4;

std::string widenedNote(solve::Weight smallest, std::size_t listed, bool cut, std::size_t skipped) {
  return "every diagnosis of size " + std::to_string(smallest) +
         " only forwards values (a copy, a return of a variable, a call's result): " +
         (cut ? "the first " + std::to_string(listed) : std::string("the")) +
         " diagnoses of size " + std::to_string(smallest + 1) +
         " without such a statement are listed too (" + std::to_string(skipped) +
         " with one left out" + (cut ? "; --diagnoses all lists every one)" : ")");
}

Result enumerate(const Problem& p, const std::vector<std::size_t>& failing, Result& r,
                 std::chrono::steady_clock::time_point start);

Result cfaults(const Problem& p) {
  const auto start = std::chrono::steady_clock::now();
  Result r;
  r.technique = "cfaults";
  std::vector<std::size_t> failing;
  for (std::size_t i = 0; i < p.results->results.size(); ++i)
    if (p.results->results[i].failing() && !unencodableRun(*p.program, p.results->results[i].run))
      failing.push_back(i);
  if (failing.empty()) {
    addNote(r, "no failing test can be encoded");
    return r;
  }
  // Auto: a constant shared by the failing tests is one site here (FormulaOptions::MacroSites).
  Problem shared = p;
  if (shared.options.macroSites == FormulaOptions::MacroSites::Auto)
    shared.options.macroSites = FormulaOptions::MacroSites::On;
  try {
    return enumerate(shared, failing, r, start);
  } catch (const z3::exception& e) {  // the memory bound hit outside a query
    addNote(r, std::string("solver: ") + e.msg() + ": the diagnoses so far are shown");
  }
  return r;
}

Result enumerate(const Problem& p, const std::vector<std::size_t>& failing, Result& r,
                 std::chrono::steady_clock::time_point start) {
  AllTests f(p, r);
  std::vector<Copy> copies;
  for (std::size_t t : firstTests(p, failing))
    if (std::optional<Copy> c = f.encode(t)) copies.push_back(std::move(*c));
  if (!f.start(std::move(copies))) return r;
  const double timeout = p.options.timeoutSeconds;
  std::unique_ptr<solve::McsEnumerator> e =
      makeEnumerator(f.task(), f.session(), timeout - secondsSince(start));
  const solve::Deadline deadline =
      timeout > 0 ? solve::Deadline::after(timeout - secondsSince(start)) : solve::Deadline();
  std::size_t& candidates = r.stats.counter("candidates");
  std::set<std::size_t> unexplainable;
  const bool smallestOnly = ownText(p.options, diagnosesOption()) == "smallest";
  bool pastSmallest = false;
  solve::Weight smallest = 0;  // the first diagnosis's weight
  // Widened: the smallest diagnoses only forward values, so the next size is listed too.
  bool widened = false;
  std::size_t widenedListed = 0;
  std::size_t& forwarders = r.stats.counter("forwarders");
  std::size_t& skipped = r.stats.counter("skipped");
  // Tests in the order they are asked: one that refuted a candidate moves to the front, since
  // it is likely to refute the next ones too.
  std::vector<std::size_t> order = failing;
  bool outOfTime = false;
  try {
    while (!outOfTime) {
      std::optional<solve::Mcs> mcs = e->candidate();
      if (!mcs) break;
      if (smallestOnly && !r.diagnoses.empty() && mcs->weight > smallest + widened) {
        // Candidates come in nondecreasing weight: the optimum is done.
        if (widened || !widens(p, f.session(), r.diagnoses, smallest, mcs->weight)) {
          pastSmallest = true;
          break;
        }
        widened = true;
      }
      ++candidates;
      if (mcs->softs.empty()) {
        addNote(r, "the formula does not fail: the oracle of these failures is not encoded");
        break;
      }
      std::set<ir::StmtId> stmts;
      for (solve::SoftId s : mcs->softs)
        stmts.insert(f.stmtOf(s));
      if (smallestOnly && dominated(p, stmts, r.diagnoses)) {
        f.skip(stmts);  // not checked on the other tests: it is not listed
        ++forwarders;
        continue;
      }
      if (widened && std::any_of(stmts.begin(), stmts.end(),
                                 [&](ir::StmtId s) { return forwardsValue(*p.program, s); })) {
        f.skip(stmts);  // not checked on the other tests: it is not listed
        ++skipped;
        continue;
      }
      std::vector<TestAngelic> others;
      std::vector<std::vector<AngelicValue>> fromCopies;
      for (const Copy& c : f.copies())
        fromCopies.push_back(f.angelicOf(c, mcs->model, stmts));
      AllTests::CandidateChecks checked = f.startChecks(stmts, fromCopies);
      bool grew = false;
      for (auto it = order.begin(); it != order.end(); ++it) {
        const std::size_t t = *it;
        if (f.inFormula(t) || unexplainable.count(t)) continue;
        if (std::optional<std::vector<AngelicValue>> a = f.explains(t, stmts, deadline, checked)) {
          others.push_back({t, std::move(*a), Feasibility::Unchecked});
          continue;
        }
        std::vector<AngelicValue> angelic;
        const AllTests::Verdict v = f.program(t, stmts, deadline, angelic);
        if (v == AllTests::Verdict::Explained) {
          cfaults_values::remember(checked.known, angelic);
          f.recordIfPasses(t, angelic);
          others.push_back({t, std::move(angelic), Feasibility::Unchecked});
          continue;
        }
        if (v == AllTests::Verdict::Learned) {
          grew = true;  // the candidate misses the core: the clause learned excludes it
          std::rotate(order.begin(), it, std::next(it));  // asked first from now on
          break;
        }
        if (v == AllTests::Verdict::Unexplainable) {
          unexplainable.insert(t);
          addNote(r, "test " + std::to_string(p.suite->tests[t].index) +
                         ": no set of statements lets it pass in its program formula; the "
                         "diagnoses do not explain it");
          continue;
        }
        if (deadline.expired()) {  // unchecked on this test: not a diagnosis
          outOfTime = true;
          break;
        }
        if (std::optional<Copy> c = f.encode(t)) {
          f.add(std::move(*c));
          grew = true;
          break;
        }
      }
      if (grew || outOfTime) continue;  // the same enumeration, on the stronger formula
      if (r.diagnoses.empty()) smallest = mcs->weight;
      r.diagnoses.push_back(diagnosisOf(p, f, *mcs, stmts, std::move(others)));
      e->accept(*mcs);
      if (widened && ++widenedListed == kWidened) {
        pastSmallest = true;
        break;
      }
    }
    // A diagnosis listed before the one that dominates it: the check had to come first.
    if (smallestOnly) forwarders += dropDominated(p, r);
    if (forwarders)
      r.notes.push_back(std::to_string(forwarders) +
                        " diagnoses left out: each differs from a listed one only by a statement "
                        "that forwards a value where the listed one computes (--diagnoses all "
                        "lists them)");
    if (widened)
      r.notes.push_back(widenedNote(smallest, widenedListed, widenedListed == kWidened, skipped));
    if (pastSmallest)
      r.notes.push_back(
          std::string("the diagnoses of the smallest ") +
          (f.session().unitWeights() ? "size (" + std::to_string(smallest) +
                                           (smallest == 1 ? " statement)" : " statements)")
                                     : "weight (" + std::to_string(smallest) + ")") +
          (widened ? " (and of the next size, as the note above says)" : "") +
          ", as CFaults reports its optimal solutions; larger subset-minimal ones were not "
          "enumerated (--diagnoses all lists them)");
    else
      addNote(r, outOfTime ? stopNote(solve::StopReason::Timeout, "", p.options)
                           : stopNote(e->stopReason(), e->stopDetail(), p.options));
  } catch (const z3::exception& ex) {  // the memory bound hit outside a query
    addNote(r, std::string("solver: ") + ex.msg() + ": the diagnoses so far are shown");
  }
  f.finish(r);
  if (f.copies().size() < failing.size())
    r.notes.push_back(std::to_string(f.copies().size()) + " of " + std::to_string(failing.size()) +
                      " failing tests in the formula; each diagnosis was checked on the others");
  return r;
}

}  // namespace

TechniqueInfo cfaultsTechnique() {
  TechniqueInfo t;
  t.name = "cfaults";
  t.help = "formula-based: CFaults, one program formula for all failing tests (shared "
           "selectors); diagnoses that explain every failing test at once";
  t.kind = TechniqueKind::Diagnoses;
  t.scope = TechniqueScope::Suite;
  t.options = {"ints",          "suspect-inputs", "max-size",     "max-count",  "timeout",
               "total-timeout", "max-memory",     "query-rlimit", "weights",    "mcs-engine",
               "unwind",        "loop-bounds",    "loop-slack",   "macro-sites"};
  t.ownOptions = {maxFailingOption(), diagnosesOption()};
  t.counters = {
      {"tests", "failing tests in the formula"},
      {"checks", "candidate checks on failing tests outside it"},
      {"candidates", "MCSs of the formula examined"},
      {"learned", "clauses learned from other tests' program formulas"},
      {"built", "check formulas built (again when one let go is needed)"},
      {"borrowed", "tests explained by replaying values another test needed"},
      {"reused", "tests explained by values they needed for an earlier candidate"},
      {"skipped", "candidates of the next size left out for a forwarding statement"},
      {"forwarders", "diagnoses left out for a listed one that computes what they forward"}};
  t.run = cfaults;
  t.takesCounterexample = true;
  return t;
}

}  // namespace culprit::localize

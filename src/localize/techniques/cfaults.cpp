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
// The smallest diagnoses are widened too when each only sets a constant the failing tests need
// different values of (`return 0;`: constantOfValues).
// Until a diagnosis is listed, the formula has pf's first-MCS budget share (60% of --timeout),
// counted in CPU time and z3 resource units rather than on the wall clock (FirstBudget); a
// formula stopped by it or by the solver memory bound with no diagnosis falls back on pf's
// fallbacks for the first failing test (trace and angelic formulas), with a note (fallBack).
// The formula and the checks of a candidate on the other failing tests: cfaults_formula.h.
#include "localize/diagnose.h"
#include "localize/phases.h"
#include "localize/rank.h"
#include "localize/techniques/cfaults_formula.h"

#include <algorithm>
#include <chrono>
#include <fmt/format.h>
#include <map>
#include <set>

namespace culprit::localize {
namespace {

using cfaults_formula::AllTests;
using cfaults_formula::Copy;

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

/// Whether statement `stmt` of `d` sets a constant (`return 0;`, `x = 5;`) to which the failing
/// tests need different values: no change of the constant explains them all, only a new
/// expression, so the statement only stands for wherever the value was computed (bench/siemens
/// v11: `return 0;`, where the switch had lost the case that returned the target speed).
bool constantOfValues(const Problem& p, const Diagnosis& d, ir::StmtId stmt) {
  const ir::Stmt& s = p.program->stmt(stmt);
  const ir::Expr* e = ir::withoutVoidCast(s.expr.get());
  if (!e) return false;
  const ir::Expr* value = nullptr;
  if (s.role == ir::StmtRole::Return || s.kind == ir::StmtKind::Decl)
    value = e;
  else if (s.role == ir::StmtRole::Assign && e->kind == ir::ExprKind::Assign && e->ops.size() == 2)
    value = e->ops[1].get();
  if (!value || ir::peelCasts(*value).kind != ir::ExprKind::IntLit) return false;
  std::set<std::int64_t> values;
  for (const TestAngelic& t : d.perTest)
    for (const AngelicValue& a : t.angelic)
      if (a.stmt == stmt && !a.branch) values.insert(a.value);
  return values.size() > 1;
}

/// Whether the smallest diagnoses (`found`, of weight `smallest`) are widened to the next size,
/// whose first candidate weighs `next`: with unit weights, when every one of them only
/// forwards values (`aspect = compute_aspect();`) or sets a constant the tests need different
/// values of (constantOfValues): the output flows through such a statement, so it explains
/// every failing test at once and hides the statements that computed the value, which a fault
/// of two statements needs two of (bench/siemens v25). Diagnoses that merely hold a forwarding
/// statement beside another do not widen (v30: {175, 207} and {176, 207} widened to 18
/// diagnoses of size 3 and 20 s instead of 0.5 s).
bool widens(const Problem& p, const solve::Session& session, const std::vector<Diagnosis>& found,
            solve::Weight smallest, solve::Weight next) {
  if (!session.unitWeights() || next != smallest + 1) return false;
  return std::all_of(found.begin(), found.end(), [&](const Diagnosis& d) {
    return std::all_of(d.locations.begin(), d.locations.end(), [&](const Location& l) {
      return forwardsValue(*p.program, l.stmt) || constantOfValues(p, d, l.stmt);
    });
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
         " only forwards values (a copy, a return of a variable, a call's result) or sets a "
         "constant the failing tests need different values of: " +
         (cut ? "the first " + std::to_string(listed) : std::string("the")) +
         " diagnoses of size " + std::to_string(smallest + 1) +
         " without such a statement are listed too (" + std::to_string(skipped) +
         " with one left out" + (cut ? "; --diagnoses all lists every one)" : ")");
}

/// The note of a z3 exception outside a query: the memory bound's (so that the fallback
/// follows) when it is one.
std::string solverNote(const std::string& msg, const FormulaOptions& o) {
  if (o.maxMemoryMb && solve::Context::outOfMemory(msg))
    return stopNote(solve::StopReason::SolverUnknown, msg, o);
  return "solver: " + msg + ": the diagnoses so far are shown";
}

/// When the formula ended with no diagnosis, stopped by the solver's memory bound or by its
/// first-MCS budget (--timeout's share, as pf's: bench/contest, where one test's program
/// formula took seconds and hundreds of MB per query), pf's fallbacks on failing test `test`
/// in the time left: its flow-sensitive trace formula and its angelic formula's candidates
/// (diagnose.h, traceFallback). Their diagnoses are that test's alone, replayed on it.
void fallBack(const Problem& p, std::size_t test, std::chrono::steady_clock::time_point start,
              Result& r) {
  if (!needsTraceFallback(r)) return;
  FormulaTask task =
      formulaTask(*p.program, p.suite->tests.at(test), p.oracle, p.runOptions, p.options);
  task.coverage = p.coverage;
  traceFallback(task, start, r, /*angelic=*/true);
  for (Diagnosis& d : r.diagnoses)
    d.perTest = {{test, d.angelic, Feasibility::Unchecked}};
  r.notes.push_back("fallback: cfaults' formula of the failing tests found no diagnosis; the " +
                    std::to_string(r.diagnoses.size()) + " diagnoses shown are test " +
                    std::to_string(p.suite->tests[test].index) +
                    "'s alone, from pf's fallbacks, not checked on the other failing tests");
}

/// The formula's first-MCS budget, until a diagnosis is listed: pf's share of --timeout
/// (firstMcsBudgetSeconds), counted so that the load decides less when the fallback comes (on
/// the wall clock, bench/siemens v27 under a load of 20-23 fell back after 1.7 s of CPU, where
/// idle it lists 9 diagnoses): the process's CPU time since cfaults began, checked before each
/// candidate and each check on another test; each query of the formula within as many z3
/// resource units (kUnitsPerSecond per second of the budget: a query longer than the budget
/// stops where it would on any machine); and, so that the fallback keeps some of --timeout
/// however loaded the machine, the wall clock at kWallGuard of --timeout (the formula's
/// encoding and enumeration bounds and the checks' deadlines).
class FirstBudget {
public:
  /// z3 resource units per CPU second of the budget (query.h: 0.8-3 million per second
  /// unloaded on this project's formulas).
  static constexpr double kUnitsPerSecond = 2e6;
  static constexpr double kWallGuard = 0.7;

  explicit FirstBudget(const FormulaOptions& o, std::chrono::steady_clock::time_point start)
      : seconds_(firstMcsBudgetSeconds(o.timeoutSeconds)), cpuStartMs_(processCpuMs()) {
    if (seconds_ <= 0) return;
    wall_ = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(kWallGuard * o.timeoutSeconds));
    units_ = static_cast<unsigned>(std::min(seconds_ * kUnitsPerSecond, 4e9));
  }
  bool bounded() const { return seconds_ > 0; }
  /// The wall-clock guard (nullopt: no budget).
  std::optional<std::chrono::steady_clock::time_point> wall() const { return wall_; }
  /// Per-query resource units of the formula (0: no budget).
  unsigned units() const { return units_; }
  bool cpuSpent() const { return bounded() && processCpuMs() - cpuStartMs_ >= seconds_ * 1e3; }

  enum class Stop { None, Cpu, Units, Wall };
  /// The note of a formula this budget stopped by `how` with no diagnosis (stoppedByFirstMcsBudget
  /// reads it).
  std::string note(Stop how, const FormulaOptions& o) const {
    const std::string share = fmt::format("{:g} s of CPU ({:.0f}% of --timeout {:g})", seconds_,
                                          kFirstMcsShare * 100, o.timeoutSeconds);
    std::string why;
    switch (how) {
    case Stop::None:
    case Stop::Cpu: why = "that time was spent"; break;
    case Stop::Units:
      why = fmt::format("a query of the formula ran past {} z3 resource units, the budget's "
                        "(2 million per second)",
                        units_);
      break;
    case Stop::Wall:
      why = fmt::format("its queries ran until the wall clock reached {:.0f}% of --timeout, "
                        "the budget's guard (a query is not stopped by the CPU time)",
                        kWallGuard * 100);
      break;
    }
    return std::string(kFirstMcsNoteWords) + "cfaults' formula listed no diagnosis within " +
           share + ": " + why;
  }

private:
  double seconds_;
  double cpuStartMs_;
  std::optional<std::chrono::steady_clock::time_point> wall_;
  unsigned units_ = 0;
};

void enumerate(const Problem& p, const std::vector<std::size_t>& failing, Result& r,
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
    enumerate(shared, failing, r, start);
  } catch (const z3::exception& e) {  // the memory bound hit outside a query
    addNote(r, solverNote(e.msg(), p.options));
  }
  fallBack(p, failing.front(), start, r);
  return r;
}

void enumerate(const Problem& p, const std::vector<std::size_t>& failing, Result& r,
               std::chrono::steady_clock::time_point start) {
  const FirstBudget budget(p.options, start);
  const std::optional<std::chrono::steady_clock::time_point> firstBy = budget.wall();
  AllTests f(p, r, firstBy);
  std::vector<Copy> copies;
  for (std::size_t t : firstTests(p, failing))
    if (std::optional<Copy> c = f.encode(t)) copies.push_back(std::move(*c));
  if (!f.start(std::move(copies))) return;
  // The run's own per-query budget (--query-rlimit) stays in force where there is one.
  const bool unitsBound = budget.units() && !p.options.queryRlimit;
  if (unitsBound) f.session().setRlimit(budget.units());
  const double timeout = p.options.timeoutSeconds;
  std::unique_ptr<solve::McsEnumerator> e =
      makeEnumerator(f.task(), f.session(), timeout - secondsSince(start));
  const solve::Deadline whole =
      timeout > 0 ? solve::Deadline::after(timeout - secondsSince(start)) : solve::Deadline();
  // Until a diagnosis is listed, the first-MCS budget bounds the checks too: the fallback
  // needs the rest.
  std::optional<solve::Deadline> first;
  if (firstBy)
    first = solve::Deadline::after(
        std::chrono::duration<double>(*firstBy - std::chrono::steady_clock::now()).count());
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
  FirstBudget::Stop firstOut = FirstBudget::Stop::None;
  // The candidate whose checks on other failing tests time ran out in, before any diagnosis
  // was listed: shown, with a note, rather than nothing (unchecked).
  struct Pending {
    solve::Mcs mcs;
    std::set<ir::StmtId> stmts;
    std::vector<TestAngelic> others;
  };
  std::optional<Pending> pending;
  try {
    while (!outOfTime) {
      if (r.diagnoses.empty() && budget.cpuSpent()) {
        firstOut = FirstBudget::Stop::Cpu;
        break;
      }
      std::optional<solve::Mcs> mcs = [&] {
        const PhaseTimer phase("cfaults: enumerate");
        return e->candidate();
      }();
      if (!mcs) {
        if (r.diagnoses.empty() && budget.bounded()) {
          const std::string& why = e->stopDetail();
          if (e->stopReason() == solve::StopReason::Timeout &&
              why.starts_with(solve::kFirstMcsBudget))
            firstOut = FirstBudget::Stop::Wall;
          else if (unitsBound && e->stopReason() == solve::StopReason::SolverUnknown &&
                   (why.find("resource") != std::string::npos ||
                    why.find("no reason given") != std::string::npos))
            firstOut = FirstBudget::Stop::Units;
        }
        break;
      }
      const solve::Deadline& deadline = r.diagnoses.empty() && first ? *first : whole;
      if (smallestOnly && !r.diagnoses.empty() && mcs->weight > smallest + widened) {
        // Candidates come in nondecreasing weight: the optimum is done.
        if (!widened && widens(p, f.session(), r.diagnoses, smallest, mcs->weight)) {
          widened = true;
        } else {
          pastSmallest = true;
          break;
        }
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
        if (r.diagnoses.empty() && budget.cpuSpent()) {
          outOfTime = true;
          firstOut = FirstBudget::Stop::Cpu;
          pending = Pending{*mcs, stmts, std::move(others)};
          break;
        }
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
          if (r.diagnoses.empty() && first && !whole.expired()) firstOut = FirstBudget::Stop::Wall;
          if (r.diagnoses.empty()) pending = Pending{*mcs, stmts, std::move(others)};
          break;
        }
        if (std::optional<Copy> c = f.encode(t, !r.diagnoses.empty())) {
          f.add(std::move(*c));
          grew = true;
          break;
        }
      }
      if (grew || outOfTime) continue;  // the same enumeration, on the stronger formula
      if (r.diagnoses.empty()) {
        smallest = mcs->weight;
        if (unitsBound) f.session().setRlimit(0);  // the first-MCS budget is over
      }
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
      addNote(r, firstOut != FirstBudget::Stop::None ? budget.note(firstOut, p.options)
                 : outOfTime ? stopNote(solve::StopReason::Timeout, "", p.options)
                             : stopNote(e->stopReason(), e->stopDetail(), p.options));
  } catch (const z3::exception& ex) {  // the memory bound hit outside a query
    addNote(r, solverNote(ex.msg(), p.options));
  }
  f.finish(r);
  if (f.copies().size() < failing.size() && !r.diagnoses.empty())
    r.notes.push_back(std::to_string(f.copies().size()) + " of " + std::to_string(failing.size()) +
                      " failing tests in the formula; each diagnosis was checked on the others");
  if (r.diagnoses.empty() && pending) {
    const std::size_t checked = f.copies().size() + pending->others.size();
    r.diagnoses.push_back(
        diagnosisOf(p, f, pending->mcs, pending->stmts, std::move(pending->others)));
    r.notes.push_back(fmt::format(
        "the diagnosis shown is the formula's candidate when time ran out: it explains the {} "
        "failing tests it was checked on ({} in the formula) and was not checked on the other {}",
        checked, f.copies().size(), failing.size() - checked));
  }
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

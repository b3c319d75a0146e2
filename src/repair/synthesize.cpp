// Semantic repair: see synthesize.h.
#include "repair/synthesize.h"

#include "localize/sbfl.h"
#include "repair/hole_solver.h"
#include "repair/holes.h"
#include "repair/mutation.h"
#include "repair/several.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <tuple>

namespace culprit::repair::detail {
namespace {

constexpr unsigned kMaxRounds = 12;      ///< CEGIS rounds per constant hole
constexpr std::size_t kMaxRepairs = 10;  ///< repairs before the search stops
constexpr std::size_t kInitialFailing = 3, kInitialPassing = 2;
constexpr std::size_t kValuesCompared = 6;  ///< passing values of a constant hole compared
constexpr std::size_t kNearRepairs = 3;     ///< repairs one decimal edit away, per hole
constexpr std::size_t kWhereShown = 5;      ///< hole locations listed in the report, per kind

/// Statement scores for the holes: Ochiai over the suite's coverage, +1 for the statements of
/// the original failure's must set; `everyFailing` keeps only the statements every failing
/// test executes (the others are 0).
std::pair<std::vector<double>, std::vector<double>> statementScores(const RepairProblem& p,
                                                                    const RepairResult& r) {
  testing::SuiteOptions so;
  so.run = p.run;
  so.run.coverage = true;
  so.keepOutput = false;
  const testing::SuiteResult suite = testing::runSuite(*p.program, *p.suite, *p.oracle, so);
  const testing::CoverageMatrix coverage = testing::coverageMatrix(suite, p.program->stmts.size());
  std::vector<double> any =
      localize::statementScores(*p.program, coverage, localize::SbflFormula::Ochiai);
  for (std::uint32_t site : r.originalMust)
    if (site < r.sites.size() && r.sites[site].stmt != ir::kNone && any[r.sites[site].stmt] > 0)
      any[r.sites[site].stmt] += 1;
  std::vector<double> every = any;
  for (std::size_t t = 0; t < coverage.covered.size(); ++t)
    if (coverage.usable[t] && coverage.failing[t])
      for (std::size_t s = 0; s < every.size(); ++s)
        if (!coverage.covered[t][s]) every[s] = 0;
  return {std::move(every), std::move(any)};
}

class Synthesizer {
public:
  Synthesizer(const RepairProblem& p, const RepairOptions& o, Validator& v,
              const solve::Deadline& d, RepairResult& r)
      : problem_(p), validator_(v), deadline_(d), r_(r), encoder_(p, o),
        failing_(v.originalFailing()), passing_(v.originalPassing()) {}

  /// `searchStart`: when the whole search began (a repair's time is counted from there).
  void run(std::chrono::steady_clock::time_point searchStart) {
    const auto start = std::chrono::steady_clock::now();
    searchStart_ = searchStart;
    auto [every, any] = statementScores(problem_, r_);
    const std::vector<double> scores = any;
    std::size_t locations = 0;
    for (double s : every)
      if (s > 0) ++locations;
    r_.synthesis.locations = locations;
    HoleFinder finder(*problem_.program, std::move(every), std::move(any));
    for (HoleKind kind : {HoleKind::Constant, HoleKind::Variable, HoleKind::Operator,
                          HoleKind::Condition, HoleKind::Deletion}) {
      if (stopped()) {
        r_.synthesis.complete = false;
        break;
      }
      // Once a kind repairs, the cheap kinds after it still run (a variable read or an operator
      // may be the fault where a constant only fits the tests; the ranking by evidence chooses),
      // not the clauses of conditions: thousands of candidates, and a larger edit.
      if (found_ > 0 && kind == HoleKind::Condition) continue;
      const auto kindStart = std::chrono::steady_clock::now();
      HoleKindTried tried;
      tried.kind = holeKindName(kind);
      std::vector<Hole> holes = finder.find(kind);
      tried.holes = holes.size();
      for (Hole& h : holes) {
        if (stopped()) {
          r_.synthesis.complete = false;
          break;
        }
        if (tried.where.size() < kWhereShown) tried.where.push_back(where(h));
        if (kind == HoleKind::Constant)
          constant(h, tried);
        else
          enumerate(h, tried);
      }
      tried.ms = msSince(kindStart);
      r_.synthesis.kinds.push_back(std::move(tried));
    }
    if (found_ == 0 && !stopped()) severalPlaces(scores);
    r_.synthesis.ran = true;
    r_.synthesis.ms = msSince(start);
  }

private:
  const RepairProblem& problem_;
  Validator& validator_;
  const solve::Deadline& deadline_;
  RepairResult& r_;
  HoleEncoder encoder_;
  std::vector<std::size_t> failing_, passing_;
  std::size_t found_ = 0;
  std::chrono::steady_clock::time_point searchStart_;

  bool stopped() const { return deadline_.expired() || found_ >= kMaxRepairs; }

  std::string where(const Hole& h) const { return holeWhere(*problem_.program, h); }

  /// Validates alternative `k` of `one[0]` on the whole suite; the failing test, if any.
  Verdict validate(const std::vector<Site>& one, std::uint32_t k, HoleKindTried& tried) {
    ++tried.candidates;
    const Applied applied(one, {Mutation{0, k}});
    return validator_.check({}, false, deadline_, r_.stats);
  }

  /// Records alternative `k` of `site` as a repair: a site of its own with that alternative.
  void record(const Site& site, std::uint32_t k, HoleKind kind, HoleKindTried& tried) {
    Site s = onlyAlternative(site, k);
    s.id = static_cast<std::uint32_t>(r_.sites.size());
    r_.sites.push_back(std::move(s));
    Repair rep;
    rep.mutations = {Mutation{r_.sites.back().id, 1}};
    rep.foundBy = std::string("synthesis: ") + holeKindName(kind) + " hole";
    rep.verifiedBy = validator_.verifiedBy();
    rep.candidate = tried.candidates;
    rep.ms = msSince(searchStart_);
    r_.repairs.push_back(std::move(rep));
    ++tried.repairs;
    ++found_;
  }

  /// Holes at several places (several.h); the repair is validated once more on the suite.
  void severalPlaces(const std::vector<double>& scores) {
    const auto start = std::chrono::steady_clock::now();
    HoleKindTried tried;
    tried.kind = "several places";
    std::vector<PlaceChange> changes =
        repairSeveralPlaces(problem_, encoder_, scores, deadline_, tried);
    if (!changes.empty()) {
      std::vector<Site> sites;
      std::vector<Mutation> all;
      for (const PlaceChange& c : changes) {
        all.push_back({static_cast<std::uint32_t>(sites.size()), 1});
        sites.push_back(c.site);
      }
      Verdict v;
      {
        const Applied applied(sites, all);
        v = validator_.check({}, false, deadline_, r_.stats);
      }
      if (v.kind == Verdict::Kind::Passes) {
        Repair rep;
        std::string kinds;
        for (const PlaceChange& c : changes) {
          Site s = c.site;
          s.id = static_cast<std::uint32_t>(r_.sites.size());
          r_.sites.push_back(std::move(s));
          rep.mutations.push_back({r_.sites.back().id, 1});
          kinds += (kinds.empty() ? "" : ", ") + std::string(holeKindName(c.kind));
        }
        rep.foundBy = fmt::format("synthesis: holes at {} places ({})", changes.size(), kinds);
        rep.verifiedBy = validator_.verifiedBy();
        rep.candidate = tried.candidates;
        rep.ms = msSince(searchStart_);
        r_.repairs.push_back(std::move(rep));
        ++tried.repairs;
        ++found_;
      }
    }
    tried.ms = msSince(start);
    r_.synthesis.kinds.push_back(std::move(tried));
  }

  /// The alternatives of `h` that pass the suite: for a variable or an operator every one, up
  /// to kNearRepairs (the first to pass may only fit the tests, as `y` for `v1` where the tests
  /// never tell them apart; the ranking by evidence puts the one equivalent to the golden
  /// first); for the clauses of a condition, thousands, the first.
  void enumerate(const Hole& h, HoleKindTried& tried) {
    const std::vector<Site> one{h.site};
    const std::size_t wanted =
        h.kind == HoleKind::Variable || h.kind == HoleKind::Operator ? kNearRepairs : 1;
    std::size_t found = 0;
    for (std::uint32_t k = 1; k <= one[0].count() && found < wanted && !stopped(); ++k) {
      if (validate(one, k, tried).kind != Verdict::Kind::Passes) continue;
      record(one[0], k, h.kind, tried);
      ++found;
    }
  }

  /// CEGIS on a constant hole (synthesize.h): first among the values one decimal edit away
  /// from the original (a developer's slip: `y % 40` for `y % 400`), every one that passes
  /// the suite, up to kNearRepairs, those that drop or add a digit first; when none does,
  /// values ever farther (HoleSolver::scopes), and of the first few that pass in the first
  /// scope with one, the one with the fewest decimal edits.
  void constant(const Hole& h, HoleKindTried& tried) {
    if (failing_.empty()) return;
    if (encoder_.usesNondet()) return byRuns(h, tried);
    std::vector<ir::Expr*> literals{h.site.expr};
    literals.insert(literals.end(), h.site.uses.begin(), h.site.uses.end());
    HoleSolver solver(encoder_, literals, h.type, h.divisor);
    if (!solver.addTest(failing_.front())) return byRuns(h, tried);
    std::int64_t any = 0;  // most holes cannot repair the first failing test: one encoding says so
    if (solver.solve(deadline_, any) != HoleSolver::Answer::Value) {
      tried.solverQueries += solver.queries;
      noteUndecided(solver, where(h), tried);
      return;
    }
    for (std::size_t i = 1; i < failing_.size() && i < kInitialFailing; ++i)
      solver.addTest(failing_[i]);
    for (std::size_t i = 0; i < passing_.size() && i < kInitialPassing; ++i)
      solver.addTest(passing_[i]);
    const std::int64_t original = h.site.expr->value;
    solver.restrict(nearValues(h), original);
    std::vector<std::int64_t> near;
    for (const HoleSolver::Scope& scope : HoleSolver::scopes()) {
      if (scope.among) {
        near = cegis(solver, h, tried, scope, kMaxRounds, kNearRepairs);
      } else {
        std::vector<std::int64_t> any = cegis(solver, h, tried, scope, kMaxRounds, kValuesCompared);
        if (!any.empty())
          near = {*std::min_element(any.begin(), any.end(),
                                    [&](auto a, auto b) { return moreNatural(h, a, b); })};
      }
      if (!near.empty() || stopped()) break;
    }
    tried.solverQueries += solver.queries;
    noteUndecided(solver, where(h), tried);
    std::sort(near.begin(), near.end(),
              [&](std::int64_t a, std::int64_t b) { return moreNatural(h, a, b); });
    std::vector<Site> one{h.site};
    for (std::int64_t v : near) {
      one[0].alternatives.values = {v};
      one[0].alternatives.spellings = {valueSpelling(h, v)};
      record(one[0], 1, h.kind, tried);
    }
  }

  /// A constant hole the solver cannot take (the oracle's expected output text is not encoded,
  /// the program reads nondet values): the values one decimal edit away and those within
  /// kNearby of the original, most natural first, validated by concrete runs; the first
  /// kNearRepairs that pass are repairs.
  void byRuns(const Hole& h, HoleKindTried& tried) {
    constexpr std::int64_t kNearby = 10;
    const std::int64_t original = h.site.expr->value;
    std::vector<std::int64_t> values = nearValues(h);
    for (std::int64_t d = -kNearby; d <= kNearby && !h.character; ++d) {
      const __int128 v = static_cast<__int128>(original) + d;
      if (d != 0 && v >= INT32_MIN && v <= INT32_MAX &&
          std::find(values.begin(), values.end(), static_cast<std::int64_t>(v)) == values.end())
        values.push_back(static_cast<std::int64_t>(v));
    }
    std::stable_sort(values.begin(), values.end(),
                     [&](std::int64_t a, std::int64_t b) { return moreNatural(h, a, b); });
    std::vector<Site> one{h.site};
    std::size_t found = 0;
    for (std::int64_t v : values) {
      if (stopped() || found >= kNearRepairs) break;
      if (h.divisor && v == 0) continue;
      one[0].alternatives.values = {v};
      one[0].alternatives.spellings = {valueSpelling(h, v)};
      if (validate(one, 1, tried).kind != Verdict::Kind::Passes) continue;
      record(one[0], 1, h.kind, tried);
      ++found;
    }
  }

  /// The CEGIS loop: values (in `scope`) that pass the suite, at
  /// most `wanted`, in at most `rounds` solver answers.
  std::vector<std::int64_t> cegis(HoleSolver& solver, const Hole& h, HoleKindTried& tried,
                                  HoleSolver::Scope scope, unsigned rounds, std::size_t wanted) {
    std::vector<Site> one{h.site};
    std::vector<std::int64_t> passing;
    for (unsigned round = 0; round < rounds && passing.size() < wanted && !stopped(); ++round) {
      std::int64_t value = 0;
      const HoleSolver::Answer a = solver.solve(deadline_, value, scope);
      if (a != HoleSolver::Answer::Value) break;
      one[0].alternatives.values = {value};
      const Verdict v = validate(one, 1, tried);
      solver.block(value);
      if (v.kind == Verdict::Kind::Passes)
        passing.push_back(value);
      else if (v.failedTest && !solver.has(*v.failedTest))
        solver.addTest(*v.failedTest);
    }
    return passing;
  }
};

}  // namespace

void synthesize(const RepairProblem& problem, const RepairOptions& options, Validator& validator,
                const solve::Deadline& deadline, std::chrono::steady_clock::time_point searchStart,
                RepairResult& r) {
  if (!problem.suite) {
    r.synthesis.skipped = "semantic repair needs a test suite (--tests)";
    return;
  }
  Synthesizer(problem, options, validator, deadline, r).run(searchStart);
}

}  // namespace culprit::repair::detail

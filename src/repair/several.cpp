// Semantic repair at several places: see several.h.
#include "repair/several.h"

#include "localize/sbfl.h"
#include "repair/mutation.h"

#include <algorithm>
#include <memory>
#include <set>

namespace culprit::repair::detail {
namespace {

constexpr std::size_t kMaxPlaces = 3;
constexpr std::size_t kTargets = 3;  ///< failing tests tried as a step's target
constexpr unsigned kMaxRounds = 12;  ///< CEGIS rounds per constant hole
constexpr std::size_t kInitialPassing = 2;

class Greedy {
public:
  Greedy(const RepairProblem& p, HoleEncoder& encoder, const std::vector<double>& scores,
         const solve::Deadline& deadline, HoleKindTried& tried)
      : problem_(p), encoder_(encoder), scores_(scores), deadline_(deadline), tried_(tried),
        runs_(p) {}

  std::vector<PlaceChange> run() {
    std::vector<std::unique_ptr<Applied>> applied;
    std::vector<PlaceChange> changes;
    runs_.partition(failing_, passing_);
    while (!failing_.empty() && changes.size() < kMaxPlaces && !deadline_.expired()) {
      std::optional<PlaceChange> step = improve(changes);
      if (!step) break;
      changes.push_back(std::move(*step));
      applied.push_back(std::make_unique<Applied>(std::vector<Site>{changes.back().site},
                                                  std::vector<Mutation>{{0, 1}}));
      runs_.partition(failing_, passing_);
    }
    const bool repaired = failing_.empty();
    while (!applied.empty())
      applied.pop_back();  // undone in reverse order
    if (!repaired) return {};
    return minimal(std::move(changes));
  }

private:
  const RepairProblem& problem_;
  HoleEncoder& encoder_;
  const std::vector<double>& scores_;
  const solve::Deadline& deadline_;
  HoleKindTried& tried_;
  SuiteRuns runs_;
  std::vector<std::size_t> failing_, passing_;

  /// The scores of the statements test `test` executes on the program as it is (0 for the
  /// others).
  std::vector<double> covered(std::size_t test) const {
    exec::RunOptions o = problem_.run;
    o.coverage = true;
    const exec::RunResult r = exec::run(*problem_.program, problem_.suite->tests[test].input, o);
    std::vector<double> out(problem_.program->stmts.size(), 0.0);
    for (std::size_t s = 0; s < out.size() && s < r.stmtHits.size(); ++s)
      out[s] = r.stmtHits[s] && s < scores_.size() ? std::max(scores_[s], 1e-6) : 0.0;
    return out;
  }

  /// A change, at a statement no earlier change touches, that makes one of the first failing
  /// tests pass and keeps every passing test passing.
  std::optional<PlaceChange> improve(const std::vector<PlaceChange>& changes) {
    std::set<ir::StmtId> changed;
    for (const PlaceChange& c : changes)
      changed.insert(c.site.stmt);
    for (std::size_t t = 0; t < failing_.size() && t < kTargets; ++t) {
      const std::size_t target = failing_[t];
      const std::vector<double> scores = covered(target);
      HoleFinder finder(*problem_.program, scores, scores);
      for (HoleKind kind : {HoleKind::Constant, HoleKind::Variable, HoleKind::Operator,
                            HoleKind::Condition, HoleKind::Deletion})
        for (const Hole& h : finder.find(kind)) {
          if (deadline_.expired()) return std::nullopt;
          if (changed.count(h.site.stmt)) continue;
          ++tried_.holes;
          std::optional<Site> s =
              kind == HoleKind::Constant ? constant(h, target) : enumerate(h, target);
          if (s) return PlaceChange{std::move(*s), kind};
        }
    }
    return std::nullopt;
  }

  /// `target` passes and every passing test still does with `one[0]`'s alternative k.
  bool accepted(const std::vector<Site>& one, std::uint32_t k, std::size_t target,
                std::optional<std::size_t>* rejectedBy = nullptr) {
    ++tried_.candidates;
    const Applied applied(one, {Mutation{0, k}});
    if (!runs_.passes(target)) return false;
    const std::optional<std::size_t> broken = runs_.firstFailing(passing_);
    if (rejectedBy) *rejectedBy = broken;
    return !broken;
  }

  std::optional<Site> enumerate(const Hole& h, std::size_t target) {
    const std::vector<Site> one{h.site};
    for (std::uint32_t k = 1; k <= one[0].count() && !deadline_.expired(); ++k)
      if (accepted(one, k, target)) return onlyAlternative(one[0], k);
    return std::nullopt;
  }

  /// CEGIS on `target` and the passing tests that reject values, in HoleSolver::scopes()'s
  /// order (one decimal edit away first).
  std::optional<Site> constant(const Hole& h, std::size_t target) {
    if (encoder_.usesNondet()) return std::nullopt;
    std::vector<ir::Expr*> literals{h.site.expr};
    literals.insert(literals.end(), h.site.uses.begin(), h.site.uses.end());
    HoleSolver solver(encoder_, literals, h.type, h.divisor);
    if (!solver.addTest(target)) return std::nullopt;
    std::int64_t any = 0;  // most holes cannot repair the target: one encoding says so
    if (solver.solve(deadline_, any) != HoleSolver::Answer::Value) {
      tried_.solverQueries += solver.queries;
      noteUndecided(solver, holeWhere(*problem_.program, h), tried_);
      return std::nullopt;
    }
    for (std::size_t i = 0; i < passing_.size() && i < kInitialPassing; ++i)
      solver.addTest(passing_[i]);
    solver.restrict(nearValues(h), h.site.expr->value);
    std::optional<Site> found;
    for (const HoleSolver::Scope& scope : HoleSolver::scopes()) {
      for (unsigned round = 0; round < kMaxRounds && !found && !deadline_.expired(); ++round) {
        std::int64_t value = 0;
        const HoleSolver::Answer a = solver.solve(deadline_, value, scope);
        if (a != HoleSolver::Answer::Value) break;
        std::vector<Site> one{h.site};
        one[0].alternatives.values = {value};
        one[0].alternatives.spellings = {valueSpelling(h, value)};
        std::optional<std::size_t> rejectedBy;
        if (accepted(one, 1, target, &rejectedBy)) found = one[0];
        solver.block(value);
        if (rejectedBy && !solver.has(*rejectedBy)) solver.addTest(*rejectedBy);
      }
      if (found) break;
    }
    tried_.solverQueries += solver.queries;
    noteUndecided(solver, holeWhere(*problem_.program, h), tried_);
    return found;
  }

  /// Drops each change without which every test still passes.
  std::vector<PlaceChange> minimal(std::vector<PlaceChange> changes) {
    for (std::size_t i = changes.size(); i-- > 0 && changes.size() > 1;) {
      std::vector<Site> others;
      for (std::size_t j = 0; j < changes.size(); ++j)
        if (j != i) others.push_back(changes[j].site);
      std::vector<Mutation> all;
      for (std::uint32_t j = 0; j < others.size(); ++j)
        all.push_back({j, 1});
      const Applied applied(others, all);
      std::vector<std::size_t> f, p;
      runs_.partition(f, p);
      if (f.empty()) changes.erase(changes.begin() + static_cast<std::ptrdiff_t>(i));
    }
    return changes;
  }
};

}  // namespace

SuiteRuns::SuiteRuns(const RepairProblem& problem) : problem_(problem), run_(problem.run) {
  std::uint64_t longest = 0;
  for (const testing::TestCase& t : problem.suite->tests) {
    expected_.push_back(testing::expectedFor(t, *problem.oracle, run_));
    longest = std::max(longest, exec::run(*problem.program, t.input, run_).steps);
  }
  run_.stepLimit = std::min<std::uint64_t>(problem.run.stepLimit,
                                           std::max<std::uint64_t>(100'000, 10 * longest));
  run_.coverage = run_.trace = false;
  run_.observer = nullptr;
}

bool SuiteRuns::passes(std::size_t test) {
  ++runs;
  const testing::TestCase& t = problem_.suite->tests[test];
  return testing::judgeAgainst(*problem_.program, t, exec::run(*problem_.program, t.input, run_),
                               expected_[test])
             .outcome == testing::Outcome::Pass;
}

std::optional<std::size_t> SuiteRuns::firstFailing(std::vector<std::size_t>& tests) {
  for (std::size_t k = 0; k < tests.size(); ++k)
    if (!passes(tests[k])) {
      std::rotate(tests.begin(), tests.begin() + static_cast<std::ptrdiff_t>(k),
                  tests.begin() + static_cast<std::ptrdiff_t>(k) + 1);
      return tests.front();
    }
  return std::nullopt;
}

void SuiteRuns::partition(std::vector<std::size_t>& failing, std::vector<std::size_t>& passing) {
  failing.clear(), passing.clear();
  for (std::size_t i = 0; i < expected_.size(); ++i)
    if (expected_[i].error.empty()) (passes(i) ? passing : failing).push_back(i);
}

std::vector<PlaceChange> repairSeveralPlaces(const RepairProblem& problem, HoleEncoder& encoder,
                                             const std::vector<double>& scores,
                                             const solve::Deadline& deadline,
                                             HoleKindTried& tried) {
  return Greedy(problem, encoder, scores, deadline, tried).run();
}

}  // namespace culprit::repair::detail

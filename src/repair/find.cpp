// The entry of repair (repair.h): the search (search.h) on the tests kept for it (--holdout),
// then the evidence for each repair — the held-out tests it passes, its bounded equivalence with
// the golden program (equivalence.h) — and their order; or, when nothing was found, what was
// tried and what to try next.
#include "repair/equivalence.h"
#include "repair/hole_solver.h"
#include "repair/mutation.h"
#include "repair/repair.h"
#include "repair/search.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <tuple>

namespace culprit::repair {
namespace {

/// The tests held out of the search (RepairOptions::holdoutPercent): test i when a fixed hash of
/// i falls below the percentage, except the first test the program fails (so that the search
/// has one to repair).
std::vector<bool> heldOut(const RepairProblem& p, unsigned percent) {
  const auto& tests = p.suite->tests;
  std::vector<bool> out(tests.size(), false);
  for (std::size_t i = 0; i < tests.size(); ++i) {
    std::uint64_t z = static_cast<std::uint64_t>(i) + 0x9e3779b97f4a7c15u;  // splitmix64
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    out[i] = (z ^ (z >> 31)) % 100u < percent;
  }
  exec::RunOptions run = p.run;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const testing::Expected want = testing::expectedFor(tests[i], *p.oracle, run);
    if (!want.error.empty()) continue;
    if (testing::judgeAgainst(*p.program, tests[i], exec::run(*p.program, tests[i].input, run),
                              want)
            .outcome != testing::Outcome::Pass) {
      out[i] = false;
      break;
    }
  }
  return out;
}

/// Held-out tests `held` (of the suite) each repair of `r` passes.
void judgeHeldOut(const RepairProblem& p, const std::vector<bool>& held, RepairResult& r) {
  const auto& tests = p.suite->tests;
  std::vector<testing::Expected> expected(tests.size());
  for (std::size_t i = 0; i < tests.size(); ++i)
    if (held[i]) expected[i] = testing::expectedFor(tests[i], *p.oracle, p.run);
  for (Repair& rep : r.repairs) {
    const Applied applied(r.sites, rep.mutations);
    std::size_t& passed = rep.holdoutPassed.emplace(0);
    for (std::size_t i = 0; i < tests.size(); ++i)
      if (held[i] && expected[i].error.empty() &&
          testing::judgeAgainst(*p.program, tests[i], exec::run(*p.program, tests[i].input, p.run),
                                expected[i])
                  .outcome == testing::Outcome::Pass)
        ++passed;
  }
}

/// What the searches tried and what to try next, for a result without repairs.
void explainNothingFound(const RepairOptions& o, RepairResult& r) {
  r.tried.push_back(fmt::format(
      "mutation level {} with up to {} changes at {} sites: {} candidates validated ({})", o.level,
      o.maxMutations, r.stats.sites, r.stats.candidates,
      r.complete ? "search complete" : "search cut short"));
  const SynthesisReport& syn = r.synthesis;
  if (!syn.ran) {
    r.tried.push_back("semantic repair: not run (" +
                      (syn.skipped.empty() ? std::string("--no-synthesize") : syn.skipped) + ")");
  } else {
    for (const HoleKindTried& k : syn.kinds) {
      std::string line =
          k.kind == "several places"
              ? fmt::format("semantic repair at up to 3 places, one hole at a time (greedy): {} "
                            "holes at the statements the first failing tests execute, {} "
                            "replacements validated",
                            k.holes, k.candidates)
              : fmt::format("semantic repair, {} holes: {} at the {} statements every failing "
                            "test executes, {} replacements validated",
                            k.kind, k.holes, syn.locations, k.candidates);
      if (k.solverQueries) line += fmt::format(", {} solver queries", k.solverQueries);
      if (k.undecided)
        line += fmt::format(
            ", {} undecided by the solver within its budget (--hole-timeout, --hole-rlimit)",
            k.undecided);
      if (!k.where.empty()) {
        line += "; most suspicious first: ";
        for (std::size_t i = 0; i < k.where.size(); ++i)
          line += (i ? ", " : "") + k.where[i];
      }
      r.tried.push_back(line);
    }
    if (!syn.complete) r.tried.push_back("semantic repair was cut short by --timeout");
  }
  if (o.level < 2)
    r.suggestions.push_back("--level 2: every operator of its class, constants C+-2, 1, -1");
  if (o.maxMutations < 3)
    r.suggestions.push_back(
        fmt::format("--max-mutations {}: faults at more places at once", o.maxMutations + 1));
  if (!syn.ran && syn.skipped.empty())
    r.suggestions.push_back("--synthesize: holes for constants, variables, conditions, deletions");
  if (!r.complete || !syn.complete) r.suggestions.push_back("a larger --timeout");
  std::size_t undecided = 0;
  for (const HoleKindTried& k : syn.kinds)
    undecided += k.undecided;
  if (undecided)
    r.suggestions.push_back(fmt::format(
        "a larger --hole-timeout or --hole-rlimit: the solver left {} holes undecided", undecided));
  if (syn.ran)
    r.suggestions.push_back(
        "semantic repair adds no code and changes at most 3 places, one at a time: for missing "
        "code or a fault at more places, read `culprit localize`'s diagnoses, or repair with "
        "the tests of one symptom at a time");
  if (!r.originalMust.empty())
    r.suggestions.push_back("the must set above lists places every repair changes: a fault "
                            "outside the holes tried (missing code, a call) is to be edited there");
}

RepairResult searchWithHoldout(const RepairProblem& problem, const RepairOptions& options) {
  if (!problem.suite || options.holdoutPercent == 0) return detail::searchRepairs(problem, options);
  const std::vector<bool> held = heldOut(problem, options.holdoutPercent);
  testing::TestSuite kept = *problem.suite;
  kept.tests.clear();
  for (std::size_t i = 0; i < problem.suite->tests.size(); ++i)
    if (!held[i]) kept.tests.push_back(problem.suite->tests[i]);
  RepairProblem inner = problem;
  inner.suite = &kept;
  RepairResult r = detail::searchRepairs(inner, options);
  r.holdout.searchTests = kept.tests.size();
  r.holdout.tests = problem.suite->tests.size() - kept.tests.size();
  judgeHeldOut(problem, held, r);
  return r;
}

/// Each repair's bounded equivalence with the golden program (equivalence.h), while the time
/// bound lasts.
void checkEquivalences(const RepairProblem& p, const RepairOptions& o,
                       const solve::Deadline& deadline, RepairResult& r) {
  for (Repair& rep : r.repairs) {
    if (!p.suite) {
      rep.equivalence = "no golden program: verified against the assertions instead";
    } else if (!p.oracle || !p.oracle->golden) {
      rep.equivalence = "no golden program (--golden)";
    } else if (o.equivalenceSeconds <= 0) {
      rep.equivalence = "not checked (--equivalence-timeout 0)";
    } else if (deadline.expired()) {
      rep.equivalence = "not checked: the time bound (--timeout) was reached";
    } else {
      const Applied applied(r.sites, rep.mutations);
      const solve::Deadline own = solve::Deadline::after(
          std::min(o.equivalenceSeconds,
                   deadline.bounded() ? deadline.remainingMs() / 1000.0 : o.equivalenceSeconds));
      const detail::Equivalence e = detail::checkEquivalence(p, o, own);
      rep.equivalentToGolden = e.equivalent;
      rep.equivalence = e.note;
      rep.distinguishingStdin = e.distinguishingStdin;
    }
  }
}

/// The size of a repair's edits: characters changed, over its changes.
std::size_t editSize(const RepairResult& r, const Repair& rep) {
  std::size_t n = 0;
  for (const Mutation& m : rep.mutations) {
    const Site& s = r.sites[m.site];
    n += detail::editDistance(s.original, alternativeText(s, m.alternative));
  }
  return n;
}

/// Equivalent to the golden first, then undecided, then not; then fewer changes; then smaller
/// edits; then as found.
void order(RepairResult& r) {
  const auto rank = [](const Repair& rep) {
    return !rep.equivalentToGolden ? 1 : *rep.equivalentToGolden ? 0 : 2;
  };
  std::vector<std::pair<std::size_t, Repair>> keyed;
  for (Repair& rep : r.repairs)
    keyed.emplace_back(editSize(r, rep), std::move(rep));
  std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
    return std::make_tuple(rank(a.second), a.second.mutations.size(), a.first) <
           std::make_tuple(rank(b.second), b.second.mutations.size(), b.first);
  });
  r.repairs.clear();
  for (auto& [size, rep] : keyed)
    r.repairs.push_back(std::move(rep));
}

}  // namespace

RepairResult findRepairs(const RepairProblem& problem, const RepairOptions& options) {
  const solve::Deadline deadline = options.timeoutSeconds > 0
                                       ? solve::Deadline::after(options.timeoutSeconds)
                                       : solve::Deadline{};
  const auto start = std::chrono::steady_clock::now();
  const auto msSince = [](std::chrono::steady_clock::time_point from) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - from)
        .count();
  };
  RepairResult r = searchWithHoldout(problem, options);
  const auto equivalence = std::chrono::steady_clock::now();
  checkEquivalences(problem, options, deadline, r);
  r.stats.equivalenceMs = msSince(equivalence);
  order(r);
  if (r.repairs.empty()) explainNothingFound(options, r);
  r.stats.totalMs = msSince(start);
  return r;
}

}  // namespace culprit::repair

// The repair search (AllRepair / fl-AllRepair): see repair.h.
//
// Candidates are enumerated by exact number of changes s = 1, 2, ...: every smaller candidate
// has been validated or contains a repair, so a passing candidate is a minimal repair.
// Blocking:
//  - repair R: every candidate containing R (its supersets are not minimal);
//  - failing candidate C with must set F: every candidate that agrees with C on F (it fails
//    the same way: the must property, localize/must.h);
//  - failing candidate C without one (plain AllRepair): C alone, which the enumeration never
//    proposes again.
// Departure from AllRepair: the papers generate candidates with a SAT solver over "alternative
// k at site l" and blocking clauses; here an enumeration with the blocks indexed by the
// mutations they pin gives the same candidates. z3 took 1.4 ms per candidate on the
// Siemens-style subject (0.5 ms to solve, 0.8 ms to hand over the model), more than
// validating it; a lookup takes microseconds.
// The original program is validated first: its must set is the report's and, with must sets,
// blocks the candidates that leave all of it alone.
#include "repair/search.h"
#include "repair/mutation.h"
#include "repair/repair.h"
#include "repair/synthesize.h"
#include "repair/validate.h"

#include <chrono>
#include <map>
#include <set>

namespace culprit::repair {
namespace {

using detail::msSince;

/// The candidates of one size in a fixed order (sites ascending, alternatives fastest), minus
/// those blocked. Blocks are kept by the mutations they pin: a must block of candidate C with
/// must set F pins C's mutations at F's sites (P) and forbids any other change in F, so a
/// candidate is blocked iff some subset of its mutations is a pinned set P whose F it does not
/// otherwise touch; a repair blocks the candidates that contain it. A candidate of s changes
/// has 2^s subsets to look up.
class Generator {
public:
  explicit Generator(const std::vector<Site>& sites) : sites_(sites) {}

  /// The next unblocked candidate of exactly `size` changes (nullopt: none left, or the
  /// deadline passed: see timedOut()).
  std::optional<std::vector<Mutation>> next(unsigned size, const solve::Deadline& deadline) {
    if (size != size_ || !started_) start(size);
    for (std::uint64_t n = 0; !exhausted_; ++n) {
      if ((n & 4095) == 4095 && deadline.expired()) {
        timedOut_ = true;
        return std::nullopt;
      }
      std::vector<Mutation> c(size_);
      for (unsigned i = 0; i < size_; ++i)
        c[i] = Mutation{sites_[at_[i]].id, alt_[i]};
      advance();
      switch (blocked(c)) {
      case Block::None: return c;
      case Block::Repair: ++prunedByRepairs; break;
      case Block::Original: ++prunedByOriginal; break;
      case Block::Candidate: ++prunedByCandidates; break;
      }
    }
    return std::nullopt;
  }
  bool timedOut() const { return timedOut_; }
  /// Candidates skipped, by what blocked them: a repair they contain, the original failure's
  /// must set, a failing candidate's must set.
  std::uint64_t prunedByRepairs = 0, prunedByOriginal = 0, prunedByCandidates = 0;

  void blockSupersets(const std::vector<Mutation>& repair) { repairs_.insert(repair); }

  /// Every candidate that agrees with `c` on `sites` (a must set) fails.
  void blockAgreeing(const std::vector<Mutation>& c, const std::vector<std::uint32_t>& sites) {
    std::vector<bool> in(sites_.size(), false);
    for (std::uint32_t l : sites)
      if (l < in.size()) in[l] = true;
    std::vector<Mutation> pinned;
    for (const Mutation& m : c)
      if (in[m.site]) pinned.push_back(m);
    pins_[pinned].push_back({std::move(in), c.empty()});
  }

private:
  const std::vector<Site>& sites_;
  std::set<std::vector<Mutation>> repairs_;
  struct MustBlock {
    std::vector<bool> in;  ///< the must set, by site
    bool original = false;
  };
  std::map<std::vector<Mutation>, std::vector<MustBlock>> pins_;
  enum class Block { None, Repair, Original, Candidate };
  unsigned size_ = 0;
  bool started_ = false, exhausted_ = false, timedOut_ = false;
  std::vector<std::uint32_t> at_, alt_;  ///< the next candidate: its sites and alternatives

  void start(unsigned size) {
    size_ = size;
    started_ = true;
    exhausted_ = size == 0 || size > sites_.size();
    at_.resize(size);
    alt_.assign(size, 1);
    for (unsigned i = 0; i < size; ++i)
      at_[i] = i;
  }

  /// The odometer: alternatives first (last slot fastest), then the next site combination.
  void advance() {
    for (unsigned i = size_; i-- > 0;)
      if (alt_[i] < sites_[at_[i]].count()) {
        ++alt_[i];
        return;
      } else {
        alt_[i] = 1;
      }
    const auto n = static_cast<std::uint32_t>(sites_.size());
    for (unsigned i = size_; i-- > 0;)
      if (at_[i] < n - (size_ - i)) {
        ++at_[i];
        for (unsigned j = i + 1; j < size_; ++j)
          at_[j] = at_[j - 1] + 1;
        return;
      }
    exhausted_ = true;
  }

  Block blocked(const std::vector<Mutation>& c) const {
    const unsigned subsets = 1u << c.size();
    std::vector<Mutation> q;
    for (unsigned mask = 0; mask < subsets; ++mask) {
      q.clear();
      for (unsigned i = 0; i < c.size(); ++i)
        if (mask & (1u << i)) q.push_back(c[i]);
      if (!q.empty() && repairs_.count(q)) return Block::Repair;
      auto it = pins_.find(q);
      if (it == pins_.end()) continue;
      for (const MustBlock& b : it->second) {
        bool touches = false;  // another change of c in the must set
        for (unsigned i = 0; i < c.size() && !touches; ++i)
          touches = !(mask & (1u << i)) && b.in[c[i].site];
        if (!touches) return b.original ? Block::Original : Block::Candidate;
      }
    }
    return Block::None;
  }
};

/// When to compute a failing candidate's must set (RepairOptions::Must::Adaptive): when the
/// candidates a must set has pruned on average, times the time a failing candidate takes to
/// validate, exceeds the time a must set takes. The first 16 failing candidates get one (to
/// measure), and every 256th afterwards (to follow the averages as blocks overlap).
class MustPolicy {
public:
  explicit MustPolicy(RepairOptions::Must mode) : mode_(mode) {}
  bool wanted() const {
    if (mode_ != RepairOptions::Must::Adaptive) return mode_ == RepairOptions::Must::Every;
    if (musts_ < 16 || failing_ % 256 == 0) return true;
    const double pruned = static_cast<double>(pruned_) / static_cast<double>(musts_);
    return pruned * validateMs_ / static_cast<double>(failing_) >
           mustMs_ / static_cast<double>(musts_);
  }
  /// A failing candidate took `validateMs` to validate and `mustMs` for its must set.
  void failed(double validateMs, double mustMs, bool withMust) {
    ++failing_;
    validateMs_ += validateMs;
    if (withMust) ++musts_, mustMs_ += mustMs;
  }
  void setPruned(std::uint64_t pruned) { pruned_ = pruned; }

private:
  RepairOptions::Must mode_;
  std::uint64_t failing_ = 0, musts_ = 0, pruned_ = 0;
  double validateMs_ = 0, mustMs_ = 0;
};

/// Candidates with 1 to `maxChanges` changes: sum over site subsets of the product of their
/// alternative counts.
double spaceSize(const std::vector<Site>& sites, unsigned maxChanges) {
  std::vector<double> bySize(maxChanges + 1, 0.0);
  bySize[0] = 1;
  for (const Site& s : sites)
    for (unsigned k = maxChanges; k >= 1; --k)
      bySize[k] += bySize[k - 1] * s.count();
  double total = 0;
  for (unsigned k = 1; k <= maxChanges; ++k)
    total += bySize[k];
  return total;
}

}  // namespace

RepairResult detail::searchRepairs(const RepairProblem& problem, const RepairOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const solve::Deadline deadline = options.timeoutSeconds > 0
                                       ? solve::Deadline::after(options.timeoutSeconds)
                                       : solve::Deadline{};
  RepairResult r;
  r.sites = findSites(*problem.program, options.level);
  r.stats.sites = r.sites.size();
  r.stats.space = spaceSize(r.sites, options.maxMutations);
  std::unique_ptr<detail::Validator> validator =
      problem.suite ? detail::testValidator(problem, r.sites, options)
                    : detail::formulaValidator(problem, r.sites, options);
  r.oracle = problem.suite ? "the test suite"
                           : "the assertions, for every input within --unwind " +
                                 std::to_string(options.unwind);
  Generator generator(r.sites);

  // The original program: its failure and must set.
  const detail::Verdict original = validator->check({}, true, deadline, r.stats);
  if (original.kind == detail::Verdict::Kind::Passes)
    throw NothingToRepair(problem.suite
                              ? "no test fails: nothing to repair"
                              : "no input violates an assertion within --unwind " +
                                    std::to_string(options.unwind) + ": nothing to repair");
  r.originalFailure = original.failure;
  if (original.must) {
    r.originalMust = original.must->locations;
    if (options.must != RepairOptions::Must::None) generator.blockAgreeing({}, r.originalMust);
  }

  std::string stop, lastUnknown;
  std::size_t undecided = 0;
  MustPolicy policy(options.must);
  for (unsigned size = 1; size <= options.maxMutations && stop.empty(); ++size) {
    while (true) {
      if (deadline.expired()) {
        stop = "the time bound (--timeout)";
        break;
      }
      const auto genStart = std::chrono::steady_clock::now();
      std::optional<std::vector<Mutation>> candidate = generator.next(size, deadline);
      r.stats.generatorMs += msSince(genStart);
      if (!candidate) {
        if (generator.timedOut()) stop = "the time bound (--timeout)";
        break;
      }
      ++r.stats.candidates;
      policy.setPruned(generator.prunedByCandidates);
      const bool wantMust = policy.wanted();
      const double mustBefore = r.stats.mustMs;
      const auto checkStart = std::chrono::steady_clock::now();
      const detail::Verdict v = validator->check(*candidate, wantMust, deadline, r.stats);
      if (v.kind == detail::Verdict::Kind::Fails) {
        const double mustMs = r.stats.mustMs - mustBefore;
        policy.failed(msSince(checkStart) - mustMs, mustMs, wantMust);
      }
      switch (v.kind) {
      case detail::Verdict::Kind::Passes: {
        Repair found;
        found.mutations = *candidate;
        found.verifiedBy = validator->verifiedBy();
        found.candidate = r.stats.candidates;
        found.ms = msSince(start);
        r.repairs.push_back(std::move(found));
        generator.blockSupersets(*candidate);
        break;
      }
      case detail::Verdict::Kind::Fails:
        if (v.must) {
          ++r.stats.mustBlocks;
          generator.blockAgreeing(*candidate, v.must->locations);
        } else {
          ++r.stats.plainBlocks;
          // the enumeration never proposes it again
        }
        break;
      case detail::Verdict::Kind::Unknown:
        if (!deadline.expired()) ++undecided, lastUnknown = v.unknownReason;
        ++r.stats.plainBlocks;
        // left out: the enumeration never proposes it again
        if (deadline.expired()) stop = "the time bound (--timeout)";
        break;
      }
      if (options.progress) options.progress(r.stats, r.repairs.size());
    }
  }
  if (undecided) {
    if (stop.empty()) stop = "undecided candidates";
    r.notes.push_back(std::to_string(undecided) + " candidates could not be decided (" +
                      lastUnknown + ") and were left out");
  }
  if (!stop.empty()) {
    r.complete = false;
    r.incompleteReason = "the search was cut by " + stop + " after " +
                         std::to_string(r.stats.candidates) + " candidates";
  }
  r.stats.prunedByMust = generator.prunedByOriginal + generator.prunedByCandidates;
  r.stats.prunedByRepairs = generator.prunedByRepairs;
  const bool synthesize =
      options.synthesize == RepairOptions::Synthesize::Always ||
      (options.synthesize == RepairOptions::Synthesize::Auto && r.repairs.empty());
  if (synthesize) {
    if (deadline.expired())
      r.synthesis.skipped = "the mutation search reached the time bound (--timeout)";
    else
      detail::synthesize(problem, options, *validator, deadline, start, r);
  }
  for (std::string& n : validator->notes())
    r.notes.push_back(std::move(n));
  r.stats.totalMs = msSince(start);
  return r;
}

}  // namespace culprit::repair

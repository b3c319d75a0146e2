// MCS enumeration in a SAT solver (CaDiCaL): every MCS of size k before size k+1, the search
// on clauses, z3 only for each MCS's model.
//
// The session's hard constraints are bit-blasted once into clauses (cnf.h); each selector is a
// variable. Level k is a sequential counter (Sinz 2005) over the relaxed selectors whose
// overflow clauses are guarded by a literal g_k, assumed while level k is open. As in the
// Liffiton-Sakallah engine (mcs_cardinality.cpp), once no unblocked correction set below k is
// left, any model at level k relaxes exactly k selectors and they form an MCS: one SAT call per
// MCS and one unsat call per level. Each MCS is blocked in the SAT solver (a permanent clause:
// the solver is this enumerator's alone) and in the session (the base class's guarded clause).
//
// The model of an MCS comes from z3: one query with every selector outside the MCS assumed,
// which is satisfiable by construction. Its values (angelic values, inputs) are z3's choice,
// so they can differ from another engine's for the same MCS.
//
// Pre: unit weights and a propositional formula after bit-blasting (the factory hands anything
// else to the MaxSAT engine). Hard constraints added between calls (an on-demand encoding) are
// bit-blasted again with the rest; if they are not propositional, the enumeration stops with
// SolverUnknown. Soft groups added between calls restart the levels from zero.
#include "cnf.h"
#include "mcs_engines.h"

#include <cadical.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace culprit::solve::detail {
namespace {

class DeadlineTerminator final : public CaDiCaL::Terminator {
public:
  explicit DeadlineTerminator(const Deadline& d) : deadline_(d) {}
  bool terminate() override { return deadline_.expired(); }

private:
  const Deadline& deadline_;
};

class SatMcsEnumerator final : public McsEnumeratorBase {
public:
  SatMcsEnumerator(Session& session, const McsBounds& bounds, Cnf cnf)
      : McsEnumeratorBase(session, bounds), trace_(std::getenv("CULPRIT_SAT_TRACE") != nullptr) {
    load(std::move(cnf));
  }
  ~SatMcsEnumerator() override {
    if (trace_)
      std::fprintf(stderr,
                   "culprit: sat engine: %zu SAT calls (%zu unsat), %zu MCSs, %.1f ms "
                   "in the SAT solver, %.1f ms bit-blasting, %zu rebuilds\n",
                   calls_, unsatCalls_, mcses_, satMs_, encodeMs_, rebuilds_);
  }

private:
  std::unique_ptr<CaDiCaL::Solver> sat_;
  Cnf cnf_;
  std::vector<int> selectorLits_;                    // by SoftId
  std::vector<std::pair<std::size_t, int>> levels_;  // (level, guard) of the current solver
  std::size_t encodedHard_ = 0;                      // session hard constraints in the clauses
  std::size_t level_ = 0;
  bool trace_;
  std::size_t calls_ = 0, unsatCalls_ = 0, mcses_ = 0, rebuilds_ = 0;
  double satMs_ = 0, encodeMs_ = 0;

  void load(Cnf cnf) {
    cnf_ = std::move(cnf);
    sat_ = std::make_unique<CaDiCaL::Solver>();
    sat_->set("quiet", 1);  // no "c ..." lines on stdout
    for (const std::vector<int>& clause : cnf_.clauses) {
      for (int l : clause)
        sat_->add(l);
      sat_->add(0);
    }
    cnf_.clauses.clear();
    cnf_.clauses.shrink_to_fit();
    levels_.clear();
    selectorLits_.clear();
    sat_->freeze(cnf_.literal(active_));
    syncSofts();
    encodedHard_ = s_.hardConstraints().size();
  }

  /// Bit-blasts the session's hard constraints again; false (after stop()) when they are no
  /// longer propositional.
  bool rebuild() {
    const auto start = std::chrono::steady_clock::now();
    std::string why;
    std::optional<Cnf> cnf = toCnf(s_.ctx(), s_.hardConstraints(), why);
    encodeMs_ += msSince(start);
    if (!cnf) {
      stop(StopReason::SolverUnknown, "SAT back end: " + why);
      return false;
    }
    ++rebuilds_;
    load(std::move(*cnf));
    return true;
  }

  void syncSofts() {
    if (selectorLits_.size() == s_.softCount()) return;
    // Frozen: the counters and blocks added later mention them, and CaDiCaL may eliminate a
    // variable that is not frozen.
    for (SoftId id = static_cast<SoftId>(selectorLits_.size()); id < s_.softCount(); ++id) {
      selectorLits_.push_back(cnf_.literal(s_.selector(id)));
      sat_->freeze(selectorLits_.back());
    }
    levels_.clear();  // the counters cover the old soft groups only
    level_ = 0;
  }

  static double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  }

  /// A guard g: assumed, at most k selectors are relaxed (k = 0: every selector holds).
  int levelGuard(std::size_t k) {
    for (const auto& [level, guard] : levels_)
      if (level == k) return guard;
    const int g = ++cnf_.vars;
    sat_->freeze(g);
    const std::size_t n = selectorLits_.size();
    if (k == 0) {
      for (int sel : selectorLits_)
        clause({-g, sel});
    } else if (k < n) {
      // s(i, j): at least j + 1 of the first i + 1 selectors are relaxed (forced upwards only;
      // an overflow, one more relaxed selector past k, contradicts g).
      std::vector<int> prev(k), cur(k);
      for (std::size_t i = 0; i < n; ++i) {
        const int relaxed = -selectorLits_[i];
        for (std::size_t j = 0; j < k; ++j)
          cur[j] = ++cnf_.vars;
        clause({-relaxed, cur[0]});
        if (i > 0) {
          for (std::size_t j = 0; j < k; ++j)
            clause({-prev[j], cur[j]});
          for (std::size_t j = 1; j < k; ++j)
            clause({-relaxed, -prev[j - 1], cur[j]});
          clause({-g, -relaxed, -prev[k - 1]});
        }
        std::swap(prev, cur);
      }
    }  // k >= n: no bound
    levels_.emplace_back(k, g);
    return g;
  }

  void clause(std::initializer_list<int> literals) {
    for (int l : literals)
      sat_->add(l);
    sat_->add(0);
  }

  /// 10 sat, 20 unsat, 0 stopped by the deadline or the session's per-query timeout.
  int solve(const Deadline& deadline, std::optional<int> guard) {
    if (guard) sat_->assume(*guard);
    sat_->assume(cnf_.literal(active_));
    const unsigned perQuery = s_.options().queryTimeoutMs;
    const Deadline limit = perQuery != kNoTimeout && perQuery < deadline.remainingMs()
                               ? Deadline::after(static_cast<double>(perQuery) / 1000)
                               : deadline;
    DeadlineTerminator terminator(limit);
    if (limit.bounded()) sat_->connect_terminator(&terminator);
    const auto start = std::chrono::steady_clock::now();
    const int r = sat_->solve();
    satMs_ += msSince(start);
    if (limit.bounded()) sat_->disconnect_terminator();
    ++calls_;
    if (r == 20) ++unsatCalls_;
    return r;
  }

  std::uint64_t queriesAsked() const override { return s_.stats().queries + calls_; }

  std::optional<Mcs> findNext(const Deadline& deadline) override {
    if (s_.hardConstraints().size() != encodedHard_ && !rebuild()) return std::nullopt;
    syncSofts();
    for (;;) {
      if (!bounds_.maxSize && level_ > selectorLits_.size()) {  // even "all relaxed" failed
        stop(StopReason::Exhausted);
        return std::nullopt;
      }
      if (bounds_.maxSize && level_ > bounds_.maxSize) {
        // Nothing left within the bound: does any unblocked correction set remain?
        switch (solve(deadline, std::nullopt)) {
        case 10: stop(StopReason::SizeBound); break;
        case 20: stop(StopReason::Exhausted); break;
        default: stop(StopReason::SizeBound, "unknown whether larger MCSs exist: timeout");
        }
        return std::nullopt;
      }
      switch (solve(deadline, levelGuard(level_))) {
      case 10: return modelOf(relaxed(), deadline);
      case 20: ++level_; continue;
      default: stop(StopReason::Timeout, "SAT back end: timeout"); return std::nullopt;
      }
    }
  }

  std::vector<SoftId> relaxed() const {
    std::vector<SoftId> ids;
    for (SoftId id = 0; id < selectorLits_.size(); ++id)
      if (sat_->val(selectorLits_[id]) < 0) ids.push_back(id);
    return ids;
  }

  /// The MCS `ids` with a model of z3's.
  std::optional<Mcs> modelOf(std::vector<SoftId> ids, const Deadline& deadline) {
    z3::expr_vector assumptions = s_.selectorsExcept(ids);
    assumptions.push_back(active_);
    switch (s_.check(assumptions, deadline)) {
    case Answer::Sat: break;
    case Answer::Unsat:
      stop(StopReason::SolverUnknown, "SAT back end and z3 disagree on a correction set");
      return std::nullopt;
    case Answer::Unknown: stopUnknown(deadline, s_.reasonUnknown()); return std::nullopt;
    }
    ++mcses_;
    const Weight w = s_.weightOf(ids);
    return Mcs{std::move(ids), w, s_.model()};
  }

  void onAccept(const Mcs& mcs) override {
    syncSofts();
    for (SoftId id : mcs.softs)
      sat_->add(selectorLits_.at(id));
    sat_->add(0);
    // The base class's copy of this block is the session's newest constraint: already here.
    if (s_.hardConstraints().size() == encodedHard_ + 1) ++encodedHard_;
  }
};

}  // namespace

std::unique_ptr<McsEnumerator> makeSatMcsEnumerator(Session& session, const McsBounds& bounds) {
  if (!session.unitWeights()) return makeMaxSatMcsEnumerator(session, bounds);
  std::string why;
  std::optional<Cnf> cnf = toCnf(session.ctx(), session.hardConstraints(), why);
  if (!cnf) {
    if (std::getenv("CULPRIT_SAT_TRACE"))
      std::fprintf(stderr, "culprit: sat engine: %s; maxsat instead\n", why.c_str());
    return makeMaxSatMcsEnumerator(session, bounds);
  }
  return std::make_unique<SatMcsEnumerator>(session, bounds, std::move(*cnf));
}

}  // namespace culprit::solve::detail

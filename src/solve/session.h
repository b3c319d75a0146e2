// The solver facade: one Z3 solver holding hard constraints, plus a registry of soft groups.
// A soft group is a selector literal with a weight: the encoder asserts `sel -> clause` as a
// hard constraint and registers `sel`; relaxing the group means letting `sel` be false. The
// algorithms (maxsat.h, mcs.h, mus.h) work on a Session and speak only of SoftIds.
#pragma once

#include "query.h"

#include <z3++.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace culprit::solve {

/// Index of a soft group in its Session (dense, in registration order).
using SoftId = std::uint32_t;
/// Cost of relaxing a soft group; always positive.
using Weight = std::uint64_t;

/// A point in wall-clock time after which long-running work gives up (none by default).
class Deadline {
public:
  Deadline() = default;
  /// `seconds` from now; seconds <= 0 means no deadline.
  static Deadline after(double seconds);
  bool bounded() const { return at_.has_value(); }
  bool expired() const;
  /// Milliseconds left, rounded up (at least 1 while not expired), kNoTimeout when unbounded.
  unsigned remainingMs() const;

private:
  std::optional<std::chrono::steady_clock::time_point> at_;
};

struct SessionOptions {
  unsigned queryTimeoutMs = kNoTimeout;  ///< per-query limit (z3 `timeout`)
  std::string dumpDir = {};              ///< when set, every query is written there as SMT2
  std::string logic = {};                ///< z3 logic of the solver; empty for z3's default
  /// z3's per-solver `max_memory` (MB of z3's process-wide allocation): past it, queries answer
  /// unknown. 0: no bound. See context.h for a bound relative to what z3 already holds.
  unsigned maxMemoryMb = 0;
  /// Bound on the process's resident size in MB during each query (0: none): past it the
  /// query is interrupted and answers unknown, with a reason that says "memory".
  std::uint64_t maxResidentMb = 0;
  /// z3's per-query resource limit (0: none): deterministic where a timeout is not.
  unsigned rlimit = 0;
  /// Budgets that escalate, for queries without `rlimit` (see RestartPolicy; off by default).
  RestartPolicy restarts = {};
  /// The run's per-query budget (--query-rlimit; 0: none): while `rlimit` is this budget, each
  /// query it cuts is recorded under its purpose (query_cuts.h).
  unsigned budgetRlimit = 0;
};

struct SoftGroup {
  z3::expr selector;  ///< Boolean constant or its negation; true = the group is enforced
  Weight weight;
};

/// Hard constraints and soft groups over one z3::context (which must outlive the Session).
/// Assertions and soft groups live in the scope they were added in; pop() removes both.
class Session {
public:
  explicit Session(z3::context& ctx, SessionOptions options = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  z3::context& ctx() const { return *ctx_; }
  const SessionOptions& options() const { return options_; }

  /// Asserts `constraint` (a Boolean term) until the current scope is popped.
  void addHard(const z3::expr& constraint);
  /// Registers `selector` as a soft group relaxable at cost `weight` (> 0). A selector may be
  /// registered once.
  SoftId addSoft(const z3::expr& selector, Weight weight = 1);

  std::size_t softCount() const { return softs_.size(); }
  const SoftGroup& soft(SoftId id) const { return softs_.at(id); }
  const z3::expr& selector(SoftId id) const { return softs_.at(id).selector; }
  Weight weight(SoftId id) const { return softs_.at(id).weight; }
  /// Sum of the weights of `ids`.
  Weight weightOf(std::span<const SoftId> ids) const;
  /// True when every soft group has weight 1 (plain partial MaxSAT).
  bool unitWeights() const { return maxWeight_ <= 1; }
  Weight maxWeight() const { return maxWeight_; }
  /// The soft group whose selector is `literal`, if any.
  std::optional<SoftId> softOf(const z3::expr& literal) const;
  std::vector<SoftId> allSofts() const;
  /// Selectors of `ids`, ready to be used as assumptions.
  z3::expr_vector selectors(std::span<const SoftId> ids) const;
  /// Selectors of every soft group not in `relaxed` (sorted or not).
  z3::expr_vector selectorsExcept(std::span<const SoftId> relaxed) const;
  /// Soft groups whose selector is false in `model` (ascending).
  std::vector<SoftId> relaxedIn(const z3::model& model) const;
  /// The hard constraints of every open scope, in the order they were added (for back ends that
  /// translate the formula themselves, e.g. into CNF).
  const std::vector<z3::expr>& hardConstraints() const { return hard_; }
  /// Bumped by every addHard/addSoft/pop: lets incremental clients notice changes.
  std::uint64_t revision() const { return revision_; }

  /// Checks the hard constraints under `assumptions`. The query's time limit is the smaller of
  /// the per-query limit and what is left before `deadline`; an expired deadline gives Unknown
  /// without calling the solver.
  Answer check(const z3::expr_vector& assumptions, const Deadline& deadline = {});
  Answer check(const Deadline& deadline = {});
  /// Model of the last Sat answer (with model completion for evaluation).
  z3::model model() const;
  /// Core of the last Unsat answer (a subset of its assumptions).
  z3::expr_vector unsatCore() const;
  /// Sets the per-query resource limit of later checks (SessionOptions::rlimit; 0: none): a
  /// first check without one does the work every query shares (z3 bit-blasts and internalizes
  /// the assertions in its first check), the budget then counts each query's own search.
  void setRlimit(unsigned rlimit);
  /// Reason of the last Unknown answer ("timeout", "canceled", "deadline", ...).
  const std::string& reasonUnknown() const { return reason_; }

  void push();
  void pop();
  unsigned depth() const { return static_cast<unsigned>(scopes_.size()); }
  /// Identifies the current scope; an engine that adds assertions records it and refuses to
  /// run in another scope (its assertions would be popped under it).
  std::uint64_t scopeToken() const { return scopes_.empty() ? 0 : scopes_.back().token; }

  /// A fresh Boolean constant for auxiliary use (relaxation, activation, guard literals).
  z3::expr freshBool(const char* prefix);

  /// Queries, times and core sizes so far.
  const QueryStats& stats() const { return stats_; }

  /// Pushes on construction, pops on destruction; aborts if the scope's depth was changed
  /// inside it (an unbalanced push or pop).
  class Scope {
  public:
    explicit Scope(Session& s);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

  private:
    Session& session_;
    unsigned depth_;
  };

private:
  struct ScopeMark {
    std::uint64_t token;
    std::size_t softs;
    std::size_t hard;
  };

  z3::context* ctx_;
  SessionOptions options_;
  QueryStats stats_;
  std::unique_ptr<QueryEngine> engine_;
  std::vector<SoftGroup> softs_;
  std::vector<z3::expr> hard_;
  std::unordered_map<unsigned, SoftId> softByAst_;
  Weight maxWeight_ = 0;
  std::vector<ScopeMark> scopes_;
  std::uint64_t nextToken_ = 1;
  std::uint64_t revision_ = 0;
  Answer last_ = Answer::Unknown;
  std::string reason_;

  void recomputeMaxWeight();
};

/// True if `e` is a Boolean constant or the negation of one (what z3 accepts as assumption).
bool isLiteral(const z3::expr& e);

}  // namespace culprit::solve

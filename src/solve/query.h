// The query layer under a Session: one interface for "check these assumptions against the
// asserted constraints", a Z3 implementation, and decorators for cross-cutting concerns
// (query counting and timing, SMT-LIB2 dumps), chained in KLEE's solver-chain fashion.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <filesystem>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

namespace culprit::solve {

/// Outcome of a satisfiability query.
enum class Answer : std::uint8_t { Sat, Unsat, Unknown };
const char* answerName(Answer a);

/// Per-query time limit meaning "no limit".
inline constexpr unsigned kNoTimeout = std::numeric_limits<unsigned>::max();

/// Counters gathered by the counting decorator (every Session has one).
struct QueryStats {
  std::uint64_t queries = 0;  ///< solver calls
  std::uint64_t sat = 0, unsat = 0, unknown = 0;
  double solverMs = 0;             ///< wall time spent inside the solver
  double maxQueryMs = 0;           ///< slowest single query
  std::uint64_t cores = 0;         ///< unsat cores read
  std::uint64_t coreLiterals = 0;  ///< sum of their sizes
  std::uint64_t maxCore = 0;       ///< largest core
  /// Attempts beyond the first of queries stopped by their escalating budget (see
  /// RestartPolicy) and tried again with a larger one and another seed.
  std::uint64_t restarts = 0;
  /// Counter-wise difference (maxima are kept from `*this`): the cost of a stretch of work.
  QueryStats since(const QueryStats& earlier) const;
};

/// Protection against heavy-tailed queries: a query first runs under a budget of `rlimit` z3
/// resource units; past it the query stops and runs again, on the same solver (what it
/// learned stays) with another random seed and twice the budget, until it is decided or its
/// time limit passes. A budget counts solver work, not time: which attempt decides a query,
/// and so the model or core it gives, is the same on every machine and under any load.
struct RestartPolicy {
  unsigned rlimit = 0;  ///< budget of a query's first attempt (0: no budgets, one attempt)
};

/// The default first budget: about 5-20 s of search for z3's SAT and SMT cores on this
/// project's formulas (measured: 0.8-3 million units per second unloaded), far above what
/// ordinary queries take, so only the heavy-tailed ones restart (a first budget of 4 million
/// restarted pf on sumeven-n80 six times and cost it 2.5x; 16 million: once, agx complete).
inline constexpr unsigned kDefaultRestartRlimit = 16'000'000;

/// A stack of asserted constraints that answers assumption queries. Not thread-safe.
class QueryEngine {
public:
  virtual ~QueryEngine() = default;
  virtual void add(const z3::expr& constraint) = 0;
  virtual void push() = 0;
  virtual void pop() = 0;
  /// Checks the assertions under `assumptions` (literals), giving up after `timeoutMs`.
  virtual Answer check(const z3::expr_vector& assumptions, unsigned timeoutMs) = 0;
  /// Model of the last Sat answer.
  virtual z3::model model() = 0;
  /// Subset of the assumptions of the last Unsat answer that is unsatisfiable with the assertions.
  virtual z3::expr_vector unsatCore() = 0;
  /// Why the last answer was Unknown (z3's reason, e.g. "timeout", or an exception message).
  virtual std::string reasonUnknown() = 0;
  /// Attempts of the last check beyond its first (see RestartPolicy); 0 by default.
  virtual unsigned lastRestarts() { return 0; }
  /// The per-query resource limit of later checks (0: none); ignored by engines without one.
  virtual void setRlimit(unsigned /*rlimit*/) {}
  /// Declarations and assertions as SMT-LIB2 text (without check-sat).
  virtual std::string smt2() = 0;
};

/// The logics culprit names beyond z3's own: formulas with float or double terms, bit-blasted up
/// front by a tactic (z3's incremental core bit-blasts floating-point operations lazily and is
/// orders of magnitude slower on them), without or with arrays.
inline constexpr const char* kFloatLogic = "culprit-fp";
inline constexpr const char* kFloatArrayLogic = "culprit-fp-arrays";

/// A solver for `logic`: z3's default combined solver when empty, z3's solver for a logic it
/// knows, or for kFloatLogic / kFloatArrayLogic a tactic solver that keeps unsat cores.
z3::solver makeZ3Solver(z3::context& ctx, const std::string& logic);

/// Z3's incremental solver (`logic` empty: z3's default combined solver); `maxMemoryMb` > 0
/// sets the solver's `max_memory` parameter, `rlimit` > 0 its per-query resource limit (a
/// deterministic bound: a query past it answers unknown on every machine alike; it disables
/// `restarts`). `maxResidentMb` > 0 bounds the process's resident size during each query: past
/// it the query is interrupted (or not started) and answers unknown, its reason naming the
/// memory bound, without restarts. With CULPRIT_QUERY_TRACE set, each query prints a line to
/// stderr (answer, time, attempts, resource units, conflicts, resident size, z3's estimate).
std::unique_ptr<QueryEngine> makeZ3Engine(z3::context& ctx, const std::string& logic = "",
                                          unsigned maxMemoryMb = 0, unsigned rlimit = 0,
                                          RestartPolicy restarts = {},
                                          std::uint64_t maxResidentMb = 0);

/// The start of the reason for unknown of a query stopped by the resident-size bound.
inline constexpr std::string_view kResidentMemoryReason = "memory: resident size past ";
/// Counts and times every query and core into `stats` (which must outlive the engine).
std::unique_ptr<QueryEngine> makeCountingEngine(std::unique_ptr<QueryEngine> inner,
                                                QueryStats& stats);
/// Writes each query to `dir`/query-NNNNNN.smt2 (assertions, then check-sat-assuming) before
/// it runs, and appends the answer and time as a comment afterwards.
std::unique_ptr<QueryEngine> makeSmt2DumpEngine(std::unique_ptr<QueryEngine> inner,
                                                std::filesystem::path dir);

}  // namespace culprit::solve

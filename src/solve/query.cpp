// Z3 query engine and its decorators (see query.h).
#include "query.h"

#include "memory_bound.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>

namespace culprit::solve {

const char* answerName(Answer a) {
  switch (a) {
  case Answer::Sat: return "sat";
  case Answer::Unsat: return "unsat";
  case Answer::Unknown: return "unknown";
  }
  return "?";
}

QueryStats QueryStats::since(const QueryStats& earlier) const {
  QueryStats d = *this;
  d.queries -= earlier.queries;
  d.sat -= earlier.sat;
  d.unsat -= earlier.unsat;
  d.unknown -= earlier.unknown;
  d.solverMs -= earlier.solverMs;
  d.cores -= earlier.cores;
  d.coreLiterals -= earlier.coreLiterals;
  d.restarts -= earlier.restarts;
  return d;
}

z3::solver makeZ3Solver(z3::context& ctx, const std::string& logic) {
  // z3 4.8.12 compresses every model it hands out (Z3_solver_get_model: model::compress, which
  // inlines and removes function definitions), about two thirds of a model's 1-2 ms on
  // bench/siemens, where pf asks one per MCS and polishing query; the formulas declare no
  // functions, so the values are the same. (A global: the solver takes no model parameters.)
  static std::once_flag uncompressed;
  std::call_once(uncompressed, [] { z3::set_param("model.compact", false); });
  if (logic == kFloatLogic || logic == kFloatArrayLogic) {
    // fpa2bv turns floating-point terms into bit-vector circuits once; a SAT solver (or, with
    // arrays, z3's SMT core) then decides them. A division of doubles: 0.5 s this way, 80 s
    // in the incremental core (measured on this machine).
    // Conversions out of range are undefined in C and excluded by runtime checks: the
    // "hardware" values for them keep fpa2bv from leaving uninterpreted functions behind,
    // which the SAT solver cannot decide.
    // (A global parameter in z3 4.8.12: the tactics take no such parameter of their own.)
    static std::once_flag hardware;
    std::call_once(hardware, [] { z3::set_param("rewriter.hi_fp_unspecified", true); });
    z3::tactic t = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") &
                   z3::tactic(ctx, "fpa2bv") & z3::tactic(ctx, "simplify");
    t = logic == kFloatLogic ? t & z3::tactic(ctx, "bit-blast") & z3::tactic(ctx, "sat")
                             : t & z3::tactic(ctx, "smt");
    z3::solver s = t.mk_solver();
    z3::params p(ctx);
    p.set("unsat_core", true);  // tactic solvers track assumptions only when asked
    s.set(p);
    return s;
  }
  if (const char* forced = std::getenv("CULPRIT_Z3_LOGIC")) {  // experiments: smt, QF_FD, ...
    const std::string name = forced;
    if (name == "smt") return z3::solver(ctx, z3::solver::simple());
    if (name == "tactic") {  // every check runs z3's qfbv tactic from scratch
      z3::solver s = z3::tactic(ctx, "qfbv").mk_solver();
      z3::params p(ctx);
      p.set("unsat_core", true);
      s.set(p);
      return s;
    }
    return z3::solver(ctx, forced);
  }
  return logic.empty() ? z3::solver(ctx) : z3::solver(ctx, logic.c_str());
}

namespace {

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

/// True when an unknown answer with `reason` may come from the query's budget (z3's SMT core
/// says "max. resource limit exceeded", its SAT core "sat.canceled"; a timeout reads alike and
/// is told apart by the time left).
bool budgetReason(const std::string& reason) {
  return reason.find("memory") == std::string::npos &&
         (reason.find("resource") != std::string::npos ||
          reason.find("canceled") != std::string::npos);
}

/// A z3 statistic summed over the keys that name it in z3's SAT and SMT cores.
double statistic(const z3::stats& stats, std::initializer_list<const char*> keys) {
  double sum = 0;
  for (unsigned i = 0; i < stats.size(); ++i)
    for (const char* key : keys)
      if (stats.key(i) == key)
        sum += stats.is_uint(i) ? static_cast<double>(stats.uint_value(i)) : stats.double_value(i);
  return sum;
}

/// A query's time and resource limits as parameters of the z3 context, for one check: z3 reads
/// them when the solver has no such parameter of its own, and setting them costs a string
/// comparison (a solver parameter: see the Z3Engine constructor). Every check of the context's
/// solvers goes through here, and the limits are cleared after it, so that no other use of the
/// context (a solver or tactic of another module, the encoder's simplifier) inherits them.
class ContextLimits {
public:
  ContextLimits(z3::context& ctx, unsigned timeoutMs, unsigned rlimit)
      : ctx_(ctx), timeout_(timeoutMs != kNoTimeout), rlimit_(rlimit != 0) {
    if (timeout_) Z3_update_param_value(ctx_, "timeout", std::to_string(timeoutMs).c_str());
    if (rlimit_) Z3_update_param_value(ctx_, "rlimit", std::to_string(rlimit).c_str());
  }
  ~ContextLimits() {
    if (timeout_) Z3_update_param_value(ctx_, "timeout", std::to_string(kNoTimeout).c_str());
    if (rlimit_) Z3_update_param_value(ctx_, "rlimit", "0");
  }
  ContextLimits(const ContextLimits&) = delete;
  ContextLimits& operator=(const ContextLimits&) = delete;

private:
  z3::context& ctx_;
  const bool timeout_, rlimit_;
};

class Z3Engine final : public QueryEngine {
public:
  Z3Engine(z3::context& ctx, const std::string& logic, unsigned maxMemoryMb, unsigned rlimit,
           RestartPolicy restarts, std::uint64_t maxResidentMb)
      : solver_(makeZ3Solver(ctx, logic)), restarts_(rlimit ? RestartPolicy{} : restarts),
        maxResidentMb_(maxResidentMb), trace_(std::getenv("CULPRIT_QUERY_TRACE") != nullptr) {
    if (const char* v = std::getenv("CULPRIT_Z3_VERBOSE")) z3::set_param("verbose", v);
    // Solver parameters are set here, before the solver holds anything: z3 4.8.12 then only
    // records them, where later it collects and validates the descriptions of every parameter
    // of the solver, which costs about as much as a small query (4 ms; 15% of a pf run on
    // bench/siemens when the timeout was set before each query). Per-query limits (timeout,
    // setRlimit) go through the context instead (ContextLimits).
    if (maxMemoryMb) solver_.set("max_memory", maxMemoryMb);
    if (rlimit) solver_.set("rlimit", rlimit);
    solverRlimit_ = rlimit != 0;
    if (restarts_.rlimit) setBudget(0);
  }

  void add(const z3::expr& constraint) override { solver_.add(constraint); }
  void push() override { solver_.push(); }
  void pop() override { solver_.pop(); }

  Answer check(const z3::expr_vector& assumptions, unsigned timeoutMs) override {
    const auto start = std::chrono::steady_clock::now();
    const double unitsBefore = trace_ ? statistic(solver_.statistics(), {"rlimit count"}) : 0;
    lastRestarts_ = 0;
    Answer a = Answer::Unknown;
    for (unsigned attempt = 0;; ++attempt) {
      unsigned timeout = timeoutMs;
      if (timeoutMs != kNoTimeout && attempt) {
        const double spent = msSince(start);
        // z3 4.8.12 can hang on timeouts of a few milliseconds: too little left is a timeout.
        if (spent + kLeastRetryMs >= timeoutMs) break;
        timeout = timeoutMs - static_cast<unsigned>(spent);
      }
      if (restarts_.rlimit) setBudget(attempt);
      a = checkOnce(assumptions, timeout);
      if (a != Answer::Unknown || !restarts_.rlimit || !budgetReason(reason_)) break;
      if (timeoutMs != kNoTimeout && msSince(start) + kLeastRetryMs >= timeoutMs) break;
      ++lastRestarts_;
    }
    if (trace_) {
      const z3::stats stats = solver_.statistics();
      std::fprintf(stderr,
                   "culprit: query %s in %.1f ms, %u restarts, %.0f units, %.0f conflicts, "
                   "resident %.0f MB, z3 %.0f MB\n",
                   answerName(a), msSince(start), lastRestarts_,
                   statistic(stats, {"rlimit count"}) - unitsBefore,
                   statistic(stats, {"conflicts", "sat conflicts"}),
                   static_cast<double>(detail::residentMb()),
                   static_cast<double>(Z3_get_estimated_alloc_size()) / (1 << 20));
    }
    return a;
  }

  z3::model model() override { return solver_.get_model(); }
  z3::expr_vector unsatCore() override { return solver_.unsat_core(); }
  std::string reasonUnknown() override { return reason_; }
  std::string smt2() override { return Z3_solver_to_string(solver_.ctx(), solver_); }
  unsigned lastRestarts() override { return lastRestarts_; }
  void setRlimit(unsigned rlimit) override {
    if (solverRlimit_ || restarts_.rlimit)
      solver_.set("rlimit", rlimit);  // the solver's own parameter would hide the context's
    else
      queryRlimit_ = rlimit;
  }

private:
  static constexpr double kLeastRetryMs = 50;

  z3::solver solver_;
  const RestartPolicy restarts_;
  const std::uint64_t maxResidentMb_;  // 0: no resident-size bound
  const bool trace_;
  bool solverRlimit_ = false;   // a resource limit is a parameter of the solver itself
  unsigned queryRlimit_ = 0;    // setRlimit's, through the context (0: none)
  unsigned budgetAttempt_ = 0;  // the attempt whose budget and seed the solver has
  bool budgetSet_ = false;
  unsigned lastRestarts_ = 0;
  std::string reason_;

  /// Budget rlimit * 2^attempt (none once it would pass z3's 32-bit parameter) and seed
  /// `attempt`: the first attempt of every query runs as an unbudgeted one would, with z3's
  /// default seed.
  void setBudget(unsigned attempt) {
    if (attempt == budgetAttempt_ && (attempt || budgetSet_)) return;
    const std::uint64_t budget = std::uint64_t{restarts_.rlimit} << std::min(attempt, 32u);
    z3::params p(solver_.ctx());
    p.set("rlimit", budget > 0xffffffffu ? 0u : static_cast<unsigned>(budget));
    p.set("random_seed", attempt);
    solver_.set(p);
    budgetAttempt_ = attempt;
    budgetSet_ = true;
  }

  Answer checkOnce(const z3::expr_vector& assumptions, unsigned timeoutMs) {
    reason_.clear();
    Answer a = Answer::Unknown;
    const detail::ResidentWatch resident(solver_.ctx(), maxResidentMb_);
    if (!resident.exceeded()) try {
        const ContextLimits limits(solver_.ctx(), timeoutMs, queryRlimit_);
        switch (solver_.check(assumptions)) {
        case z3::sat: a = Answer::Sat; break;
        case z3::unsat: a = Answer::Unsat; break;
        case z3::unknown: reason_ = solver_.reason_unknown(); break;
        }
      } catch (const z3::exception& e) {
        // KLEE's rule: a canceled or failed query is an unknown answer, not a crash.
        reason_ = e.msg();
      }
    // An interrupted query reads "canceled", as a budget's does: the reason names the bound, so
    // that no restart follows and the run reports the memory bound.
    if (a == Answer::Unknown && resident.exceeded())
      reason_ = std::string(kResidentMemoryReason) + std::to_string(maxResidentMb_) + " MB";
    return a;
  }
};

/// Forwards everything to the inner engine; decorators override what they watch.
class ForwardingEngine : public QueryEngine {
public:
  explicit ForwardingEngine(std::unique_ptr<QueryEngine> inner) : inner_(std::move(inner)) {}
  void add(const z3::expr& constraint) override { inner_->add(constraint); }
  void push() override { inner_->push(); }
  void pop() override { inner_->pop(); }
  Answer check(const z3::expr_vector& assumptions, unsigned timeoutMs) override {
    return inner_->check(assumptions, timeoutMs);
  }
  z3::model model() override { return inner_->model(); }
  z3::expr_vector unsatCore() override { return inner_->unsatCore(); }
  std::string reasonUnknown() override { return inner_->reasonUnknown(); }
  std::string smt2() override { return inner_->smt2(); }
  unsigned lastRestarts() override { return inner_->lastRestarts(); }
  void setRlimit(unsigned rlimit) override { inner_->setRlimit(rlimit); }

protected:
  std::unique_ptr<QueryEngine> inner_;
};

class CountingEngine final : public ForwardingEngine {
public:
  CountingEngine(std::unique_ptr<QueryEngine> inner, QueryStats& stats)
      : ForwardingEngine(std::move(inner)), stats_(stats) {}

  Answer check(const z3::expr_vector& assumptions, unsigned timeoutMs) override {
    auto start = std::chrono::steady_clock::now();
    Answer a = inner_->check(assumptions, timeoutMs);
    double ms = msSince(start);
    ++stats_.queries;
    stats_.restarts += inner_->lastRestarts();
    stats_.solverMs += ms;
    stats_.maxQueryMs = std::max(stats_.maxQueryMs, ms);
    switch (a) {
    case Answer::Sat: ++stats_.sat; break;
    case Answer::Unsat: ++stats_.unsat; break;
    case Answer::Unknown: ++stats_.unknown; break;
    }
    return a;
  }

  z3::expr_vector unsatCore() override {
    z3::expr_vector core = inner_->unsatCore();
    ++stats_.cores;
    stats_.coreLiterals += core.size();
    stats_.maxCore = std::max<std::uint64_t>(stats_.maxCore, core.size());
    return core;
  }

private:
  QueryStats& stats_;
};

class Smt2DumpEngine final : public ForwardingEngine {
public:
  Smt2DumpEngine(std::unique_ptr<QueryEngine> inner, std::filesystem::path dir)
      : ForwardingEngine(std::move(inner)), dir_(std::move(dir)) {
    std::filesystem::create_directories(dir_);
  }

  Answer check(const z3::expr_vector& assumptions, unsigned timeoutMs) override {
    char name[32];
    std::snprintf(name, sizeof name, "query-%06u.smt2", nextFile(dir_));
    std::filesystem::path file = dir_ / name;
    {
      std::ofstream out(file);
      out << "; culprit solver query " << ++count_;
      if (timeoutMs != kNoTimeout) out << ", timeout " << timeoutMs << " ms";
      out << "\n" << inner_->smt2() << "(check-sat-assuming (";
      for (unsigned i = 0; i < assumptions.size(); ++i)
        out << (i ? " " : "") << assumptions[i].to_string();
      out << "))\n";
    }
    auto start = std::chrono::steady_clock::now();
    Answer a = inner_->check(assumptions, timeoutMs);
    std::ofstream(file, std::ios::app)
        << "; answer: " << answerName(a) << " in " << msSince(start) << " ms\n";
    return a;
  }

private:
  std::filesystem::path dir_;
  unsigned count_ = 0;  ///< this session's queries

  /// The number of the next file in `dir`, counted over every session of the process that
  /// dumps there (numbered per session, the enumeration's queries were overwritten by the
  /// polisher's and the ranking's).
  static unsigned nextFile(const std::filesystem::path& dir) {
    static std::mutex mutex;
    static std::map<std::filesystem::path, unsigned> written;
    const std::lock_guard<std::mutex> lock(mutex);
    return ++written[dir];
  }
};

}  // namespace

std::unique_ptr<QueryEngine> makeZ3Engine(z3::context& ctx, const std::string& logic,
                                          unsigned maxMemoryMb, unsigned rlimit,
                                          RestartPolicy restarts, std::uint64_t maxResidentMb) {
  return std::make_unique<Z3Engine>(ctx, logic, maxMemoryMb, rlimit, restarts, maxResidentMb);
}

std::unique_ptr<QueryEngine> makeCountingEngine(std::unique_ptr<QueryEngine> inner,
                                                QueryStats& stats) {
  return std::make_unique<CountingEngine>(std::move(inner), stats);
}

std::unique_ptr<QueryEngine> makeSmt2DumpEngine(std::unique_ptr<QueryEngine> inner,
                                                std::filesystem::path dir) {
  return std::make_unique<Smt2DumpEngine>(std::move(inner), std::move(dir));
}

}  // namespace culprit::solve

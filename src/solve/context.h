// The Z3 context of one run (one technique on one failing test), with what belongs to a run
// rather than to the process: the solver memory bound, the SMT-LIB2 dump of every query, and
// the deletion of the context on a background thread.
//
// Memory. z3 measures allocation process-wide, so a run's bound is relative to what z3 already
// held when the run's context was created: "this run may grow z3 by N MB". Each query of the
// run carries that limit (memory_bound.h: the process-wide bound is on only while bounded
// queries run, at the largest of their limits; z3 4.8.12 crashes when it hits while terms are
// built), and each solver gets it as its own `max_memory` parameter. Past it, queries answer
// unknown. The same growth bounds the process's resident size from what it was when the
// context was created: z3's estimate misses what the allocator keeps, and a query is stopped
// when the resident size passes it (memory_bound.h, ResidentWatch). Runs sharing a process (bench
// --no-isolate) share z3's accounting: the default, isolated bench runs have a process each.
#pragma once

#include "session.h"

#include <z3++.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace culprit::solve {

struct ContextOptions {
  unsigned maxMemoryMb = 0;  ///< growth of Z3's memory this run's queries may cause (0: none)
  std::string dumpDir;       ///< when set, every query of the run as SMT-LIB2 (see query.h)
  /// First budget of every query of the run's sessions (RestartPolicy; 0: none). The
  /// environment variable CULPRIT_RESTART_RLIMIT overrides it (experiments).
  unsigned restartRlimit = kDefaultRestartRlimit;
  /// The budget of every query of the run's sessions in z3 resource units (--query-rlimit; 0:
  /// none): a query past it answers unknown, without restarts, and is recorded as cut
  /// (query_cuts.h).
  unsigned queryRlimit = 0;
};

/// The dump directory cannot be created.
class ContextError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class Context {
public:
  /// Throws ContextError when options.dumpDir cannot be created.
  explicit Context(ContextOptions options = {});
  /// Hands the Z3 context to the disposer thread (see context.cpp); never blocks.
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  /// Blocks until the contexts handed to the disposer thread so far are freed: z3's
  /// process-wide allocation estimate moves while they are (by hundreds of MB, with the
  /// resident set flat), so a bound measured as its growth must start after them.
  static void awaitDisposals();

  z3::context& z3() { return *ctx_; }
  const ContextOptions& options() const { return options_; }
  /// Options for a session of this run: `logic`, the run's memory bound, dump directory and
  /// restart policy.
  SessionOptions sessionOptions(std::string logic = {}) const;
  /// True when `reason` (a solver's reason for unknown) says the memory bound was reached.
  static bool outOfMemory(const std::string& reason);

private:
  std::unique_ptr<z3::context> ctx_;
  ContextOptions options_;
  unsigned boundMb_ = 0;  ///< absolute max_memory for this run's solvers (0: none)
  /// Absolute bound on the process's resident size for this run's queries (0: none).
  std::uint64_t residentBoundMb_ = 0;
};

}  // namespace culprit::solve

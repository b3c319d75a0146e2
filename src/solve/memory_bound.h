// Internal to the solver layer: z3's process-wide memory bound (`memory_max_size`), shared by
// the queries that run at the same time. Each query enters a QueryMemoryBound with its run's
// absolute limit; the process-wide bound is the largest limit of the queries in flight, and
// none at all when no bounded query runs (z3 4.8.12 crashes when the bound hits while terms
// are built, so it is never left on between queries). Before this, each run set and cleared
// the parameter itself: with several runs in one process (bench --no-isolate -j N) one run
// cleared the bound under another.
#pragma once

#include <z3++.h>

#include <cstdint>

namespace culprit::solve::detail {

/// The process's resident size in MB (/proc/self/statm; 0 when it cannot be read).
std::uint64_t residentMb();

class QueryMemoryBound {
public:
  /// `limitMb` 0: this query adds no bound.
  explicit QueryMemoryBound(unsigned limitMb);
  ~QueryMemoryBound();
  QueryMemoryBound(const QueryMemoryBound&) = delete;
  QueryMemoryBound& operator=(const QueryMemoryBound&) = delete;

private:
  unsigned limitMb_;
};

/// Watches the process's resident size while one query runs: past `limitMb` (absolute, 0: no
/// watch) its z3 context is interrupted (the query answers unknown) and exceeded() says so.
/// z3's own bound (QueryMemoryBound) counts z3's estimate of its allocations, which misses
/// what the allocator keeps (contest caesar-v2: 1 GB resident under a bound of 900 MB); this
/// bounds what the system sees. One thread of the process reads the resident size every
/// kPollMs while watched queries run; a watch ends, and can no longer interrupt, when the
/// object is destroyed. Construct it just before the query and destroy it right after.
class ResidentWatch {
public:
  static constexpr int kPollMs = 10;
  ResidentWatch(z3::context& ctx, std::uint64_t limitMb);
  ~ResidentWatch();
  ResidentWatch(const ResidentWatch&) = delete;
  ResidentWatch& operator=(const ResidentWatch&) = delete;
  /// Did the resident size pass the limit (before the query, or while it ran)?
  bool exceeded() const;

private:
  friend class ResidentWatcher;
  z3::context& ctx_;
  const std::uint64_t limitMb_;
  bool exceeded_ = false;  // written by the watcher thread under its mutex
  bool watched_ = false;
};

}  // namespace culprit::solve::detail

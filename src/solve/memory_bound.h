// Internal to the solver layer: z3's process-wide memory bound (`memory_max_size`), shared by
// the queries that run at the same time. Each query enters a QueryMemoryBound with its run's
// absolute limit; the process-wide bound is the largest limit of the queries in flight, and
// none at all when no bounded query runs (z3 4.8.12 crashes when the bound hits while terms
// are built, so it is never left on between queries). Before this, each run set and cleared
// the parameter itself: with several runs in one process (bench --no-isolate -j N) one run
// cleared the bound under another.
#pragma once

namespace culprit::solve::detail {

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

}  // namespace culprit::solve::detail

// Queries cut by the run's per-query budget (--query-rlimit): what each was asked for, so that
// a report can say which query a budget stopped and that the results are incomplete.
//
// A caller names the purpose of the queries it asks (QueryPurpose, a scope); a Session whose
// queries carry the run's budget (SessionOptions::budgetRlimit) records each query that the
// budget cut under the purpose in force. The record is per thread: a technique's run asks its
// queries from one thread, and its caller takes the record when the run ends.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace culprit::solve {

/// Names the purpose of the queries asked while it lives ("first MCS", "polishing", ...; a
/// string literal); the previous purpose is back when it ends.
class QueryPurpose {
public:
  explicit QueryPurpose(const char* what);
  ~QueryPurpose();
  QueryPurpose(const QueryPurpose&) = delete;
  QueryPurpose& operator=(const QueryPurpose&) = delete;

private:
  const char* previous_;
};

/// The purpose in force ("query" when none is).
const char* currentQueryPurpose();

/// Queries of one purpose the budget cut.
struct QueryCut {
  std::string purpose;
  std::size_t count = 0;
};

/// Records a query cut by its budget under the current purpose.
void recordQueryCut();
/// The cuts recorded since the last call, by purpose in the order first cut; clears them.
std::vector<QueryCut> takeQueryCuts();

}  // namespace culprit::solve

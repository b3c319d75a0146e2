// Queries cut by their budget: see query_cuts.h.
#include "query_cuts.h"

#include <algorithm>

namespace culprit::solve {
namespace {
thread_local const char* purpose = nullptr;
thread_local std::vector<QueryCut> cuts;
}  // namespace

QueryPurpose::QueryPurpose(const char* what) : previous_(purpose) { purpose = what; }

QueryPurpose::~QueryPurpose() { purpose = previous_; }

const char* currentQueryPurpose() { return purpose ? purpose : "query"; }

void recordQueryCut() {
  const std::string what = currentQueryPurpose();
  auto it =
      std::find_if(cuts.begin(), cuts.end(), [&](const QueryCut& c) { return c.purpose == what; });
  if (it == cuts.end()) it = cuts.insert(cuts.end(), {what, 0});
  ++it->count;
}

std::vector<QueryCut> takeQueryCuts() {
  std::vector<QueryCut> out;
  out.swap(cuts);
  return out;
}

}  // namespace culprit::solve

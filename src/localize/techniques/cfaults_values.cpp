// cfaults' values that let a failing test pass, kept per test (see cfaults_values.h).
#include "localize/techniques/cfaults_values.h"

#include "localize/phases.h"
#include "localize/replay.h"

#include <algorithm>

namespace culprit::localize::cfaults_values {
namespace {

/// Whether `outer` holds every statement of `inner`.
bool holds(const std::set<ir::StmtId>& outer, const std::set<ir::StmtId>& inner) {
  return std::includes(outer.begin(), outer.end(), inner.begin(), inner.end());
}

}  // namespace

bool sameValues(const std::vector<AngelicValue>& a, const std::vector<AngelicValue>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const AngelicValue& x, const AngelicValue& y) {
                      return x.stmt == y.stmt && x.occurrence == y.occurrence &&
                             x.value == y.value && x.branch == y.branch;
                    });
}

void remember(std::vector<std::vector<AngelicValue>>& known,
              const std::vector<AngelicValue>& values) {
  constexpr std::size_t kKnown = 64;
  if (known.size() < kKnown &&
      std::none_of(known.begin(), known.end(),
                   [&](const std::vector<AngelicValue>& k) { return sameValues(k, values); }))
    known.push_back(values);
}

std::optional<std::vector<AngelicValue>>
PassingValues::reuse(std::size_t t, const std::set<ir::StmtId>& stmts) const {
  if (const auto it = explained_.find(t); it != explained_.end())
    for (const std::size_t e : it->second)
      if (holds(stmts, pool_[e].stmts)) return pool_[e].values;
  return std::nullopt;
}

std::vector<const std::vector<AngelicValue>*>
PassingValues::usable(const std::set<ir::StmtId>& stmts) const {
  std::vector<const Explanation*> usable;
  for (const Explanation& e : pool_)
    if (holds(stmts, e.stmts)) usable.push_back(&e);
  std::stable_sort(usable.begin(), usable.end(),
                   [](const Explanation* a, const Explanation* b) { return a->uses > b->uses; });
  std::vector<const std::vector<AngelicValue>*> out;
  for (const Explanation* e : usable)
    out.push_back(&e->values);
  return out;
}

void PassingValues::record(std::size_t t, std::vector<AngelicValue> values) {
  const PhaseTimer phase("cfaults: record (trims)");
  constexpr std::size_t kPerTest = 16;
  std::set<ir::StmtId> stmts;
  for (const AngelicValue& v : values)
    stmts.insert(v.stmt);
  std::vector<std::size_t>& mine = explained_[t];
  auto covered = [&](const std::set<ir::StmtId>& s) {
    return std::any_of(mine.begin(), mine.end(),
                       [&](std::size_t e) { return holds(s, pool_[e].stmts); });
  };
  if (mine.size() >= kPerTest || covered(stmts)) return;
  for (auto it = stmts.begin(); it != stmts.end() && stmts.size() > 1;) {
    std::vector<AngelicValue> without;
    for (const AngelicValue& v : values)
      if (v.stmt != *it) without.push_back(v);
    if (replayPasses(p_, t, without)) {
      values = std::move(without);
      it = stmts.erase(it);
    } else {
      ++it;
    }
  }
  if (covered(stmts)) return;
  const auto same = std::find_if(pool_.begin(), pool_.end(), [&](const Explanation& e) {
    return e.stmts == stmts && sameValues(e.values, values);
  });
  if (same != pool_.end()) {
    ++same->uses;
    mine.push_back(static_cast<std::size_t>(same - pool_.begin()));
    return;
  }
  mine.push_back(pool_.size());
  pool_.push_back({std::move(stmts), std::move(values), 1});
}

}  // namespace culprit::localize::cfaults_values

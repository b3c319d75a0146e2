// Exploration: see exploration.h.
#include "encode/exploration.h"

namespace culprit::encode {

std::size_t Exploration::add(const exec::RunResult& run) {
  ++runs_;
  std::size_t fresh = 0;
  for (const exec::TraceEntry& e : run.trace) {
    const ir::Stmt& s = program_->stmt(e.key.stmt);
    if (!s.isBranch()) continue;
    if (e.decision < 0 && s.kind != ir::StmtKind::Switch) continue;  // the run failed inside
    BranchSite site{e.key.stmt};
    const std::vector<ir::StmtId>& calls = run.callContexts.at(e.callContext);
    site.push_back(static_cast<std::uint32_t>(calls.size()));
    site.insert(site.end(), calls.begin(), calls.end());
    const std::vector<std::uint32_t>& loops = run.loopContexts.at(e.loopContext);
    site.insert(site.end(), loops.begin(), loops.end());
    std::uint64_t& mask = taken_[site];
    const std::uint64_t bit = sideBit(e.decision);
    if (!(mask & bit)) ++fresh;
    mask |= bit;
  }
  sides_ += fresh;
  return fresh;
}

bool Exploration::has(const BranchSite& site, std::int32_t decision) const {
  auto it = taken_.find(site);
  return it != taken_.end() && (it->second & sideBit(decision));
}

}  // namespace culprit::encode

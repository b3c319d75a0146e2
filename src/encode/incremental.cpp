// IncrementalEncoder and modelPath: see incremental.h.
#include "encode/incremental.h"

#include <algorithm>
#include <map>

namespace culprit::encode {

IncrementalEncoder::IncrementalEncoder(z3::context& ctx, const ir::Program& program,
                                       exec::RunInput input, Expectation expect,
                                       EncodeOptions options)
    : ctx_(ctx), program_(program), input_(std::move(input)), expect_(std::move(expect)),
      options_(std::move(options)), exploration_(program) {
  if (options_.family != Family::Program)
    throw std::invalid_argument("an incremental encoder encodes the program formula");
  options_.explored = &exploration_;
}

IncrementalEncoder::Delta IncrementalEncoder::addRun(const exec::RunResult& run) {
  return addRuns({&run});
}

IncrementalEncoder::Delta
IncrementalEncoder::addRuns(const std::vector<const exec::RunResult*>& runs) {
  Delta delta;
  for (const exec::RunResult* run : runs)
    delta.newSides += exploration_.add(*run);
  Encoding pass = encode(ctx_, program_, input_, expect_, options_, nullptr, &names_);
  sliceToObligations(pass);
  ++passes_;
  std::vector<std::uint32_t> stable(pass.groups.size());
  for (std::uint32_t g = 0; g < pass.groups.size(); ++g) {
    const SoftGroup& group = pass.groups[g];
    auto [it, fresh] =
        groupOf_.try_emplace(group.selector.id(), static_cast<std::uint32_t>(groups_.size()));
    if (fresh) {
      groups_.push_back(SoftGroup{group.selector, group.stmt, {}, false});
      registered_.push_back(false);
    }
    stable[g] = it->second;
  }
  for (SoftGroup& g : groups_)
    g.instances.clear(), g.relevant = false;
  for (std::uint32_t i = 0; i < pass.instances.size(); ++i) {
    Instance& inst = pass.instances[i];
    if (inst.group == ir::kNone) continue;
    inst.group = stable[inst.group];
    groups_[inst.group].instances.push_back(i);
  }
  for (std::uint32_t g = 0; g < pass.groups.size(); ++g)
    groups_[stable[g]].relevant = groups_[stable[g]].relevant || pass.groups[g].relevant;
  for (std::uint32_t g = 0; g < groups_.size(); ++g)
    if (groups_[g].relevant && !registered_[g]) {
      registered_[g] = true;
      delta.groups.push_back(g);
    }
  for (const HardClause& h : pass.hard)
    if (emitted_.insert(h.clause.id()).second) {
      alive_.push_back(h.clause);
      delta.hard.push_back(h);
    }
  pass.groups = groups_;
  current_.emplace(std::move(pass));
  return delta;
}

IncrementalEncoder::Delta IncrementalEncoder::restart() {
  Delta delta;
  emitted_.clear();
  alive_.clear();
  for (const HardClause& h : current_->hard)
    if (emitted_.insert(h.clause.id()).second) {
      alive_.push_back(h.clause);
      delta.hard.push_back(h);
    }
  for (std::uint32_t g = 0; g < groups_.size(); ++g) {
    registered_[g] = groups_[g].relevant;
    if (registered_[g]) delta.groups.push_back(g);
  }
  return delta;
}

std::vector<PathStep> modelPath(const Encoding& enc, const z3::model& model) {
  struct Reached {
    std::uint64_t order;
    std::uint32_t copy;
    const BranchPoint* point;
  };
  std::vector<Reached> reached;
  for (const BranchPoint& b : enc.branches)
    if (model.eval(b.reached, true).is_true()) reached.push_back({b.order, b.copy, &b});
  std::sort(reached.begin(), reached.end(),
            [](const Reached& a, const Reached& b) { return a.order < b.order; });
  std::map<ir::StmtId, std::vector<std::uint32_t>> copies;  // occurrence = rank of the copy
  for (const Reached& r : reached)
    copies[r.point->stmt].push_back(r.copy);
  for (auto& [stmt, list] : copies)
    std::sort(list.begin(), list.end());
  std::vector<PathStep> path;
  for (const Reached& r : reached) {
    const BranchPoint& b = *r.point;
    const std::vector<std::uint32_t>& list = copies[b.stmt];
    PathStep step;
    step.stmt = b.stmt;
    step.occurrence = static_cast<std::uint32_t>(
        std::lower_bound(list.begin(), list.end(), r.copy) - list.begin());
    const z3::expr d = model.eval(b.decision, true);
    step.decision = b.isSwitch ? static_cast<std::int32_t>(modelValue(model, d, ir::IntKind::Int))
                               : (d.is_true() ? 1 : 0);
    const std::uint64_t bit = sideBit(step.decision);
    step.encoded = !(b.unencoded & bit);
    step.cut = (b.cut & bit) != 0;
    path.push_back(step);
  }
  return path;
}

}  // namespace culprit::encode

// Window probes: see window_probe.h.
#include "localize/window_probe.h"
#include "solve/query_cuts.h"

#include <algorithm>
#include <array>

namespace culprit::localize {

ProducedValues producedValues(const ir::Program& program, const exec::RunResult& run) {
  ProducedValues out;
  for (std::size_t i = 0; i < run.trace.size(); ++i) {
    const exec::TraceEntry& e = run.trace[i];
    const bool branch = program.stmt(e.key.stmt).isBranch();
    if (!e.hasValue && !(branch && e.decision >= 0)) continue;
    auto [it, fresh] =
        out.try_emplace({e.key.stmt, run.callContexts.at(e.callContext), e.iteration},
                        ProducedValue{i, e.hasValue ? e.value : e.decision});
    if (!fresh) it->second.reset();
  }
  return out;
}

namespace {

/// The instances of `group` whose value or decision `produced` holds (switches and floating
/// values left out), each with it.
std::vector<std::pair<const encode::Instance*, const ProducedValue*>>
pinnable(const encode::Encoding& enc, const encode::SoftGroup& group,
         const ProducedValues& produced) {
  std::vector<std::pair<const encode::Instance*, const ProducedValue*>> out;
  for (std::uint32_t i : group.instances) {
    const encode::Instance& inst = enc.instances[i];
    if (inst.kind == encode::InstanceKind::Switch ||
        (inst.kind == encode::InstanceKind::Value && ir::isFloating(inst.type)))
      continue;
    auto it = produced.find({inst.origin.stmt, inst.origin.callContext, inst.origin.iteration});
    if (it == produced.end() || !it->second) continue;
    out.emplace_back(&inst, &*it->second);
  }
  return out;
}

}  // namespace

bool windowProbed(const encode::Encoding& enc, const encode::SoftGroup& group,
                  const ProducedValues& produced) {
  return pinnable(enc, group, produced).size() >= kWindowProbeLeastExecutions;
}

std::vector<std::pair<std::size_t, z3::expr>>
pinnedInstances(z3::context& ctx, const encode::Encoding& enc, const encode::SoftGroup& group,
                const ProducedValues& produced, std::size_t least) {
  // The instances first, the clauses only when there are enough: a term made and never
  // asserted still changes z3's later choices (other models, other runs of agx and ofc).
  const std::vector<std::pair<const encode::Instance*, const ProducedValue*>> pinned =
      pinnable(enc, group, produced);
  std::vector<std::pair<std::size_t, z3::expr>> pins;  // trace position, clause
  if (pinned.size() < least) return pins;
  for (const auto& [inst, value] : pinned) {
    const std::int64_t v = value->value;
    const z3::expr same = inst->kind == encode::InstanceKind::Branch
                              ? inst->value == ctx.bool_val(v != 0)
                              : encode::valueWithin(inst->value, inst->type, v, v);
    pins.emplace_back(value->position, z3::implies(inst->reached, same));
  }
  return pins;
}

std::optional<solve::Mcs> windowModel(solve::Session& session, solve::SoftId id,
                                      std::vector<std::pair<std::size_t, z3::expr>> pins,
                                      const solve::Deadline& deadline) {
  if (pins.size() < kWindowProbeLeastExecutions) return std::nullopt;
  std::sort(pins.begin(), pins.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  z3::context& ctx = session.ctx();
  const std::array<solve::SoftId, 1> relaxed{id};
  for (std::size_t free = 1; free <= kWindowProbeWidest && free < pins.size(); free *= 2) {
    if (deadline.expired()) return std::nullopt;
    z3::expr_vector fixed(ctx);
    for (std::size_t i = 0; i + free < pins.size(); ++i)
      fixed.push_back(pins[i].second);
    const z3::expr window = session.freshBool("window");
    session.addHard(z3::implies(window, z3::mk_and(fixed)));
    z3::expr_vector assumptions = session.selectorsExcept(relaxed);
    assumptions.push_back(window);
    const solve::Answer answer = session.check(assumptions, deadline);
    if (answer == solve::Answer::Unknown) return std::nullopt;
    if (answer == solve::Answer::Sat) return solve::Mcs{{id}, session.weight(id), session.model()};
  }
  return std::nullopt;
}

bool hasProbeableGroup(const encode::Encoding& enc) {
  return std::any_of(enc.groups.begin(), enc.groups.end(), [](const encode::SoftGroup& g) {
    return g.instances.size() >= kWindowProbeLeastExecutions;
  });
}

std::vector<solve::Mcs> probeWindows(const FormulaTask& task, const encode::Encoding& enc,
                                     const exec::RunResult& run, solve::Session& session,
                                     const SessionGroups& loaded, const solve::Deadline& deadline,
                                     Result& r) {
  const solve::QueryPurpose purpose("window probe");
  std::vector<solve::Mcs> found;
  try {
    const ProducedValues produced = producedValues(*task.program, run);
    // The groups worth probing, with their pinning clauses.
    std::vector<std::pair<solve::SoftId, std::vector<std::pair<std::size_t, z3::expr>>>> probed;
    for (solve::SoftId id : session.allSofts()) {
      std::vector<std::pair<std::size_t, z3::expr>> pins = pinnedInstances(
          session.ctx(), enc, enc.groups[loaded.group(id)], produced, kWindowProbeLeastExecutions);
      if (pins.size() >= kWindowProbeLeastExecutions) probed.emplace_back(id, std::move(pins));
    }
    if (probed.empty() || deadline.expired()) return found;
    // Only an unsatisfiable formula has MCSs (the enumeration asks the same query first).
    if (session.check(session.selectorsExcept({}), deadline) != solve::Answer::Unsat) return found;
    for (auto& [id, pins] : probed) {
      if (deadline.expired()) break;
      if (std::optional<solve::Mcs> m = windowModel(session, id, std::move(pins), deadline)) {
        found.push_back(std::move(*m));
        ++r.stats.counter("window-models");
      }
    }
  } catch (const z3::exception& e) {  // --max-memory hit while adding the windows
    addNote(r, std::string("solver: ") + e.msg());
  }
  return found;
}

namespace {

class FoundFirst final : public solve::McsEnumerator {
public:
  FoundFirst(std::vector<solve::Mcs> found, std::unique_ptr<solve::McsEnumerator> inner)
      : found_(std::move(found)), inner_(std::move(inner)) {}

  std::optional<solve::Mcs> next() override {
    std::optional<solve::Mcs> mcs = candidate();
    if (mcs) accept(*mcs);
    return mcs;
  }
  std::optional<solve::Mcs> candidate() override {
    if (next_ < found_.size()) return found_[next_];
    return inner_->candidate();
  }
  void accept(const solve::Mcs& mcs) override {
    if (next_ < found_.size()) ++next_;
    inner_->accept(mcs);
  }
  solve::StopReason stopReason() const override { return inner_->stopReason(); }
  const std::string& stopDetail() const override { return inner_->stopDetail(); }

private:
  std::vector<solve::Mcs> found_;
  std::size_t next_ = 0;
  std::unique_ptr<solve::McsEnumerator> inner_;
};

}  // namespace

std::unique_ptr<solve::McsEnumerator> withFoundFirst(std::vector<solve::Mcs> found,
                                                     std::unique_ptr<solve::McsEnumerator> inner,
                                                     std::size_t maxCount) {
  if (maxCount && found.size() > maxCount)
    found.erase(found.begin() + static_cast<std::ptrdiff_t>(maxCount), found.end());
  if (found.empty()) return inner;
  return std::make_unique<FoundFirst>(std::move(found), std::move(inner));
}

}  // namespace culprit::localize

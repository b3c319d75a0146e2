// Readable angelic values: see angelic.h.
#include "localize/angelic.h"
#include "localize/phases.h"
#include "localize/solving.h"
#include "solve/query_cuts.h"

#include <algorithm>
#include <map>

namespace culprit::localize {
namespace {

constexpr std::int64_t kNearest = 10;  ///< the first distance tried
/// Replay search: the neighbours of each center tried, the most values searched, the most
/// replays per diagnosis (about 30 microseconds each on bench/siemens, against 1-10 ms for a
/// polishing query).
constexpr std::int64_t kReplayReach = 2;
constexpr std::size_t kReplayValues = 3;
constexpr std::size_t kReplayBudget = 32;

/// Is `v` within kNearest of 0 or of a value in `centers`?
bool nearAny(std::int64_t v, const std::vector<std::int64_t>* centers) {
  auto within = [&](std::int64_t c) {
    return static_cast<__int128>(v) - c <= kNearest && static_cast<__int128>(c) - v <= kNearest;
  };
  if (within(0)) return true;
  return centers && std::any_of(centers->begin(), centers->end(), within);
}

/// The values tried for one angelic value, best first: its own when near already, then each
/// center (the run's values, then 0) and its neighbours at distance 1 and 2.
std::vector<std::int64_t> candidatesFor(std::int64_t own,
                                        const std::vector<std::int64_t>* produced) {
  std::vector<std::int64_t> centers;
  if (produced) centers = *produced;
  centers.push_back(0);
  std::vector<std::int64_t> out;
  auto add = [&](std::int64_t v) {
    if (nearAny(v, produced) && std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  };
  add(own);
  for (std::int64_t distance = 0; distance <= kReplayReach; ++distance)
    for (std::int64_t c : centers) {
      if (c > INT64_MIN + distance) add(c - distance);
      if (c < INT64_MAX - distance) add(c + distance);
    }
  return out;
}

}  // namespace

const char* AngelicPolisher::kNote =
    "angelic values are chosen within 10 (else 1000, else 10^6) of a value the failing run "
    "produced at that statement, or of 0, where the formula allows";

struct AngelicPolisher::State {
  const FormulaTask& task;
  const encode::Encoding& enc;
  solve::Context& context;
  const std::string logic;
  /// Made for the first query: a polisher whose diagnoses all come readable asks none.
  std::optional<solve::Session> session;
  std::vector<std::uint32_t> enforced;  ///< the relevant groups (the soft ones)
  /// Distinct values each statement produced in the failing run (a few at most).
  std::map<ir::StmtId, std::vector<std::int64_t>> produced;
  PolishLimits limits;
  bool answered = false;  ///< some query was decided: the formula is bit-blasted
  bool gaveUp = false;    ///< the first query ran out of its time: polishing is not affordable

  State(const FormulaTask& t, const encode::Encoding& e, solve::Context& c, PolishLimits l)
      : task(t), enc(e), context(c), logic(solverLogic(t, e)), limits(l) {}

  solve::Session& solver() {
    if (!session) {
      session.emplace(context.z3(), context.sessionOptions(logic));
      for (const encode::HardClause& h : enc.hard)
        session->addHard(h.clause);
    }
    return *session;
  }
};

AngelicPolisher::AngelicPolisher(const FormulaTask& task, const encode::Encoding& enc,
                                 solve::Context& context, PolishLimits limits)
    : state_(nullptr) {
  const PhaseTimer phase("polish");
  state_ = std::make_unique<State>(task, enc, context, limits);
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
    if (enc.groups[g].relevant) state_->enforced.push_back(g);
  constexpr std::size_t kCenters = 4;
  for (const exec::TraceEntry& t : traceRun(task, nullptr).trace) {
    if (!t.hasValue) continue;
    std::vector<std::int64_t>& values = state_->produced[t.key.stmt];
    if (values.size() < kCenters &&
        std::find(values.begin(), values.end(), t.value) == values.end())
      values.push_back(t.value);
  }
}

AngelicPolisher::~AngelicPolisher() = default;

bool AngelicPolisher::gaveUp() const { return state_->gaveUp; }

double AngelicPolisher::solverMs() const {
  return state_->session ? state_->session->stats().solverMs : 0;
}
std::size_t AngelicPolisher::queries() const {
  return state_->session ? state_->session->stats().queries : 0;
}

bool AngelicPolisher::replayNear(Diagnosis& d) {
  State& s = *state_;
  if (!s.task.program || !s.task.test || d.locations.size() < 2) return false;
  std::vector<std::size_t> values;  // the positions of d.angelic's values (not directions)
  for (std::size_t i = 0; i < d.angelic.size(); ++i)
    if (!d.angelic[i].branch) values.push_back(i);
  if (values.empty() || values.size() > kReplayValues) return false;
  std::vector<std::vector<std::int64_t>> options;
  for (std::size_t i : values) {
    const auto it = s.produced.find(d.angelic[i].stmt);
    options.push_back(
        candidatesFor(d.angelic[i].value, it == s.produced.end() ? nullptr : &it->second));
    if (options.back().empty()) return false;
  }
  // Every choice of one option per value, by the sum of their positions (nearest first), up
  // to kReplayBudget replays. The picks of one sum come with the last value's position
  // ascending, then the one before it, ...; the first value's position is what the sum leaves.
  std::vector<AngelicValue> tried = d.angelic;
  std::vector<std::size_t> pick(values.size(), 0);
  std::size_t budget = kReplayBudget;
  std::size_t maxSum = 0;
  for (const std::vector<std::int64_t>& o : options)
    maxSum += o.size() - 1;
  enum class Outcome { Passed, Failed, OutOfBudget };
  // Positions of values [0, k] whose sum is `left`, the later ones chosen already.
  const auto pickUpTo = [&](const auto& self, std::size_t k, std::size_t left) -> Outcome {
    if (k == 0) {
      if (left >= options[0].size()) return Outcome::Failed;
      pick[0] = left;
      if (budget-- == 0) return Outcome::OutOfBudget;
      for (std::size_t i = 0; i < values.size(); ++i)
        tried[values[i]].value = options[i][pick[i]];
      return passesWith(s.task, tried) ? Outcome::Passed : Outcome::Failed;
    }
    for (pick[k] = 0; pick[k] <= left && pick[k] < options[k].size(); ++pick[k])
      if (const Outcome o = self(self, k - 1, left - pick[k]); o != Outcome::Failed) return o;
    return Outcome::Failed;
  };
  for (std::size_t sum = 0; sum <= maxSum; ++sum)
    switch (pickUpTo(pickUpTo, values.size() - 1, sum)) {
    case Outcome::Passed: d.angelic = std::move(tried); return true;
    case Outcome::OutOfBudget: return false;
    case Outcome::Failed: break;
    }
  return false;
}

bool AngelicPolisher::polish(Diagnosis& d, std::span<const std::uint32_t> groups,
                             const solve::Deadline& deadline, const z3::model* found) {
  State& s = *state_;
  if (s.gaveUp) return false;
  const PhaseTimer phase("polish");
  const solve::QueryPurpose purpose("polishing");
  z3::context& ctx = s.context.z3();
  z3::expr_vector base(ctx);
  for (std::uint32_t g : s.enforced)
    if (std::find(groups.begin(), groups.end(), g) == groups.end())
      base.push_back(s.enc.groups[g].selector);
  bool floating = false;  // a floating value is not searched by replays
  for (std::uint32_t g : groups)
    for (std::uint32_t i : s.enc.groups[g].instances)
      floating = floating || ir::isFloating(s.enc.instances[i].type);
  for (const std::int64_t distance : std::initializer_list<std::int64_t>{kNearest, 1000, 1000000}) {
    if (deadline.expired()) return false;
    z3::expr near = ctx.bool_val(true);
    z3::expr nearRun = ctx.bool_val(true);  // near a produced value, 0 not counted
    bool any = false;
    for (std::uint32_t g : groups)
      for (std::uint32_t i : s.enc.groups[g].instances) {
        const encode::Instance& inst = s.enc.instances[i];
        if (inst.kind != encode::InstanceKind::Value || ir::isFloating(inst.type)) continue;
        any = true;
        auto within = [&](std::int64_t center) {
          const auto lo = static_cast<std::int64_t>(
              std::max<__int128>(static_cast<__int128>(center) - distance, INT64_MIN));
          const auto hi = static_cast<std::int64_t>(
              std::min<__int128>(static_cast<__int128>(center) + distance, INT64_MAX));
          return encode::valueWithin(inst.value, inst.type, lo, hi);
        };
        z3::expr options = within(0);
        z3::expr ran = ctx.bool_val(false);
        auto it = s.produced.find(inst.origin.stmt);
        if (it != s.produced.end())
          for (std::int64_t v : it->second) {
            options = options || within(v);
            ran = ran || within(v);
          }
        near = near && z3::implies(inst.reached, options);
        nearRun = nearRun && z3::implies(inst.reached, ran);
      }
    if (!any) return false;  // branches only: a direction is as readable as it gets
    // The MCS's own model, its values near the run's already, answers the first query (d holds
    // its values). Near 0 does not count here: a value the formula leaves free is 0 in z3's
    // model, and the replay, which runs the whole test, then fails where the failing run's
    // value passes (bench/siemens, fi v15: 5 -> 3 feasible diagnoses when it counted).
    if (found && distance == kNearest && found->eval(nearRun, true).is_true()) return true;
    // Values near the run's (or 0) that a replay of the test confirms: no query.
    if (distance == kNearest && !floating && replayNear(d)) return true;
    solve::Session& session = s.solver();
    const z3::expr literal = session.freshBool("readable");
    session.addHard(z3::implies(literal, near));
    // A copy: z3::expr_vector's copy constructor shares the vector, and the literal of a
    // distance that found nothing assumed again with the next one made it unsatisfiable too.
    z3::expr_vector assumptions(ctx);
    for (const z3::expr& e : base)
      assumptions.push_back(e);
    assumptions.push_back(literal);
    const double seconds = s.answered ? s.limits.querySeconds : s.limits.firstQuerySeconds;
    const solve::Deadline query = deadline.bounded() && deadline.remainingMs() < seconds * 1000
                                      ? deadline
                                      : solve::Deadline::after(seconds);
    const solve::Answer answer = session.check(assumptions, query);
    if (answer == solve::Answer::Unknown && !s.answered) {
      s.gaveUp = !deadline.expired();
      return false;
    }
    s.answered = true;
    if (answer != solve::Answer::Sat) continue;
    const z3::model model = session.model();
    d.angelic.clear();
    for (const encode::AngelicInstance& a : encode::angelicValues(s.enc, model, groups))
      d.angelic.push_back(AngelicValue{a.key.stmt, a.key.occurrence, a.value,
                                       a.kind != encode::InstanceKind::Value, std::nullopt});
    return true;
  }
  return false;
}

}  // namespace culprit::localize

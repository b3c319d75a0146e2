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

}  // namespace

const char* AngelicPolisher::kNote =
    "angelic values are chosen within 10 (else 1000, else 10^6) of a value the failing run "
    "produced at that statement, or of 0, where the formula allows";

struct AngelicPolisher::State {
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
      : enc(e), context(c), logic(solverLogic(t, e)), limits(l) {}

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

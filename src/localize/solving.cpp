// Solving steps: see solving.h.
//
// Weights. With FormulaOptions::weights, each soft group weighs clauseWeight(score of its
// statement) and the MaxSAT-based enumeration reports cheapest (most suspicious) MCSs first.
#include "localize/solving.h"

#include "ir/error.h"
#include "solve/query_cuts.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace culprit::localize {
namespace {
const std::string kMemoryBoundWords = "solver memory bound ";
const std::string kFirstMcsWords(kFirstMcsNoteWords);

/// Names the queries of `inner`: "first MCS" until it has given one, "enumeration" after.
class PurposeNaming : public solve::McsEnumerator {
public:
  explicit PurposeNaming(std::unique_ptr<solve::McsEnumerator> inner) : inner_(std::move(inner)) {}
  std::optional<solve::Mcs> next() override {
    const solve::QueryPurpose purpose(purposeNow());
    std::optional<solve::Mcs> m = inner_->next();
    if (m) found_ = true;
    return m;
  }
  std::optional<solve::Mcs> candidate() override {
    const solve::QueryPurpose purpose(purposeNow());
    std::optional<solve::Mcs> m = inner_->candidate();
    if (m) found_ = true;
    return m;
  }
  void accept(const solve::Mcs& mcs) override {
    found_ = true;
    inner_->accept(mcs);
  }
  solve::StopReason stopReason() const override { return inner_->stopReason(); }
  const std::string& stopDetail() const override { return inner_->stopDetail(); }

private:
  const char* purposeNow() const { return found_ ? "enumeration" : "first MCS"; }
  std::unique_ptr<solve::McsEnumerator> inner_;
  bool found_ = false;
};

/// 0.5, 60: no trailing zeros.
std::string seconds(double s) {
  std::ostringstream out;
  out << s;
  return out.str();
}
}  // namespace

std::unique_ptr<solve::Context> makeSolverContext(const FormulaTask& task) {
  // solve::Context reads CULPRIT_RESTART_RLIMIT with strtoul, where "abc" is 0 (restarts off):
  // anything but a plain number is refused here, before it can change the search silently.
  if (const char* v = std::getenv("CULPRIT_RESTART_RLIMIT")) {
    const std::string text = v;
    if (text.empty() || text.size() > 10 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        std::stoull(text) > std::numeric_limits<unsigned>::max())
      throw UserError("CULPRIT_RESTART_RLIMIT: '" + text +
                      "' is not a number of z3 resource units (the first budget of a query "
                      "before it restarts; 0 turns restarts off)");
  }
  solve::ContextOptions o;
  o.maxMemoryMb = task.options.maxMemoryMb;
  o.queryRlimit = task.options.queryRlimit;
  if (const char* dir = std::getenv("CULPRIT_DUMP_SMT2")) o.dumpDir = dir;
  try {
    return std::make_unique<solve::Context>(std::move(o));
  } catch (const solve::ContextError& e) {
    throw UserError(std::string("CULPRIT_DUMP_SMT2: ") + e.what());
  }
}

std::string solverLogic(encode::Ints ints, const encode::Encoding& enc) {
  if (enc.usesFloats) return enc.usesArrays ? solve::kFloatArrayLogic : solve::kFloatLogic;
  return ints == encode::Ints::BitVector && !enc.usesArrays ? "QF_BV" : "";
}

std::string solverLogic(const FormulaTask& task, const encode::Encoding& enc) {
  return solverLogic(taskInts(task), enc);
}

std::uint64_t clauseWeight(double score) {
  // Weight ~ 10/score: a statement covered by every failing and no passing test (Ochiai 1)
  // weighs 10, one never covered by a failing test 1000; resolution is coarse on purpose, as
  // large weights slow core-guided MaxSAT down.
  constexpr double kScale = 10, kMax = 1000;
  if (!(score > 0)) return static_cast<std::uint64_t>(kMax);
  if (std::isinf(score)) return 1;
  return static_cast<std::uint64_t>(std::clamp(std::round(kScale / score), 1.0, kMax));
}

std::vector<std::uint64_t> statementWeights(const FormulaTask& task, Result& r) {
  if (task.options.weights.empty()) return {};
  const std::optional<SbflFormula> formula = parseSbflFormula(task.options.weights);
  if (!formula || !task.coverage) {
    addNote(r, "clause weights '" + task.options.weights + "' unavailable: unweighted");
    return {};
  }
  std::vector<std::uint64_t> weights;
  for (double score : statementScores(*task.program, *task.coverage, *formula))
    weights.push_back(clauseWeight(score));
  return weights;
}

std::uint64_t groupWeight(const std::vector<std::uint64_t>& weights, const encode::Encoding& enc,
                          std::uint32_t group) {
  const ir::StmtId s = enc.groups[group].stmt;
  if (weights.empty()) return 1;
  return s < weights.size() ? weights[s] : clauseWeight(0);
}

void SessionGroups::load(solve::Session& session, const encode::Encoding& enc,
                         std::span<const encode::HardClause> hard,
                         std::span<const std::uint32_t> groups,
                         const std::vector<std::uint64_t>& weights) {
  for (const encode::HardClause& h : hard)
    session.addHard(h.clause);
  for (std::uint32_t g : groups) {
    session.addSoft(enc.groups[g].selector, groupWeight(weights, enc, g));
    groupOf_.push_back(g);
  }
}

void SessionGroups::loadAll(solve::Session& session, const encode::Encoding& enc,
                            const std::vector<std::uint64_t>& weights) {
  std::vector<std::uint32_t> relevant;
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
    if (enc.groups[g].relevant) relevant.push_back(g);
  load(session, enc, enc.hard, relevant, weights);
}

std::vector<std::uint32_t> SessionGroups::groups(std::span<const solve::SoftId> softs) const {
  std::vector<std::uint32_t> out;
  for (solve::SoftId s : softs)
    out.push_back(group(s));
  return out;
}

std::optional<solve::SoftId> SessionGroups::softOf(std::uint32_t group) const {
  const auto it = std::find(groupOf_.begin(), groupOf_.end(), group);
  if (it == groupOf_.end()) return std::nullopt;
  return static_cast<solve::SoftId>(it - groupOf_.begin());
}

std::unique_ptr<solve::McsEnumerator> makeEnumerator(const FormulaTask& task,
                                                     solve::Session& session, double secondsLeft) {
  solve::McsBounds bounds;
  bounds.maxSize = task.options.maxSize;
  bounds.maxCount = task.options.maxCount;
  if (task.options.timeoutSeconds > 0) bounds.timeoutSeconds = std::max(0.001, secondsLeft);
  if (task.firstMcsBy)
    bounds.firstTimeoutSeconds = std::max(
        0.001,
        std::chrono::duration<double>(*task.firstMcsBy - std::chrono::steady_clock::now()).count());
  std::unique_ptr<solve::McsEnumerator> e =
      solve::makeMcsEnumerator(task.options.mcsEngine, session, bounds);
  if (!e) throw UserError("unknown MCS engine '" + task.options.mcsEngine + "'");
  return std::make_unique<PurposeNaming>(std::move(e));
}

bool stoppedByMemoryBound(const Result& r) {
  return r.incompleteReason.find(kMemoryBoundWords) != std::string::npos;
}

double firstMcsBudgetSeconds(double timeoutSeconds) {
  return timeoutSeconds >= kFirstMcsMinTimeout ? kFirstMcsShare * timeoutSeconds : 0;
}

bool stoppedByFirstMcsBudget(const Result& r) {
  return r.incompleteReason.find(kFirstMcsWords) != std::string::npos;
}

std::string firstMcsNote(std::optional<std::size_t> query, const FormulaOptions& o) {
  const std::string budget = seconds(firstMcsBudgetSeconds(o.timeoutSeconds)) + " s (" +
                             std::to_string(static_cast<int>(kFirstMcsShare * 100 + 0.5)) +
                             "% of --timeout " + seconds(o.timeoutSeconds) + ")";
  if (!query) return kFirstMcsWords + "the program formula was not built in " + budget;
  return kFirstMcsWords + "the program formula found no MCS in " + budget +
         (*query ? ": that budget stopped it at its query " + std::to_string(*query)
                 : ", before its first query");
}

std::string formulaLimitNote(std::uint64_t limit) {
  return kFirstMcsWords + "the program formula outgrew " + std::to_string(limit) +
         " hard constraints (--formula-limit) while it was built and was not solved: its first "
         "MCS is not expected within the budget (--formula-limit 0 lifts the limit)";
}

std::string formulaBitsNote(std::uint64_t bits, std::uint64_t limit) {
  return kFirstMcsWords + "the program formula's terms hold " + std::to_string(bits) +
         " bits, over --formula-bits " + std::to_string(limit) +
         ", and it was not solved: its first query would spend the budget bit-blasting it "
         "(--formula-bits 0 lifts the limit)";
}

void noteQueryCuts(Result& r, const FormulaOptions& o) {
  const std::vector<solve::QueryCut> cuts = solve::takeQueryCuts();
  if (cuts.empty()) return;
  std::size_t total = 0;
  std::string which;
  for (const solve::QueryCut& c : cuts) {
    total += c.count;
    which += (which.empty() ? "" : ", ") + c.purpose + " " + std::to_string(c.count);
    const auto it = std::find_if(r.budgetCuts.begin(), r.budgetCuts.end(),
                                 [&](const auto& b) { return b.first == c.purpose; });
    if (it == r.budgetCuts.end())
      r.budgetCuts.emplace_back(c.purpose, c.count);
    else
      it->second += c.count;
  }
  addNote(r, "query budget: " +
                 (total == 1 ? std::string("1 query") : std::to_string(total) + " queries") +
                 " cut at " + std::to_string(o.queryRlimit) +
                 " z3 resource units (--query-rlimit): " + which +
                 "; the results are incomplete (a larger --query-rlimit, or 0 for none, lifts "
                 "it)");
}

std::string stopNote(solve::StopReason stop, const std::string& detail, const FormulaOptions& o) {
  switch (stop) {
  case solve::StopReason::Exhausted: return "";
  case solve::StopReason::SizeBound:
    return "MCS size bound " + std::to_string(o.maxSize) +
           " reached: larger MCSs may exist (--max-size " + std::to_string(o.maxSize + 1) +
           ", or 0 for none, lifts it)";
  case solve::StopReason::CountBound:
    return "diagnosis count bound " + std::to_string(o.maxCount) +
           " reached (--max-count 0 lifts it)";
  case solve::StopReason::Timeout:
    if (detail.starts_with(solve::kFirstMcsBudget))
      return firstMcsNote(std::stoul(detail.substr(solve::kFirstMcsBudget.size())), o);
    return "timeout after " + seconds(o.timeoutSeconds) +
           " s (--timeout): the diagnoses so far are shown (a larger --timeout, or 0 for none, "
           "lifts it)";
  case solve::StopReason::SolverUnknown:
    if (o.maxMemoryMb && solve::Context::outOfMemory(detail))
      return kMemoryBoundWords + std::to_string(o.maxMemoryMb) +
             " MB reached (--max-memory): the diagnoses so far are shown (a larger --max-memory "
             "lifts it)";
    if (o.queryRlimit && (detail.find("resource") != std::string::npos ||
                          detail.find("no reason given") != std::string::npos))
      return "";  // a query cut by --query-rlimit: the driver's note names it (noteQueryCuts)
    return "solver gave up: " + detail;
  }
  return "";
}

}  // namespace culprit::localize

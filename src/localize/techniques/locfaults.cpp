// LocFaults (`--technique locfaults`): minimal correction deviations and bounded MCSs per path.
// The counterexample is the failing test's run. A path's constraint system holds the inputs,
// the path's assignments (one soft group per executed instance) and an oracle; branch
// conditions are not constraints (the flow-insensitive trace formula, instance granularity).
//  1. The counterexample's path with the test's oracle: its MCSs (reported without a path).
//  2. For k = 1..--max-deviations: every set of k branch instances of the counterexample's
//     path is deviated (the interpreter forces the other direction and goes on concretely); a
//     set whose run passes the test is a correction deviation, minimal when no subset is one.
//     Node marking: a condition of a correction found at size k joins no larger set (so the
//     sets explored are minimal when they correct).
//  3. For each minimal correction deviation (MCD): the MCSs of the deviated run's system up to
//     its last deviated condition, with that condition's deviated direction as the oracle.
//     The MCD itself is reported first (its conditions as locations, the deviated directions
//     as angelic values), then these MCSs; all carry the MCD as their path.
// Pre: the failing test fails. Post: the diagnoses of step 1 are the MCSs of the counterexample
// system; those of step 3 the MCSs of each MCD's system, within --max-size; a cut by a bound or
// the timeout is noted. Replay (by the driver) forces only the angelic values: a diagnosis of
// an MCD of size 2 or more needs the MCD's other deviations too and replays infeasible.
// Departures: deviations are of if/while/for/do conditions (not switch arms). A set of k
// instances is deviated only when every instance is reached by the deviated run. Source
// statements (--executions statement, the default): per path, one MCS per set of source
// statements (after an MCS, every correction set relaxing an execution of each of its
// statements is blocked: StatementBlocking) and one MCD per set of source conditions and
// directions; the others, the same statements at other loop iterations, are left out with a
// note. The paper lists them per iteration, and their number grows with the loop bound (sumeven
// n40: 631 diagnoses, 8.5 s CPU; now 9 diagnoses, 0.2 s). --executions each keeps every MCS
// and MCD of a single execution (the paper's lists) and collapses only the larger ones.
// Integers: with --ints auto, exact mathematical integers (range-checked, as exact as
// bit-vectors: the same MCSs) whenever the program allows them (no bitwise operators or
// floating point), as the paper's constraint solver works over integers. A path's MCS query
// asks which few instances to free so that a chain of sums meets the oracle: linear arithmetic
// that z3's arithmetic core decides at once, while its bit-blasted form is heavy-tailed (sumeven
// n20: every query after the first sizes ran past 30 s with bit-vectors, 0.7 s CPU in all with
// integers; restarts with other seeds did not help, the queries are hard, not unlucky).
#include "localize/diagnose.h"

#include <algorithm>
#include <chrono>
#include <set>

namespace culprit::localize {
namespace {

using Clock = std::chrono::steady_clock;

/// A branch instance of the counterexample's path and its decision there.
struct Condition {
  exec::InstanceKey key;
  std::int32_t decision = 0;
  std::uint32_t iteration = 0;  ///< innermost loop iteration (a loop test counts as its own)
};

class Deviations {
public:
  explicit Deviations(const FormulaTask& task) : task_(task) {}

  /// The branch instances of `run` that may be deviated, in execution order.
  std::vector<Condition> conditions(const exec::RunResult& run) const {
    std::vector<Condition> out;
    for (const exec::TraceEntry& e : run.trace) {
      const ir::Stmt& s = task_.program->stmt(e.key.stmt);
      if (s.isBranch() && s.kind != ir::StmtKind::Switch && e.decision >= 0 &&
          !task_.program->functions[s.func].trusted)
        out.push_back({e.key, e.decision, e.iteration});
    }
    return out;
  }

  /// The run with the conditions of `set` deviated; nullopt when one of them is not reached.
  std::optional<exec::RunResult> deviate(const std::vector<Condition>& set) {
    exec::FixedHooks hooks;
    for (const Condition& c : set)
      hooks.hijacks[c.key] = c.decision ? 0 : 1;
    exec::RunResult run = traceRun(task_, &hooks);
    ++runs_;
    std::size_t reached = 0;
    for (const exec::TraceEntry& e : run.trace)
      reached += hooks.hijacks.count(e.key);
    if (reached < set.size()) return std::nullopt;
    if (run.verdict == exec::Verdict::StepLimit) ++stepLimited_;
    return run;
  }

  std::size_t runs() const { return runs_; }
  std::size_t stepLimited() const { return stepLimited_; }

private:
  const FormulaTask& task_;
  std::size_t runs_ = 0, stepLimited_ = 0;
};

/// "line 11 (execution 1) true": the deviated direction.
std::string deviationText(const ir::Program& p, const Condition& c) {
  return "line " + std::to_string(p.stmt(c.key.stmt).range.line) + " (execution " +
         std::to_string(c.key.occurrence + 1) + ") " + (c.decision ? "false" : "true");
}

/// Calls `f` with every k-subset of 0..n-1 (ascending indexes) until it returns false.
template <typename F> bool forEachSubset(std::size_t n, std::size_t k, F&& f) {
  if (k == 0 || k > n) return true;
  std::vector<std::size_t> idx(k);
  for (std::size_t i = 0; i < k; ++i)
    idx[i] = i;
  for (;;) {
    if (!f(idx)) return false;
    std::size_t i = k;
    while (i > 0 && idx[i - 1] == n - k + i - 1)
      --i;
    if (i == 0) return true;
    ++idx[i - 1];
    for (std::size_t j = i; j < k; ++j)
      idx[j] = idx[j - 1] + 1;
  }
}

/// --max-deviations: most branch conditions deviated at once.
const OptionSpec& maxDeviationsOption() {
  static const OptionSpec spec =
      ownUnsignedOption("max-deviations", "LocFaults",
                        "locfaults: most branch conditions deviated at once (0-4)", 2, 4);
  return spec;
}

/// --executions: how MCSs and deviations over several executions of the same source statements
/// (loop iterations) are reported.
const OptionSpec& executionsOption() {
  static const OptionSpec spec = ownChoiceOption(
      "executions", "LocFaults",
      "locfaults: per path, one MCS and one minimal correction deviation per set of source "
      "statements (statement), or each one of a single execution as the paper lists them per "
      "loop iteration and one per set of source statements beyond (each)",
      {"statement", "each"});
  return spec;
}

/// Merges a per-path result into the whole: diagnoses, solver stats, distinct notes.
void absorb(Result& whole, Result&& part) {
  for (Diagnosis& d : part.diagnoses)
    whole.diagnoses.push_back(std::move(d));
  whole.stats.solverMs += part.stats.solverMs;
  whole.stats.queries += part.stats.queries;
  whole.stats.maxCore = std::max(whole.stats.maxCore, part.stats.maxCore);
  whole.stats.soft = std::max(whole.stats.soft, part.stats.soft);
  whole.stats.hard = std::max(whole.stats.hard, part.stats.hard);
  std::size_t from = 0;
  const std::string& why = part.incompleteReason;
  while (from < why.size()) {
    std::size_t end = why.find("; ", from);
    if (end == std::string::npos) end = why.size();
    const std::string note = why.substr(from, end - from);
    if (whole.incompleteReason.find(note) == std::string::npos) addNote(whole, note);
    from = end + 2;
  }
  for (std::string& n : part.notes)
    if (std::find(whole.notes.begin(), whole.notes.end(), n) == whole.notes.end())
      whole.notes.push_back(std::move(n));
}

Result localizeDeviations(const FormulaTask& given) {
  const Clock::time_point start = Clock::now();
  auto left = [&] {
    return given.options.timeoutSeconds -
           std::chrono::duration<double>(Clock::now() - start).count();
  };
  FormulaTask task = given;
  task.options.granularity = FormulaOptions::Granularity::Instance;
  if (task.options.ints == FormulaOptions::Ints::Auto && encode::mathIntsSuit(*task.program))
    task.options.ints = FormulaOptions::Ints::Math;
  Result r;
  r.technique = "locfaults";
  std::unique_ptr<solve::Context> context = makeSolverContext(task);
  if (!context) {
    addNote(r, "no solver context");
    return r;
  }
  // MCSs and MCDs of at least this many executions: one per set of source statements.
  const std::size_t collapseFrom = ownText(task.options, executionsOption()) == "each" ? 2 : 1;
  // 1. The counterexample's path.
  {
    Result ce;
    if (std::optional<encode::Encoding> enc =
            errorFormula(context->z3(), task, encode::Family::TraceFlowInsensitive, ce))
      enumerateDiagnoses(task, *enc, *context, left(), ce, collapseFrom);
    absorb(r, std::move(ce));
  }
  // 2. Minimal correction deviations.
  Deviations deviations(task);
  Result scratch;
  const exec::RunResult failing = traceFailingRun(task, false, scratch);
  const std::vector<Condition> conditions = deviations.conditions(failing);
  std::vector<bool> marked(conditions.size(), false);
  struct Mcd {
    std::vector<Condition> set;
    exec::RunResult run;
  };
  std::vector<Mcd> mcds;
  // From collapseFrom conditions on, one MCD per set of source conditions and directions: the
  // others (the same conditions at other loop iterations) are counted, not analysed; at the
  // last size they are not even run (no larger set depends on their marks).
  std::set<std::vector<std::pair<ir::StmtId, std::int32_t>>> sources;
  std::size_t sameSources = 0, untried = 0;
  bool timedOut = false;
  const unsigned maxDeviations = ownUnsigned(task.options, maxDeviationsOption());
  for (std::size_t k = 1; k <= maxDeviations && !timedOut; ++k) {
    std::vector<std::size_t> correcting;
    forEachSubset(conditions.size(), k, [&](const std::vector<std::size_t>& idx) {
      if (left() <= 0) return !(timedOut = true);
      if (std::any_of(idx.begin(), idx.end(), [&](std::size_t i) { return marked[i]; }))
        return true;
      std::vector<Condition> set;
      std::vector<std::pair<ir::StmtId, std::int32_t>> source;
      for (std::size_t i : idx) {
        set.push_back(conditions[i]);
        source.emplace_back(conditions[i].key.stmt, conditions[i].decision);
      }
      std::sort(source.begin(), source.end());
      if (k >= collapseFrom && k == maxDeviations && sources.count(source)) {
        ++untried;
        return true;
      }
      std::optional<exec::RunResult> run = deviations.deviate(set);
      if (!run || !passesTest(task, *run)) return true;  // step limit, errors: fail
      correcting.insert(correcting.end(), idx.begin(), idx.end());
      if (k < collapseFrom || sources.insert(std::move(source)).second)
        mcds.push_back({std::move(set), std::move(*run)});
      else
        ++sameSources;
      return true;
    });
    for (std::size_t i : correcting)
      marked[i] = true;
  }
  if (timedOut)
    addNote(r, "timeout during the deviation search (--timeout): larger deviations were not "
               "tried (a larger --timeout, or 0 for none, lifts it)");
  else if (static_cast<std::size_t>(std::count(marked.begin(), marked.end(), false)) >
           maxDeviations)  // a larger set of unmarked conditions was not tried
    addNote(r, "deviation bound " + std::to_string(maxDeviations) +
                   " reached (--max-deviations): larger minimal correction deviations may exist");
  if (sameSources || untried)
    r.notes.push_back(
        std::string(collapseFrom > 1 ? "minimal correction deviations of several conditions"
                                     : "minimal correction deviations") +
        ", one per set of source conditions: " +
        (sameSources ? counted(sameSources, "more") + " over the same conditions at other "
                                                      "executions not analysed"
                     : std::string()) +
        (sameSources && untried ? "; " : "") +
        (untried ? counted(untried, "deviation") + " of size " + std::to_string(maxDeviations) +
                       " over the conditions of one found not tried"
                 : std::string()));
  if (deviations.stepLimited())
    r.notes.push_back(counted(deviations.stepLimited(), "deviated run") +
                      " hit the step limit (not corrections)");
  // 3. MCSs per MCD, on its path up to its last deviated condition.
  for (const Mcd& m : mcds) {
    if (left() <= 0) {
      addNote(r, "timeout (--timeout): the MCSs of some minimal correction deviations were not "
                 "computed (a larger --timeout, or 0 for none, lifts it)");
      break;
    }
    std::size_t last = 0;  // trace position of the last deviated condition
    for (std::size_t i = 0; i < m.run.trace.size(); ++i)
      for (const Condition& c : m.set)
        if (m.run.trace[i].key == c.key) last = std::max(last, i);
    const exec::TraceEntry& goal = m.run.trace[last];
    encode::EncodeOptions o = encodeOptions(task, encode::Family::TraceFlowInsensitive);
    o.goal = encode::EncodeOptions::Goal{goal.key.stmt, goal.key.occurrence, goal.decision != 0};
    Result part;
    try {
      encode::Encoding enc =
          encode::encode(context->z3(), *task.program, task.test->input, {}, o, &m.run);
      noteConcretized(enc, part);
      encode::sliceToObligations(enc);
      enumerateDiagnoses(task, enc, *context, left(), part, collapseFrom);
    } catch (const encode::EncodeError& e) {
      addNote(part, std::string("not encoded: ") + e.what());
    }
    // The deviation itself is a diagnosis: its conditions, with the deviated directions as
    // angelic values (replay forces them: feasible, as the deviated run passed).
    Diagnosis deviation;
    for (const Condition& c : m.set) {
      const ir::Stmt& s = task.program->stmt(c.key.stmt);
      deviation.locations.push_back({c.key.stmt, s.range.file, s.range.line, c.iteration});
      deviation.angelic.push_back({c.key.stmt, c.key.occurrence, c.decision ? 0 : 1, true, {}});
      deviation.path.push_back({c.key.stmt, c.key.occurrence, c.decision ? 0 : 1, true});
    }
    for (Diagnosis& d : part.diagnoses)
      d.path = deviation.path;
    r.diagnoses.push_back(std::move(deviation));
    absorb(r, std::move(part));
  }
  std::string listed;
  for (const Mcd& m : mcds) {
    listed += listed.empty() ? ": " : "; ";
    for (std::size_t i = 0; i < m.set.size(); ++i)
      listed += (i ? ", " : "") + deviationText(*task.program, m.set[i]);
  }
  r.notes.push_back(counted(deviations.runs(), "deviated run") + ", " +
                    counted(mcds.size(), "minimal correction deviation") + listed);
  return r;
}

}  // namespace

TechniqueInfo locfaultsTechnique() {
  TechniqueInfo t = formulaTechnique(
      "locfaults",
      "formula-based: LocFaults, MCSs of the failing path and of each minimal correction "
      "deviation (up to --max-deviations deviated conditions)",
      {}, [](const Problem& p) { return localizeDeviations(formulaTask(p)); });
  t.ownOptions = {maxDeviationsOption(), executionsOption()};
  return t;
}

}  // namespace culprit::localize

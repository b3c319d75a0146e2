// Reports of formula-based techniques: diagnoses in rank order with their locations (and
// iterations for instance granularity), angelic values and replay verdict, then a stats line.
// Several failing tests: one section per test, then the aggregate (locations in every
// per-test report by average rank, and the union).
#include "exec/arith.h"
#include "report/report.h"
#include "report/words.h"

#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <unordered_map>

namespace culprit::report {

namespace {

/// A produced value as JSON: an integer, or a floating value as a number (NaN and the
/// infinities, which JSON cannot hold, as the strings "nan", "inf" and "-inf").
nlohmann::json valueJson(const ir::Program& program, const ir::Stmt& s, std::int64_t v) {
  const ir::TypeRef t = producedType(program, s);
  if (!t || !t->isFloat()) return v;
  const double d = exec::arith::toDouble(v, t->intKind);
  if (std::isfinite(d)) return d;
  return exec::arith::toString(v, t->intKind);
}

/// Statement texts for statements that share their line with another (a for header's parts,
/// `if (c) x = 1;`); the lines are counted once per report.
class OwnTexts {
public:
  explicit OwnTexts(const ir::Program& program) : program_(program) {
    for (const ir::Stmt* s : program.stmts)
      if (s && s->isExecutable()) ++perLine_[key(s->range)];
  }
  /// The statement's own text when another statement starts on its line, else "".
  std::string of(ir::StmtId id) const {
    if (id == ir::kNone) return "";
    const ir::SourceRange& r = program_.stmt(id).range;
    auto it = perLine_.find(key(r));
    return it != perLine_.end() && it->second > 1 ? program_.partOfLine(r) : "";
  }

private:
  static std::uint64_t key(const ir::SourceRange& r) {
    return std::uint64_t{r.file} << 32 | r.line;
  }
  const ir::Program& program_;
  std::unordered_map<std::uint64_t, unsigned> perLine_;
};

std::string angelicText(const ir::Program& program, const OwnTexts& texts,
                        const localize::AngelicValue& a) {
  const ir::Stmt& s = program.stmt(a.stmt);
  const std::string part = texts.of(a.stmt);
  std::string where = fmt::format("line {}{} (execution {})", s.range.line,
                                  part.empty() ? "" : " `" + part + "`", a.occurrence + 1);
  return where + ": " + angelicValueText(program, a);
}

nlohmann::json locationJson(const ir::Program& program, const OwnTexts& texts,
                            const localize::Location& l) {
  ir::SourceRange at;
  at.file = l.file, at.line = l.line;
  nlohmann::json j = {
      {"file", program.files[l.file].path}, {"line", l.line}, {"source", program.sourceLine(at)}};
  if (l.iteration) j["iteration"] = l.iteration;
  if (const std::string part = texts.of(l.stmt); !part.empty()) j["statement"] = part;
  return j;
}

/// Text of the decisions of an angelic path that differ from the failing run's.
std::string deviationsText(const ir::Program& program, const OwnTexts& texts,
                           const std::vector<localize::BranchDecision>& path) {
  std::string out;
  for (const localize::BranchDecision& b : path) {
    if (!b.deviates) continue;
    const ir::Stmt& s = program.stmt(b.stmt);
    const std::string part = texts.of(b.stmt);
    const std::string decision =
        s.kind == ir::StmtKind::Switch
            ? (b.decision < 0 ? "no case" : fmt::format("case {}", b.decision + 1))
            : (b.decision ? "true" : "false");
    out += fmt::format("{}line {}{} (execution {}) {}", out.empty() ? "" : ", ", s.range.line,
                       part.empty() ? "" : " `" + part + "`", b.occurrence + 1, decision);
  }
  return out;
}

nlohmann::json pathJson(const ir::Program& program,
                        const std::vector<localize::BranchDecision>& path) {
  nlohmann::json out = nlohmann::json::array();
  for (const localize::BranchDecision& b : path)
    out.push_back({{"line", program.stmt(b.stmt).range.line},
                   {"execution", b.occurrence + 1},
                   {"decision", b.decision},
                   {"deviates", b.deviates}});
  return out;
}

nlohmann::json evidenceJson(const localize::RankEvidence& e) {
  return {{"explains", e.explains},     {"checked", e.checked},
          {"unknown", e.unknown},       {"suspiciousness", e.suspiciousness},
          {"downstream", e.downstream}, {"after", e.after},
          {"decided_by", e.decidedBy}};
}

/// The evidence line of the text report: the key that placed it, then every key's value.
std::string evidenceText(const localize::RankEvidence& e) {
  return fmt::format(
      "by {}; explains {}/{} failing tests{}, suspiciousness {:.2f}, {} downstream{}",
      e.decidedBy.empty() ? "nothing (last)" : e.decidedBy, e.explains, e.checked,
      e.unknown ? fmt::format(" ({} unknown)", e.unknown) : "", e.suspiciousness, e.downstream,
      e.after ? fmt::format(", after {} whose fix flows into it", e.after) : "");
}

nlohmann::json angelicJson(const ir::Program& program, const localize::AngelicValue& a) {
  const ir::Stmt& s = program.stmt(a.stmt);
  nlohmann::json j = {{"line", s.range.line}, {"execution", a.occurrence + 1}};
  if (a.branch) {
    j["branch"] = a.value != 0;
    if (a.original) j["original"] = *a.original != 0;
  } else {
    j["name"] = producedName(program, s), j["value"] = valueJson(program, s, a.value);
    if (auto original = originalValue(program, a)) j["original"] = valueJson(program, s, *original);
  }
  return j;
}

}  // namespace

/// The 1-based test number of suite test `test` (its index + 1 without a suite).
int testNumber(const testing::TestSuite* suite, std::size_t test) {
  return suite && test < suite->tests.size() ? suite->tests[test].index
                                             : static_cast<int>(test) + 1;
}

nlohmann::json diagnosesJson(const ir::Program& program, const localize::Result& result,
                             const testing::TestSuite* suite) {
  const OwnTexts texts(program);
  nlohmann::json diags = nlohmann::json::array();
  for (std::size_t i = 0; i < result.diagnoses.size(); ++i) {
    const localize::Diagnosis& d = result.diagnoses[i];
    nlohmann::json locs = nlohmann::json::array(), angelic = nlohmann::json::array();
    for (const auto& l : d.locations)
      locs.push_back(locationJson(program, texts, l));
    for (const auto& a : d.angelic)
      angelic.push_back(angelicJson(program, a));
    nlohmann::json j = {{"rank", i + 1}, {"locations", locs}, {"angelic", angelic}};
    if (d.feasible == localize::Feasibility::Unchecked)
      j["feasible"] = nullptr;
    else
      j["feasible"] = d.feasible == localize::Feasibility::Feasible;
    if (d.weight) j["weight"] = d.weight;
    if (!d.path.empty()) j["path"] = pathJson(program, d.path);
    if (d.evidence) j["evidence"] = evidenceJson(*d.evidence);
    if (!d.perTest.empty()) {
      nlohmann::json tests = nlohmann::json::array();
      for (const localize::TestAngelic& t : d.perTest) {
        nlohmann::json values = nlohmann::json::array();
        for (const auto& a : t.angelic)
          values.push_back(angelicJson(program, a));
        tests.push_back(
            {{"test", testNumber(suite, t.test)},
             {"feasible", t.feasible == localize::Feasibility::Unchecked
                              ? nlohmann::json(nullptr)
                              : nlohmann::json(t.feasible == localize::Feasibility::Feasible)},
             {"angelic", std::move(values)}});
      }
      j["tests"] = std::move(tests);
    }
    diags.push_back(std::move(j));
  }
  nlohmann::json j = {{"technique", result.technique},
                      {"complete", result.complete},
                      {"diagnoses", std::move(diags)},
                      {"stats",
                       {{"solver_ms", result.stats.solverMs},
                        {"total_ms", result.stats.totalMs},
                        {"soft", result.stats.soft},
                        {"hard", result.stats.hard},
                        {"queries", result.stats.queries},
                        {"max_core", result.stats.maxCore},
                        {"rank_ms", result.stats.rankMs}}}};
  for (const localize::Counter& c : result.stats.counters)
    j["stats"][c.name] = c.value;
  if (!result.complete) j["incomplete_reason"] = result.incompleteReason;
  if (!result.budgetCuts.empty()) {
    nlohmann::json cuts = nlohmann::json::array();
    for (const auto& [query, count] : result.budgetCuts)
      cuts.push_back({{"query", query}, {"count", count}});
    j["budget_cuts"] = std::move(cuts);
  }
  if (!result.notes.empty()) j["notes"] = result.notes;
  return j;
}

std::string diagnosesText(const ir::Program& program, const localize::Result& result,
                          std::size_t top, const testing::TestSuite* suite) {
  const OwnTexts texts(program);
  std::string out;
  const std::size_t shown = top ? std::min(top, result.diagnoses.size()) : result.diagnoses.size();
  for (std::size_t i = 0; i < shown; ++i) {
    const localize::Diagnosis& d = result.diagnoses[i];
    out += fmt::format("#{:<3} {}\n", i + 1, feasibilityName(d.feasible));
    for (const localize::Location& l : d.locations) {
      ir::SourceRange at;
      at.file = l.file, at.line = l.line;
      std::string iter = l.iteration ? fmt::format(" (iteration {})", l.iteration) : "";
      // A statement sharing its line (a for header's parts) is named by its own text.
      const std::string part = texts.of(l.stmt);
      if (!part.empty())
        out += fmt::format("     {}{}  {}    [in: {}]\n", program.where(at), iter, part,
                           program.sourceLine(at));
      else
        out += fmt::format("     {}{}  {}\n", program.where(at), iter, program.sourceLine(at));
    }
    for (const localize::AngelicValue& a : d.angelic)
      out += fmt::format("       angelic: {}\n", angelicText(program, texts, a));
    if (const std::string turns = deviationsText(program, texts, d.path); !turns.empty())
      out += fmt::format("       path: {}\n", turns);
    if (d.evidence) out += "       rank: " + evidenceText(*d.evidence) + "\n";
    for (const localize::TestAngelic& t : d.perTest) {
      out += fmt::format("       test {}: {}\n", testNumber(suite, t.test),
                         feasibilityName(t.feasible));
      for (const localize::AngelicValue& a : t.angelic)
        out += fmt::format("         angelic: {}\n", angelicText(program, texts, a));
    }
  }
  if (shown < result.diagnoses.size())
    out += fmt::format("... {} more diagnoses (use --top 0 to show all)\n",
                       result.diagnoses.size() - shown);
  if (result.diagnoses.empty()) out += "no diagnosis\n";
  std::size_t feasible = 0;
  for (const auto& d : result.diagnoses)
    feasible += d.feasible == localize::Feasibility::Feasible;
  out += fmt::format(
      "{}: {} {} ({} feasible), {}; solver {:.0f} ms, total {:.0f} ms, {} soft / {} hard "
      "clauses, {} queries{}\n",
      result.technique, result.diagnoses.size(),
      result.diagnoses.size() == 1 ? "diagnosis" : "diagnoses", feasible,
      result.complete ? "enumeration complete" : "INCOMPLETE: " + result.incompleteReason,
      result.stats.solverMs, result.stats.totalMs, result.stats.soft, result.stats.hard,
      result.stats.queries, localize::countersText(result));
  for (const std::string& note : result.notes)
    out += "note: " + note + "\n";
  return out;
}

}  // namespace culprit::report

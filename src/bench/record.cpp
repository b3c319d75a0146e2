// JSON forms of run records and bench metadata. Field names are snake_case and stable: they
// are the columns of runs.csv and what scripts reading runs.jsonl rely on. Absent optional
// values are JSON null.
#include "bench/record.h"

#include "localize/technique.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace culprit::bench {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

/// Every counter a registered technique declares, each name once, in registry order: the last
/// columns of a run record (0 for techniques that do not count it).
std::vector<std::string> counterColumns() {
  std::vector<std::string> all;
  for (const localize::TechniqueInfo& t : localize::techniques())
    for (const localize::CounterSpec& c : t.counters)
      if (std::find(all.begin(), all.end(), c.name) == all.end()) all.push_back(c.name);
  return all;
}

}  // namespace

const char* runStatusName(RunStatus s) {
  switch (s) {
  case RunStatus::Ok: return "ok";
  case RunStatus::Incomplete: return "incomplete";
  case RunStatus::Timeout: return "timeout";
  case RunStatus::Error: return "error";
  }
  return "?";
}

std::optional<RunStatus> parseRunStatus(const std::string& name) {
  for (RunStatus s : {RunStatus::Ok, RunStatus::Incomplete, RunStatus::Timeout, RunStatus::Error})
    if (name == runStatusName(s)) return s;
  return std::nullopt;
}

namespace {

template <typename T> ordered_json orNull(const std::optional<T>& v) {
  return v ? ordered_json(*v) : ordered_json(nullptr);
}

template <typename T> std::optional<T> optionalField(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<T>();
}

template <typename T> T field(const json& j, const char* name, T fallback = T{}) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return fallback;
  return it->get<T>();
}

/// Lines examined of a record written before the field existed: EXAM is 100 * lines / N.
std::optional<std::size_t> linesFromExam(std::optional<double> exam, std::size_t executable) {
  if (!exam || !executable) return std::nullopt;
  return static_cast<std::size_t>(std::llround(*exam * static_cast<double>(executable) / 100));
}

const json& required(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end()) throw std::runtime_error(std::string("missing field '") + name + "'");
  return *it;
}

}  // namespace

ordered_json toJson(const RunRecord& r) {
  const RunMetrics& m = r.metrics;
  ordered_json j = ordered_json::object();
  j["subject"] = r.key.subject;
  j["technique"] = r.key.technique;
  j["test"] = r.key.test ? ordered_json(r.key.test) : ordered_json(nullptr);
  j["status"] = runStatusName(r.status);
  j["message"] = r.message;
  j["result"] = m.ranking ? "ranking" : "diagnoses";
  j["executable_lines"] = m.executableLines;
  j["diagnoses"] = orNull(m.diagnoses);
  j["feasible"] = m.feasible;
  j["unchecked"] = m.unchecked;
  j["precision"] = orNull(m.precision);
  j["fault_localized"] = m.faultLocalized;
  j["fix_localized"] = orNull(m.fixLocalized);
  j["found"] = m.found;
  j["exam"] = orNull(m.exam);
  j["exam_average"] = orNull(m.examAverage);
  j["rank"] = orNull(m.rank);
  j["rank_best"] = orNull(m.rankBest);
  j["rank_average"] = orNull(m.rankAverage);
  j["solver_ms"] = r.costs.solverMs;
  j["total_ms"] = r.costs.totalMs;
  j["suite_ms"] = r.costs.suiteMs;
  j["soft"] = r.costs.soft;
  j["hard"] = r.costs.hard;
  j["queries"] = r.costs.queries;
  for (const std::string& name : counterColumns()) {
    const auto it = r.costs.counters.find(name);
    j[name] = it == r.costs.counters.end() ? 0 : it->second;
  }
  // Fields added later go after the counters, so that older columns keep their place.
  j["lines_examined"] = orNull(m.linesExamined);
  j["cpu_ms"] = orNull(r.costs.cpuMs);
  j["peak_rss_mb"] = orNull(r.costs.peakRssMb);
  return j;
}

RunRecord recordFromJson(const json& j) {
  if (!j.is_object()) throw std::runtime_error("not a JSON object");
  RunRecord r;
  r.key.subject = required(j, "subject").get<std::string>();
  r.key.technique = required(j, "technique").get<std::string>();
  r.key.test = field<int>(j, "test", 0);
  std::string status = required(j, "status").get<std::string>();
  auto s = parseRunStatus(status);
  if (!s) throw std::runtime_error("unknown status '" + status + "'");
  r.status = *s;
  r.message = field<std::string>(j, "message");
  RunMetrics& m = r.metrics;
  m.ranking = field<std::string>(j, "result") == "ranking";
  m.executableLines = field<std::size_t>(j, "executable_lines");
  m.diagnoses = optionalField<std::size_t>(j, "diagnoses");
  m.feasible = field<std::size_t>(j, "feasible");
  m.unchecked = field<std::size_t>(j, "unchecked");
  m.precision = optionalField<double>(j, "precision");
  m.faultLocalized = field<bool>(j, "fault_localized");
  m.fixLocalized = optionalField<bool>(j, "fix_localized");
  m.found = field<bool>(j, "found");
  m.exam = optionalField<double>(j, "exam");
  m.examAverage = optionalField<double>(j, "exam_average");
  m.rank = optionalField<double>(j, "rank");
  m.rankBest = optionalField<double>(j, "rank_best");
  m.rankAverage = optionalField<double>(j, "rank_average");
  m.linesExamined = j.contains("lines_examined") ? optionalField<std::size_t>(j, "lines_examined")
                                                 : linesFromExam(m.exam, m.executableLines);
  r.costs.solverMs = field<double>(j, "solver_ms");
  r.costs.totalMs = field<double>(j, "total_ms");
  r.costs.suiteMs = field<double>(j, "suite_ms");
  r.costs.soft = field<std::size_t>(j, "soft");
  r.costs.hard = field<std::size_t>(j, "hard");
  r.costs.queries = field<std::size_t>(j, "queries");
  r.costs.cpuMs = optionalField<double>(j, "cpu_ms");
  r.costs.peakRssMb = optionalField<double>(j, "peak_rss_mb");
  for (const std::string& name : counterColumns())
    if (const std::size_t n = field<std::size_t>(j, name.c_str())) r.costs.counters[name] = n;
  return r;
}

ordered_json toJson(const BenchMeta& m) {
  ordered_json subjects = ordered_json::array();
  for (const SubjectInfo& s : m.subjects)
    subjects.push_back({{"name", s.name},
                        {"family", s.family},
                        {"scale", orNull(s.scale)},
                        {"faulty_lines", s.faultyLines},
                        {"fault", s.fault},
                        {"kind", s.kind}});
  ordered_json problems = ordered_json::array();
  for (const SubjectProblem& p : m.problems)
    problems.push_back({{"subject", p.subject}, {"skipped", p.skipped}, {"message", p.message}});
  return ordered_json{{"name", m.name},
                      {"manifest", m.manifest},
                      {"techniques", m.techniques},
                      {"timeout_seconds", m.timeoutSeconds},
                      {"subjects", subjects},
                      {"problems", problems},
                      {"shards", m.shards}};
}

BenchMeta metaFromJson(const json& j) {
  if (!j.is_object()) throw std::runtime_error("not a JSON object");
  BenchMeta m;
  m.name = field<std::string>(j, "name");
  m.manifest = field<std::string>(j, "manifest");
  m.techniques = field<std::vector<std::string>>(j, "techniques");
  m.timeoutSeconds = field<double>(j, "timeout_seconds");
  m.shards = field<std::vector<std::string>>(j, "shards");
  for (const json& s : field<json>(j, "subjects", json::array())) {
    SubjectInfo info;
    info.name = required(s, "name").get<std::string>();
    info.family = field<std::string>(s, "family");
    info.scale = optionalField<double>(s, "scale");
    info.faultyLines = field<std::vector<unsigned>>(s, "faulty_lines");
    info.fault = field<std::string>(s, "fault");
    info.kind = field<std::string>(s, "kind");
    m.subjects.push_back(std::move(info));
  }
  for (const json& p : field<json>(j, "problems", json::array()))
    m.problems.push_back({required(p, "subject").get<std::string>(), field<bool>(p, "skipped"),
                          field<std::string>(p, "message")});
  return m;
}

}  // namespace culprit::bench

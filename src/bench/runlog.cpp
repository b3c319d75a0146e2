// runs.jsonl and meta.json on disk, shard membership, and merging directories.
#include "bench/runlog.h"

#include "ir/error.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace culprit::bench {
namespace fs = std::filesystem;
using nlohmann::json;

Shard parseShard(const std::string& text) {
  Shard s;
  std::size_t slash = text.find('/');
  auto number = [](const std::string& t, unsigned& out) {
    if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos)
      return false;
    out = static_cast<unsigned>(std::stoul(t));
    return true;
  };
  if (slash == std::string::npos || !number(text.substr(0, slash), s.index) ||
      !number(text.substr(slash + 1), s.count) || s.count == 0 || s.index == 0 || s.index > s.count)
    throw UserError("--shard must be I/N with 1 <= I <= N, not '" + text + "'");
  return s;
}

std::uint64_t keyHash(const RunKey& key) {
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&h](const std::string& s) {
    for (unsigned char c : s)
      h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xffu) * 1099511628211ull;  // field separator
  };
  mix(key.subject);
  mix(key.technique);
  mix(std::to_string(key.test));
  return h;
}

bool inShard(const RunKey& key, const Shard& shard) {
  return keyHash(key) % shard.count == shard.index - 1;
}

std::vector<RunKey> planRuns(const std::string& subject,
                             const std::vector<PlannedTechnique>& techniques,
                             const std::vector<int>& failingTests, unsigned maxFailing,
                             const Shard& shard, const std::set<RunKey>& recorded) {
  std::vector<RunKey> out;
  auto consider = [&](RunKey key) {
    if (inShard(key, shard) && !recorded.count(key)) out.push_back(std::move(key));
  };
  for (const PlannedTechnique& t : techniques) {
    if (!t.perFailingTest) {
      consider({subject, t.name, 0});
      continue;
    }
    std::size_t n =
        maxFailing ? std::min<std::size_t>(maxFailing, failingTests.size()) : failingTests.size();
    for (std::size_t i = 0; i < n; ++i)
      consider({subject, t.name, failingTests[i]});
  }
  return out;
}

bool needsLoading(const std::string& subject, const std::vector<PlannedTechnique>& techniques,
                  const Shard& shard, const std::set<RunKey>& recorded) {
  for (const PlannedTechnique& t : techniques) {
    if (t.perFailingTest) return true;
    RunKey key{subject, t.name, 0};
    if (inShard(key, shard) && !recorded.count(key)) return true;
  }
  return false;
}

std::vector<RunRecord> readRuns(const std::string& path, std::vector<std::string>* warnings) {
  std::ifstream in(path);
  std::map<RunKey, std::size_t> position;
  std::vector<RunRecord> out;
  std::string line;
  for (unsigned lineNo = 1; std::getline(in, line); ++lineNo) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      RunRecord r = recordFromJson(json::parse(line));
      auto [it, fresh] = position.emplace(r.key, out.size());
      if (fresh)
        out.push_back(std::move(r));
      else
        out[it->second] = std::move(r);
    } catch (const std::exception& e) {
      if (warnings)
        warnings->push_back(path + ":" + std::to_string(lineNo) +
                            ": warning: unreadable run record skipped (" + e.what() + ")");
    }
  }
  return out;
}

std::set<RunKey> recordedKeys(const std::vector<RunRecord>& runs, bool retryFailed) {
  std::set<RunKey> keys;
  for (const RunRecord& r : runs)
    if (!retryFailed || (r.status != RunStatus::Error && r.status != RunStatus::Timeout))
      keys.insert(r.key);
  return keys;
}

RunLog::RunLog(const std::string& path) {
  std::error_code ec;
  fs::path parent = fs::path(path).parent_path();
  if (!parent.empty()) fs::create_directories(parent, ec);
  bool needsNewline = false;
  if (std::ifstream old{path, std::ios::binary | std::ios::ate}; old && old.tellg() > 0) {
    old.seekg(-1, std::ios::end);
    needsNewline = old.get() != '\n';  // a line cut off by a killed bench
  }
  file_ = std::fopen(path.c_str(), "ab");
  if (!file_) throw UserError("cannot write the run log", path);
  if (needsNewline) std::fputc('\n', file_);
}

RunLog::~RunLog() {
  if (file_) std::fclose(file_);
}

void RunLog::append(const RunRecord& record) {
  std::string line = toJson(record).dump() + "\n";
  std::lock_guard<std::mutex> lock(mutex_);
  std::fwrite(line.data(), 1, line.size(), file_);
  std::fflush(file_);
}

std::optional<BenchMeta> readMeta(const std::string& dir) {
  fs::path path = fs::path(dir) / "meta.json";
  if (!fs::exists(path)) return std::nullopt;
  std::ifstream in(path);
  try {
    return metaFromJson(json::parse(in));
  } catch (const std::exception& e) {
    throw UserError(std::string("unreadable bench metadata: ") + e.what(), path.string());
  }
}

void writeMeta(const std::string& dir, const BenchMeta& meta) {
  fs::create_directories(dir);
  fs::path path = fs::path(dir) / "meta.json", tmp = fs::path(dir) / "meta.json.tmp";
  {
    std::ofstream out(tmp);
    out << toJson(meta).dump(2) << "\n";
    if (!out) throw UserError("cannot write bench metadata", tmp.string());
  }
  fs::rename(tmp, path);
}

BenchMeta mergeMeta(const std::vector<BenchMeta>& metas) {
  BenchMeta out;
  if (metas.empty()) return out;
  out.name = metas[0].name;
  out.manifest = metas[0].manifest;
  for (const BenchMeta& m : metas) {
    out.timeoutSeconds = std::max(out.timeoutSeconds, m.timeoutSeconds);
    for (const std::string& t : m.techniques)
      if (std::find(out.techniques.begin(), out.techniques.end(), t) == out.techniques.end())
        out.techniques.push_back(t);
    for (const SubjectInfo& s : m.subjects)
      if (std::none_of(out.subjects.begin(), out.subjects.end(),
                       [&](const SubjectInfo& o) { return o.name == s.name; }))
        out.subjects.push_back(s);
    for (const SubjectProblem& p : m.problems)
      if (std::find(out.problems.begin(), out.problems.end(), p) == out.problems.end())
        out.problems.push_back(p);
    for (const std::string& s : m.shards)
      if (std::find(out.shards.begin(), out.shards.end(), s) == out.shards.end())
        out.shards.push_back(s);
  }
  return out;
}

std::vector<SubjectProblem> updateProblems(const std::vector<SubjectProblem>& old,
                                           const std::vector<SubjectProblem>& fresh,
                                           const std::set<std::string>& validated) {
  std::vector<SubjectProblem> out;
  for (const SubjectProblem& p : old)
    if (!validated.count(p.subject)) out.push_back(p);
  for (const SubjectProblem& p : fresh)
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  return out;
}

std::vector<RunRecord> mergeRuns(const std::vector<std::vector<RunRecord>>& runs,
                                 std::vector<std::string>* conflicts) {
  std::map<RunKey, std::size_t> position;
  std::vector<RunRecord> out;
  for (const auto& dir : runs)
    for (const RunRecord& r : dir) {
      auto [it, fresh] = position.emplace(r.key, out.size());
      if (fresh) {
        out.push_back(r);
        continue;
      }
      RunRecord& old = out[it->second];
      if (conflicts && old.status != r.status)
        conflicts->push_back("run " + r.key.subject + " / " + r.key.technique + " / test " +
                             std::to_string(r.key.test) + " recorded twice (" +
                             runStatusName(old.status) + ", then " + runStatusName(r.status) +
                             "); keeping the later one");
      old = r;
    }
  return out;
}

void sortRuns(std::vector<RunRecord>& runs, const BenchMeta& meta) {
  std::map<std::string, std::size_t> subjectOrder, techniqueOrder;
  for (std::size_t i = 0; i < meta.subjects.size(); ++i)
    subjectOrder[meta.subjects[i].name] = i;
  for (std::size_t i = 0; i < meta.techniques.size(); ++i)
    techniqueOrder[meta.techniques[i]] = i;
  auto rank = [](const std::map<std::string, std::size_t>& order, const std::string& name) {
    auto it = order.find(name);
    return it == order.end() ? order.size() : it->second;
  };
  std::stable_sort(runs.begin(), runs.end(), [&](const RunRecord& a, const RunRecord& b) {
    auto ka = std::make_tuple(rank(subjectOrder, a.key.subject), a.key.subject,
                              rank(techniqueOrder, a.key.technique), a.key.technique, a.key.test);
    auto kb = std::make_tuple(rank(subjectOrder, b.key.subject), b.key.subject,
                              rank(techniqueOrder, b.key.technique), b.key.technique, b.key.test);
    return ka < kb;
  });
}

void writeRuns(const std::string& path, const std::vector<RunRecord>& runs) {
  std::error_code ec;
  fs::path parent = fs::path(path).parent_path();
  if (!parent.empty()) fs::create_directories(parent, ec);
  std::ofstream out(path, std::ios::trunc);
  for (const RunRecord& r : runs)
    out << toJson(r).dump() << "\n";
  if (!out) throw UserError("cannot write the run log", path);
}

}  // namespace culprit::bench

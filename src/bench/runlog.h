// The persistent side of a bench: runs.jsonl (one record per line, appended and flushed as
// each run finishes, so a killed bench loses at most the runs in flight), meta.json, the
// deterministic partition of runs into shards, and merging shard directories.
#pragma once

#include "bench/record.h"

#include <cstdio>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace culprit::bench {

/// `--shard I/N`: this process runs the keys whose hash falls in slice I (1-based) of N.
struct Shard {
  unsigned index = 1, count = 1;
  std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
};

/// Parses "I/N" with 1 <= I <= N. Throws UserError.
Shard parseShard(const std::string& text);

/// Stable across runs, machines and manifest edits: FNV-1a of the key's fields.
std::uint64_t keyHash(const RunKey& key);
bool inShard(const RunKey& key, const Shard& shard);

/// What planning needs to know about a technique.
struct PlannedTechnique {
  std::string name;
  bool perFailingTest = false;
};

/// The runs of one subject that this shard still has to do. `failingTests` are 1-based test
/// indexes in suite order; at most `maxFailing` of them (the first ones) are explained.
std::vector<RunKey> planRuns(const std::string& subject,
                             const std::vector<PlannedTechnique>& techniques,
                             const std::vector<int>& failingTests, unsigned maxFailing,
                             const Shard& shard, const std::set<RunKey>& recorded);

/// False when nothing of the subject can be pending in this shard, so loading it (parsing,
/// running its suite) can be skipped: no per-test technique, and every whole-suite run is
/// recorded or belongs to another shard.
bool needsLoading(const std::string& subject, const std::vector<PlannedTechnique>& techniques,
                  const Shard& shard, const std::set<RunKey>& recorded);

/// Reads runs.jsonl. A missing file is empty; lines that do not parse (a run cut off while
/// being written) are skipped with a warning "file:line: ...". Later records of a key
/// replace earlier ones (a retried run).
std::vector<RunRecord> readRuns(const std::string& path, std::vector<std::string>* warnings);

/// Keys already recorded; with `retryFailed`, runs that ended in an error or a timeout are
/// left out so they run again.
std::set<RunKey> recordedKeys(const std::vector<RunRecord>& runs, bool retryFailed);

/// Appends records to runs.jsonl, one line each, flushed at once. Thread-safe.
class RunLog {
public:
  explicit RunLog(const std::string& path);  ///< creates the directory; throws UserError
  ~RunLog();
  RunLog(const RunLog&) = delete;
  RunLog& operator=(const RunLog&) = delete;
  void append(const RunRecord& record);

private:
  std::FILE* file_ = nullptr;
  std::mutex mutex_;
};

/// meta.json of a directory: read (nullopt when absent; throws UserError when malformed) and
/// written atomically (temporary file, then rename).
std::optional<BenchMeta> readMeta(const std::string& dir);
void writeMeta(const std::string& dir, const BenchMeta& meta);

/// Combines metas: the first's name and subjects (later ones add unknown subjects), the union
/// of techniques, problems and shards.
BenchMeta mergeMeta(const std::vector<BenchMeta>& metas);

/// Problems for the subjects this invocation validated replace the old ones; the others stay.
std::vector<SubjectProblem> updateProblems(const std::vector<SubjectProblem>& old,
                                           const std::vector<SubjectProblem>& fresh,
                                           const std::set<std::string>& validated);

/// Records of several directories: one per key (a later directory's record replaces an
/// earlier one's, reported in `conflicts` when they disagree on the status).
std::vector<RunRecord> mergeRuns(const std::vector<std::vector<RunRecord>>& runs,
                                 std::vector<std::string>* conflicts);

/// Sorts records in report order: subjects as in `meta`, techniques as in `meta`, tests.
void sortRuns(std::vector<RunRecord>& runs, const BenchMeta& meta);

/// Rewrites runs.jsonl with exactly `runs` (merge output).
void writeRuns(const std::string& path, const std::vector<RunRecord>& runs);

}  // namespace culprit::bench

// Resuming (recorded runs are skipped), sharding (shards partition the runs), the run log on
// disk (cut-off lines, retries) and merging shard directories.
#include "bench/runlog.h"
#include "ir/error.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace culprit;
using namespace culprit::bench;
namespace fs = std::filesystem;

namespace {

fs::path tempDir(const std::string& name) {
  fs::path d =
      fs::temp_directory_path() / ("culprit-runlog-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

RunRecord record(const std::string& subject, const std::string& technique, int test,
                 RunStatus status = RunStatus::Ok) {
  RunRecord r;
  r.key = {subject, technique, test};
  r.status = status;
  return r;
}

const std::vector<PlannedTechnique> kTechniques = {
    {"ochiai", false}, {"pf", true}, {"dstar", false}};

}  // namespace

TEST(Shard, Parse) {
  Shard s = parseShard("3/8");
  EXPECT_EQ(s.index, 3u);
  EXPECT_EQ(s.count, 8u);
  EXPECT_EQ(s.text(), "3/8");
  for (const char* bad : {"0/4", "5/4", "1/0", "a/4", "1-4", "", "/", "1/", "-1/4"})
    EXPECT_THROW(parseShard(bad), UserError) << bad;
}

TEST(Shard, ShardsPartitionTheRuns) {
  std::vector<RunKey> all;
  for (int s = 0; s < 30; ++s) {
    std::vector<int> failing;
    for (int t = 1; t <= s % 7; ++t)
      failing.push_back(t * 3);
    auto keys = planRuns("subject-" + std::to_string(s), kTechniques, failing, 0, Shard{}, {});
    all.insert(all.end(), keys.begin(), keys.end());
  }
  ASSERT_GT(all.size(), 100u);
  for (unsigned n = 1; n <= 6; ++n) {
    std::vector<int> owners(all.size(), 0);
    for (unsigned i = 1; i <= n; ++i)
      for (std::size_t k = 0; k < all.size(); ++k)
        owners[k] += inShard(all[k], Shard{i, n});
    for (std::size_t k = 0; k < all.size(); ++k)
      EXPECT_EQ(owners[k], 1) << "n=" << n << " key " << all[k].subject;  // disjoint, covering
  }
  EXPECT_EQ(keyHash({"a", "b", 1}), keyHash({"a", "b", 1}));
  EXPECT_NE(keyHash({"ab", "c", 0}), keyHash({"a", "bc", 0}));  // fields are separated
}

TEST(Plan, OneRunPerSpectrumTechniqueAndPerFailingTest) {
  auto keys = planRuns("s", kTechniques, {2, 5, 9}, 0, Shard{}, {});
  std::vector<RunKey> want = {
      {"s", "ochiai", 0}, {"s", "pf", 2}, {"s", "pf", 5}, {"s", "pf", 9}, {"s", "dstar", 0}};
  EXPECT_EQ(keys, want);
  EXPECT_EQ(planRuns("s", kTechniques, {2, 5, 9}, 2, Shard{}, {}).size(), 4u);  // --max-failing
}

TEST(Plan, ResumeSkipsRecordedRuns) {
  std::set<RunKey> recorded = {{"s", "ochiai", 0}, {"s", "pf", 5}};
  auto keys = planRuns("s", kTechniques, {2, 5, 9}, 0, Shard{}, recorded);
  std::vector<RunKey> want = {{"s", "pf", 2}, {"s", "pf", 9}, {"s", "dstar", 0}};
  EXPECT_EQ(keys, want);
  std::vector<PlannedTechnique> spectra = {{"ochiai", false}, {"dstar", false}};
  EXPECT_TRUE(needsLoading("s", spectra, Shard{}, recorded));
  recorded.insert({"s", "dstar", 0});
  EXPECT_FALSE(needsLoading("s", spectra, Shard{}, recorded));
  EXPECT_TRUE(needsLoading("s", kTechniques, Shard{}, recorded));  // pf's runs are unknown
}

TEST(RunLogFile, AppendReadRetryAndCutOffLines) {
  fs::path dir = tempDir("log");
  std::string path = (dir / "out" / "runs.jsonl").string();
  {
    RunLog log(path);
    log.append(record("s", "ochiai", 0));
    log.append(record("s", "pf", 3, RunStatus::Error));
  }
  { std::ofstream(path, std::ios::app) << R"({"subject": "s", "techn)"; }  // killed mid-line
  {
    RunLog log(path);                                 // starts a fresh line
    log.append(record("s", "pf", 3, RunStatus::Ok));  // the retried run
  }
  std::vector<std::string> warnings;
  std::vector<RunRecord> runs = readRuns(path, &warnings);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[1].key, (RunKey{"s", "pf", 3}));
  EXPECT_EQ(runs[1].status, RunStatus::Ok);  // the later record wins
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rfind(path + ":3: warning: unreadable run record skipped", 0), 0u);
  EXPECT_TRUE(readRuns((dir / "none.jsonl").string(), nullptr).empty());
  fs::remove_all(dir);
}

TEST(RunLogFile, RetryFailedForgetsErrorsAndTimeouts) {
  std::vector<RunRecord> runs = {record("s", "a", 0), record("s", "b", 0, RunStatus::Error),
                                 record("s", "c", 0, RunStatus::Timeout),
                                 record("s", "d", 0, RunStatus::Incomplete)};
  EXPECT_EQ(recordedKeys(runs, false).size(), 4u);
  std::set<RunKey> kept = recordedKeys(runs, true);
  EXPECT_EQ(kept, (std::set<RunKey>{{"s", "a", 0}, {"s", "d", 0}}));
}

TEST(Record, JsonRoundTrip) {
  RunRecord r = record("tritype-v1", "pf", 4, RunStatus::Timeout);
  r.message = "timeout after 60 s";
  r.metrics.diagnoses = 3;
  r.metrics.feasible = 2;
  r.metrics.precision = 2.0 / 3;
  r.metrics.fixLocalized = true;
  r.metrics.found = true;
  r.metrics.exam = 12.5;
  r.metrics.rank = 2;
  r.metrics.executableLines = 24;
  r.costs = {1.5,
             2.5,
             4,
             10,
             20,
             3,
             {{"iterations", 2}, {"refinements", 5}, {"paths", 6}, {"confirmed", 1}},
             1.25,
             {}};
  RunRecord back = recordFromJson(nlohmann::json::parse(toJson(r).dump()));
  EXPECT_EQ(toJson(back), toJson(r));
  EXPECT_EQ(back.costs.cpuMs, 1.25);
  EXPECT_TRUE(toJson(back)["peak_rss_mb"].is_null());  // not measured: null, not 0
  EXPECT_EQ(toJson(back)["refinements"], 5);
  EXPECT_EQ(back.costs.counters.at("paths"), 6u);
  EXPECT_EQ(back.costs.counters.at("confirmed"), 1u);
  EXPECT_TRUE(toJson(record("s", "ochiai", 0))["test"].is_null());
  EXPECT_THROW(recordFromJson(nlohmann::json{{"subject", "s"}}), std::runtime_error);
  EXPECT_THROW(
      recordFromJson(nlohmann::json{{"subject", "s"}, {"technique", "t"}, {"status", "exploded"}}),
      std::runtime_error);
}

// lines_examined is the record's last field. A record written before it existed gets it from
// EXAM (12.5% of 24 lines: 3); one that never reached the fault has none.
TEST(Record, LinesExaminedAfterTheCountersAndDerivedFromOldRecords) {
  RunRecord r = record("tritype-v1", "pf", 4);
  r.metrics.found = true;
  r.metrics.exam = 12.5;
  r.metrics.executableLines = 24;
  r.metrics.linesExamined = 3;
  nlohmann::ordered_json j = toJson(r);
  // The columns added later go last, in the order they were added.
  EXPECT_EQ(std::prev(j.end(), 3).key(), "lines_examined");
  EXPECT_EQ(std::prev(j.end(), 2).key(), "cpu_ms");
  EXPECT_EQ(std::prev(j.end()).key(), "peak_rss_mb");
  EXPECT_EQ(recordFromJson(nlohmann::json::parse(j.dump())).metrics.linesExamined, 3u);
  nlohmann::json old = nlohmann::json::parse(j.dump());
  old.erase("lines_examined");
  EXPECT_EQ(recordFromJson(old).metrics.linesExamined, 3u);
  old["exam"] = nullptr;
  EXPECT_FALSE(recordFromJson(old).metrics.linesExamined);
  j["lines_examined"] = nullptr;
  EXPECT_FALSE(recordFromJson(nlohmann::json::parse(j.dump())).metrics.linesExamined);
}

TEST(Merge, RunsOnePerKeyLaterWins) {
  std::vector<std::vector<RunRecord>> dirs = {
      {record("a", "ochiai", 0), record("a", "pf", 1, RunStatus::Error)},
      {record("b", "ochiai", 0), record("a", "pf", 1, RunStatus::Ok)}};
  std::vector<std::string> conflicts;
  std::vector<RunRecord> merged = mergeRuns(dirs, &conflicts);
  ASSERT_EQ(merged.size(), 3u);
  EXPECT_EQ(merged[1].key, (RunKey{"a", "pf", 1}));
  EXPECT_EQ(merged[1].status, RunStatus::Ok);
  ASSERT_EQ(conflicts.size(), 1u);
  EXPECT_NE(conflicts[0].find("recorded twice (error, then ok)"), std::string::npos);

  BenchMeta meta;
  meta.subjects = {{"b", "", {}, {}, "", ""}, {"a", "", {}, {}, "", ""}};
  meta.techniques = {"pf", "ochiai"};
  sortRuns(merged, meta);
  EXPECT_EQ(merged[0].key, (RunKey{"b", "ochiai", 0}));
  EXPECT_EQ(merged[1].key, (RunKey{"a", "pf", 1}));
  EXPECT_EQ(merged[2].key, (RunKey{"a", "ochiai", 0}));
}

TEST(Merge, ShardDirectoriesOnDisk) {
  fs::path dir = tempDir("merge");
  BenchMeta m1, m2;
  m1.name = m2.name = "corpus";
  m1.techniques = {"ochiai"};
  m2.techniques = {"ochiai", "pf"};
  m1.subjects = {{"a", "", {}, {1}, "", ""}};
  m2.subjects = {{"a", "", {}, {1}, "", ""}, {"b", "", {}, {2}, "", ""}};
  m1.problems = {{"c", true, "tests file not found: t"}};
  m2.problems = {{"c", true, "tests file not found: t"}, {"d", false, "warning"}};
  m1.shards = {"1/2"};
  m2.shards = {"2/2"};
  writeMeta((dir / "s1").string(), m1);
  writeMeta((dir / "s2").string(), m2);
  std::optional<BenchMeta> back = readMeta((dir / "s1").string());
  ASSERT_TRUE(back);
  EXPECT_EQ(toJson(*back), toJson(m1));
  EXPECT_FALSE(readMeta((dir / "none").string()));
  BenchMeta merged = mergeMeta({m1, m2});
  EXPECT_EQ(merged.techniques, (std::vector<std::string>{"ochiai", "pf"}));
  EXPECT_EQ(merged.subjects.size(), 2u);
  EXPECT_EQ(merged.problems.size(), 2u);  // the shared problem once
  EXPECT_EQ(merged.shards, (std::vector<std::string>{"1/2", "2/2"}));
  writeRuns((dir / "out" / "runs.jsonl").string(), {record("a", "ochiai", 0)});
  EXPECT_EQ(readRuns((dir / "out" / "runs.jsonl").string(), nullptr).size(), 1u);
  fs::remove_all(dir);
}

TEST(Problems, FreshOnesReplaceThoseOfValidatedSubjects) {
  std::vector<SubjectProblem> old = {{"a", true, "tests file not found"}, {"b", false, "warn"}};
  std::vector<SubjectProblem> fresh = {{"c", true, "no test fails"}};
  // a was loaded again (and is fine now); b was not looked at this time.
  auto now = updateProblems(old, fresh, {"a", "c"});
  EXPECT_EQ(now, (std::vector<SubjectProblem>{{"b", false, "warn"}, {"c", true, "no test fails"}}));
}

// The scripts of `culprit bench --emit`: quoting, the shard commands and the merge step. The
// scripts are run for real by GNU Parallel and Slurm in tests/bench (bench.parallel,
// bench.slurm); here each line is checked by hand.
#include "bench/jobscript.h"

#include <gtest/gtest.h>

using namespace culprit::bench;

namespace {

JobScript example() {
  JobScript s;
  s.name = "small";
  s.culprit = "/opt/culprit/bin/culprit";
  s.manifest = "/data/my bench/small.json";
  s.out = "/data/out";
  s.benchArgs = {"--techniques", "pf,pf:weights=ochiai", "--timeout", "60"};
  s.shards = 3;
  s.jobs = 2;
  return s;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(ShellQuote, QuotesOnlyWhatNeedsIt) {
  EXPECT_EQ(shellQuote("/a/b-c_d.json"), "/a/b-c_d.json");
  EXPECT_EQ(shellQuote("pf:weights=ochiai,ofc"), "pf:weights=ochiai,ofc");
  EXPECT_EQ(shellQuote("my bench"), "'my bench'");
  EXPECT_EQ(shellQuote("it's"), "'it'\\''s'");
  EXPECT_EQ(shellQuote("$HOME"), "'$HOME'");
  EXPECT_EQ(shellQuote(""), "''");
}

TEST(JobScript, ParallelRunsEveryShardThenMerges) {
  std::string s = parallelScript(example());
  EXPECT_EQ(s.rfind("#!/usr/bin/env bash\n", 0), 0u);
  EXPECT_TRUE(has(s, "set -euo pipefail\n"));
  EXPECT_TRUE(has(s, "parallel --joblog /data/out/shards/parallel.log -q \\\n"
                     "  /opt/culprit/bin/culprit bench '/data/my bench/small.json' --techniques "
                     "pf,pf:weights=ochiai --timeout 60 \\\n"
                     "  --jobs 2 --shard {}/3 --out '/data/out/shards/{}' \\\n"
                     "  ::: $(seq 1 3)\n"));
  EXPECT_TRUE(has(s, "\n/opt/culprit/bin/culprit bench merge /data/out/shards/1 "
                     "/data/out/shards/2 /data/out/shards/3 --out /data/out\n"));
}

TEST(JobScript, SlurmSubmitsAnArrayAndAMergeAfterIt) {
  JobScript e = example();
  e.memoryMb = 4000;
  e.time = "1:00:00";
  e.partition = "short";
  e.sbatchArgs = {"--account=lab"};
  std::string s = slurmScript(e);
  EXPECT_TRUE(has(s, "array=${1:-1-3}\n"));
  EXPECT_TRUE(has(s, "shards=$(sbatch --parsable --job-name=culprit-small --array=\"$array\" "
                     "--ntasks=1 --cpus-per-task=2 --mem=4000M --time=1:00:00 "
                     "--partition=short --account=lab \\\n"
                     "  --output=/data/out/shards/slurm-%a.log <<'SHARD'\n"));
  EXPECT_TRUE(has(s, "exec /opt/culprit/bin/culprit bench '/data/my bench/small.json' "
                     "--techniques pf,pf:weights=ochiai --timeout 60 \\\n"
                     "  --jobs \"$SLURM_CPUS_PER_TASK\" --shard \"$SLURM_ARRAY_TASK_ID/3\" \\\n"
                     "  --out /data/out/shards/\"$SLURM_ARRAY_TASK_ID\"\nSHARD\n)\n"));
  EXPECT_TRUE(has(s, "--dependency=afterok:\"$shards\" --kill-on-invalid-dep=yes "
                     "--partition=short --account=lab"));
  EXPECT_TRUE(has(s, "--wrap='/opt/culprit/bin/culprit bench merge /data/out/shards/1 "
                     "/data/out/shards/2 /data/out/shards/3 --out /data/out')"));
}

TEST(JobScript, SlurmLeavesUnsetResourcesToTheCluster) {
  std::string s = slurmScript(example());
  EXPECT_FALSE(has(s, "--mem="));
  EXPECT_FALSE(has(s, "--time="));
  EXPECT_FALSE(has(s, "--partition="));
}

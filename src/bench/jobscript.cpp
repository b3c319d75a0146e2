// The scripts are plain bash with every path and argument quoted; what Parallel or Slurm
// substitute ({} and $SLURM_ARRAY_TASK_ID) is the only unquoted part.
#include "bench/jobscript.h"

#include <fmt/format.h>

namespace culprit::bench {
namespace {

std::string joinQuoted(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words)
    out += (out.empty() ? "" : " ") + shellQuote(w);
  return out;
}

std::string shardDir(const JobScript& s, const std::string& index) {
  return s.out + "/shards/" + index;
}

/// `culprit bench merge OUT/shards/1 ... OUT/shards/N --out OUT`, quoted.
std::string mergeCommand(const JobScript& s) {
  std::vector<std::string> words = {s.culprit, "bench", "merge"};
  for (unsigned i = 1; i <= s.shards; ++i)
    words.push_back(shardDir(s, std::to_string(i)));
  words.insert(words.end(), {"--out", s.out});
  return joinQuoted(words);
}

/// `culprit bench MANIFEST OPTIONS`, quoted, without --jobs, --shard and --out.
std::string benchCommand(const JobScript& s) {
  std::vector<std::string> words = {s.culprit, "bench", s.manifest};
  words.insert(words.end(), s.benchArgs.begin(), s.benchArgs.end());
  return joinQuoted(words);
}

std::string header(const JobScript& s, const std::string& engine) {
  return fmt::format(
      "#!/usr/bin/env bash\n"
      "# culprit bench '{}' on {}: {} shards into {}/shards/I, then merged into {}.\n"
      "# Written by `culprit bench --emit`. Running it again resumes: each shard "
      "skips\n# the runs already recorded in its directory.\n"
      "set -euo pipefail\nmkdir -p {}\n",
      s.name, engine, s.shards, s.out, s.out, shellQuote(s.out + "/shards"));
}

}  // namespace

std::string shellQuote(const std::string& text) {
  if (!text.empty() && text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789_-+=/.,:%@") == std::string::npos)
    return text;
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string parallelScript(const JobScript& s) {
  // -q quotes each word of the command for the shell Parallel runs it in; {} is the shard.
  std::string out = header(s, "GNU Parallel");
  out +=
      fmt::format("parallel --joblog {} -q \\\n  {} \\\n  --jobs {} --shard {{}}/{} --out {} \\\n"
                  "  ::: $(seq 1 {})\n",
                  shellQuote(s.out + "/shards/parallel.log"), benchCommand(s), s.jobs, s.shards,
                  shellQuote(s.out + "/shards/{}"), s.shards);
  out += mergeCommand(s) + "\n";
  return out;
}

std::string slurmScript(const JobScript& s) {
  std::string common;
  if (!s.partition.empty()) common += " --partition=" + shellQuote(s.partition);
  for (const std::string& a : s.sbatchArgs)
    common += " " + shellQuote(a);
  std::string resources = fmt::format(" --ntasks=1 --cpus-per-task={}", s.jobs);
  if (s.memoryMb) resources += fmt::format(" --mem={}M", s.memoryMb);
  if (!s.time.empty()) resources += " --time=" + shellQuote(s.time);
  std::string out = header(s, "a Slurm job array");
  out += fmt::format("# usage: bash THIS [ARRAY]   (ARRAY: the shards to submit, as sbatch "
                     "--array takes them;\n# default 1-{}). Shard I runs as array task I.\n",
                     s.shards);
  out += fmt::format("array=${{1:-1-{}}}\n", s.shards);
  out += fmt::format("shards=$(sbatch --parsable --job-name={} --array=\"$array\"{}{} \\\n"
                     "  --output={} <<'SHARD'\n#!/usr/bin/env bash\nexec {} \\\n"
                     "  --jobs \"$SLURM_CPUS_PER_TASK\" --shard \"$SLURM_ARRAY_TASK_ID/{}\" \\\n"
                     "  --out {}/\"$SLURM_ARRAY_TASK_ID\"\nSHARD\n)\nshards=${{shards%%;*}}\n",
                     shellQuote("culprit-" + s.name), resources, common,
                     shellQuote(s.out + "/shards/slurm-%a.log"), benchCommand(s), s.shards,
                     shellQuote(s.out + "/shards"));
  out += fmt::format("merge=$(sbatch --parsable --job-name={} --dependency=afterok:\"$shards\" "
                     "--kill-on-invalid-dep=yes{} \\\n  --output={} --wrap={})\n"
                     "merge=${{merge%%;*}}\n",
                     shellQuote("culprit-" + s.name + "-merge"), common,
                     shellQuote(s.out + "/merge.log"), shellQuote(mergeCommand(s)));
  out += fmt::format("echo \"shards: job $shards (array $array of {}); merge: job $merge, once "
                     "they all succeed\"\n",
                     s.shards);
  return out;
}

}  // namespace culprit::bench

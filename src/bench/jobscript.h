// Scripts that run a bench on a batch engine: GNU Parallel on one machine (or over ssh), or a
// Slurm job array with one shard per array task. Both put shard I's output in OUT/shards/I
// and merge the shards into OUT once all of them have succeeded; running a script again
// resumes, since each shard skips the runs already recorded in its directory.
#pragma once

#include <string>
#include <vector>

namespace culprit::bench {

struct JobScript {
  std::string name;                    ///< manifest name, for job names
  std::string culprit;                 ///< the binary, an absolute path
  std::string manifest;                ///< absolute path
  std::string out;                     ///< absolute output directory
  std::vector<std::string> benchArgs;  ///< options every shard gets (--techniques ...)
  unsigned shards = 4;
  unsigned jobs = 1;  ///< runs at once in a shard (Slurm: CPUs per task)
  // Slurm resources of each array task; empty or 0: the cluster's default.
  unsigned memoryMb = 0;
  std::string time;
  std::string partition;
  std::vector<std::string> sbatchArgs;  ///< anything else, passed to both sbatch calls
};

/// A bash script: `parallel` runs the shards, then `culprit bench merge`.
std::string parallelScript(const JobScript& s);

/// A bash script to run where `sbatch` works: submits the array (all shards, or those given
/// as its first argument in sbatch's syntax, "3,5") and a merge job that runs after all of
/// them succeed; prints both job ids.
std::string slurmScript(const JobScript& s);

/// `text` quoted for a POSIX shell ('...' unless it is plain).
std::string shellQuote(const std::string& text);

}  // namespace culprit::bench

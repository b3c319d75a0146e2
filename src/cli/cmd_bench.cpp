// `culprit bench MANIFEST [--techniques a,b,...] [--jobs N] [--timeout S] [--out DIR]
// [--shard I/N]` runs techniques over a corpus of faulty programs and writes runs.jsonl,
// runs.csv, summary.json, summary.md and scaling plots into DIR; rerun, it skips the runs
// already recorded there. `culprit bench merge DIR... --out DIR` combines shard outputs;
// `--emit parallel|slurm --shards N` prints a script that runs N shards on GNU Parallel or as
// a Slurm job array and merges them.
#include "bench/jobscript.h"
#include "bench/manifest.h"
#include "bench/runner.h"
#include "bench/summary.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "ir/error.h"
#include "localize/options.h"
#include "localize/technique.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <functional>
#include <unistd.h>

namespace culprit::cli {
namespace {
namespace fs = std::filesystem;

struct BenchCommand {
  std::string manifest;
  std::string techniques = "all";
  unsigned jobs = 0;
  double timeout = 60;
  std::string out;
  std::string shard;
  unsigned maxFailing = 0;
  bool retryFailed = false;
  std::uint64_t stepLimit = 10'000'000;
  bool noIsolate = false;
  unsigned memoryMb = 0;
  std::vector<std::string> mergeDirs;
  std::string mergeOut;
  CLI::App* merge = nullptr;
  std::string serveSubject;  ///< `bench serve` (a subject server of an isolated bench)
  CLI::App* serve = nullptr;
  std::string emit;  ///< `--emit parallel|slurm`: print a job script instead of running
  unsigned shards = 4;
  unsigned memPerTaskMb = 0;
  std::string timePerTask, partition;
  std::vector<std::string> sbatchArgs;
};

std::vector<std::string> parseTechniques(const std::string& list) {
  std::vector<std::string> out;
  if (list == "all") {
    for (const localize::TechniqueInfo& t : localize::techniques())
      out.push_back(t.name);
    return out;
  }
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = std::min(list.find(',', start), list.size());
    std::string name = list.substr(start, comma - start);
    if (!name.empty()) {
      const std::string base = name.substr(0, name.find(':'));
      if (!localize::findTechnique(base))
        throw UserError("unknown technique '" + base + "' (known: " + localize::techniqueNames() +
                        ", or all)");
      localize::parseVariant(name);  // validates the settings; throws UserError
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    start = comma + 1;
  }
  if (out.empty()) throw UserError("--techniques lists no technique");
  return out;
}

void warn(const std::vector<std::string>& lines) {
  for (const std::string& l : lines)
    std::fprintf(stderr, "%s\n", l.c_str());
}

std::vector<std::string> unionInOrder(std::vector<std::string> a,
                                      const std::vector<std::string>& b) {
  for (const std::string& s : b)
    if (std::find(a.begin(), a.end(), s) == a.end()) a.push_back(s);
  return a;
}

bench::BenchMeta makeMeta(const bench::Manifest& m, const BenchCommand& c,
                          const std::vector<std::string>& techniques,
                          const std::optional<bench::BenchMeta>& old,
                          const bench::BenchOutcome& outcome, const bench::Shard& shard) {
  bench::BenchMeta meta;
  meta.name = m.name;
  meta.manifest = c.manifest;
  meta.techniques = old ? unionInOrder(old->techniques, techniques) : techniques;
  meta.timeoutSeconds = c.timeout;
  for (const bench::Subject& s : m.subjects)
    meta.subjects.push_back({s.name, s.family, s.scale, s.faultyLines, s.fault, s.kind});
  meta.problems = bench::updateProblems(old ? old->problems : std::vector<bench::SubjectProblem>{},
                                        outcome.problems, outcome.validated);
  if (old) meta.shards = old->shards;
  if (shard.count > 1) meta.shards = unionInOrder(meta.shards, {shard.text()});
  return meta;
}

/// The command line of a subject server: this binary, `bench MANIFEST OPTIONS serve`.
std::function<std::vector<std::string>(const std::string&)> serverCommand(const BenchCommand& c) {
  std::error_code ec;
  std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  if (ec) throw UserError("cannot find the culprit binary to run isolated runs (use --no-isolate)");
  return [self, c](const std::string& subject) {
    std::vector<std::string> argv = {self,
                                     "bench",
                                     c.manifest,
                                     "--timeout",
                                     fmt::format("{}", c.timeout),
                                     "--step-limit",
                                     std::to_string(c.stepLimit)};
    if (c.memoryMb) argv.insert(argv.end(), {"--memory-mb", std::to_string(c.memoryMb)});
    // cfaults' run in the server starts from this many failing tests
    if (c.maxFailing) argv.insert(argv.end(), {"--max-failing", std::to_string(c.maxFailing)});
    argv.insert(argv.end(), {"serve", "--subject", subject});
    return argv;
  };
}

/// `bench MANIFEST serve --subject S`: requests on stdin, records on stdout (serveSubject).
int serveCommand(const BenchCommand& c) {
  // The bench that started this server stops it: by closing stdin, or by dying (stdin ends
  // too). A signal sent to the whole job (Ctrl-C, scancel) must not end a run first, or the
  // bench could record it as failed before it dies itself.
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    std::signal(sig, SIG_IGN);
  bench::Manifest manifest = bench::loadManifest(c.manifest);
  auto it = std::find_if(manifest.subjects.begin(), manifest.subjects.end(),
                         [&](const bench::Subject& s) { return s.name == c.serveSubject; });
  if (it == manifest.subjects.end())
    throw UserError("no subject '" + c.serveSubject + "' in the manifest", c.manifest);
  bench::BenchOptions options;
  options.timeoutSeconds = c.timeout;
  options.stepLimit = c.stepLimit;
  options.memoryMb = c.memoryMb;
  options.maxFailing = c.maxFailing;
  bench::serveSubject(*it, options, stdin, stdout);
  return kExitOk;
}

/// `--emit parallel|slurm`: the job script on stdout.
int emitCommand(const BenchCommand& c, const bench::Manifest& manifest,
                const std::vector<std::string>& techniques, const std::string& dir) {
  std::error_code ec;
  bench::JobScript s;
  s.name = manifest.name;
  s.culprit = fs::read_symlink("/proc/self/exe", ec).string();
  if (ec) throw UserError("cannot find the culprit binary to write into the script");
  s.manifest = fs::absolute(c.manifest).lexically_normal().string();
  s.out = fs::absolute(dir).lexically_normal().string();
  while (s.out.size() > 1 && s.out.back() == '/')
    s.out.pop_back();
  std::string list;
  for (const std::string& t : techniques)
    list += (list.empty() ? "" : ",") + t;
  s.benchArgs = {"--techniques", list,
                 "--timeout",    fmt::format("{}", c.timeout),
                 "--step-limit", std::to_string(c.stepLimit)};
  if (c.maxFailing)
    s.benchArgs.insert(s.benchArgs.end(), {"--max-failing", std::to_string(c.maxFailing)});
  if (c.memoryMb)
    s.benchArgs.insert(s.benchArgs.end(), {"--memory-mb", std::to_string(c.memoryMb)});
  if (c.retryFailed) s.benchArgs.push_back("--retry-failed");
  if (c.noIsolate) s.benchArgs.push_back("--no-isolate");
  s.shards = c.shards;
  s.jobs = c.jobs ? c.jobs : 1;
  s.memoryMb = c.memPerTaskMb;
  s.time = c.timePerTask;
  s.partition = c.partition;
  s.sbatchArgs = c.sbatchArgs;
  emit(c.emit == "slurm" ? bench::slurmScript(s) : bench::parallelScript(s));
  return kExitOk;
}

int runBenchCommand(const BenchCommand& c) {
  if (c.manifest.empty())
    throw UserError("give a manifest: culprit bench MANIFEST (or bench merge)");
  bench::Manifest manifest = bench::loadManifest(c.manifest);
  warn(manifest.warnings);
  bench::BenchOptions options;
  options.techniques = parseTechniques(c.techniques);
  options.jobs = c.jobs;
  if (!(c.timeout > 0)) throw UserError("--timeout must be a positive number of seconds");
  std::string dir =
      c.out.empty() ? (fs::path("bench") / "results" / manifest.name).string() : c.out;
  if (!c.emit.empty()) {
    if (!c.shard.empty()) throw UserError("--emit writes every shard's command: drop --shard");
    return emitCommand(c, manifest, options.techniques, dir);
  }
  options.timeoutSeconds = c.timeout;
  if (!c.shard.empty()) options.shard = bench::parseShard(c.shard);
  options.maxFailing = c.maxFailing;
  options.stepLimit = c.stepLimit;
  options.memoryMb = c.memoryMb;
  if (!c.noIsolate) {
    options.serverCommand = serverCommand(c);
    std::signal(SIGPIPE, SIG_IGN);  // a subject server that died is an error record
  }
  fs::path runsPath = fs::path(dir) / "runs.jsonl";

  std::vector<std::string> warnings;
  std::vector<bench::RunRecord> before = bench::readRuns(runsPath.string(), &warnings);
  warn(warnings);
  std::optional<bench::BenchMeta> old = bench::readMeta(dir);
  std::set<bench::RunKey> recorded = bench::recordedKeys(before, c.retryFailed);
  bench::BenchOutcome outcome;
  {
    bench::RunLog log(runsPath.string());
    auto progress = bench::makeProgress(stderr, isatty(STDERR_FILENO), manifest.subjects.size());
    outcome = bench::runBench(manifest, options, recorded, log, *progress);
    progress->finish();
  }
  bench::BenchMeta meta = makeMeta(manifest, c, options.techniques, old, outcome, options.shard);
  bench::writeMeta(dir, meta);
  std::vector<bench::RunRecord> all = bench::readRuns(runsPath.string(), nullptr);
  std::string table = bench::writeReports(dir, meta, all);
  emit(table);
  std::size_t skipped = 0;
  for (const bench::SubjectProblem& p : meta.problems)
    skipped += p.skipped;
  std::fprintf(stderr,
               "bench: %zu runs done now, %zu recorded before; %zu subjects skipped, %zu "
               "problems; results in %s/summary.md\n",
               outcome.ran, recorded.size(), skipped, meta.problems.size(), dir.c_str());
  return kExitOk;
}

int runMergeCommand(const BenchCommand& c) {
  if (c.mergeOut.empty()) throw UserError("bench merge needs --out DIR");
  std::vector<bench::BenchMeta> metas;
  std::vector<std::vector<bench::RunRecord>> runs;
  std::vector<std::string> warnings;
  for (const std::string& d : c.mergeDirs) {
    fs::path runsPath = fs::path(d) / "runs.jsonl";
    std::optional<bench::BenchMeta> meta = bench::readMeta(d);
    if (!meta && !fs::exists(runsPath))
      throw UserError("not a bench output directory (no meta.json or runs.jsonl)", d);
    if (meta) metas.push_back(std::move(*meta));
    runs.push_back(bench::readRuns(runsPath.string(), &warnings));
  }
  bench::BenchMeta meta = bench::mergeMeta(metas);
  std::vector<bench::RunRecord> merged = bench::mergeRuns(runs, &warnings);
  warn(warnings);
  bench::sortRuns(merged, meta);
  bench::writeRuns((fs::path(c.mergeOut) / "runs.jsonl").string(), merged);
  bench::writeMeta(c.mergeOut, meta);
  emit(bench::writeReports(c.mergeOut, meta, merged));
  std::fprintf(stderr, "bench merge: %zu directories, %zu runs; results in %s/summary.md\n",
               c.mergeDirs.size(), merged.size(), c.mergeOut.c_str());
  return kExitOk;
}

}  // namespace

void addBenchCommand(CLI::App& app, int& status) {
  auto c = std::make_shared<BenchCommand>();
  CLI::App* cmd = app.add_subcommand(
      "bench", "run techniques over a manifest of faulty programs and tabulate the metrics");
  cmd->add_option("manifest", c->manifest, "bench manifest (JSON, see README: Benchmarks)");
  cmd->add_option("--techniques,-t", c->techniques,
                  "comma-separated techniques (" + localize::techniqueNames() +
                      ") or variants with options (pf:weights=ochiai:max-size=2), or all")
      ->capture_default_str();
  cmd->add_option("--jobs,-j", c->jobs, "runs in parallel (default: all cores)")
      ->check(wholeNumber(1, kMaxJobs));
  cmd->add_option("--timeout", c->timeout, "seconds per run (at most 1000000)")
      ->check(seconds(1e6))
      ->capture_default_str();
  cmd->add_option("--out,-o", c->out, "output directory (default: bench/results/<manifest name>)");
  cmd->add_option("--shard", c->shard, "run only slice I of N of the runs (I/N, 1 <= I <= N)");
  cmd->add_option("--max-failing", c->maxFailing,
                  "per-test techniques: explain at most the first N failing tests; cfaults: start "
                  "from N of them, as its own max-failing (0: all)")
      ->check(wholeNumber(0, std::numeric_limits<unsigned>::max()))
      ->capture_default_str();
  cmd->add_flag("--retry-failed", c->retryFailed, "run again the recorded errors and timeouts");
  cmd->add_option("--step-limit", c->stepLimit, "statement executions per test run")
      ->check(wholeNumber(1))
      ->capture_default_str();
  cmd->add_flag("--no-isolate", c->noIsolate,
                "run formula-based techniques in this process (no hard time limit)");
  cmd->add_option("--memory-mb", c->memoryMb,
                  "address-space limit of each isolated run, in MiB (0: none)")
      ->check(wholeNumber(0, std::numeric_limits<unsigned>::max()))
      ->capture_default_str();
  c->merge = cmd->add_subcommand("merge", "combine the output directories of shards");
  c->merge->add_option("dirs", c->mergeDirs, "shard output directories")->required();
  c->merge->add_option("--out,-o", c->mergeOut, "output directory")->required();
  cmd->add_option("--emit", c->emit,
                  "print a script that runs the bench as --shards shards on an engine and "
                  "merges them: parallel (GNU Parallel) or slurm (an sbatch job array)")
      ->check(CLI::IsMember({"parallel", "slurm"}));
  cmd->add_option("--shards", c->shards, "with --emit: number of shards")
      ->check(wholeNumber(1, 100000))
      ->capture_default_str();
  cmd->add_option("--mem-per-task", c->memPerTaskMb,
                  "with --emit slurm: memory of each array task, in MiB (sbatch --mem)")
      ->check(wholeNumber(1, std::numeric_limits<unsigned>::max()));
  cmd->add_option("--time-per-task", c->timePerTask,
                  "with --emit slurm: time limit of each array task (sbatch --time, e.g. 2:00:00)");
  cmd->add_option("--partition", c->partition, "with --emit slurm: partition (sbatch --partition)");
  cmd->add_option("--sbatch-arg", c->sbatchArgs,
                  "with --emit slurm: an option for both sbatch calls (--account=A; repeatable)")
      ->allow_extra_args(false);
  c->serve = cmd->add_subcommand("serve", "serve the runs of one subject (internal)");
  c->serve->group("");  // hidden: started by the bench itself
  c->serve->add_option("--subject", c->serveSubject)->required();
  cmd->callback([c, &status] {
    status = c->merge->parsed()   ? runMergeCommand(*c)
             : c->serve->parsed() ? serveCommand(*c)
                                  : runBenchCommand(*c);
  });
}

}  // namespace culprit::cli

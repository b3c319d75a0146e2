// Subject loading and the worker pool. Work items are "load subject S" and "run technique T on
// S (for failing test K)"; a loaded subject puts its runs at the front of the queue, so a
// subject's data (program, suite results, coverage) is released soon after it is loaded and
// at most about `jobs` subjects are in memory at once. Suites run single-threaded inside a
// work item: the parallelism is across work items.
#include "bench/runner.h"

#include "bench/subprocess.h"

#include "frontend/frontend.h"
#include "ir/error.h"
#include "localize/session.h"
#include "testing/testcase.h"

#include "bench/pool.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <functional>
#include <mutex>
#include <sys/resource.h>

namespace culprit::bench {

namespace {

/// Everything the runs of one subject share, alive while any of them is queued.
struct LoadedSubject {
  const Subject* subject = nullptr;
  std::unique_ptr<ir::Program> program, golden;
  testing::TestSuite suite;
  testing::SuiteResult results;
  testing::CoverageMatrix coverage;
  GroundTruth truth;
  std::uint32_t mainFile = 0;
  testing::Oracle oracle;       ///< the subject's oracle, as the suite was judged
  exec::RunOptions runOptions;  ///< the suite's run options (entry, step limit)
  double loadMs = 0;            ///< parsing, checking and running the suite
  std::mutex serversMutex;      ///< guards idleServers
  /// Subject servers of an isolated bench not running anything now; closed (they exit) when
  /// the subject is released.
  std::vector<std::unique_ptr<Coprocess>> idleServers;
};

/// A problem that keeps the subject from running, thrown inside loadSubject.
struct SkipSubject {
  std::string message;
};

bool harnessMode(const Subject& s) { return !s.entry.empty() && s.entry != "main"; }

/// Clang is parsed one file at a time: LLVM keeps process-wide state (options, signal
/// handlers) that concurrent ClangTool runs are not guaranteed to leave alone.
std::unique_ptr<ir::Program> parse(const std::string& what, const std::string& path,
                                   const frontend::Options& fe) {
  static std::mutex clang;
  std::lock_guard<std::mutex> lock(clang);
  try {
    return frontend::parseFile(path, fe);
  } catch (const UserError& e) {
    throw SkipSubject{what + " does not load: " + e.render()};
  }
}

void checkEntry(const ir::Program& program, const std::string& what, const Subject& s,
                const testing::TestSuite& suite) {
  std::string entry = harnessMode(s) ? s.entry : "main";
  const ir::Function* f = program.findFunction(entry);
  if (!f) throw SkipSubject{what + " has no function '" + entry + "'"};
  if (!harnessMode(s)) return;
  for (const testing::TestCase& t : suite.tests)
    if (t.input.entryArgs.size() != f->params.size())
      throw SkipSubject{fmt::format("{}:{}: test gives {} arguments, but '{}' takes {}", suite.path,
                                    t.fileLine, t.input.entryArgs.size(), entry, f->params.size())};
}

/// Executable lines of untrusted code; faulty lines checked against them.
void groundTruth(LoadedSubject& L, std::vector<SubjectProblem>& problems) {
  const ir::Program& p = *L.program;
  for (std::uint32_t i = 0; i < p.files.size(); ++i)
    if (p.files[i].path == L.subject->program) L.mainFile = i;
  for (const ir::Stmt* s : p.stmts)
    if (s->isExecutable() && !p.functions[s->func].trusted)
      L.truth.executable.insert({s->range.file, s->range.line});
  std::size_t fileLines = L.mainFile < p.files.size() ? p.files[L.mainFile].lines.size() : 0;
  for (unsigned line : L.subject->faultyLines) {
    Line l{L.mainFile, line};
    if (L.truth.executable.count(l)) {
      L.truth.faulty.insert(l);
      continue;
    }
    std::string why =
        line > fileLines
            ? fmt::format("is past the end of {} ({} lines)", L.subject->program, fileLines)
            : fmt::format("is not executable ({}:{}: `{}`)", L.subject->program, line,
                          p.sourceLine({L.mainFile, line, 1, line, 1}));
    problems.push_back({L.subject->name, false, fmt::format("faulty line {} {}", line, why)});
  }
  if (L.truth.faulty.empty()) throw SkipSubject{"no faulty line is an executable statement"};
}

/// The golden program judged against itself: it must exit normally and agree with its own
/// second run on every test.
void checkGolden(const LoadedSubject& L, const testing::SuiteOptions& base) {
  testing::Oracle self{L.golden.get(), ""};
  testing::SuiteResult r = testing::runSuite(*L.golden, L.suite, self, base);
  std::size_t failing = 0, nondeterministic = 0;
  std::string first;
  for (std::size_t i = 0; i < r.results.size(); ++i) {
    const testing::TestResult& t = r.results[i];
    if (t.outcome == testing::Outcome::Pass) continue;
    bool fails = t.oracleError || t.run.failed();
    (fails ? failing : nondeterministic)++;
    if (first.empty())
      first = fmt::format("test {} ({}): {}", t.index, L.suite.tests[i].text, t.reason);
  }
  if (failing)
    throw SkipSubject{fmt::format("golden program fails on {} of {} tests; first: {}", failing,
                                  r.results.size(), first)};
  if (nondeterministic)
    throw SkipSubject{fmt::format("golden program disagrees with itself on {} of {} tests "
                                  "(nondeterministic); first: {}",
                                  nondeterministic, r.results.size(), first)};
}

void runSuiteOf(LoadedSubject& L, const testing::SuiteOptions& base,
                std::vector<SubjectProblem>& problems) {
  L.oracle = testing::Oracle{L.golden.get(), L.subject->expected};
  L.runOptions = base.run;
  testing::SuiteOptions options = base;
  options.run.coverage = true;
  L.results = testing::runSuite(*L.program, L.suite, L.oracle, options);
  L.coverage = testing::coverageMatrix(L.results, L.program->stmts.size());
  std::size_t unjudged = 0;
  std::string first;
  for (const testing::TestResult& t : L.results.results)
    if (t.oracleError && !unjudged++) first = fmt::format("test {}: {}", t.index, t.reason);
  if (unjudged)
    problems.push_back(
        {L.subject->name, false,
         fmt::format("{} tests could not be judged and are left out; first: {}", unjudged, first)});
  if (L.coverage.totalFailing() == 0)
    throw SkipSubject{fmt::format("no test fails ({} tests, {} pass): nothing to localize",
                                  L.results.results.size(), L.results.passed)};
}

std::shared_ptr<LoadedSubject> loadSubject(const Subject& s, const BenchOptions& o,
                                           bool checkGoldenProgram,
                                           std::vector<SubjectProblem>& problems) {
  auto L = std::make_shared<LoadedSubject>();
  L->subject = &s;
  const auto start = std::chrono::steady_clock::now();
  try {
    std::vector<std::string> missing = missingFiles(s);
    if (!missing.empty()) throw SkipSubject{missing.front()};
    frontend::Options fe;
    fe.trusted = s.trusted;
    if (harnessMode(s)) fe.trusted.push_back(s.entry);
    fe.entry = s.entry;
    L->program = parse("program", s.program, fe);
    if (!s.golden.empty()) L->golden = parse("golden program", s.golden, fe);
    try {
      L->suite = testing::loadTests(s.tests, harnessMode(s));
    } catch (const UserError& e) {
      throw SkipSubject{"tests do not load: " + e.render()};
    }
    checkEntry(*L->program, "program", s, L->suite);
    if (L->golden) checkEntry(*L->golden, "golden program", s, L->suite);
    groundTruth(*L, problems);
    testing::SuiteOptions base;
    base.jobs = 1;
    base.keepOutput = false;
    base.run.stepLimit = o.stepLimit;
    base.run.entry = harnessMode(s) ? s.entry : "main";
    base.run.programName = std::filesystem::path(s.program).stem().string();
    if (L->golden && checkGoldenProgram) checkGolden(*L, base);
    runSuiteOf(*L, base, problems);
    L->loadMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return L;
  } catch (const SkipSubject& e) {
    problems.push_back({s.name, true, e.message});
  } catch (const std::exception& e) {
    problems.push_back({s.name, true, std::string("internal error while loading: ") + e.what()});
  }
  return nullptr;
}

std::vector<int> failingTests(const LoadedSubject& L) {
  std::vector<int> out;
  for (std::size_t i = 0; i < L.coverage.failing.size(); ++i)
    if (L.coverage.failing[i] && L.coverage.usable[i]) out.push_back(L.suite.tests[i].index);
  return out;
}

RunMetrics measure(const LoadedSubject& L, const localize::Result& result) {
  if (result.ranking && result.diagnoses.empty()) {
    std::vector<RankedEntry> entries;
    for (const localize::RankedLine& l : result.ranking->lines)
      entries.push_back({{l.file, l.line}, l.rank});
    return rankingMetrics(entries, L.truth);
  }
  std::vector<DiagnosisLines> diagnoses;
  for (const localize::Diagnosis& d : result.diagnoses) {
    DiagnosisLines lines{{}, d.feasible};
    for (const localize::Location& loc : d.locations)
      lines.lines.push_back({loc.file, loc.line});
    diagnoses.push_back(std::move(lines));
  }
  return diagnosisMetrics(diagnoses, L.truth);
}

/// A record for a run that produced none of its own.
RunRecord failedRun(const LoadedSubject* L, const localize::TechniqueInfo* technique,
                    const RunKey& key, RunStatus status, std::string message, double ms) {
  RunRecord r;
  r.key = key;
  r.status = status;
  r.message = std::move(message);
  r.costs.totalMs = ms;
  r.metrics.ranking = technique && technique->kind == localize::TechniqueKind::Ranking;
  if (L) {
    r.costs.suiteMs = L->results.wallMs;
    r.metrics.executableLines = L->truth.executable.size();
  }
  return r;
}

RunRecord executeRun(const LoadedSubject& L, const localize::TechniqueVariant& variant,
                     const RunKey& key, const BenchOptions& o) {
  const localize::TechniqueInfo& technique = *localize::findTechnique(variant.technique);
  localize::Problem problem = localize::makeProblem(*L.program, L.suite, L.results, L.coverage,
                                                    L.oracle, L.runOptions, o.formula);
  problem.options.timeoutSeconds = o.timeoutSeconds;
  if (L.subject->unwind) problem.options.unwind = *L.subject->unwind;
  // --max-failing N of a technique of the whole suite that starts from some failing tests
  // (cfaults): it starts from N, unless its variant says otherwise (before, cfaults put every
  // failing test in its formula: bench/siemens v02, 246 copies, cut at 120 s).
  const auto& own = technique.ownOptions;
  if (o.maxFailing && !technique.perFailingTest() &&
      std::any_of(own.begin(), own.end(),
                  [](const localize::OptionSpec& s) { return s.name == "max-failing"; }))
    problem.options.own["max-failing"] = std::to_string(o.maxFailing);
  variant.apply(problem.options);
  for (std::size_t i = 0; key.test && i < L.suite.tests.size(); ++i)
    if (L.suite.tests[i].index == key.test && L.results.results[i].failing())
      problem.failingTest = static_cast<int>(i);
  if (key.test && problem.failingTest < 0)
    return failedRun(&L, &technique, key, RunStatus::Error,
                     fmt::format("test {} does not fail on this run of the suite", key.test), 0);
  RunRecord r;
  r.key = key;
  r.costs.suiteMs = L.results.wallMs;
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  try {
    localize::Result result = localize::runTechnique(technique, problem);
    r.costs.totalMs = result.totalMs;
    r.metrics = measure(L, result);
    r.costs.solverMs = result.stats.solverMs;
    r.costs.soft = result.stats.soft;
    r.costs.hard = result.stats.hard;
    r.costs.queries = result.stats.queries;
    for (const localize::Counter& c : result.stats.counters)
      r.costs.counters[c.name] = c.value;
    r.status = classifyRun(result.complete, result.incompleteReason, r.costs.totalMs,
                           o.timeoutSeconds, result.diagnoses.size());
    r.message = result.incompleteReason;
    if (r.status == RunStatus::Timeout && r.message.empty())
      r.message = fmt::format("ran {:.1f} s, over the {:g} s limit", r.costs.totalMs / 1000,
                              o.timeoutSeconds);
    return r;
  } catch (const UserError& e) {
    return failedRun(&L, &technique, key, RunStatus::Error, e.render(), elapsed());
  } catch (const std::exception& e) {
    return failedRun(&L, &technique, key, RunStatus::Error,
                     std::string("internal error: ") + e.what(), elapsed());
  } catch (...) {
    return failedRun(&L, &technique, key, RunStatus::Error, "internal error: unknown exception",
                     elapsed());
  }
}

std::string lastLine(const std::string& text) {
  std::size_t end = text.find_last_not_of("\n\r \t");
  if (end == std::string::npos) return "";
  std::size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1,
                     end + 1 - (start == std::string::npos ? 0 : start + 1));
}

/// A run's record from the output of the child that ran it, or a record saying how the child
/// ended without one.
RunRecord recordFromChild(const LoadedSubject* L, const localize::TechniqueInfo* technique,
                          const RunKey& key, const ChildResult& c, double limit) {
  auto withUsage = [&](RunRecord r) {
    if (c.started) r.costs.cpuMs = c.cpuMs, r.costs.peakRssMb = c.peakRssMb;
    return r;
  };
  if (!c.killed && c.exitStatus == 0) {
    try {
      RunRecord r = recordFromJson(nlohmann::json::parse(lastLine(c.out)));
      if (r.key == key) return withUsage(std::move(r));
    } catch (const std::exception&) {
    }
  }
  std::string message = "child process " + describeChildEnd(c, limit);
  if (std::string last = lastLine(c.err); c.started && !last.empty()) message += ": " + last;
  return withUsage(failedRun(L, technique, key, c.killed ? RunStatus::Timeout : RunStatus::Error,
                             message, c.wallMs));
}

/// The parent's side of an isolated run: an idle server of the subject (or a new one) runs it.
/// A server that does not answer in time is killed and not reused.
RunRecord executeInServer(LoadedSubject& L, const localize::TechniqueInfo& technique,
                          const RunKey& key, const BenchOptions& o) {
  std::unique_ptr<Coprocess> server;
  {
    std::lock_guard<std::mutex> lock(L.serversMutex);
    if (!L.idleServers.empty()) {
      server = std::move(L.idleServers.back());
      L.idleServers.pop_back();
    }
  }
  // A new server loads the subject first: allow it several times the parent's own load.
  double wait = hardLimitSeconds(o.timeoutSeconds) + 10;
  if (!server) {
    server = std::make_unique<Coprocess>(o.serverCommand(key.subject));
    wait += std::max(60.0, 5 * L.loadMs / 1000);
  }
  const auto start = std::chrono::steady_clock::now();
  std::string why = server->startError();
  if (server->started() &&
      server->send(nlohmann::json{{"technique", key.technique}, {"test", key.test}}.dump())) {
    if (std::optional<std::string> line = server->receive(wait, why)) {
      try {
        RunRecord r = recordFromJson(nlohmann::json::parse(*line));
        if (r.key == key) {
          std::lock_guard<std::mutex> lock(L.serversMutex);
          L.idleServers.push_back(std::move(server));
          return r;
        }
        why = "it answered for another run";
      } catch (const std::exception& e) {
        why = std::string("its answer is no run record: ") + e.what();
      }
    }
  }
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return failedRun(&L, &technique, key, RunStatus::Error, "subject server failed: " + why, ms);
}

/// The key of a server request line; throws on a malformed one.
RunKey requestKey(const std::string& subject, const std::string& line) {
  nlohmann::json j = nlohmann::json::parse(line);
  return {subject, j.at("technique").get<std::string>(), j.at("test").get<int>()};
}

}  // namespace

double hardLimitSeconds(double timeoutSeconds) {
  return timeoutSeconds + std::max(10.0, timeoutSeconds / 2);
}

namespace {

/// The answer of a subject server to one request line; nullopt when the bench went away
/// during the run.
std::optional<RunRecord> serveOne(const Subject& subject, const LoadedSubject* L,
                                  const std::vector<SubjectProblem>& problems,
                                  const BenchOptions& options, const std::string& request,
                                  int requestFd) {
  RunKey key;
  try {
    key = requestKey(subject.name, request);
  } catch (const std::exception& e) {
    return failedRun(nullptr, nullptr, {subject.name, "?", 0}, RunStatus::Error,
                     std::string("bad request: ") + e.what(), 0);
  }
  localize::TechniqueVariant variant;
  try {
    variant = localize::parseVariant(key.technique);
  } catch (const UserError& e) {
    return failedRun(nullptr, nullptr, key, RunStatus::Error, e.what(), 0);
  }
  const localize::TechniqueInfo* technique = localize::findTechnique(variant.technique);
  if (!L) {
    std::string why = problems.empty() ? "subject does not load" : problems.back().message;
    return failedRun(nullptr, technique, key, RunStatus::Error, why, 0);
  }
  const double limit = hardLimitSeconds(options.timeoutSeconds);
  bool abandoned = false;
  ChildResult c = runForked(
      [&] {
        if (options.memoryMb) {
          rlimit cap{};
          cap.rlim_cur = cap.rlim_max = static_cast<rlim_t>(options.memoryMb) << 20;
          setrlimit(RLIMIT_AS, &cap);
        }
        std::string line = toJson(executeRun(*L, variant, key, options)).dump() + "\n";
        std::fwrite(line.data(), 1, line.size(), stdout);
      },
      limit, requestFd, &abandoned);
  if (abandoned) return std::nullopt;
  return recordFromChild(L, technique, key, c, limit);
}

}  // namespace

void serveSubject(const Subject& subject, const BenchOptions& options, std::FILE* in,
                  std::FILE* out) {
  std::vector<SubjectProblem> problems;
  std::shared_ptr<LoadedSubject> L = loadSubject(subject, options, false, problems);
  char* buffer = nullptr;
  std::size_t size = 0;
  while (getline(&buffer, &size, in) > 0) {
    // While a run is on, the bench sends nothing: the request pipe stirs only when it ends.
    std::optional<RunRecord> r = serveOne(subject, L.get(), problems, options, buffer, fileno(in));
    if (!r) break;
    std::string line = toJson(*r).dump() + "\n";
    std::fwrite(line.data(), 1, line.size(), out);
    std::fflush(out);
  }
  std::free(buffer);
}

BenchOutcome runBench(const Manifest& manifest, const BenchOptions& options,
                      const std::set<RunKey>& recorded, RunLog& log, Progress& progress) {
  std::vector<PlannedTechnique> planned;
  std::vector<localize::TechniqueVariant> variants;
  for (const std::string& label : options.techniques) {
    variants.push_back(localize::parseVariant(label));
    planned.push_back(
        {label, localize::findTechnique(variants.back().technique)->perFailingTest()});
  }
  auto variantOf = [&](const std::string& label) -> const localize::TechniqueVariant& {
    return *std::find_if(variants.begin(), variants.end(),
                         [&](const auto& v) { return v.label == label; });
  };
  BenchOutcome outcome;
  std::mutex mutex;  // guards outcome
  Pool pool;
  for (const Subject& subject : manifest.subjects) {
    if (!needsLoading(subject.name, planned, options.shard, recorded)) {
      progress.subjectLoaded(subject.name, 0);
      continue;
    }
    pool.pushBack([&, s = &subject] {
      std::vector<SubjectProblem> problems;
      std::shared_ptr<LoadedSubject> L = loadSubject(*s, options, true, problems);
      std::vector<RunKey> keys;
      if (L)
        keys = planRuns(s->name, planned, failingTests(*L), options.maxFailing, options.shard,
                        recorded);
      {
        std::lock_guard<std::mutex> lock(mutex);
        outcome.validated.insert(s->name);
        outcome.problems.insert(outcome.problems.end(), problems.begin(), problems.end());
      }
      for (const SubjectProblem& p : problems)
        progress.problem(p);
      progress.subjectLoaded(s->name, keys.size());
      for (auto it = keys.rbegin(); it != keys.rend(); ++it)
        pool.pushFront([&, L, key = *it] {
          progress.runStarted(key);
          const localize::TechniqueVariant& variant = variantOf(key.technique);
          const localize::TechniqueInfo& info = *localize::findTechnique(variant.technique);
          // Whole-suite techniques too: cfaults can build a formula of several failing tests
          // for minutes and past a GB (contest dictionary-v1: 8 min), which only a killed
          // child stops; and only a child's CPU time and memory are measured.
          RunRecord r = options.serverCommand ? executeInServer(*L, info, key, options)
                                              : executeRun(*L, variant, key, options);
          log.append(r);
          {
            std::lock_guard<std::mutex> lock(mutex);
            ++outcome.ran;
          }
          progress.runFinished(r);
        });
    });
  }
  unsigned jobs = options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  pool.run(jobs);
  std::stable_sort(outcome.problems.begin(), outcome.problems.end(),
                   [&](const SubjectProblem& a, const SubjectProblem& b) {
                     auto pos = [&](const std::string& n) {
                       auto& v = manifest.subjects;
                       return std::find_if(v.begin(), v.end(),
                                           [&](const Subject& s) { return s.name == n; }) -
                              v.begin();
                     };
                     return pos(a.subject) < pos(b.subject);
                   });
  return outcome;
}

}  // namespace culprit::bench

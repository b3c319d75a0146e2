// Running bench runs in child processes, so that a technique that ignores its time limit,
// crashes or exhausts memory costs one recorded run, not the whole bench: the child is killed
// at a hard limit and whatever it printed is kept. An isolated bench starts a subject server
// (a Coprocess) per subject and worker; the server loads the subject once and forks a child
// per run (runForked), so a run costs a fork, not a process start, a parse and a suite run.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace culprit::bench {

struct ChildResult {
  bool started = false;  ///< false when the program could not be started (see `err`)
  bool killed = false;   ///< killed at the hard limit
  int exitStatus = -1;   ///< when it exited
  int signal = 0;        ///< when a signal ended it
  std::string out;       ///< all of stdout
  std::string err;       ///< the last 4 KiB of stderr
  double wallMs = 0;
  double cpuMs = 0;      ///< user + system CPU time of the process (and its waited-for children)
  double peakRssMb = 0;  ///< its peak resident set (pages shared with the parent included)
};

/// Runs argv[0] (a path) with its arguments, stdin from /dev/null, capturing stdout and
/// stderr; SIGKILLs it after `limitSeconds` (0: no limit). Thread-safe.
ChildResult runChild(const std::vector<std::string>& argv, double limitSeconds);

/// Runs `body` in a forked child whose stdout and stderr are captured; the child exits 0 when
/// `body` returns, 70 when it throws, and is SIGKILLed after `limitSeconds` (0: no limit) or
/// when the caller dies. Only for single-threaded callers (a subject server): a fork copies
/// no other thread, so locks they held would stay held in the child. When `watchFd` becomes
/// readable or hangs up (the caller's own parent went away), the child is killed and the
/// result says `abandoned`.
ChildResult runForked(const std::function<void()>& body, double limitSeconds, int watchFd = -1,
                      bool* abandoned = nullptr);
/// Kills (SIGKILL) every child runChild is waiting for: culprit itself is ending.
void killChildren();

/// "exited with status 3", "killed by signal 11 (Segmentation fault)", "killed after 90 s".
std::string describeChildEnd(const ChildResult& r, double limitSeconds);

/// A long-lived child spoken to in lines: requests on its stdin, answers on its stdout (its
/// stderr is ours). Closing its stdin asks it to exit. Not thread-safe: one user at a time.
class Coprocess {
public:
  explicit Coprocess(const std::vector<std::string>& argv);
  ~Coprocess();  ///< closes its stdin; waits up to 10 s for it to exit, then SIGKILLs it
  Coprocess(const Coprocess&) = delete;
  Coprocess& operator=(const Coprocess&) = delete;

  bool started() const { return pid_ > 0; }
  const std::string& startError() const { return error_; }
  /// Writes `line` and a newline; false when the child is gone.
  bool send(const std::string& line);
  /// The next line of its stdout (without the newline); nullopt at end of file or after
  /// `seconds` (then the child is killed). `why` says which.
  std::optional<std::string> receive(double seconds, std::string& why);

private:
  void finish(double graceSeconds);
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string buffer_, error_;
};

}  // namespace culprit::bench

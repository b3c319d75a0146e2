// Running one bench run in a child process, so that a technique that ignores its time limit,
// crashes or exhausts memory costs one recorded run, not the whole bench: the child is killed
// at a hard limit and whatever it printed is kept.
#pragma once

#include <string>
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
};

/// Runs argv[0] (a path) with its arguments, stdin from /dev/null, capturing stdout and
/// stderr; SIGKILLs it after `limitSeconds` (0: no limit). Thread-safe.
ChildResult runChild(const std::vector<std::string>& argv, double limitSeconds);

/// Kills (SIGKILL) every child runChild is waiting for: culprit itself is ending.
void killChildren();

/// "exited with status 3", "killed by signal 11 (Segmentation fault)", "killed after 90 s".
std::string describeChildEnd(const ChildResult& r, double limitSeconds);

}  // namespace culprit::bench

// One thread waits for SIGINT and SIGTERM with sigwait, so that nothing runs in a signal
// handler: Z3, the interpreter's runs and the bench's children need no cancellation points.
// On a signal it waits for a report being written (outputLock), kills the bench's child
// processes, prints the line and re-raises the signal with its default action.
#include "cli/signals.h"

#include "bench/subprocess.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace culprit::cli {
namespace {

std::atomic<const char*> pendingTemporary{nullptr};

/// SIGINT and SIGTERM, each unless culprit was started with it ignored (`nohup`, a shell's
/// background job), which is then left ignored.
sigset_t terminationSignals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : {SIGINT, SIGTERM}) {
    struct sigaction now {};
    if (sigaction(sig, nullptr, &now) == 0 && now.sa_handler != SIG_IGN) sigaddset(&set, sig);
  }
  return set;
}

[[noreturn]] void endBy(int sig) {
  // A write in progress ends first; one blocked for long (a FIFO nobody reads, a slow disk)
  // does not hold the process, and its temporary file goes: the -o file is whole either way.
  // The lock stays taken: nothing is written after this point.
  if (!outputLock().try_lock_for(std::chrono::seconds(5)))
    if (const char* temporary = pendingTemporary.load()) unlink(temporary);
  bench::killChildren();
  std::fprintf(stderr, "culprit: error: interrupted by %s\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
  std::fflush(stderr);
  std::signal(sig, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  std::raise(sig);
  std::_Exit(128 + sig);
}

}  // namespace

void setPendingTemporary(const char* path) { pendingTemporary.store(path); }

std::timed_mutex& outputLock() {
  static std::timed_mutex lock;
  return lock;
}

void handleTerminationSignals() {
  const sigset_t set = terminationSignals();
  if (sigisemptyset(&set)) return;
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  outputLock();  // constructed before any signal can need it
  std::thread([set] {
    int sig = 0;
    while (sigwait(&set, &sig) != 0) {
    }
    endBy(sig);
  }).detach();
}

}  // namespace culprit::cli

// posix_spawn with two close-on-exec pipes (so children spawned at the same time by other
// worker threads do not inherit each other's pipe ends), drained with poll until both close;
// at the deadline the child gets SIGKILL and the pipes are drained to their end.
#include "bench/subprocess.h"

#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <mutex>
#include <poll.h>
#include <set>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace culprit::bench {
namespace {

constexpr std::size_t kErrKeep = 4096;

/// The children runChild is waiting for.
std::mutex childrenLock;
std::set<pid_t> children;

void closeBoth(int fds[2]) {
  for (int i = 0; i < 2; ++i)
    if (fds[i] >= 0) close(fds[i]), fds[i] = -1;
}

/// Reads what is available; false at end of file.
bool drain(int fd, std::string& into, std::size_t keepLast) {
  char buf[65536];
  ssize_t n = read(fd, buf, sizeof buf);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;
  into.append(buf, static_cast<std::size_t>(n));
  if (keepLast && into.size() > 2 * keepLast) into.erase(0, into.size() - keepLast);
  return true;
}

}  // namespace

ChildResult runChild(const std::vector<std::string>& argv, double limitSeconds) {
  ChildResult r;
  auto start = std::chrono::steady_clock::now();
  int out[2] = {-1, -1}, err[2] = {-1, -1};
  if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
    r.err = std::string("cannot create a pipe: ") + std::strerror(errno);
    closeBoth(out), closeBoth(err);
    return r;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // The child starts with no signal blocked, whatever this thread blocks (cli/signals.h).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
  pid_t pid = -1;
  int rc = 0;
  {
    const std::lock_guard<std::mutex> hold(childrenLock);
    rc = posix_spawn(&pid, args[0], &actions, &attr, args.data(), environ);
    if (rc == 0) children.insert(pid);
  }
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]), close(err[1]);
  out[1] = err[1] = -1;
  if (rc != 0) {
    r.err = fmt::format("cannot start {}: {}", argv[0], std::strerror(rc));
    closeBoth(out), closeBoth(err);
    return r;
  }
  r.started = true;
  auto deadline = start + std::chrono::duration<double>(limitSeconds);
  bool outOpen = true, errOpen = true;
  while (outOpen || errOpen) {
    int wait = -1;
    if (limitSeconds > 0 && !r.killed) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      deadline - std::chrono::steady_clock::now())
                      .count();
      if (left <= 0) {
        kill(pid, SIGKILL);
        r.killed = true;
        continue;
      }
      wait = static_cast<int>(left);
    }
    pollfd fds[2] = {{outOpen ? out[0] : -1, POLLIN, 0}, {errOpen ? err[0] : -1, POLLIN, 0}};
    if (poll(fds, 2, wait) < 0 && errno != EINTR) break;
    if (fds[0].revents) outOpen = drain(out[0], r.out, 0);
    if (fds[1].revents) errOpen = drain(err[0], r.err, kErrKeep);
  }
  closeBoth(out), closeBoth(err);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  {
    const std::lock_guard<std::mutex> hold(childrenLock);
    children.erase(pid);
  }
  if (WIFEXITED(status)) r.exitStatus = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  if (r.err.size() > kErrKeep) r.err.erase(0, r.err.size() - kErrKeep);
  r.wallMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

void killChildren() {
  const std::lock_guard<std::mutex> hold(childrenLock);
  for (pid_t pid : children)
    kill(pid, SIGKILL);
}

std::string describeChildEnd(const ChildResult& r, double limitSeconds) {
  if (!r.started) return r.err;
  if (r.killed) return fmt::format("killed after {:g} s (hard limit)", limitSeconds);
  if (r.signal) return fmt::format("killed by signal {} ({})", r.signal, strsignal(r.signal));
  return fmt::format("exited with status {}", r.exitStatus);
}

}  // namespace culprit::bench

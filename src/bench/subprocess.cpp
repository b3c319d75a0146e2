// posix_spawn (or fork) with two close-on-exec pipes (so children spawned at the same time by
// other worker threads do not inherit each other's pipe ends), drained with poll until both
// close; at the deadline the child gets SIGKILL and the pipes are drained to their end.
#include "bench/subprocess.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <mutex>
#include <poll.h>
#include <set>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace culprit::bench {
namespace {

constexpr std::size_t kErrKeep = 4096;
using Clock = std::chrono::steady_clock;

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

/// Milliseconds left until `deadline`, at least 0.
template <typename TimePoint> long long msLeft(TimePoint deadline) {
  auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left < 0 ? 0 : left;
}

/// Drains the child's pipes (read ends `out`, `err`, which it closes) until both close, kills
/// it at the deadline or when `watchFd` stirs, and reaps it.
void collect(ChildResult& r, pid_t pid, int out, int err, double limitSeconds,
             Clock::time_point start, int watchFd, bool* abandoned) {
  r.started = true;
  auto deadline = start + std::chrono::duration<double>(limitSeconds);
  bool outOpen = true, errOpen = true;
  while (outOpen || errOpen) {
    int wait = -1;
    if (limitSeconds > 0 && !r.killed) {
      long long left = msLeft(deadline);
      if (left == 0) {
        kill(pid, SIGKILL);
        r.killed = true;
        continue;
      }
      wait = static_cast<int>(left);
    }
    pollfd fds[3] = {{outOpen ? out : -1, POLLIN, 0},
                     {errOpen ? err : -1, POLLIN, 0},
                     {abandoned && !*abandoned ? watchFd : -1, POLLIN, 0}};
    if (poll(fds, 3, wait) < 0 && errno != EINTR) break;
    if (fds[0].revents) outOpen = drain(out, r.out, 0);
    if (fds[1].revents) errOpen = drain(err, r.err, kErrKeep);
    if (fds[2].revents) {
      kill(pid, SIGKILL);
      *abandoned = true;
    }
  }
  close(out), close(err);
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  auto ms = [](const timeval& t) { return t.tv_sec * 1e3 + t.tv_usec / 1e3; };
  r.cpuMs = ms(usage.ru_utime) + ms(usage.ru_stime);
  r.peakRssMb = static_cast<double>(usage.ru_maxrss) / 1024;  // Linux: KiB
  if (WIFEXITED(status)) r.exitStatus = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  if (r.err.size() > kErrKeep) r.err.erase(0, r.err.size() - kErrKeep);
  r.wallMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// argv as posix_spawn takes it (pointing into `argv`), null-terminated.
std::vector<char*> argvPointers(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  return args;
}

bool makePipes(int out[2], int err[2], ChildResult& r) {
  if (pipe2(out, O_CLOEXEC) == 0 && pipe2(err, O_CLOEXEC) == 0) return true;
  r.err = std::string("cannot create a pipe: ") + std::strerror(errno);
  closeBoth(out), closeBoth(err);
  return false;
}

}  // namespace

ChildResult runChild(const std::vector<std::string>& argv, double limitSeconds) {
  ChildResult r;
  auto start = Clock::now();
  int out[2] = {-1, -1}, err[2] = {-1, -1};
  if (!makePipes(out, err, r)) return r;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  std::vector<char*> args = argvPointers(argv);
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
  if (rc != 0) {
    r.err = fmt::format("cannot start {}: {}", argv[0], std::strerror(rc));
    close(out[0]), close(err[0]);
    return r;
  }
  collect(r, pid, out[0], err[0], limitSeconds, start, -1, nullptr);
  {
    const std::lock_guard<std::mutex> hold(childrenLock);
    children.erase(pid);
  }
  return r;
}

void killChildren() {
  const std::lock_guard<std::mutex> hold(childrenLock);
  for (pid_t pid : children)
    kill(pid, SIGKILL);
}

ChildResult runForked(const std::function<void()>& body, double limitSeconds, int watchFd,
                      bool* abandoned) {
  ChildResult r;
  auto start = Clock::now();
  int out[2] = {-1, -1}, err[2] = {-1, -1};
  if (!makePipes(out, err, r)) return r;
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(70);  // the caller died before prctl
    dup2(out[1], 1), dup2(err[1], 2);
    int status = 0;
    try {
      body();
    } catch (...) {
      status = 70;
    }
    std::fflush(nullptr);
    _exit(status);
  }
  close(out[1]), close(err[1]);
  if (pid < 0) {
    r.err = std::string("cannot fork: ") + std::strerror(errno);
    close(out[0]), close(err[0]);
    return r;
  }
  if (abandoned) *abandoned = false;
  collect(r, pid, out[0], err[0], limitSeconds, start, watchFd, abandoned);
  return r;
}

std::string describeChildEnd(const ChildResult& r, double limitSeconds) {
  if (!r.started) return r.err;
  if (r.killed) return fmt::format("killed after {:g} s (hard limit)", limitSeconds);
  if (r.signal) return fmt::format("killed by signal {} ({})", r.signal, strsignal(r.signal));
  return fmt::format("exited with status {}", r.exitStatus);
}

Coprocess::Coprocess(const std::vector<std::string>& argv) {
  int in[2] = {-1, -1}, out[2] = {-1, -1};
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) {
    error_ = std::string("cannot create a pipe: ") + std::strerror(errno);
    closeBoth(in), closeBoth(out);
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  std::vector<char*> args = argvPointers(argv);
  int rc = posix_spawn(&pid_, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]), close(out[1]);
  in_ = in[1], out_ = out[0];
  if (rc != 0) {
    error_ = fmt::format("cannot start {}: {}", argv[0], std::strerror(rc));
    pid_ = -1;
    finish(0);
  }
}

Coprocess::~Coprocess() { finish(10); }

void Coprocess::finish(double graceSeconds) {
  if (in_ >= 0) close(in_), in_ = -1;
  if (pid_ > 0) {
    std::string why;
    while (receive(graceSeconds, why)) {  // kills it at the deadline
    }
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  if (out_ >= 0) close(out_), out_ = -1;
}

bool Coprocess::send(const std::string& line) {
  if (pid_ <= 0 || in_ < 0) return false;
  std::string data = line + "\n";
  std::size_t done = 0;
  while (done < data.size()) {
    // MSG_NOSIGNAL is for sockets: a write to a pipe whose reader died raises SIGPIPE, which
    // the bench ignores (see cmd_bench.cpp), so the write fails with EPIPE instead.
    ssize_t n = write(in_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<std::string> Coprocess::receive(double seconds, std::string& why) {
  auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    if (std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      return line;
    }
    if (out_ < 0) {
      why = "its output is closed";
      return std::nullopt;
    }
    long long left = msLeft(deadline);
    pollfd fd = {out_, POLLIN, 0};
    int rc = left > 0 ? poll(&fd, 1, static_cast<int>(std::min(left, 1LL << 30))) : 0;
    if (rc < 0 && errno == EINTR) continue;
    if (rc <= 0) {
      if (pid_ > 0) kill(pid_, SIGKILL);
      why = fmt::format("no answer within {:g} s", seconds);
      return std::nullopt;
    }
    if (!drain(out_, buffer_, 0)) {
      close(out_), out_ = -1;
      why = "it exited";
      if (buffer_.empty()) return std::nullopt;
      buffer_ += '\n';  // a last line without a newline
    }
  }
}

}  // namespace culprit::bench

// Context: see context.h.
#include "context.h"

#include "memory_bound.h"

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

namespace culprit::solve {
namespace {

/// Deletes Z3 contexts on a worker thread. Z3 can take minutes to delete a context of a large
/// program formula (measured: 160 s for the 900 MB context of bench primes-v1 with --unwind 42,
/// 600 s at 3.5 GB, 8 s for a 33 MB one cut short by --max-memory 1), and neither the size nor
/// the formula predicts it well, so every context goes this way and reports are never held
/// up. At normal exit the worker finishes its queue (Z3 must not be torn down under it); the
/// command line ends with _Exit and does not wait.
class ContextDisposer {
public:
  static ContextDisposer& instance() {
    static ContextDisposer disposer;
    return disposer;
  }
  void dispose(std::unique_ptr<z3::context> context) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(context));
    }
    ready_.notify_one();
  }
  ~ContextDisposer() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    ready_.notify_one();
    worker_.join();
  }
  ContextDisposer(const ContextDisposer&) = delete;
  ContextDisposer& operator=(const ContextDisposer&) = delete;
  /// Blocks until every context handed over so far is freed.
  void awaitIdle() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && !working_; });
  }

private:
  ContextDisposer() : worker_([this] { drain(); }) {}
  void drain() {
    for (;;) {
      std::unique_ptr<z3::context> next;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, nothing left
        next = std::move(queue_.front());
        queue_.pop_front();
        working_ = true;
      }
      next.reset();
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        working_ = false;
      }
      idle_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::condition_variable idle_;  // awaitIdle: the queue is empty and nothing is being freed
  bool working_ = false;
  std::deque<std::unique_ptr<z3::context>> queue_;
  bool stop_ = false;
  std::thread worker_;  // last: starts once the members above exist
};

std::mutex boundMutex;
std::multiset<unsigned> activeBounds;  // limits of the bounded queries in flight

void applyLargestBound() {
  z3::set_param("memory_max_size",
                static_cast<int>(activeBounds.empty() ? 0 : *activeBounds.rbegin()));
}

}  // namespace

namespace detail {

QueryMemoryBound::QueryMemoryBound(unsigned limitMb) : limitMb_(limitMb) {
  if (!limitMb_) return;
  const std::lock_guard<std::mutex> lock(boundMutex);
  activeBounds.insert(limitMb_);
  applyLargestBound();
}

QueryMemoryBound::~QueryMemoryBound() {
  if (!limitMb_) return;
  const std::lock_guard<std::mutex> lock(boundMutex);
  activeBounds.erase(activeBounds.find(limitMb_));
  applyLargestBound();
}

std::uint64_t residentMb() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t size = 0, resident = 0;
  if (!(statm >> size >> resident)) return 0;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)) >> 20;
}

/// The one thread that reads the resident size while bounded queries run (a thread per query
/// cost Siemens pf about 10% of its CPU): it sleeps while none runs, else reads it every
/// ResidentWatch::kPollMs and interrupts each query whose bound it passed.
class ResidentWatcher {
public:
  static ResidentWatcher& instance() {
    static ResidentWatcher watcher;
    return watcher;
  }
  void add(ResidentWatch* w) {
    const std::lock_guard<std::mutex> lock(mutex_);
    active_.insert(w);
    if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  }
  void remove(ResidentWatch* w) {
    const std::lock_guard<std::mutex> lock(mutex_);
    active_.erase(w);
  }
  std::mutex& mutex() { return mutex_; }
  ~ResidentWatcher() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
  }
  ResidentWatcher(const ResidentWatcher&) = delete;
  ResidentWatcher& operator=(const ResidentWatcher&) = delete;

private:
  ResidentWatcher() = default;
  void run() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
      if (active_.empty())
        wake_.wait_for(lock, std::chrono::milliseconds(100));  // add() does not notify
      else
        wake_.wait_for(lock, std::chrono::milliseconds(ResidentWatch::kPollMs));
      if (stop_ || active_.empty()) continue;
      const std::uint64_t resident = residentMb();
      // Under the lock: a watch leaves active_ (under it) before its query returns, so an
      // interrupt lands in a query that still runs, never in a later use of the context.
      for (ResidentWatch* w : active_)
        if (!w->exceeded_ && resident > w->limitMb_) {
          w->exceeded_ = true;
          w->ctx_.interrupt();
        }
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::set<ResidentWatch*> active_;
  bool stop_ = false;
  std::thread thread_;
};

ResidentWatch::ResidentWatch(z3::context& ctx, std::uint64_t limitMb)
    : ctx_(ctx), limitMb_(limitMb) {
  if (!limitMb_) return;
  if (residentMb() > limitMb_) {
    exceeded_ = true;
    return;
  }
  ResidentWatcher::instance().add(this);
  watched_ = true;
}

ResidentWatch::~ResidentWatch() {
  if (watched_) ResidentWatcher::instance().remove(this);
}

bool ResidentWatch::exceeded() const {
  if (!watched_) return exceeded_;
  const std::lock_guard<std::mutex> lock(ResidentWatcher::instance().mutex());
  return exceeded_;
}

}  // namespace detail

Context::Context(ContextOptions options)
    : ctx_(std::make_unique<z3::context>()), options_(std::move(options)) {
  if (!options_.dumpDir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(options_.dumpDir, error);
    if (error)
      throw ContextError("cannot create directory " + options_.dumpDir + ": " + error.message());
  }
  if (const char* v = std::getenv("CULPRIT_RESTART_RLIMIT"))
    options_.restartRlimit = static_cast<unsigned>(std::strtoul(v, nullptr, 10));
  if (options_.maxMemoryMb) {
    boundMb_ = static_cast<unsigned>(Z3_get_estimated_alloc_size() >> 20) + options_.maxMemoryMb;
    residentBoundMb_ = detail::residentMb() + options_.maxMemoryMb;
  }
}

Context::~Context() { ContextDisposer::instance().dispose(std::move(ctx_)); }

void Context::awaitDisposals() { ContextDisposer::instance().awaitIdle(); }

SessionOptions Context::sessionOptions(std::string logic) const {
  SessionOptions o;
  o.logic = std::move(logic);
  o.dumpDir = options_.dumpDir;
  o.maxMemoryMb = boundMb_;
  o.maxResidentMb = residentBoundMb_;
  o.restarts.rlimit = options_.restartRlimit;
  if (options_.queryRlimit) {
    o.rlimit = o.budgetRlimit = options_.queryRlimit;
    o.restarts = {};
  }
  return o;
}

bool Context::outOfMemory(const std::string& reason) {
  return reason.find("memory") != std::string::npos;
}

}  // namespace culprit::solve

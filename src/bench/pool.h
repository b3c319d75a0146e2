// The bench's worker pool: a queue of work items drained by a fixed number of threads; an item
// may add items, at the front (a loaded subject's runs) or at the back.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace culprit::bench {

class Pool {
public:
  void pushBack(std::function<void()> task) { push(std::move(task), false); }
  void pushFront(std::function<void()> task) { push(std::move(task), true); }
  void run(unsigned threads) {
    std::vector<std::thread> pool;
    for (unsigned i = 1; i < threads; ++i)
      pool.emplace_back([this] { work(); });
    work();
    for (std::thread& t : pool)
      t.join();
  }

private:
  void push(std::function<void()> task, bool front) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (front)
      tasks_.push_front(std::move(task));
    else
      tasks_.push_back(std::move(task));
    ready_.notify_one();
  }
  void work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      ready_.wait(lock, [&] { return !tasks_.empty() || busy_ == 0; });
      if (tasks_.empty()) {
        ready_.notify_all();
        return;
      }
      std::function<void()> task = std::move(tasks_.front());
      tasks_.pop_front();
      ++busy_;
      lock.unlock();
      task();
      task = nullptr;  // release what it holds (a subject) outside the lock
      lock.lock();
      --busy_;
      ready_.notify_all();
    }
  }
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  unsigned busy_ = 0;
};

}  // namespace culprit::bench

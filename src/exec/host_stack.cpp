// hostStackFloor: see host_stack.h.
#include "exec/host_stack.h"

#include <exception>
#include <pthread.h>

namespace culprit::exec {

const char* hostStackFloor(const char* here, std::size_t margin) {
  // A thread's stack does not move: ask once per thread. (For the main thread glibc reads
  // /proc/self/maps, which cost about 0.2 ms per interpreter run.)
  thread_local void* low = nullptr;
  thread_local bool asked = false;
  if (!asked) {
    asked = true;
    pthread_attr_t attr;
    std::size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      pthread_attr_getstack(&attr, &low, &size);
      pthread_attr_destroy(&attr);
    }
  }
  const char* bottom = static_cast<const char*>(low);
  return low && here - bottom > static_cast<std::ptrdiff_t>(2 * margin) ? bottom + margin
                                                                        : here - (1 << 20);
}

bool onLargeStack(const std::function<void()>& work, std::size_t bytes) {
  struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
  } job{&work, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  pthread_t thread;
  auto body = [](void* p) -> void* {
    auto* j = static_cast<Job*>(p);
    try {
      (*j->work)();
    } catch (...) {
      j->error = std::current_exception();
    }
    return nullptr;
  };
  const int started = pthread_create(&thread, &attr, body, &job);
  pthread_attr_destroy(&attr);
  if (started != 0) return false;
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
  return true;
}

}  // namespace culprit::exec

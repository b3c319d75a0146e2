// hostStackFloor: see host_stack.h.
#include "exec/host_stack.h"

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

}  // namespace culprit::exec

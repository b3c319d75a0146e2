// The calling thread's stack, for recursive walks (the interpreter's calls, the encoder's
// inlining) that must stop cleanly before the host stack overflows.
#pragma once

#include <cstddef>
#include <functional>

namespace culprit::exec {

/// The lowest address a recursion on this thread may reach, `margin` bytes above the bottom of
/// its stack; when the stack's extent is unknown or too small, 1 MiB below `here`.
const char* hostStackFloor(const char* here, std::size_t margin);

/// Runs `work` on a new thread with a stack of `bytes` (reserved; pages are touched only as
/// used), waits for it and rethrows what it threw. Returns false, without running `work`,
/// when no such thread can be created.
bool onLargeStack(const std::function<void()>& work, std::size_t bytes = std::size_t{512} << 20);

}  // namespace culprit::exec

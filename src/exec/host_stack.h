// The calling thread's stack, for recursive walks (the interpreter's calls, the encoder's
// inlining) that must stop cleanly before the host stack overflows.
#pragma once

#include <cstddef>

namespace culprit::exec {

/// The lowest address a recursion on this thread may reach, `margin` bytes above the bottom of
/// its stack; when the stack's extent is unknown or too small, 1 MiB below `here`.
const char* hostStackFloor(const char* here, std::size_t margin);

}  // namespace culprit::exec

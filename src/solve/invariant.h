// Internal invariant checks of the solver layer. Always on: the checks are cheap next to a
// solver call, and the bugs they catch (unbalanced push/pop, an engine used after its scope
// was popped, an assumption nobody registered) would otherwise corrupt results silently.
#pragma once

#include <stdexcept>
#include <string>

namespace culprit::solve::detail {

[[noreturn]] inline void invariantFailed(const char* condition, const std::string& message,
                                         const char* file, int line) {
  throw std::logic_error(std::string(file) + ":" + std::to_string(line) +
                         ": solver invariant violated: " + condition + ": " + message);
}

}  // namespace culprit::solve::detail

/// Throws std::logic_error (a programming error, never a user error) when `cond` is false.
#define CULPRIT_SOLVE_INVARIANT(cond, message)                                                     \
  do {                                                                                             \
    if (!(cond)) ::culprit::solve::detail::invariantFailed(#cond, (message), __FILE__, __LINE__);  \
  } while (false)

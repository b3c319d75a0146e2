// SIGINT and SIGTERM end culprit promptly, as they would end a program without handlers:
// killed by the signal (a shell reports 130 and 143), with one line on stderr. A report being
// written with -o is finished or not begun: the file is never half-written.
#pragma once

#include <mutex>

namespace culprit::cli {

/// Blocks SIGINT and SIGTERM in the calling thread and in the threads it creates later, and
/// starts the thread that waits for them. Call first in main, before any other thread exists.
void handleTerminationSignals();

/// Held while a report is written: a signal arriving meanwhile waits (a few seconds at most)
/// for the write to end before it ends the process.
std::timed_mutex& outputLock();

/// While a report is written to a temporary file (under outputLock), its path: removed when
/// a signal cannot wait for the write to end.
void setPendingTemporary(const char* path);

}  // namespace culprit::cli

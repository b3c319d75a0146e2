// A redrawn status line with a bar on a terminal's stderr, for long runs (`localize` over many
// failing tests, `repair`, `bench`): at most ten redraws a second, cut to the terminal's
// width, erased or ended with a newline when done. Not thread-safe: callers serialize.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace culprit::report {

class StatusLine {
public:
  /// Draws on `out` only when `enabled` (pass isatty of its descriptor).
  StatusLine(std::FILE* out, bool enabled) : out_(out), enabled_(enabled) {}
  StatusLine(const StatusLine&) = delete;
  StatusLine& operator=(const StatusLine&) = delete;
  ~StatusLine() { clear(); }

  bool enabled() const { return enabled_; }
  /// Seconds since the line was made (what a long run has taken so far).
  double elapsedSeconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  }
  /// "[#####-----] TEXT" with the bar filled to done/total (no bar when total is 0); skipped
  /// when the last draw is under 100 ms old, unless `force`.
  void draw(double done, double total, const std::string& text, bool force = false);
  /// Prints `line` (ending in a newline) above the status line.
  void print(const std::string& line);
  /// Erases the status line (the next output starts on a clean line).
  void clear();

private:
  std::FILE* out_;
  bool enabled_;
  bool shown_ = false;
  std::string last_;
  std::chrono::steady_clock::time_point lastDraw_{};
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace culprit::report

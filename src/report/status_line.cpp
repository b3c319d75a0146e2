// StatusLine: see status_line.h.
#include "report/status_line.h"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace culprit::report {
namespace {

std::size_t columns(std::FILE* out) {
  winsize w{};
  if (ioctl(fileno(out), TIOCGWINSZ, &w) == 0 && w.ws_col > 20) return w.ws_col;
  return 80;
}

}  // namespace

void StatusLine::draw(double done, double total, const std::string& text, bool force) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (!force && shown_ && now - lastDraw_ < std::chrono::milliseconds(100)) return;
  lastDraw_ = now;
  constexpr std::size_t kWidth = 30;
  std::string line;
  if (total > 0) {
    const auto filled =
        static_cast<std::size_t>(static_cast<double>(kWidth) * std::min(1.0, done / total));
    line = fmt::format("[{}{}] ", std::string(filled, '#'), std::string(kWidth - filled, '-'));
  }
  line += text;
  const std::size_t cols = columns(out_);
  if (line.size() >= cols) line.resize(cols - 1);
  last_ = line;
  shown_ = true;
  std::fputs(("\r\033[K" + line).c_str(), out_);
  std::fflush(out_);
}

void StatusLine::print(const std::string& line) {
  if (!enabled_) {
    std::fputs(line.c_str(), out_);
    return;
  }
  std::fputs(("\r\033[K" + line + (shown_ ? last_ : "")).c_str(), out_);
  std::fflush(out_);
}

void StatusLine::clear() {
  if (!enabled_ || !shown_) return;
  std::fputs("\r\033[K", out_);
  std::fflush(out_);
  shown_ = false;
}

}  // namespace culprit::report

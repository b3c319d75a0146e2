// Phase times: see phases.h.
#include "localize/phases.h"

#include <atomic>
#include <ctime>
#include <fmt/format.h>
#include <mutex>

namespace culprit::localize {
namespace {

struct Recorder {
  std::mutex mutex;
  std::vector<PhaseTime> phases;
  std::vector<std::size_t> open;  ///< indexes into phases, innermost last
  double mark = 0;                ///< process CPU ms when the innermost phase last resumed
  double startMs = 0;             ///< process CPU ms when the first phase began
};

std::atomic<bool> enabled{false};

Recorder& recorder() {
  static Recorder r;
  return r;
}

std::size_t indexOf(Recorder& r, const char* name) {
  for (std::size_t i = 0; i < r.phases.size(); ++i)
    if (r.phases[i].name == name) return i;
  r.phases.push_back({name, 0, 0});
  return r.phases.size() - 1;
}

}  // namespace

double processCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

void enablePhaseTimes() {
  Recorder& r = recorder();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.phases.clear();
  r.open.clear();
  r.startMs = -1;
  enabled.store(true, std::memory_order_relaxed);
}

bool phaseTimesEnabled() { return enabled.load(std::memory_order_relaxed); }

std::vector<PhaseTime> phaseTimes() {
  Recorder& r = recorder();
  const std::lock_guard<std::mutex> lock(r.mutex);
  return r.phases;
}

std::string phaseTimesLine() {
  const double total = processCpuMs();
  Recorder& r = recorder();
  const std::lock_guard<std::mutex> lock(r.mutex);
  std::string line = fmt::format("timing (CPU ms): total {:.1f}", total);
  double covered = 0;
  if (r.startMs >= 0) {
    line += fmt::format("; before the first phase {:.1f}", r.startMs);
    covered += r.startMs;
  }
  for (const PhaseTime& p : r.phases) {
    line += fmt::format("; {} {:.1f} ({})", p.name, p.cpuMs, p.count);
    covered += p.cpuMs;
  }
  return line + fmt::format("; other {:.1f}", std::max(0.0, total - covered));
}

PhaseTimer::PhaseTimer(const char* name) : on_(phaseTimesEnabled()) {
  if (!on_) return;
  Recorder& r = recorder();
  const std::lock_guard<std::mutex> lock(r.mutex);
  const double now = processCpuMs();
  if (r.startMs < 0) r.startMs = now;
  if (!r.open.empty()) r.phases[r.open.back()].cpuMs += now - r.mark;
  const std::size_t i = indexOf(r, name);
  ++r.phases[i].count;
  r.open.push_back(i);
  r.mark = now;
}

PhaseTimer::~PhaseTimer() {
  if (!on_) return;
  Recorder& r = recorder();
  const std::lock_guard<std::mutex> lock(r.mutex);
  if (r.open.empty()) return;  // enablePhaseTimes() was called inside this phase
  const double now = processCpuMs();
  r.phases[r.open.back()].cpuMs += now - r.mark;
  r.open.pop_back();
  r.mark = now;
}

}  // namespace culprit::localize

// Where a run's CPU time goes, by phase (`culprit localize --timing`): parsing, the suite run,
// and the steps of a formula technique (encoding, MCS enumeration, angelic polishing, replay,
// ranking). Off by default: a PhaseTimer then costs one relaxed atomic load.
//
// Exclusive times: a phase entered inside another pauses the outer one, so the phases add up
// to the CPU time they cover. The clock is the process's CPU clock (the suite runner's worker
// threads count in "suite"); phases are entered from one thread at a time.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace culprit::localize {

/// One phase's total: CPU milliseconds and how often it was entered.
struct PhaseTime {
  std::string name;
  double cpuMs = 0;
  std::size_t count = 0;
};

/// Starts recording (clears what was recorded).
void enablePhaseTimes();
bool phaseTimesEnabled();
/// The phases in the order first entered.
std::vector<PhaseTime> phaseTimes();
/// CPU milliseconds of the whole process so far.
double processCpuMs();
/// One line: `timing (CPU ms): total T; before the first phase S; parse P (1); ...; other O`.
std::string phaseTimesLine();

/// Counts the CPU time from its construction to its destruction to phase `name` (a string
/// literal), minus that of phases entered inside it.
class PhaseTimer {
public:
  explicit PhaseTimer(const char* name);
  ~PhaseTimer();
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

private:
  bool on_;
};

}  // namespace culprit::localize

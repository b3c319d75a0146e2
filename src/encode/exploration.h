// Which branch sides concrete runs have taken, by branch site: the explored part of a program
// that the on-demand formulas (encode/incremental.h) encode exactly. A branch site is a branch
// statement in one unrolled, inlined position: the statement, the call-site statements of its
// calls (outermost first) and the iteration of every loop active on the call stack — the same
// key whether it comes from the interpreter's trace or from the program formula's unwinding.
// (Two calls from one statement share a site; a side explored in one counts as explored in the
// other, which only encodes more of the program exactly.)
#pragma once

#include "exec/exec.h"
#include "ir/ir.h"

#include <cstdint>
#include <map>
#include <vector>

namespace culprit::encode {

/// [stmt, number of call sites, call sites..., loop iterations...].
using BranchSite = std::vector<std::uint32_t>;

/// The bit of branch decision `decision` (if/loop: 1 true, 0 false; switch: arm index, -1 for
/// none) in a side mask. Arms past 62 share the last bit.
inline std::uint64_t sideBit(std::int32_t decision) {
  const std::int32_t i = decision + 1;
  return std::uint64_t{1} << (i < 0 ? 0 : i > 63 ? 63 : i);
}

class Exploration {
public:
  explicit Exploration(const ir::Program& program) : program_(&program) {}
  /// Records the sides `run` (with its trace) took; returns how many are new.
  std::size_t add(const exec::RunResult& run);
  /// Some run took side `decision` of `site`.
  bool has(const BranchSite& site, std::int32_t decision) const;
  /// Runs added (each counts, even one that took no new side).
  std::size_t runs() const { return runs_; }
  /// Sides taken in all.
  std::size_t sides() const { return sides_; }

private:
  const ir::Program* program_;
  std::map<BranchSite, std::uint64_t> taken_;
  std::size_t runs_ = 0, sides_ = 0;
};

}  // namespace culprit::encode

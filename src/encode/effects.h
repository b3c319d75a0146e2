// Static side effects of statements, for the on-demand formulas: what an unexplored branch side
// may write, and whether it may do more than write variables and fall through. A "cut" side of
// the partial program formula (encode/incremental.h) is encoded as "writes those variables
// with unknown values and reaches the join", which over-approximates the side exactly when it
// cannot escape.
#pragma once

#include "ir/ir.h"

#include <map>
#include <set>

namespace culprit::encode {

struct Effects {
  /// May leave other than by falling through (return; break or continue out of it; exit), or
  /// produce output, read input (stdin, nondet) or write memory it does not name (through a
  /// pointer or an array parameter). Failing checks (assert, runtime errors, assume) do not
  /// escape: leaving them out only weakens a formula.
  bool escapes = false;
  /// Variables it may write: locals of its own function and globals (callees' own locals are
  /// left out). Meaningful only when it does not escape.
  std::set<ir::VarId> writes;
};

class EffectAnalysis {
public:
  explicit EffectAnalysis(const ir::Program& program) : program_(program) {}
  /// Effects of `s` as a branch side: break and continue escape unless a loop (or, for break,
  /// a switch) inside `s` encloses them.
  const Effects& ofSide(const ir::Stmt* s);
  /// Effects of the iterations of loop `s` after the current one: its body, step and
  /// condition, where break and continue of the loop itself do not escape.
  const Effects& ofLoopRest(const ir::Stmt& s);

private:
  struct Walk;
  const Effects& ofFunction(ir::FuncId f);

  const ir::Program& program_;
  std::map<ir::FuncId, Effects> functions_;
  std::map<const ir::Stmt*, Effects> sides_, loopRests_;  ///< memoised results
  std::set<ir::FuncId> inProgress_;
};

}  // namespace culprit::encode

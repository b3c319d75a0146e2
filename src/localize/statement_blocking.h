// Enumeration by source statement: at instance granularity a loop's unrolled copies of one
// statement make equivalent MCSs, one per combination of iterations (sumeven n20: 147 MCSs
// over 4 source lines, n40: 631). The decorator reports one MCS per set of source statements,
// from a given size on (2: every MCS of one execution is still reported).
#pragma once

#include "localize/solving.h"

#include <map>
#include <memory>
#include <vector>

namespace culprit::localize {

/// Wraps `inner` (an enumerator over `session`, whose soft ids map to groups of `enc` through
/// `loaded`): after each accepted MCS C of at least `fromSize` executions, with source statements
/// S, the session also gets the hard
/// clause "some statement of S keeps every execution", which blocks every correction set that
/// relaxes an execution of each statement of S: the other MCSs over the same statements (other
/// iterations) and their supersets. Every later MCS is still an MCS of the formula without
/// these clauses (a minimal one leaves some statement of each S untouched, and so do its
/// subsets). `widened()` counts the MCSs whose blocking reached other executions.
class StatementBlocking final : public solve::McsEnumerator {
public:
  StatementBlocking(std::unique_ptr<solve::McsEnumerator> inner, solve::Session& session,
                    const SessionGroups& loaded, const encode::Encoding& enc, std::size_t fromSize);
  std::optional<solve::Mcs> next() override;
  std::optional<solve::Mcs> candidate() override { return inner_->candidate(); }
  void accept(const solve::Mcs& mcs) override;
  solve::StopReason stopReason() const override { return inner_->stopReason(); }
  const std::string& stopDetail() const override { return inner_->stopDetail(); }
  /// Accepted MCSs whose statements have several executions among the soft groups (the ones
  /// whose blocking went beyond the MCS itself).
  std::size_t widened() const { return widened_; }

private:
  /// A literal that, when true, keeps every execution of `stmt` (cached per statement).
  z3::expr keptLiteral(ir::StmtId stmt);

  std::unique_ptr<solve::McsEnumerator> inner_;
  solve::Session& session_;
  const SessionGroups& loaded_;
  const encode::Encoding& enc_;
  std::size_t fromSize_;
  /// The soft ids of each statement's executions (built once).
  std::map<ir::StmtId, std::vector<solve::SoftId>> executions_;
  std::map<ir::StmtId, z3::expr> kept_;
  std::size_t widened_ = 0;
};

}  // namespace culprit::localize

// StatementBlocking: see statement_blocking.h.
#include "localize/statement_blocking.h"

#include <algorithm>
#include <set>

namespace culprit::localize {

StatementBlocking::StatementBlocking(std::unique_ptr<solve::McsEnumerator> inner,
                                     solve::Session& session, const SessionGroups& loaded,
                                     const encode::Encoding& enc, std::size_t fromSize)
    : inner_(std::move(inner)), session_(session), loaded_(loaded), enc_(enc),
      fromSize_(std::max<std::size_t>(1, fromSize)) {
  for (std::size_t s = 0; s < loaded_.size(); ++s) {
    const auto id = static_cast<solve::SoftId>(s);
    executions_[enc_.groups[loaded_.group(id)].stmt].push_back(id);
  }
}

std::optional<solve::Mcs> StatementBlocking::next() {
  std::optional<solve::Mcs> mcs = candidate();
  if (mcs) accept(*mcs);
  return mcs;
}

void StatementBlocking::accept(const solve::Mcs& mcs) {
  inner_->accept(mcs);
  if (mcs.softs.size() < fromSize_) return;  // blocked as it is
  std::set<ir::StmtId> statements;
  for (solve::SoftId s : mcs.softs)
    statements.insert(enc_.groups[loaded_.group(s)].stmt);
  if (statements.empty()) return;
  z3::expr_vector some(session_.ctx());
  bool wider = false;
  for (ir::StmtId stmt : statements) {
    some.push_back(keptLiteral(stmt));
    wider = wider || executions_[stmt].size() > 1;
  }
  session_.addHard(z3::mk_or(some));
  widened_ += wider;
}

z3::expr StatementBlocking::keptLiteral(ir::StmtId stmt) {
  if (auto it = kept_.find(stmt); it != kept_.end()) return it->second;
  const z3::expr k = session_.freshBool("kept");
  for (solve::SoftId id : executions_[stmt])
    session_.addHard(z3::implies(k, session_.selector(id)));
  kept_.emplace(stmt, k);
  return k;
}

}  // namespace culprit::localize

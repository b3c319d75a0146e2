// StatementBlocking: one MCS per set of source statements, each still an MCS of the formula.
#include "localize/statement_blocking.h"

#include <gtest/gtest.h>

#include <set>

namespace culprit::localize {
namespace {

/// Soft groups a1, a2, a3 (executions of statement 1) and b1, b2 (statement 2), registered
/// directly as selectors; the hard constraints over them decide the MCSs.
struct Fixture {
  z3::context ctx;
  encode::Encoding enc{ctx};
  solve::Session session{ctx};
  SessionGroups loaded;
  std::vector<z3::expr> sel;

  Fixture() {
    const std::vector<std::pair<const char*, ir::StmtId>> groups = {
        {"a1", 1}, {"a2", 1}, {"a3", 1}, {"b1", 2}, {"b2", 2}};
    std::vector<std::uint32_t> indexes;
    for (const auto& [name, stmt] : groups) {
      sel.push_back(ctx.bool_const(name));
      enc.groups.push_back(encode::SoftGroup{sel.back(), stmt, {}, true});
      indexes.push_back(static_cast<std::uint32_t>(indexes.size()));
    }
    loaded.load(session, enc, {}, indexes, {});
  }

  /// The MCSs (as soft-id sets) with the decorator from `fromSize` on (0: without it).
  std::set<std::vector<solve::SoftId>> mcses(std::size_t fromSize) {
    std::unique_ptr<solve::McsEnumerator> e = solve::makeMcsEnumerator("hitting", session);
    if (fromSize)
      e = std::make_unique<StatementBlocking>(std::move(e), session, loaded, enc, fromSize);
    std::set<std::vector<solve::SoftId>> out;
    while (std::optional<solve::Mcs> m = e->next())
      out.insert(m->softs);
    EXPECT_EQ(e->stopReason(), solve::StopReason::Exhausted);
    return out;
  }
};

using Sets = std::set<std::vector<solve::SoftId>>;

TEST(StatementBlocking, OneSingleExecutionPerStatementFromSizeOne) {
  Fixture f;  // not every group holds: each one alone is an MCS
  z3::expr_vector all(f.ctx);
  for (const z3::expr& s : f.sel)
    all.push_back(s);
  f.session.addHard(!z3::mk_and(all));
  const Sets sets = f.mcses(1);
  ASSERT_EQ(sets.size(), 2u);  // one of a1..a3, one of b1, b2
  std::set<ir::StmtId> statements;
  for (const auto& s : sets) {
    ASSERT_EQ(s.size(), 1u);
    statements.insert(f.enc.groups[f.loaded.group(s[0])].stmt);
  }
  EXPECT_EQ(statements, (std::set<ir::StmtId>{1, 2}));
}

TEST(StatementBlocking, SingleExecutionsStayFromSizeTwo) {
  Fixture f;
  z3::expr_vector all(f.ctx);
  for (const z3::expr& s : f.sel)
    all.push_back(s);
  f.session.addHard(!z3::mk_and(all));
  EXPECT_EQ(f.mcses(2), (Sets{{0}, {1}, {2}, {3}, {4}}));
}

TEST(StatementBlocking, PairsOverTheSameStatementsOnceAndTheOthersStillMinimal) {
  // MCSs {a1, b1}, {a2, b2} (statements 1 and 2) and {a1, a2, a3} (statement 1 only): the
  // pairs come first (by size); the second is blocked with the first, the triple stays.
  auto build = [](Fixture& f) {
    const auto& s = f.sel;
    f.session.addHard((!s[0] && !s[3]) || (!s[1] && !s[4]) || (!s[0] && !s[1] && !s[2]));
  };
  Fixture f;
  build(f);
  EXPECT_EQ(f.mcses(0), (Sets{{0, 3}, {1, 4}, {0, 1, 2}}));
  Fixture g;
  build(g);
  const Sets sets = g.mcses(2);
  ASSERT_EQ(sets.size(), 2u);
  EXPECT_TRUE(sets.count({0, 1, 2}));
  EXPECT_TRUE(sets.count({0, 3}) != sets.count({1, 4}));
}

}  // namespace
}  // namespace culprit::localize

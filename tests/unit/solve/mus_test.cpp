// MUS extraction: minimality on hand examples, subsets, satisfiable input, unsatisfiable hard
// part, timeouts.
#include "solve/mus.h"

#include "solve_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace culprit::solve {
namespace {

using testutil::handFormula;
using testutil::load;

/// Direct check: hard ∧ softs unsatisfiable, and satisfiable without any one of them.
void expectMinimalUnsat(Session& s, const std::vector<SoftId>& mus) {
  EXPECT_EQ(s.check(s.selectors(mus)), Answer::Unsat);
  for (std::size_t i = 0; i < mus.size(); ++i) {
    std::vector<SoftId> rest = mus;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
    EXPECT_EQ(s.check(s.selectors(rest)), Answer::Sat) << "without soft group " << mus[i];
  }
}

TEST(Mus, HandExampleGivesOneOfItsMuses) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  MusResult r = findMus(s);
  ASSERT_EQ(r.answer, Answer::Unsat);
  EXPECT_TRUE(r.minimal);
  std::set<std::vector<SoftId>> muses = {{0, 5}, {0, 1, 2}, {3, 4}};
  EXPECT_TRUE(muses.count(r.softs)) << r.softs.size();
  expectMinimalUnsat(s, r.softs);
}

TEST(Mus, RestrictedToGivenSoftGroups) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  MusResult r = findMus(s, std::vector<SoftId>{0, 1, 2, 3});
  ASSERT_EQ(r.answer, Answer::Unsat);
  EXPECT_EQ(r.softs, (std::vector<SoftId>{0, 1, 2}));
  EXPECT_TRUE(r.minimal);
}

TEST(Mus, SatisfiableSoftGroupsHaveNoMus) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  MusResult r = findMus(s, std::vector<SoftId>{0, 1, 3});
  EXPECT_EQ(r.answer, Answer::Sat);
  EXPECT_TRUE(r.softs.empty());
}

TEST(Mus, UnsatisfiableHardPartGivesTheEmptySet) {
  z3::context ctx;
  Session s(ctx);
  load(s, handFormula(ctx));
  s.addHard(ctx.bool_val(false));
  MusResult r = findMus(s);
  EXPECT_EQ(r.answer, Answer::Unsat);
  EXPECT_TRUE(r.softs.empty());
  EXPECT_TRUE(r.minimal);
}

TEST(Mus, LargeCoreIsTrimmed) {
  // A chain a0, a0→a1, ..., a_{n-1}→a_n, ¬a_n plus many irrelevant groups: the MUS is the chain.
  z3::context ctx;
  Session s(ctx);
  const int n = 12;
  std::vector<z3::expr> a;
  for (int i = 0; i <= n; ++i)
    a.push_back(ctx.bool_const(("a" + std::to_string(i)).c_str()));
  auto group = [&](const z3::expr& clause) {
    z3::expr sel = s.freshBool("g");
    s.addHard(z3::implies(sel, clause));
    return s.addSoft(sel);
  };
  std::vector<SoftId> chain;
  chain.push_back(group(a[0]));
  for (int i = 0; i < n; ++i) {
    group(ctx.bool_const(("noise" + std::to_string(i)).c_str()));
    chain.push_back(group(z3::implies(a[i], a[i + 1])));
  }
  chain.push_back(group(!a[n]));
  MusResult r = findMus(s);
  ASSERT_EQ(r.answer, Answer::Unsat);
  EXPECT_TRUE(r.minimal);
  EXPECT_EQ(r.softs, chain);
}

TEST(Mus, TimeoutIsReportedNotACrash) {
  z3::context ctx;
  Session s(ctx, {.queryTimeoutMs = 100});
  load(s, handFormula(ctx));
  s.addHard(testutil::hardFactoring(ctx));
  MusResult r = findMus(s);
  // z3 may refute the first (propositional) conflict without factoring; a later satisfiable
  // subset needs the factoring and times out. Either way: an answer, flagged as not minimal.
  EXPECT_NE(r.answer, Answer::Sat);
  EXPECT_FALSE(r.minimal);
  EXPECT_FALSE(r.reason.empty());
  if (r.answer == Answer::Unsat) {
    std::vector<SoftId> all = s.allSofts();
    EXPECT_TRUE(std::includes(all.begin(), all.end(), r.softs.begin(), r.softs.end()));
  }
}

}  // namespace
}  // namespace culprit::solve

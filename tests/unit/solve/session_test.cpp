// The Z3 facade: hard constraints, soft groups, assumptions, models, cores, scopes, timeouts,
// statistics and the SMT2 dump decorator.
#include "solve/query_cuts.h"
#include "solve/session.h"

#include "solve_test_util.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace culprit::solve {
namespace {

using testutil::hardFactoring;

TEST(Session, ChecksHardConstraintsUnderAssumptions) {
  z3::context ctx;
  Session s(ctx);
  z3::expr x = ctx.bv_const("x", 8), a = ctx.bool_const("a"), b = ctx.bool_const("b");
  s.addHard(z3::implies(a, x == 3));
  s.addHard(z3::implies(b, x == 4));
  SoftId ia = s.addSoft(a), ib = s.addSoft(b, 5);
  EXPECT_EQ(s.softCount(), 2u);
  EXPECT_EQ(s.weight(ib), 5u);
  EXPECT_FALSE(s.unitWeights());
  EXPECT_EQ(s.softOf(b), ib);
  EXPECT_FALSE(s.softOf(x == 3).has_value());

  EXPECT_EQ(s.check(s.selectors(std::vector<SoftId>{ia})), Answer::Sat);
  EXPECT_EQ(s.model().eval(x).get_numeral_uint(), 3u);
  EXPECT_EQ(s.check(s.selectors(s.allSofts())), Answer::Unsat);
  EXPECT_EQ(s.unsatCore().size(), 2u);
  EXPECT_EQ(s.check(s.selectorsExcept(std::vector<SoftId>{ib})), Answer::Sat);
  EXPECT_EQ(s.relaxedIn(s.model()), std::vector<SoftId>{ib});

  const QueryStats& st = s.stats();
  EXPECT_EQ(st.queries, 3u);
  EXPECT_EQ(st.sat, 2u);
  EXPECT_EQ(st.unsat, 1u);
  EXPECT_EQ(st.cores, 1u);
  EXPECT_EQ(st.coreLiterals, 2u);
}

TEST(Session, NegatedSelectorsAreLiterals) {
  z3::context ctx;
  Session s(ctx);
  z3::expr ab = ctx.bool_const("ab");
  s.addHard(z3::implies(!ab, ctx.bool_val(false)));
  SoftId id = s.addSoft(!ab);
  EXPECT_EQ(s.check(s.selectors(std::vector<SoftId>{id})), Answer::Unsat);
  EXPECT_EQ(s.check(), Answer::Sat);
  EXPECT_EQ(s.relaxedIn(s.model()), std::vector<SoftId>{id});
}

TEST(Session, RejectsMisuse) {
  z3::context ctx;
  Session s(ctx);
  z3::expr a = ctx.bool_const("a"), x = ctx.int_const("x");
  EXPECT_THROW(s.addSoft(x > 1), std::logic_error);  // not a literal
  EXPECT_THROW(s.addSoft(a, 0), std::logic_error);   // weight must be positive
  s.addSoft(a);
  EXPECT_THROW(s.addSoft(a), std::logic_error);  // registered twice
  EXPECT_THROW(s.pop(), std::logic_error);       // pop without push
  EXPECT_EQ(s.check(), Answer::Sat);
  EXPECT_THROW(s.unsatCore(), std::logic_error);  // last answer was sat
}

TEST(Session, PopRemovesAssertionsAndSoftGroups) {
  z3::context ctx;
  Session s(ctx);
  z3::expr a = ctx.bool_const("a"), b = ctx.bool_const("b");
  s.addSoft(a);
  s.addHard(a || b);
  {
    Session::Scope scope(s);
    EXPECT_EQ(s.depth(), 1u);
    s.addHard(!a);
    s.addSoft(b, 3);
    EXPECT_EQ(s.check(s.selectors(s.allSofts())), Answer::Unsat);
    ASSERT_EQ(s.hardConstraints().size(), 2u);
    EXPECT_TRUE(z3::eq(s.hardConstraints()[1], !a));
  }
  EXPECT_EQ(s.depth(), 0u);
  ASSERT_EQ(s.hardConstraints().size(), 1u);
  EXPECT_TRUE(z3::eq(s.hardConstraints()[0], a || b));
  EXPECT_EQ(s.softCount(), 1u);
  EXPECT_TRUE(s.unitWeights());
  EXPECT_FALSE(s.softOf(b).has_value());
  EXPECT_EQ(s.check(s.selectors(s.allSofts())), Answer::Sat);
  s.addSoft(b);  // may be registered again once its scope is gone
}

TEST(SessionDeathTest, UnbalancedPushIsCaught) {
  EXPECT_DEATH(
      {
        z3::context ctx;
        Session s(ctx);
        Session::Scope scope(s);
        s.push();  // pushed inside the scope, never popped
      },
      "unbalanced push/pop");
  EXPECT_DEATH(
      {
        z3::context ctx;
        Session s(ctx);
        s.push();
      },
      "open scope");
}

TEST(Session, TimeoutGivesUnknownNotACrash) {
  z3::context ctx;
  SessionOptions options;
  options.queryTimeoutMs = 100;
  Session s(ctx, options);
  s.addHard(hardFactoring(ctx));
  EXPECT_EQ(s.check(), Answer::Unknown);
  EXPECT_FALSE(s.reasonUnknown().empty());
  EXPECT_EQ(s.stats().unknown, 1u);
  EXPECT_LT(s.stats().solverMs, 5000);
}

TEST(Session, DeadlineBoundsQueries) {
  z3::context ctx;
  Session s(ctx);
  s.addHard(hardFactoring(ctx));
  EXPECT_EQ(s.check(Deadline::after(0.1)), Answer::Unknown);
  Deadline past = Deadline::after(1e-9);
  while (!past.expired()) {
  }
  std::uint64_t before = s.stats().queries;
  EXPECT_EQ(s.check(past), Answer::Unknown);
  EXPECT_EQ(s.reasonUnknown(), "deadline");
  EXPECT_EQ(s.stats().queries, before);  // the solver was not called
  EXPECT_FALSE(Deadline().bounded());
  EXPECT_EQ(Deadline().remainingMs(), kNoTimeout);
}

TEST(Session, DumpsEveryQueryAsSmt2) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "culprit-solve-dump-test";
  std::filesystem::remove_all(dir);
  {
    z3::context ctx;
    SessionOptions options;
    options.dumpDir = dir.string();
    Session s(ctx, options);
    z3::expr a = ctx.bool_const("a"), x = ctx.bv_const("x", 8);
    s.addHard(z3::implies(a, x == 1) && x == 2);
    s.addSoft(a);
    EXPECT_EQ(s.check(s.selectors(s.allSofts())), Answer::Unsat);
    EXPECT_EQ(s.check(), Answer::Sat);
    // Another session dumping to the same directory goes on from there (numbered per session,
    // it overwrote the first session's files).
    Session other(ctx, options);
    other.addHard(x == 3);
    EXPECT_EQ(other.check(), Answer::Sat);
  }
  std::ifstream third(dir / "query-000003.smt2");
  std::stringstream thirdText;
  thirdText << third.rdbuf();
  EXPECT_NE(thirdText.str().find("; culprit solver query 1\n"), std::string::npos)
      << thirdText.str();
  std::ifstream in(dir / "query-000001.smt2");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("(declare-fun x () (_ BitVec 8))"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("(check-sat-assuming (a))"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("; answer: unsat"), std::string::npos) << text.str();
  EXPECT_TRUE(std::filesystem::exists(dir / "query-000002.smt2"));
  // The dump is a valid SMT2 problem that z3 answers the same way.
  z3::context ctx2;
  z3::solver replay(ctx2);
  replay.from_file((dir / "query-000001.smt2").c_str());
  std::filesystem::remove_all(dir);
}

/// x * y == n over 12-bit factors of a 24-bit product: tens of thousands of resource units,
/// far more than the budgets below, and quick.
z3::expr moderateFactoring(z3::context& ctx) {
  z3::expr x = ctx.bv_const("x", 12), y = ctx.bv_const("y", 12);
  z3::expr n = ctx.bv_val("16744463", 24);  // 4093 * 4091 (primes)
  return z3::zext(x, 12) * z3::zext(y, 12) == n && z3::ugt(x, ctx.bv_val(1, 12)) &&
         z3::ugt(y, ctx.bv_val(1, 12));
}

TEST(Session, RestartsEscalateTheBudgetUntilDecided) {
  z3::context ctx;
  SessionOptions options;
  options.restarts.rlimit = 2000;  // far too small: the query needs several doublings
  Session s(ctx, options);
  s.addHard(moderateFactoring(ctx));
  EXPECT_EQ(s.check(), Answer::Sat);
  EXPECT_GT(s.stats().restarts, 0u);
  EXPECT_EQ(s.stats().queries, 1u);  // restarts are attempts of one query
  std::uint64_t x = s.model().eval(ctx.bv_const("x", 12)).get_numeral_uint64();
  EXPECT_TRUE(x == 4093 || x == 4091) << x;
  // The next query starts from the first budget again and is counted on its own.
  const std::uint64_t before = s.stats().restarts;
  s.addHard(z3::ult(ctx.bv_const("x", 12), ctx.bv_const("y", 12)));
  EXPECT_EQ(s.check(), Answer::Sat);
  EXPECT_EQ(s.model().eval(ctx.bv_const("x", 12)).get_numeral_uint64(), 4091u);
  EXPECT_GE(s.stats().restarts, before);
}

TEST(Session, RestartsAreDeterministic) {
  auto run = [] {
    z3::context ctx;
    SessionOptions options;
    options.restarts.rlimit = 3000;
    Session s(ctx, options);
    s.addHard(moderateFactoring(ctx));
    EXPECT_EQ(s.check(), Answer::Sat);
    return s.stats().restarts;
  };
  const std::uint64_t first = run();
  EXPECT_GT(first, 0u);
  EXPECT_EQ(run(), first);  // budgets count work, not time
}

TEST(Session, RestartsStopAtTheQueryTimeout) {
  z3::context ctx;
  SessionOptions options;
  options.restarts.rlimit = 2000;
  options.queryTimeoutMs = 3000;  // room for a first attempt on a loaded machine
  Session s(ctx, options);
  s.addHard(hardFactoring(ctx));
  EXPECT_EQ(s.check(), Answer::Unknown);
  EXPECT_GT(s.stats().restarts, 0u);
  EXPECT_LT(s.stats().solverMs, 20000);
  EXPECT_FALSE(s.reasonUnknown().empty());
}

TEST(Session, AFixedResourceLimitDisablesRestarts) {
  z3::context ctx;
  SessionOptions options;
  options.rlimit = 2000;
  options.restarts.rlimit = 2000;
  Session s(ctx, options);
  s.addHard(moderateFactoring(ctx));
  EXPECT_EQ(s.check(), Answer::Unknown);  // the fixed limit is a verdict, not a first attempt
  EXPECT_EQ(s.stats().restarts, 0u);
}

TEST(Session, ARlimitSetAfterTheFirstCheckBoundsLaterChecks) {
  z3::context ctx;
  Session s(ctx);
  z3::expr a = ctx.bool_const("a");
  s.addHard(z3::implies(a, moderateFactoring(ctx)));
  z3::expr_vector none(ctx), assumeA(ctx);
  assumeA.push_back(a);
  EXPECT_EQ(s.check(none), Answer::Sat);  // the first check, a false: no factoring
  s.setRlimit(2000);
  EXPECT_EQ(s.check(assumeA), Answer::Unknown);
  EXPECT_EQ(s.stats().restarts, 0u);
}

TEST(Session, QueryLimitsDoNotReachOtherUsersOfTheContext) {
  // Per-query limits are parameters of the z3 context during the query only: a session with
  // a tiny resource limit and one with a short timeout leave later queries of other sessions
  // and plain z3 solvers on the same context unbounded.
  z3::context ctx;
  Session limited(ctx);
  limited.addHard(ctx.bool_val(true));
  EXPECT_EQ(limited.check(), Answer::Sat);
  limited.setRlimit(2000);
  limited.addHard(moderateFactoring(ctx));
  EXPECT_EQ(limited.check(), Answer::Unknown);
  SessionOptions shortTime;
  shortTime.queryTimeoutMs = 50;
  Session timed(ctx, shortTime);
  timed.addHard(hardFactoring(ctx));
  EXPECT_EQ(timed.check(), Answer::Unknown);

  Session free(ctx);
  free.addHard(moderateFactoring(ctx));
  EXPECT_EQ(free.check(), Answer::Sat);
  z3::solver plain(ctx);
  plain.add(moderateFactoring(ctx));
  EXPECT_EQ(plain.check(), z3::sat);
}

TEST(Session, StatsSinceGivesDifferences) {
  QueryStats a, b;
  a.queries = 3;
  a.solverMs = 10;
  b.queries = 7;
  b.solverMs = 25;
  b.maxCore = 4;
  a.restarts = 1;
  b.restarts = 3;
  QueryStats d = b.since(a);
  EXPECT_EQ(d.restarts, 2u);
  EXPECT_EQ(d.queries, 4u);
  EXPECT_DOUBLE_EQ(d.solverMs, 15);
  EXPECT_EQ(d.maxCore, 4u);
}

TEST(QueryCuts, AQueryCutByTheRunsBudgetIsRecordedUnderItsPurpose) {
  takeQueryCuts();
  z3::context ctx;
  SessionOptions options;
  options.rlimit = options.budgetRlimit = 2000;
  Session s(ctx, options);
  s.addHard(moderateFactoring(ctx));
  {
    const QueryPurpose purpose("polishing");
    EXPECT_EQ(s.check(), Answer::Unknown);
    EXPECT_EQ(s.check(), Answer::Unknown);
  }
  EXPECT_EQ(s.check(), Answer::Unknown);  // no purpose in force
  const std::vector<QueryCut> cuts = takeQueryCuts();
  ASSERT_EQ(cuts.size(), 2u);
  EXPECT_EQ(cuts[0].purpose, "polishing");
  EXPECT_EQ(cuts[0].count, 2u);
  EXPECT_EQ(cuts[1].purpose, "query");
  EXPECT_EQ(cuts[1].count, 1u);
  EXPECT_TRUE(takeQueryCuts().empty());  // taken
}

TEST(QueryCuts, OnlyTheRunsBudgetCounts) {
  takeQueryCuts();
  z3::context ctx;
  SessionOptions options;
  options.rlimit = 2000;  // a budget of the caller's own (the ranking's checks), not the run's
  options.budgetRlimit = 0;
  Session s(ctx, options);
  s.addHard(moderateFactoring(ctx));
  EXPECT_EQ(s.check(), Answer::Unknown);
  // Nor after setRlimit moves a session off the run's budget.
  options.budgetRlimit = 2000;
  Session t(ctx, options);
  t.addHard(moderateFactoring(ctx));
  t.setRlimit(1000);
  EXPECT_EQ(t.check(), Answer::Unknown);
  EXPECT_TRUE(takeQueryCuts().empty());
}

TEST(QueryCuts, ADecidedQueryIsNoCut) {
  takeQueryCuts();
  z3::context ctx;
  SessionOptions options;
  options.rlimit = options.budgetRlimit = 100'000'000;
  Session s(ctx, options);
  s.addHard(ctx.bool_const("a"));
  EXPECT_EQ(s.check(), Answer::Sat);
  EXPECT_TRUE(takeQueryCuts().empty());
}

}  // namespace
}  // namespace culprit::solve

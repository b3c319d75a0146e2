// The per-run solver context: dump directory, memory bound on queries (and only on queries),
// and sessions that inherit both.
#include "solve/context.h"
#include "solve/memory_bound.h"
#include "solve/query_cuts.h"

#include "solve_test_util.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <memory>
#include <thread>

namespace culprit::solve {
namespace {

std::string globalParam(const char* name) {
  Z3_string value = nullptr;
  return Z3_global_param_get(name, &value) && value ? std::string(value) : std::string("?");
}

TEST(Context, ADumpDirectoryThatCannotBeMadeIsAnError) {
  ContextOptions o;
  o.dumpDir = "/proc/culprit-cannot-be-here";
  EXPECT_THROW(Context c(o), ContextError);
}

TEST(Context, SessionsWriteTheirQueriesToTheDumpDirectory) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "culprit-context-test-dump";
  std::filesystem::remove_all(dir);
  ContextOptions o;
  o.dumpDir = (dir / "nested").string();
  Context c(o);
  Session s(c.z3(), c.sessionOptions("QF_BV"));
  s.addHard(c.z3().bv_const("x", 8) == 3);
  EXPECT_EQ(s.check(), Answer::Sat);
  EXPECT_TRUE(std::filesystem::exists(dir / "nested" / "query-000001.smt2"));
  std::filesystem::remove_all(dir);
}

// z3 4.8.12 compresses each model it hands out unless told not to (about 1.3 of a model's 2 ms
// on bench/siemens' program formulas, one model per MCS and polishing query): every solver
// culprit makes turns it off, and a model still gives every constant its value.
TEST(Context, SolversHandOutUncompressedModels) {
  Context c;
  Session s(c.z3(), c.sessionOptions(""));
  EXPECT_EQ(globalParam("model.compact"), "false");
  const z3::expr x = c.z3().int_const("x"), y = c.z3().int_const("y");
  s.addHard(x * y == 12 && x > 2 && y > 2);
  ASSERT_EQ(s.check(), Answer::Sat);
  const z3::model m = s.model();
  EXPECT_EQ(m.eval(x * y, true).get_numeral_int(), 12);
  EXPECT_GT(m.eval(x, true).get_numeral_int(), 2);
}

TEST(Context, TheMemoryBoundStopsAHeavyQueryAndIsLiftedAfterIt) {
  ContextOptions o;
  o.maxMemoryMb = 1;
  Context c(o);
  EXPECT_GT(c.sessionOptions().maxMemoryMb, 0u);
  Session s(c.z3(), c.sessionOptions("QF_BV"));
  s.addHard(testutil::hardFactoring(c.z3()));
  EXPECT_EQ(s.check(), Answer::Unknown);
  EXPECT_TRUE(Context::outOfMemory(s.reasonUnknown())) << s.reasonUnknown();
  // Between queries z3's process-wide bound is off: building terms can never hit it.
  EXPECT_EQ(globalParam("memory_max_size"), "0");
}

TEST(Context, SessionsRestartHeavyQueriesByDefault) {
  Context c;
  EXPECT_EQ(c.sessionOptions().restarts.rlimit, kDefaultRestartRlimit);
  ContextOptions o;
  o.restartRlimit = 0;
  EXPECT_EQ(Context(o).sessionOptions().restarts.rlimit, 0u);
}

TEST(Context, TheSatCoreRestartsToo) {
  // z3's SAT core reports a spent budget as "sat.canceled", its SMT core in other words.
  ContextOptions o;
  o.restartRlimit = 1000;
  Context c(o);
  Session s(c.z3(), c.sessionOptions("QF_BV"));
  z3::expr x = c.z3().bv_const("x", 12), y = c.z3().bv_const("y", 12);
  s.addHard(z3::zext(x, 12) * z3::zext(y, 12) == c.z3().bv_val("16744463", 24) &&
            z3::ugt(x, c.z3().bv_val(1, 12)) && z3::ugt(y, c.z3().bv_val(1, 12)));
  EXPECT_EQ(s.check(), Answer::Sat);
  EXPECT_GT(s.stats().restarts, 0u);
}

TEST(Context, TheQueryBudgetIsEverySessionsFixedLimit) {
  ContextOptions o;
  o.queryRlimit = 1000;
  Context c(o);
  const SessionOptions so = c.sessionOptions("QF_BV");
  EXPECT_EQ(so.rlimit, 1000u);
  EXPECT_EQ(so.budgetRlimit, 1000u);
  EXPECT_EQ(so.restarts.rlimit, 0u);  // a cut is a verdict, not a first attempt
  // The SAT core's "canceled" is a cut when it comes before the query's time limit.
  takeQueryCuts();
  Session s(c.z3(), so);
  z3::expr x = c.z3().bv_const("x", 12), y = c.z3().bv_const("y", 12);
  s.addHard(z3::zext(x, 12) * z3::zext(y, 12) == c.z3().bv_val("16744463", 24) &&
            z3::ugt(x, c.z3().bv_val(1, 12)) && z3::ugt(y, c.z3().bv_val(1, 12)));
  EXPECT_EQ(s.check(), Answer::Unknown);
  const std::vector<QueryCut> cuts = takeQueryCuts();
  ASSERT_EQ(cuts.size(), 1u);
  EXPECT_EQ(cuts[0].count, 1u);
  EXPECT_EQ(Context().sessionOptions().budgetRlimit, 0u);
}

TEST(Context, TheResidentBoundStopsAQueryWhileTheProcessGrowsPastIt) {
  // z3's own bound counts its estimate of its allocations; what the process holds besides
  // (here a buffer another thread fills while the query runs) is seen by the resident bound
  // only. Without it the query runs on to its time limit (the factoring takes minutes).
  Context c;
  SessionOptions o = c.sessionOptions("QF_BV");
  o.maxResidentMb = detail::residentMb() + 64;
  Session s(c.z3(), o);
  s.addHard(testutil::hardFactoring(c.z3()));
  std::atomic<bool> done = false;
  std::thread grow([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    auto buffer = std::make_unique<char[]>(std::size_t{256} << 20);
    std::memset(buffer.get(), 1, std::size_t{256} << 20);  // resident, not only reserved
    while (!done)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  });
  const auto start = std::chrono::steady_clock::now();
  const Answer a = s.check(Deadline::after(60));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  done = true;
  grow.join();
  EXPECT_EQ(a, Answer::Unknown);
  EXPECT_TRUE(s.reasonUnknown().starts_with(kResidentMemoryReason)) << s.reasonUnknown();
  EXPECT_TRUE(Context::outOfMemory(s.reasonUnknown()));
  EXPECT_LT(seconds, 30);
  EXPECT_EQ(s.stats().restarts, 0u);  // a memory stop is not a spent budget
}

TEST(Context, AQueryOverTheResidentBoundIsNotStarted) {
  Context c;
  SessionOptions o = c.sessionOptions("QF_BV");
  o.maxResidentMb = 1;  // below any process's resident size
  Session s(c.z3(), o);
  s.addHard(c.z3().bv_const("x", 8) == 3);
  EXPECT_EQ(s.check(), Answer::Unknown);
  EXPECT_EQ(s.reasonUnknown(), std::string(kResidentMemoryReason) + "1 MB");
  o.maxResidentMb = 0;
  Session unbounded(c.z3(), o);
  unbounded.addHard(c.z3().bv_const("x", 8) == 3);
  EXPECT_EQ(unbounded.check(), Answer::Sat);
}

TEST(Context, TheMemoryBoundAlsoBoundsTheResidentSize) {
  ContextOptions o;
  o.maxMemoryMb = 100;
  const std::uint64_t before = detail::residentMb();
  const SessionOptions so = Context(o).sessionOptions();
  EXPECT_GE(so.maxResidentMb, before + 100);
  EXPECT_LE(so.maxResidentMb, detail::residentMb() + 100);
}

TEST(Context, WithoutABoundSessionsAreUnbounded) {
  Context c;
  EXPECT_EQ(c.sessionOptions().maxMemoryMb, 0u);
  EXPECT_EQ(c.sessionOptions().maxResidentMb, 0u);
  EXPECT_EQ(c.sessionOptions("QF_BV").logic, "QF_BV");
}

}  // namespace
}  // namespace culprit::solve

// C-level tests of the interpreter's hooks: coverage counts and branch outcomes, trace
// entries (occurrence, iteration, loop and call context, values), hijacked branch and switch
// instances, overridden values of assignments, declarations and returns, stopping from an
// observer, and concurrent runs of one Program.
#include "c_program.h"

#include <gtest/gtest.h>

#include <thread>

namespace culprit::exec {
namespace {

using testing::CProgram;

// total = sum of (i + j)^2 for i < 3, j < 2 = 0 + 1 + 1 + 4 + 4 + 9 = 19.
const char* const kNested = R"c(#include <stdio.h>
int sq(int x) {
  return x * x;
}
int main(int argc, char **argv) {
  int total = 0;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 2; j++)
      total += sq(i + j);
  }
  if (total > 20)
    printf("big %d\n", total);
  else
    printf("small %d\n", total);
  switch (argc) {
  case 1: printf("one\n"); break;
  case 2: printf("two\n");
  default: printf("many\n");
  }
  return total;
}
)c";

class Hooks : public ::testing::Test {
protected:
  CProgram p{kNested};
  ir::StmtId line(std::uint32_t l, int nth = 0) const { return p.stmtAt(l, nth); }
  RunResult runWith(Observer* o, bool trace = false) const {
    RunOptions opt;
    opt.observer = o;
    opt.trace = trace;
    return p.run({}, opt);
  }
};

TEST_F(Hooks, NaturalRun) {
  RunResult r = p.run();
  EXPECT_EQ(r.out, "small 19\none\n");
  EXPECT_EQ(r.exitStatus, 19);
}

TEST_F(Hooks, CoverageCountsStatementsAndBranchOutcomes) {
  RunOptions o;
  o.coverage = true;
  RunResult r = p.run({}, o);
  ASSERT_EQ(r.stmtHits.size(), p.prog->stmts.size());
  EXPECT_EQ(r.stmtHits[line(3)], 6u);
  EXPECT_EQ(r.stmtHits[line(6)], 1u);
  EXPECT_EQ(r.stmtHits[line(7, 0)], 1u);  // int i = 0
  EXPECT_EQ(r.stmtHits[line(7, 1)], 4u);  // i < 3
  EXPECT_EQ(r.stmtHits[line(7, 2)], 3u);  // i++
  EXPECT_EQ(r.stmtHits[line(8, 1)], 9u);
  EXPECT_EQ(r.stmtHits[line(9)], 6u);
  EXPECT_EQ(r.stmtHits[line(12)], 0u);
  EXPECT_EQ(r.stmtHits[line(14)], 1u);
  EXPECT_EQ(r.stmtHits[line(16, 1)], 1u);  // break
  EXPECT_EQ(r.stmtHits[line(17)], 0u);
  EXPECT_EQ(r.branchHits[line(7, 1)], 3u);     // true and false seen
  EXPECT_EQ(r.branchHits[line(11)], 1u);       // only false
  EXPECT_EQ(r.branchHits[line(15)], 1u << 2);  // arm 0
  EXPECT_EQ(r.branchHits[line(6)], 0u);
}

TEST_F(Hooks, TraceCarriesValuesIterationsAndContexts) {
  RunResult r = runWith(nullptr, true);
  const std::int64_t totals[] = {0, 1, 2, 6, 10, 19}, squares[] = {0, 1, 1, 4, 4, 9};
  int adds = 0, returns = 0;
  for (const TraceEntry& e : r.trace) {
    if (e.key.stmt == line(9)) {
      const int k = adds++;
      EXPECT_EQ(e.key.occurrence, static_cast<std::uint32_t>(k));
      EXPECT_TRUE(e.hasValue);
      EXPECT_EQ(e.value, totals[k]);
      EXPECT_EQ(e.iteration, static_cast<std::uint32_t>(k % 2 + 1));
      EXPECT_EQ(r.loopContexts[e.loopContext],
                (std::vector<std::uint32_t>{static_cast<std::uint32_t>(k / 2 + 1),
                                            static_cast<std::uint32_t>(k % 2 + 1)}));
      EXPECT_EQ(e.callContext, 0u);
    } else if (e.key.stmt == line(3)) {
      const int k = returns++;
      EXPECT_EQ(e.value, squares[k]);
      EXPECT_EQ(e.iteration, 0u);  // sq has no loop of its own
      EXPECT_EQ(r.callContexts[e.callContext], std::vector<ir::StmtId>{line(9)});
      EXPECT_EQ(r.loopContexts[e.loopContext].size(), 2u);  // main's loops are still active
    }
  }
  EXPECT_EQ(adds, 6);
  EXPECT_EQ(returns, 6);
  EXPECT_EQ(r.trace.back().key.stmt, line(20));
  EXPECT_EQ(r.trace.back().value, 19);
  EXPECT_TRUE(r.callContexts[0].empty());
  EXPECT_TRUE(r.loopContexts[0].empty());
}

TEST_F(Hooks, HijackedBranchChangesTheOutput) {
  FixedHooks h;
  h.hijacks[{line(11), 0}] = 1;
  RunResult r = runWith(&h, true);
  EXPECT_EQ(r.out, "big 19\none\n");
  for (const TraceEntry& e : r.trace) {
    if (e.key.stmt == line(11)) {
      EXPECT_TRUE(e.overridden);
      EXPECT_EQ(e.decision, 1);
    }
  }
}

TEST_F(Hooks, HijackedLoopConditionCutsAnIteration) {
  FixedHooks h;
  h.hijacks[{line(8, 1), 1}] = 0;  // i == 0: leave the inner loop before j == 1
  EXPECT_EQ(runWith(&h).exitStatus, 18);
}

TEST_F(Hooks, HijackedSwitchEntersTheChosenArm) {
  FixedHooks h;
  h.hijacks[{line(15), 0}] = 1;
  EXPECT_EQ(runWith(&h).out, "small 19\ntwo\nmany\n");
  h.hijacks[{line(15), 0}] = -1;
  EXPECT_EQ(runWith(&h).out, "small 19\n");
}

TEST_F(Hooks, OverriddenValuesReplaceStoresDeclarationsAndReturns) {
  FixedHooks h;
  h.overrides[{line(9), 5}] = 100;
  RunResult r = runWith(&h);
  EXPECT_EQ(r.out, "big 100\none\n");
  FixedHooks decl;
  decl.overrides[{line(6), 0}] = 50;
  EXPECT_EQ(runWith(&decl).exitStatus, 69);
  FixedHooks ret;
  ret.overrides[{line(3), 0}] = 7;
  EXPECT_EQ(runWith(&ret).exitStatus, 26);
}

TEST_F(Hooks, OverrideIsConvertedToTheStoredType) {
  CProgram q(R"c(
int main(void) { unsigned char c = 1; c = c + 1; return c; }
)c");
  FixedHooks h;
  h.overrides[{q.stmtAt(2, 1), 0}] = 258;
  RunOptions o;
  o.observer = &h;
  o.trace = true;
  RunResult r = q.run({}, o);
  EXPECT_EQ(r.exitStatus, 2);
  EXPECT_EQ(r.trace[1].value, 2);
  EXPECT_TRUE(r.trace[1].overridden);
}

TEST_F(Hooks, AForcedInstanceDoesNotFailComputingItsNaturalValue) {
  // Each statement on lines 3-6 faults at run time with k = 0; forced, it does not, and the
  // run goes on with the forced value. A fault in a callee or in an unforced instance still
  // ends the run.
  CProgram q(R"c(
int f(int *a, int k) { return a[k - 1]; }
int main(int argc, char **argv) {
  int a[2] = {4, 6}, k = argc - 1, v = a[k - 1];
  v = v + a[k - 1];
  if (a[k - 1] > 0) v = v + 1;
  return v + f(a, k);
}
)c");
  auto runForced = [&](FixedHooks& h) {
    RunOptions o;
    o.observer = &h;
    return q.run({}, o);
  };
  RunResult plain = q.run({});
  EXPECT_EQ(plain.verdict, Verdict::RuntimeError);
  EXPECT_EQ(plain.where.line, 4u);
  FixedHooks h;
  h.overrides[{q.stmtAt(4, 2), 0}] = 4;  // v = a[k - 1]: v = 4
  h.overrides[{q.stmtAt(5), 0}] = 8;     // v = v + a[k - 1]: v = 8
  h.hijacks[{q.stmtAt(6), 0}] = 0;       // the condition: false
  h.overrides[{q.stmtAt(2), 0}] = 2;     // f's return: 2
  RunResult r = runForced(h);
  EXPECT_EQ(r.verdict, Verdict::Exited) << r.message;
  EXPECT_EQ(r.exitStatus, 10);
  h.overrides.erase({q.stmtAt(2), 0});
  h.overrides[{q.stmtAt(7), 0}] = 1;  // return v + f(a, k): f faults inside the callee
  RunResult callee = runForced(h);
  EXPECT_EQ(callee.verdict, Verdict::RuntimeError);
  EXPECT_EQ(callee.where.line, 2u);
}

TEST_F(Hooks, ObserverSeesEveryInstanceAndCanStop) {
  struct StopAtBranch : Observer {
    ir::StmtId target;
    std::vector<TraceEntry> seen;
    explicit StopAtBranch(ir::StmtId t) : target(t) {}
    void onInstance(const TraceEntry& e) override { seen.push_back(e); }
    bool stop() override { return seen.back().key.stmt == target; }
  } observer(line(11));
  RunResult r = runWith(&observer);
  EXPECT_EQ(r.verdict, Verdict::Exited);
  EXPECT_EQ(r.exitStatus, kStoppedByObserver);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(observer.seen.size(), r.steps);
  EXPECT_EQ(observer.seen.back().decision, 0);
}

TEST(HooksFailure, FailingInstanceEndsTheTrace) {
  CProgram p(R"c(
int main(void) {
  int d = 3, s = 0;
  while (1) { d = d - 1; s = s + 10 / d; }
}
)c");
  RunOptions o;
  o.trace = true;
  RunResult r = p.run({}, o);
  ASSERT_EQ(r.verdict, Verdict::RuntimeError);
  const TraceEntry& last = r.trace.back();
  EXPECT_EQ(last.key, (InstanceKey{r.failedStmt, 2}));
  EXPECT_FALSE(last.hasValue);
  EXPECT_EQ(last.iteration, 3u);
}

TEST(HooksThreads, ConcurrentRunsOfOneProgramAgree) {
  CProgram p(kNested);
  RunOptions o;
  o.trace = true;
  o.coverage = true;
  const RunResult want = p.run({}, o);
  auto worker = [&](bool* ok) {
    for (int k = 0; k < 200; ++k) {
      RunResult r = p.run({}, o);
      if (r.out != want.out || r.stmtHits != want.stmtHits || r.trace.size() != want.trace.size())
        *ok = false;
    }
  };
  bool ok1 = true, ok2 = true;
  std::thread t1(worker, &ok1), t2(worker, &ok2);
  t1.join();
  t2.join();
  EXPECT_TRUE(ok1);
  EXPECT_TRUE(ok2);
}

}  // namespace
}  // namespace culprit::exec

// Interpreter tests on hand-built IR (no C frontend involved): a counting loop with its trace,
// coverage and hooks, recursion with call contexts, harness entries, and failures.
#include "exec/exec.h"
#include "ir_builder.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace culprit::exec {
namespace {

using ir::FuncId;
using ir::VarId;
using testing::IrBuilder;

/// int main() {            // ids: 0 s=0, 1 i=0, 2 while, 3 s+=i, 4 i++, 5 printf, 6 return
///   int s = 0; int i = 0;
///   while (i < 4) { s = s + i; i = i + 1; }
///   printf("%d\n", s); return s; }
std::unique_ptr<ir::Program> countingLoop() {
  IrBuilder b;
  const FuncId main = b.function("main", b.i32);
  const VarId s = b.var(main, "s", b.i32), i = b.var(main, "i", b.i32);
  auto d0 = b.decl(s, b.lit(0));
  auto d1 = b.decl(i, b.lit(0));
  auto loop = b.branch(ir::StmtKind::While, b.bin(ir::BinOp::Lt, b.ref(i), b.lit(4)));
  auto add = b.exprStmt(b.assign(b.ref(s), b.bin(ir::BinOp::Add, b.ref(s), b.ref(i))),
                        ir::StmtRole::Assign);
  auto inc = b.exprStmt(b.assign(b.ref(i), b.bin(ir::BinOp::Add, b.ref(i), b.lit(1))),
                        ir::StmtRole::Assign);
  auto print = b.exprStmt(b.printf("%d\n", IrBuilder::list(b.ref(s))), ir::StmtRole::Output);
  auto ret = b.ret(b.ref(s));
  loop->body = b.block(IrBuilder::stmts(std::move(add), std::move(inc)));
  b.setBody(main, IrBuilder::stmts(std::move(d0), std::move(d1), std::move(loop), std::move(print),
                                   std::move(ret)));
  return std::move(b.prog);
}

TEST(MachineIr, CountingLoopRunsWithCoverage) {
  auto p = countingLoop();
  RunOptions o;
  o.coverage = true;
  RunResult r = run(*p, {}, o);
  EXPECT_EQ(r.verdict, Verdict::Exited);
  EXPECT_EQ(r.out, "6\n");
  EXPECT_EQ(r.exitStatus, 6);
  EXPECT_EQ(r.returnValue, 6);
  EXPECT_EQ(r.stmtHits, (std::vector<std::uint32_t>{1, 1, 5, 4, 4, 1, 1}));
  EXPECT_EQ(r.branchHits[2], 3u);  // both outcomes of the loop condition
  EXPECT_EQ(r.steps, 17u);
}

TEST(MachineIr, TraceNumbersOccurrencesAndIterations) {
  auto p = countingLoop();
  RunOptions o;
  o.trace = true;
  RunResult r = run(*p, {}, o);
  ASSERT_EQ(r.trace.size(), 17u);
  const TraceEntry& firstCond = r.trace[2];
  EXPECT_EQ(firstCond.key, (InstanceKey{2, 0}));
  EXPECT_EQ(firstCond.decision, 1);
  EXPECT_EQ(firstCond.iteration, 1u);
  const TraceEntry& thirdAdd = r.trace[2 + 2 * 3 + 1];  // cond, add, inc per iteration
  EXPECT_EQ(thirdAdd.key, (InstanceKey{3, 2}));
  EXPECT_TRUE(thirdAdd.hasValue);
  EXPECT_EQ(thirdAdd.value, 0 + 1 + 2);
  EXPECT_EQ(thirdAdd.iteration, 3u);
  EXPECT_EQ(r.loopContexts[thirdAdd.loopContext], (std::vector<std::uint32_t>{3}));
  const TraceEntry& exitCond = r.trace[14];
  EXPECT_EQ(exitCond.key, (InstanceKey{2, 4}));
  EXPECT_EQ(exitCond.decision, 0);
  EXPECT_EQ(exitCond.iteration, 5u);
  EXPECT_EQ(r.trace[15].iteration, 0u);  // printf after the loop
  EXPECT_EQ(r.trace[15].loopContext, 0u);
  EXPECT_EQ(r.trace[16].value, 6);  // the return
}

TEST(MachineIr, OverrideChangesTheStoredValue) {
  auto p = countingLoop();
  FixedHooks hooks;
  hooks.overrides[{3, 1}] = 100;  // second execution of s = s + i
  RunOptions o;
  o.observer = &hooks;
  o.trace = true;
  RunResult r = run(*p, {}, o);
  EXPECT_EQ(r.out, "105\n");  // 100 + 2 + 3
  bool seen = false;
  for (const TraceEntry& e : r.trace)
    if (e.key == InstanceKey{3, 1}) {
      seen = true;
      EXPECT_TRUE(e.overridden);
      EXPECT_EQ(e.value, 100);
    }
  EXPECT_TRUE(seen);
}

TEST(MachineIr, HijackLeavesTheLoopEarly) {
  auto p = countingLoop();
  FixedHooks hooks;
  hooks.hijacks[{2, 2}] = 0;  // the third evaluation of the condition says false
  RunOptions o;
  o.observer = &hooks;
  RunResult r = run(*p, {}, o);
  EXPECT_EQ(r.out, "1\n");  // 0 + 1
}

TEST(MachineIr, ObserverSeesInstancesAndStops) {
  struct Stopper : Observer {
    int seen = 0;
    void onInstance(const TraceEntry&) override { ++seen; }
    bool stop() override { return seen == 3; }
  } stopper;
  auto p = countingLoop();
  RunOptions o;
  o.observer = &stopper;
  RunResult r = run(*p, {}, o);
  EXPECT_EQ(r.verdict, Verdict::Exited);
  EXPECT_EQ(r.exitStatus, kStoppedByObserver);
  EXPECT_EQ(stopper.seen, 3);
  EXPECT_EQ(r.out, "");
}

TEST(MachineIr, StepLimitEndsTheRun) {
  auto p = countingLoop();
  RunOptions o;
  o.stepLimit = 5;
  RunResult r = run(*p, {}, o);
  EXPECT_EQ(r.verdict, Verdict::StepLimit);
  EXPECT_EQ(r.message, "step limit of 5 statements exceeded");
  EXPECT_EQ(r.steps, 5u);
  EXPECT_EQ(r.failedStmt, 2u);  // the second evaluation of the loop condition would be the 6th
}

/// int f(int n) { if (n < 2) return 1; return n * f(n - 1); }  harness entry f.
std::unique_ptr<ir::Program> factorial() {
  IrBuilder b;
  const FuncId f = b.function("f", b.i32);
  const VarId n = b.var(f, "n", b.i32, /*param=*/true);
  auto cond = b.branch(ir::StmtKind::If, b.bin(ir::BinOp::Lt, b.ref(n), b.lit(2)));
  cond->thenS = b.ret(b.lit(1));
  auto rec = b.ret(b.bin(ir::BinOp::Mul, b.ref(n),
                         b.call(f, IrBuilder::list(b.bin(ir::BinOp::Sub, b.ref(n), b.lit(1))))));
  b.setBody(f, IrBuilder::stmts(std::move(cond), std::move(rec)));
  return std::move(b.prog);
}

TEST(MachineIr, RecursiveHarnessEntryWithCallContexts) {
  auto p = factorial();
  RunInput in;
  in.entryArgs = {5};
  RunOptions o;
  o.entry = "f";
  o.trace = true;
  RunResult r = run(*p, in, o);
  EXPECT_EQ(r.verdict, Verdict::Exited);
  EXPECT_EQ(r.returnValue, 120);
  EXPECT_EQ(r.exitStatus, 120);
  const TraceEntry& first = r.trace.front();  // if (n < 2) of f(5) ends before it recurses
  EXPECT_EQ(first.key, (InstanceKey{0, 0}));
  EXPECT_EQ(r.callContexts[first.callContext].size(), 0u);
  const TraceEntry& last = r.trace.back();  // the outer return, completed last
  EXPECT_EQ(last.key, (InstanceKey{2, 0}));
  EXPECT_EQ(last.value, 120);
  // The return of f(1) runs four calls deep, each call made by statement 2.
  for (const TraceEntry& e : r.trace) {
    if (e.key.stmt == 1) {
      EXPECT_EQ(r.callContexts[e.callContext], (std::vector<ir::StmtId>(4, 2)));
    }
  }
}

TEST(MachineIr, HarnessArgumentCountMustMatch) {
  auto p = factorial();
  RunOptions o;
  o.entry = "f";
  EXPECT_THROW(run(*p, {}, o), std::invalid_argument);
  o.entry = "nope";
  EXPECT_THROW(run(*p, {}, o), std::invalid_argument);
}

TEST(MachineIr, RunawayRecursionIsARuntimeError) {
  auto p = factorial();
  RunInput in;
  in.entryArgs = {1'000'000};
  RunOptions o;
  o.entry = "f";
  RunResult r = run(*p, in, o);
  EXPECT_EQ(r.verdict, Verdict::RuntimeError);
  // The call depth limit, or earlier the host stack guard (sanitizer builds have big frames).
  EXPECT_EQ(r.message.rfind("runtime error: stack overflow (", 0), 0u) << r.message;
}

TEST(MachineIr, OverflowInRecursionIsReportedWhereItHappens) {
  auto p = factorial();
  RunInput in;
  in.entryArgs = {13};  // 13! does not fit in int
  RunOptions o;
  o.entry = "f";
  RunResult r = run(*p, in, o);
  EXPECT_EQ(r.verdict, Verdict::RuntimeError);
  EXPECT_EQ(r.message,
            "runtime error: signed integer overflow: 13 * 479001600 cannot be represented in "
            "type 'int'");
  EXPECT_EQ(r.failedStmt, 2u);
  EXPECT_EQ(r.exitStatus, kStatusRuntimeError);
  EXPECT_NE(r.err.find("hand.c:1:1: runtime error: signed integer overflow"), std::string::npos);
}

}  // namespace
}  // namespace culprit::exec

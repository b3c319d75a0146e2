// Calls cut outside the run's call tree (EncodeOptions::callTree).
#include "encode_test_util.h"

#include <gtest/gtest.h>

namespace culprit::encode::test {
namespace {

// With no argument, the run calls nothing: `mid` (and `leaf` under it) lie outside its tree.
const char* kCalls = R"(int leaf(int x) { return x + 1; }
int mid(int x) { return leaf(x) * 2; }
int main(int argc, char **argv) {
  int a = argc;
  if (a > 5)
    a = mid(a);
  return a;
}
)";

struct Encoded {
  std::vector<std::pair<ir::StmtId, ir::FuncId>> cut;
  z3::check_result hits = z3::unknown;  ///< can a relaxation reach a call that was cut?
};

Encoded encodeWith(const ir::Program& p, const exec::RunInput& in,
                   std::shared_ptr<const CallTree> tree) {
  z3::context ctx;
  Expectation none;
  none.assertions = false;
  EncodeOptions o;
  o.callTree = std::move(tree);
  const Encoding enc = encode(ctx, p, in, none, o);
  z3::solver s(ctx);
  for (const HardClause& h : enc.hard)
    if (h.kind != HardKind::Unwinding) s.add(h.clause);
  s.add(enc.unwindingHit);
  return Encoded{enc.cutCalls, s.check()};
}

/// The executable statement at `line` of t.c.
ir::StmtId stmtAt(const ir::Program& p, unsigned line) {
  for (const ir::Stmt* s : p.stmts)
    if (s && s->range.line == line && s->isExecutable()) return s->id;
  return ir::kNone;
}

std::shared_ptr<const CallTree> treeOf(const exec::RunResult& run, unsigned slack) {
  auto t = std::make_shared<CallTree>();
  t->made.insert(run.callContexts.begin(), run.callContexts.end());
  t->slack = slack;
  return t;
}

TEST(CallTree, CallsBeyondTheSlackOutsideTheRunsTreeAreCut) {
  auto p = compile(kCalls);
  const exec::RunInput in = argsInput({});
  const exec::RunResult run = runTraced(*p, in);
  const ir::FuncId mid = p->findFunction("mid")->id, leaf = p->findFunction("leaf")->id;
  const ir::StmtId midCall = stmtAt(*p, 6), leafCall = stmtAt(*p, 2);

  const Encoded all = encodeWith(*p, in, nullptr);  // no tree: every call inlined
  EXPECT_TRUE(all.cut.empty());
  EXPECT_EQ(all.hits, z3::unsat);

  const Encoded one = encodeWith(*p, in, treeOf(run, 1));  // mid inlined, leaf cut
  ASSERT_EQ(one.cut.size(), 1u);
  EXPECT_EQ(one.cut[0], std::make_pair(leafCall, leaf));
  EXPECT_EQ(one.hits, z3::sat);  // relaxing `a = argc` reaches it

  const Encoded none = encodeWith(*p, in, treeOf(run, 0));  // mid cut
  ASSERT_EQ(none.cut.size(), 1u);
  EXPECT_EQ(none.cut[0], std::make_pair(midCall, mid));

  EXPECT_TRUE(encodeWith(*p, in, treeOf(run, 2)).cut.empty());
}

TEST(CallTree, CallsTheRunMadeAreInlinedWithoutSlack) {
  auto p = compile(kCalls);
  const exec::RunInput in = argsInput({"1", "2", "3", "4", "5"});  // argc 6: mid and leaf run
  const Encoded e = encodeWith(*p, in, treeOf(runTraced(*p, in), 0));
  EXPECT_TRUE(e.cut.empty());
  EXPECT_EQ(e.hits, z3::unsat);
}

}  // namespace
}  // namespace culprit::encode::test

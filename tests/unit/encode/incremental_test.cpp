// Name spaces (two encodings in one context share no constant), the branch sites of the
// interpreter and of the program formula agree, the exploration filter (free and cut sides),
// and the incremental encoder: each pass hands over only new clauses, and MCSs grow from those
// of the explored part to those of the program formula (scenario A).
#include "encode/effects.h"
#include "encode/incremental.h"

#include "encode_test_util.h"
#include "solve/mcs.h"

#include <gtest/gtest.h>

#include <set>

namespace culprit::encode::test {
namespace {

// Scenario A: lines 4 (x >= 0), 5, 7 (a = -x), 8 (y < 5), 9 (b = a + 1), 11 (b = a + 2).
const char* kTwoBranches = R"(#include <assert.h>
void two_branches(int x, int y) {
  int a, b;
  if (x >= 0)
    a = x;
  else
    a = -x;
  if (y < 5)
    b = a + 1;
  else
    b = a + 2;
  assert(b <= a);
}
)";

void collectConstants(const z3::expr& e, std::set<std::string>& out, std::set<unsigned>& seen) {
  if (!seen.insert(e.id()).second) return;
  if (e.is_const() && !e.is_numeral() && !e.is_true() && !e.is_false()) {
    out.insert(e.decl().name().str());
    return;
  }
  if (e.is_app())
    for (unsigned i = 0; i < e.num_args(); ++i)
      collectConstants(e.arg(i), out, seen);
}

std::set<std::string> constantsOf(const Encoding& enc) {
  std::set<std::string> out;
  std::set<unsigned> seen;
  for (const HardClause& h : enc.hard)
    collectConstants(h.clause, out, seen);
  return out;
}

// Scenario B: x = -1 fails (line 5 misses it), x = 5 passes.
const char* kAbsolute = R"(#include <assert.h>
void absolute(int x) {
  int abs = x;
  if (x < -1)
    abs = -x;
  assert(abs >= 0);
}
)";

TEST(NameSpaces, TwoEncodingsInOneContextShareNoConstant) {
  auto p = compile(kAbsolute);
  z3::context ctx;
  Expectation expect;
  EncodeOptions o;
  o.entry = "absolute";
  const Encoding failing = encode(ctx, *p, entryInput({-1}), expect, o);
  const Encoding passing = encode(ctx, *p, entryInput({5}), expect, o);
  const std::set<std::string> a = constantsOf(failing), b = constantsOf(passing);
  ASSERT_FALSE(a.empty());
  for (const std::string& name : a)
    EXPECT_EQ(b.count(name), 0u) << name;
  // Together in one solver, each still means what it means alone: x = -1 fails with every
  // statement enforced, x = 5 passes.
  z3::solver s(ctx);
  for (const Encoding* enc : {&failing, &passing})
    for (const HardClause& h : enc->hard)
      s.add(h.clause);
  z3::expr_vector all(ctx);
  for (const Encoding* enc : {&failing, &passing})
    for (const SoftGroup& g : enc->groups)
      all.push_back(g.selector);
  EXPECT_EQ(s.check(all), z3::unsat);
  z3::expr_vector passingOnly(ctx);
  for (const SoftGroup& g : passing.groups)
    passingOnly.push_back(g.selector);
  EXPECT_EQ(s.check(passingOnly), z3::sat);
}

// Loops (while, for, do), a switch, calls inside loops and a recursion: every branch instance
// the interpreter reports must be a branch point of the program formula at the same site.
const char* kShapes = R"(
int sum(int n) { int s = 0; for (int i = 0; i < n; i++) { if (i % 2) s += i; } return s; }
int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
int shapes(int a, int b) {
  int r = 0, k = 0;
  while (k < a) {
    switch (k % 3) { case 0: r += sum(k); break; case 1: r -= 1; default: r += 2; }
    k++;
  }
  do { r += fact(b); b--; } while (b > 0);
  return r;
}
)";

TEST(BranchSites, TheInterpretersSitesAreTheFormulasSites) {
  auto p = compile(kShapes);
  const exec::RunResult run = runTraced(*p, entryInput({5, 3}), "shapes");
  ASSERT_EQ(run.verdict, exec::Verdict::Exited);
  Exploration explored(*p);
  EXPECT_GT(explored.add(run), 10u);
  z3::context ctx;
  EncodeOptions o;
  o.entry = "shapes";
  o.explored = &explored;
  const Encoding enc = encode(ctx, *p, entryInput({5, 3}), Expectation{}, o);
  std::map<BranchSite, std::uint64_t> encoded;
  for (const BranchPoint& b : enc.branches)
    encoded[b.site] |= ~b.unencoded;
  std::size_t checked = 0;
  for (const exec::TraceEntry& e : run.trace) {
    if (!p->stmt(e.key.stmt).isBranch()) continue;
    BranchSite site{e.key.stmt};
    const auto& calls = run.callContexts[e.callContext];
    site.push_back(static_cast<std::uint32_t>(calls.size()));
    site.insert(site.end(), calls.begin(), calls.end());
    const auto& loops = run.loopContexts[e.loopContext];
    site.insert(site.end(), loops.begin(), loops.end());
    auto it = encoded.find(site);
    ASSERT_NE(it, encoded.end()) << "line " << p->stmt(e.key.stmt).range.line;
    EXPECT_TRUE(it->second & sideBit(e.decision)) << "line " << p->stmt(e.key.stmt).range.line;
    ++checked;
  }
  EXPECT_GT(checked, 20u);
}

/// Every MCS (as sets of lines) of the soft groups handed to `session` so far.
std::set<std::set<std::uint32_t>> mcsLines(solve::Session& session, const Encoding& enc,
                                           const std::vector<std::uint32_t>& groupOf,
                                           const ir::Program& p) {
  std::set<std::set<std::uint32_t>> out;
  auto e = solve::makeMcsEnumerator("maxsat", session);
  while (auto mcs = e->next()) {
    std::set<std::uint32_t> lines;
    for (solve::SoftId s : mcs->softs)
      lines.insert(p.stmt(enc.groups[groupOf[s]].stmt).range.line);
    out.insert(lines);
  }
  EXPECT_EQ(e->stopReason(), solve::StopReason::Exhausted);
  return out;
}

struct Incremental {
  std::unique_ptr<ir::Program> p = compile(kTwoBranches);
  z3::context ctx;
  solve::Session session{ctx};
  std::optional<IncrementalEncoder> encoder;
  std::vector<std::uint32_t> groupOf;  // SoftId -> group
  std::set<unsigned> handed;

  explicit Incremental(Unexplored unexplored) {
    EncodeOptions o;
    o.entry = "two_branches";
    o.unexplored = unexplored;
    encoder.emplace(ctx, *p, entryInput({0, 0}), Expectation{}, o);
  }
  /// Runs x = 0, y = 0 with `hijacks` (line -> decision of its first execution), adds the run.
  IncrementalEncoder::Delta add(std::map<std::uint32_t, std::int32_t> hijacks = {}) {
    exec::FixedHooks hooks;
    for (const ir::Stmt* s : p->stmts)
      if (s && s->isBranch() && hijacks.count(s->range.line))
        hooks.hijacks[{s->id, 0}] = hijacks[s->range.line];
    exec::RunOptions o;
    o.trace = true;
    o.entry = "two_branches";
    o.observer = &hooks;
    IncrementalEncoder::Delta d = encoder->addRun(exec::run(*p, entryInput({0, 0}), o));
    for (const HardClause& h : d.hard) {
      EXPECT_TRUE(handed.insert(h.clause.id()).second) << "handed over twice";
      session.addHard(h.clause);
    }
    for (std::uint32_t g : d.groups) {
      session.addSoft(encoder->encoding().groups[g].selector);
      groupOf.push_back(g);
    }
    return d;
  }
  std::set<std::set<std::uint32_t>> mcses() {
    solve::Session::Scope scope(session);  // blocking clauses of this enumeration only
    return mcsLines(session, encoder->encoding(), groupOf, *p);
  }
};

using Lines = std::set<std::set<std::uint32_t>>;

TEST(IncrementalEncoder, CutSidesGiveOfcsIterationsOnScenarioA) {
  Incremental t(Unexplored::Cut);
  t.add();
  // The else of line 8 writes b: cut, b is unknown there, so the condition alone corrects the
  // run. The else of line 4 writes a: with a unknown, b = a + 1 still exceeds a.
  EXPECT_EQ(t.mcses(), (Lines{{9}, {8}}));
  const IncrementalEncoder::Delta d = t.add({{8, 0}});
  EXPECT_EQ(d.newSides, 1u);
  EXPECT_FALSE(d.hard.empty());
  EXPECT_EQ(t.mcses(), (Lines{{9}, {8, 11}}));  // the program formula's MCSs, with 2 of 4 paths
  EXPECT_EQ(t.encoder->exploration().runs(), 2u);
}

TEST(IncrementalEncoder, FreeSidesGrowToTheProgramFormulasMcses) {
  Incremental t(Unexplored::Free);
  t.add();
  EXPECT_EQ(t.mcses(), (Lines{{9}, {8}, {4}}));  // any unexplored side is a way out
  t.add({{8, 0}});
  EXPECT_EQ(t.mcses(), (Lines{{9}, {8, 11}, {4}}));
  t.add({{4, 0}});
  EXPECT_EQ(t.mcses(), (Lines{{9}, {8, 11}}));
  // A run that explores nothing new hands over nothing new.
  const IncrementalEncoder::Delta again = t.add({{4, 0}});
  EXPECT_EQ(again.newSides, 0u);
  EXPECT_TRUE(again.hard.empty());
  EXPECT_TRUE(again.groups.empty());
}

TEST(IncrementalEncoder, ModelPathsSayWhereAModelLeavesTheExploredProgram) {
  for (Unexplored u : {Unexplored::Free, Unexplored::Cut}) {
    Incremental t(u);
    t.add();
    const Encoding& enc = t.encoder->encoding();
    // Relax line 8's condition only.
    z3::expr_vector assumptions(t.ctx);
    for (std::uint32_t g : t.groupOf)
      if (t.p->stmt(enc.groups[g].stmt).range.line != 8)
        assumptions.push_back(enc.groups[g].selector);
    ASSERT_EQ(t.session.check(assumptions), solve::Answer::Sat);
    const std::vector<PathStep> path = modelPath(enc, t.session.model());
    ASSERT_EQ(path.size(), 2u);
    EXPECT_EQ(t.p->stmt(path[0].stmt).range.line, 4u);
    EXPECT_EQ(path[0].decision, 1);
    EXPECT_TRUE(path[0].encoded);
    EXPECT_EQ(t.p->stmt(path[1].stmt).range.line, 8u);
    EXPECT_EQ(path[1].decision, 0);
    EXPECT_FALSE(path[1].encoded);
    EXPECT_EQ(path[1].cut, u == Unexplored::Cut);
  }
}

}  // namespace
}  // namespace culprit::encode::test

namespace culprit::encode::test {
namespace {

const char* kEffects = R"(#include <stdio.h>
int g, h, arr[3];
void setg(int v) { int local = v; g = local; }
void show(int v) { printf("%d\n", v); }
void fill(int t[]) { t[0] = 1; }
int f(int x) {
  int a = 0, b = 0;
  if (x) { a = 1; setg(2); }
  if (x) { while (a < 3) { a++; if (a == 2) break; } }
  if (x) { b = 1; return b; }
  if (x) show(a);
  if (x) fill(arr);
  if (x) arr[a] = 4;
  for (b = 0; b < 3; b++) { if (b == 1) continue; h = b; if (b == 2) break; }
  return a;
}
)";

const ir::Stmt& nthIf(const ir::Program& p, int n) {
  for (const ir::Stmt* s : p.stmts)
    if (s && s->kind == ir::StmtKind::If && n-- == 0) return *s;
  throw std::logic_error("no such if");
}

std::set<std::string> names(const ir::Program& p, const Effects& e) {
  std::set<std::string> out;
  for (ir::VarId v : e.writes)
    out.insert(p.vars[v].name);
  return out;
}

TEST(Effects, WhatASideWritesAndWhetherItEscapes) {
  auto p = compile(kEffects);
  EffectAnalysis fx(*p);
  const Effects& first = fx.ofSide(nthIf(*p, 0).thenS.get());
  EXPECT_FALSE(first.escapes);
  EXPECT_EQ(names(*p, first), (std::set<std::string>{"a", "g"}));  // not setg's local
  const Effects& loop = fx.ofSide(nthIf(*p, 1).thenS.get());       // (if 2 is inside it)
  EXPECT_FALSE(loop.escapes);  // the break leaves the inner loop only
  EXPECT_EQ(names(*p, loop), (std::set<std::string>{"a"}));
  EXPECT_TRUE(fx.ofSide(nthIf(*p, 3).thenS.get()).escapes);  // return
  EXPECT_TRUE(fx.ofSide(nthIf(*p, 4).thenS.get()).escapes);  // output in a callee
  EXPECT_TRUE(fx.ofSide(nthIf(*p, 5).thenS.get()).escapes);  // writes through a parameter
  const Effects& array = fx.ofSide(nthIf(*p, 6).thenS.get());
  EXPECT_FALSE(array.escapes);
  EXPECT_EQ(names(*p, array), (std::set<std::string>{"arr"}));
  EXPECT_FALSE(fx.ofSide(nullptr).escapes);
  const ir::Stmt* forLoop = nullptr;
  for (const ir::Stmt* s : p->stmts)
    if (s && s->kind == ir::StmtKind::For) forLoop = s;
  ASSERT_NE(forLoop, nullptr);
  const Effects& rest = fx.ofLoopRest(*forLoop);
  EXPECT_FALSE(rest.escapes);  // its own break and continue stay in the loop
  EXPECT_EQ(names(*p, rest), (std::set<std::string>{"b", "h"}));
}

}  // namespace
}  // namespace culprit::encode::test

// A macro constant (`#define LIMIT 3`) is a repair site of its own: the frontend records the
// macro once, with a statement of kind Macro at its `#define` line; the encoder gives it one soft
// group whose relaxation gives every use one fresh value; the interpreter forces that value at
// every use when the macro's statement's instance 0 is overridden (replay).
#include "encode_test_util.h"

#include <gtest/gtest.h>

namespace culprit::encode::test {
namespace {

// Line 3: LIMIT, used on lines 7 and 8.
const char* kTwoUses = "#include <assert.h>\n"
                       "#define OTHER 9\n"
                       "#define LIMIT 3 /* the limit */\n"
                       "#define NEG -1\n"
                       "#define TWICE (2 * 4)\n"
                       "int f(int k) {\n"
                       "  int a = k + LIMIT;\n"
                       "  int b = k * (LIMIT) + NEG + TWICE;\n"
                       "  assert(a + b == 4 * k + 10);\n"
                       "  return a + b;\n"
                       "}\n";

/// The macro constants' names.
std::vector<std::string> macroNames(const ir::Program& p) {
  std::vector<std::string> out;
  for (const ir::MacroConstant& m : p.macros)
    out.push_back(m.name);
  return out;
}

/// Uses of macro constants in `s` and below, as the names of their macros.
void usesIn(const ir::Program& p, const ir::Expr& e, std::vector<std::string>& out) {
  if (e.kind == ir::ExprKind::IntLit && e.macro != ir::kNone) out.push_back(p.macros[e.macro].name);
  for (const ir::ExprPtr& op : e.ops)
    usesIn(p, *op, out);
}

TEST(MacroConstant, FrontendRecordsAMacroWhoseBodyIsOneLiteral) {
  auto p = compile(kTwoUses);
  // OTHER is never used; NEG and TWICE are expressions, not one literal.
  ASSERT_EQ(macroNames(*p), std::vector<std::string>{"LIMIT"});
  const ir::MacroConstant& m = p->macros[0];
  EXPECT_EQ(m.range.line, 3u);
  EXPECT_EQ(m.value, 3);
  ASSERT_NE(m.stmt, ir::kNone);
  const ir::Stmt& s = p->stmt(m.stmt);
  EXPECT_EQ(s.kind, ir::StmtKind::Macro);
  EXPECT_EQ(s.range.line, 3u);
  EXPECT_EQ(p->sourceLine(s.range), "#define LIMIT 3 /* the limit */");
  std::vector<std::string> uses;
  for (const ir::StmtPtr& st : p->findFunction("f")->body->children)
    if (st->expr) usesIn(*p, *st->expr, uses);
  EXPECT_EQ(uses, (std::vector<std::string>{"LIMIT", "LIMIT"}));
}

TEST(MacroConstant, OnlyTheProgramsOwnCodeMakesARepairSite) {
  // Used only by a trusted function: recorded, but no statement (never suspected).
  auto p =
      compile("#define N 4\nint h(void) { return N; }\nint main(void) { return h(); }\n", {"h"});
  ASSERT_EQ(macroNames(*p), std::vector<std::string>{"N"});
  EXPECT_EQ(p->macros[0].stmt, ir::kNone);
  // A global's initializer is no use: it is not a statement's value.
  auto q = compile("#define N 4\nint g = N;\nint main(void) { return g; }\n");
  EXPECT_TRUE(q->macros.empty());
}

TEST(MacroConstant, NoSiteForOneStatementOrAUseOutsideExpressions) {
  auto p = compile("#define ONE 7\n#define CODE 2\n#define TWICE 5\n"
                   "int f(int k) {\n"
                   "  int a = k + ONE * ONE;\n"
                   "  switch (k) { case CODE: a = CODE; break; case 3: a = CODE + 1; break; }\n"
                   "  return a + TWICE - TWICE; /* TWICE */\n"
                   "}\n");
  ASSERT_EQ(macroNames(*p), (std::vector<std::string>{"ONE", "CODE", "TWICE"}));
  // ONE: two uses in one statement, whose relaxation covers any change of it.
  EXPECT_EQ(p->macros[0].stmt, ir::kNone);
  // CODE: two statements, but also a case label, which would keep the old value.
  EXPECT_EQ(p->macros[1].stmt, ir::kNone);
  // TWICE: two uses in one statement again (the comment is no use).
  EXPECT_EQ(p->macros[2].stmt, ir::kNone);
  auto q = compile("#define CODE 2\nint f(int k) {\n  int a = CODE;\n"
                   "  if (k == CODE) a = 0; /* CODE */\n  return a;\n}\n");
  ASSERT_EQ(macroNames(*q), std::vector<std::string>{"CODE"});
  EXPECT_NE(q->macros[0].stmt, ir::kNone);
}

/// f(1) of kTwoUses with only LIMIT's group relaxed, its assertion replaced by `assertion`.
z3::check_result relaxMacro(const std::string& assertion, std::vector<std::int64_t>* values) {
  std::string src = kTwoUses;
  src.replace(src.find("a + b == 4 * k + 10"), 19, assertion);
  auto p = compile(src);
  z3::context ctx;
  EncodeOptions o;
  o.entry = "f";
  const Encoding enc = encode(ctx, *p, entryInput({1}), {}, o);
  const std::vector<std::uint32_t> macro = groupsOnLine(*p, enc, 3);
  EXPECT_EQ(macro.size(), 1u);
  z3::solver s = solverFor(ctx, enc);
  z3::expr_vector enforced(ctx);
  for (std::uint32_t g = 0; g < enc.groups.size(); ++g)
    if (g != macro.at(0)) enforced.push_back(enc.groups[g].selector);
  const z3::check_result r = s.check(enforced);
  if (r == z3::sat)
    for (const AngelicInstance& a : angelicValues(enc, s.get_model(), macro)) {
      EXPECT_EQ(a.key.stmt, p->macros[0].stmt);
      EXPECT_EQ(a.key.occurrence, 0u);
      values->push_back(a.value);
    }
  return r;
}

TEST(MacroConstant, OneValueForEveryUse) {
  std::vector<std::int64_t> values;
  // a = 1 + L, b = L - 1 + 8: a == 5 and b == 11 hold for L = 4 alone.
  EXPECT_EQ(relaxMacro("a == 5 && b == 11", &values), z3::sat);
  EXPECT_EQ(values, std::vector<std::int64_t>{4});
  // a == 5 needs L = 4, b == 10 needs L = 3: no single value.
  values.clear();
  EXPECT_EQ(relaxMacro("a == 5 && b == 10", &values), z3::unsat);
}

TEST(MacroConstant, ReplayForcesTheValueAtEveryUse) {
  // f(1): a = 1 + L, b = L - 1 + 8, so a + b = 2L + 8: 14 as written (L = 3).
  auto p = compile(kTwoUses);
  exec::RunOptions o;
  o.entry = "f";
  o.coverage = true;
  const exec::RunResult natural = exec::run(*p, entryInput({1}), o);
  EXPECT_EQ(natural.verdict, exec::Verdict::Exited);
  // Each use is a hit of the macro's statement.
  EXPECT_EQ(natural.stmtHits.at(p->macros[0].stmt), 2u);
  exec::FixedHooks hooks;
  o.observer = &hooks;
  hooks.overrides[{p->macros[0].stmt, 0}] = 5;  // 18: the assertion (14) fails
  EXPECT_EQ(exec::run(*p, entryInput({1}), o).verdict, exec::Verdict::AssertFailed);

  std::string src = kTwoUses;
  src.replace(src.find("a + b == 4 * k + 10"), 19, "a + b == 18        ");
  auto q = compile(src);
  o.observer = nullptr;  // as written: 14, not 18
  EXPECT_EQ(exec::run(*q, entryInput({1}), o).verdict, exec::Verdict::AssertFailed);
  exec::FixedHooks five;
  five.overrides[{q->macros[0].stmt, 0}] = 5;  // both uses read 5: 18
  o.observer = &five;
  EXPECT_EQ(exec::run(*q, entryInput({1}), o).verdict, exec::Verdict::Exited);
  exec::FixedHooks later;
  later.overrides[{q->macros[0].stmt, 1}] = 5;  // only instance 0 is the macro's value
  o.observer = &later;
  EXPECT_EQ(exec::run(*q, entryInput({1}), o).verdict, exec::Verdict::AssertFailed);
}

}  // namespace
}  // namespace culprit::encode::test

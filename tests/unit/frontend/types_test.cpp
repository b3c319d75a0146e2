// Frontend: C types, implicit conversions made explicit, literals, variables and initializers.
#include "frontend_test_util.h"

namespace culprit::frontend::test {
namespace {

using ir::ExprKind;
using ir::IntKind;

ir::IntKind kindOf(const ir::Program& p, const std::string& name) {
  const ir::Var& v = var(p, name);
  EXPECT_TRUE(v.type->isInt()) << name;
  return v.type->intKind;
}

TEST(Types, EveryIntegerTypeMapsToItsKind) {
  auto p = lower(R"(
    _Bool b; char c; signed char sc; unsigned char uc; short s; unsigned short us;
    int i; unsigned u; long l; unsigned long ul; long long ll; unsigned long long ull;
    const volatile int cv;
  )");
  EXPECT_EQ(kindOf(*p, "b"), IntKind::Bool);
  EXPECT_EQ(kindOf(*p, "c"), IntKind::Char);
  EXPECT_EQ(kindOf(*p, "sc"), IntKind::SChar);
  EXPECT_EQ(kindOf(*p, "uc"), IntKind::UChar);
  EXPECT_EQ(kindOf(*p, "s"), IntKind::Short);
  EXPECT_EQ(kindOf(*p, "us"), IntKind::UShort);
  EXPECT_EQ(kindOf(*p, "i"), IntKind::Int);
  EXPECT_EQ(kindOf(*p, "u"), IntKind::UInt);
  EXPECT_EQ(kindOf(*p, "l"), IntKind::Long);
  EXPECT_EQ(kindOf(*p, "ul"), IntKind::ULong);
  EXPECT_EQ(kindOf(*p, "ll"), IntKind::LongLong);
  EXPECT_EQ(kindOf(*p, "ull"), IntKind::ULongLong);
  EXPECT_EQ(kindOf(*p, "cv"), IntKind::Int);
}

TEST(Types, TypedefsAndEnumsResolveToIntegers) {
  auto p = lower(R"(
    typedef unsigned short u16;
    typedef u16 word;
    enum pos { A, B = 7, C };
    enum neg { M = -1, N };
    word w; enum pos ep; enum neg en;
    int f(void) { return C; }
  )");
  EXPECT_EQ(kindOf(*p, "w"), IntKind::UShort);
  EXPECT_EQ(kindOf(*p, "ep"), IntKind::UInt);  // non-negative enums are unsigned int in C
  EXPECT_EQ(kindOf(*p, "en"), IntKind::Int);
  const ir::Expr& c = *top(*p, "f", 0).expr;
  ASSERT_EQ(c.kind, ExprKind::IntLit);
  EXPECT_EQ(c.value, 8);
  EXPECT_EQ(c.type->intKind, IntKind::Int);
}

TEST(Types, UsualArithmeticConversionsAreExplicitCasts) {
  auto p = lower("unsigned u; int i; long r; void f(void) { r = u + i; }");
  const ir::Expr& sum = *rhs(top(*p, "f", 0)).ops.at(0);  // r = (long)(u + (unsigned)i)
  ASSERT_EQ(sum.kind, ExprKind::Binary);
  EXPECT_EQ(sum.binop, ir::BinOp::Add);
  EXPECT_EQ(sum.type->intKind, IntKind::UInt);
  ASSERT_EQ(sum.ops[1]->kind, ExprKind::Cast);
  EXPECT_EQ(sum.ops[1]->type->intKind, IntKind::UInt);
  EXPECT_EQ(sum.ops[1]->ops[0]->kind, ExprKind::VarRef);
  EXPECT_EQ(text(*p, top(*p, "f", 0)), "r = (long)(u + (unsigned int)i)");
}

TEST(Types, IntegerPromotionOfChar) {
  auto p = lower("char c; int r; void f(void) { r = c + 1; }");
  const ir::Expr& sum = rhs(top(*p, "f", 0));
  EXPECT_EQ(sum.type->intKind, IntKind::Int);
  ASSERT_EQ(sum.ops[0]->kind, ExprKind::Cast);
  EXPECT_EQ(sum.ops[0]->type->intKind, IntKind::Int);
  EXPECT_EQ(sum.ops[0]->ops[0]->type->intKind, IntKind::Char);
}

TEST(Types, ComparisonComputesInOperandTypeAndYieldsInt) {
  auto p = lower("unsigned u; int i, r; void f(void) { r = u < i; }");
  const ir::Expr& cmp = rhs(top(*p, "f", 0));
  EXPECT_EQ(cmp.binop, ir::BinOp::Lt);
  EXPECT_EQ(cmp.type->intKind, IntKind::Int);
  EXPECT_EQ(cmp.ops[0]->type->intKind, IntKind::UInt);
  EXPECT_EQ(cmp.ops[1]->type->intKind, IntKind::UInt);
}

TEST(Types, ShiftKeepsTheRightOperandsType) {
  auto p = lower("int x; unsigned long n; void f(void) { x = x << n; }");
  const ir::Expr& shl = rhs(top(*p, "f", 0));
  EXPECT_EQ(shl.binop, ir::BinOp::Shl);
  EXPECT_EQ(shl.type->intKind, IntKind::Int);
  EXPECT_EQ(shl.ops[1]->kind, ExprKind::VarRef);
  EXPECT_EQ(shl.ops[1]->type->intKind, IntKind::ULong);
}

TEST(Types, CompoundAssignmentRecordsItsComputationType) {
  auto p = lower("unsigned char b; int i; long l; void f(void) { b += 300; i -= l; }");
  const ir::Expr& add = *top(*p, "f", 0).expr;
  ASSERT_EQ(add.kind, ExprKind::CompoundAssign);
  EXPECT_EQ(add.binop, ir::BinOp::Add);
  EXPECT_EQ(add.type->intKind, IntKind::UChar);
  EXPECT_EQ(add.computeType->intKind, IntKind::Int);
  EXPECT_EQ(add.ops[1]->kind, ExprKind::IntLit);
  const ir::Expr& sub = *top(*p, "f", 1).expr;
  EXPECT_EQ(sub.binop, ir::BinOp::Sub);
  EXPECT_EQ(sub.type->intKind, IntKind::Int);
  EXPECT_EQ(sub.computeType->intKind, IntKind::Long);
  EXPECT_EQ(sub.ops[1]->type->intKind, IntKind::Long);
}

TEST(Types, AssignmentConvertsToTheLvalueType) {
  auto p = lower("char c; _Bool b; void f(void) { c = 300; b = 5; }");
  const ir::Expr& toChar = rhs(top(*p, "f", 0));
  ASSERT_EQ(toChar.kind, ExprKind::Cast);
  EXPECT_EQ(toChar.type->intKind, IntKind::Char);
  EXPECT_EQ(toChar.ops[0]->value, 300);
  const ir::Expr& toBool = rhs(top(*p, "f", 1));
  ASSERT_EQ(toBool.kind, ExprKind::Cast);
  EXPECT_EQ(toBool.type->intKind, IntKind::Bool);
}

TEST(Types, LiteralsHaveCsTypesAndNormalisedValues) {
  auto p = lower(R"(
    int a = 'a'; int neg = '\xff'; long big = 4294967295; unsigned hex = 0xFFFFFFFF;
    unsigned long max = 18446744073709551615UL; char wrap = 200;
  )");
  EXPECT_EQ(var(*p, "a").init->value, 97);
  EXPECT_EQ(var(*p, "neg").init->value, -1);  // plain char is signed
  EXPECT_EQ(var(*p, "big").init->value, 4294967295LL);
  EXPECT_EQ(var(*p, "hex").init->value, 4294967295LL);
  EXPECT_EQ(static_cast<std::uint64_t>(var(*p, "max").init->value), 18446744073709551615ULL);
  EXPECT_EQ(var(*p, "wrap").init->value, -56);
  EXPECT_EQ(var(*p, "wrap").init->type->intKind, IntKind::Char);
}

TEST(Types, SizeofAndAlignofFoldToUnsignedLong) {
  auto p = lower(R"(
    int a[10]; unsigned long r;
    void f(void) { r = sizeof(long); r = sizeof a; r = _Alignof(int); r = sizeof a[0]; }
  )");
  const std::int64_t expected[] = {8, 40, 4, 4};
  for (int i = 0; i < 4; ++i) {
    const ir::Expr& e = rhs(top(*p, "f", i));
    ASSERT_EQ(e.kind, ExprKind::IntLit) << i;
    EXPECT_EQ(e.value, expected[i]) << i;
    EXPECT_EQ(e.type->intKind, IntKind::ULong) << i;
  }
}

TEST(Types, MultiDimensionalArraysIndexThroughDecay) {
  auto p = lower("int m[2][3]; int f(int i) { return m[i][2]; }");
  const ir::Var& m = var(*p, "m");
  ASSERT_TRUE(m.type->isArray());
  EXPECT_EQ(m.type->length, 2u);
  EXPECT_EQ(m.type->elem->length, 3u);
  EXPECT_EQ(m.type->cellCount(), 6u);
  const ir::Expr& outer = *top(*p, "f", 0).expr;  // m[i][2]
  ASSERT_EQ(outer.kind, ExprKind::Index);
  EXPECT_TRUE(outer.type->isInt());
  const ir::Expr& decayRow = *outer.ops[0];
  ASSERT_EQ(decayRow.kind, ExprKind::Cast);
  EXPECT_TRUE(decayRow.type->isPointer());
  const ir::Expr& row = *decayRow.ops[0];  // m[i]: int[3]
  ASSERT_EQ(row.kind, ExprKind::Index);
  EXPECT_TRUE(row.type->isArray());
  ASSERT_EQ(row.ops[0]->kind, ExprKind::Cast);  // m decays to int (*)[3]
  EXPECT_EQ(row.ops[0]->type->elem, m.type->elem);
  EXPECT_EQ(row.ops[0]->ops[0]->kind, ExprKind::VarRef);
}

TEST(Types, ArrayParametersDecayToPointers) {
  auto p = lower("int f(int a[], int m[][3], int n) { return a[n] + m[n][0]; }");
  const ir::Function& f = fn(*p, "f");
  ASSERT_EQ(f.params.size(), 3u);
  const ir::Var& a = p->vars[f.params[0]];
  const ir::Var& m = p->vars[f.params[1]];
  ASSERT_TRUE(a.type->isPointer());
  EXPECT_EQ(a.type->elem->intKind, IntKind::Int);
  ASSERT_TRUE(m.type->isPointer());
  EXPECT_TRUE(m.type->elem->isArray());
  EXPECT_EQ(a.storage, ir::Var::Storage::Param);
  const ir::Expr& index = *top(*p, "f", 0).expr->ops[0];  // a[n]: no decay, a is a pointer
  EXPECT_EQ(index.ops[0]->kind, ExprKind::VarRef);
}

TEST(Types, GlobalInitializersAreFoldedAndFlattened) {
  auto p = lower(R"(
    #define N 3
    int g = N * 2 + 1;
    int arr[5] = {1, 0, N};
    int m[2][2] = {{1}, {0, 4}};
    int d[4] = {[2] = 7};
    char s[] = "hi";
    char t[2][3] = {"ab", "c"};
    int z;
  )");
  EXPECT_EQ(var(*p, "g").init->value, 7);
  const ir::Expr& arr = *var(*p, "arr").init;
  ASSERT_EQ(arr.kind, ExprKind::InitList);
  EXPECT_EQ(arr.initOffsets, (std::vector<std::uint64_t>{0, 2}));  // zeros are implicit
  EXPECT_EQ(arr.ops[1]->value, 3);
  EXPECT_EQ(var(*p, "m").init->initOffsets, (std::vector<std::uint64_t>{0, 3}));
  EXPECT_EQ(var(*p, "d").init->initOffsets, (std::vector<std::uint64_t>{2}));
  const ir::Expr& s = *var(*p, "s").init;
  ASSERT_EQ(s.kind, ExprKind::StrLit);
  EXPECT_EQ(s.text, "hi");
  EXPECT_EQ(var(*p, "s").type->length, 3u);
  const ir::Expr& t = *var(*p, "t").init;
  EXPECT_EQ(t.initOffsets, (std::vector<std::uint64_t>{0, 1, 3}));
  EXPECT_EQ(t.ops[2]->value, 'c');
  EXPECT_EQ(var(*p, "z").init, nullptr);
  EXPECT_EQ(p->globals.size(), 7u);
  for (std::size_t i = 0; i < p->globals.size(); ++i) {
    EXPECT_EQ(p->vars[p->globals[i]].slot, i);
    EXPECT_EQ(p->vars[p->globals[i]].storage, ir::Var::Storage::Global);
  }
  EXPECT_EQ(p->vars[p->globals[0]].name, "g");
}

TEST(Types, UnionMembersOverlayFromTheFirstCell) {
  auto p = lower(R"(
    union pair { int a[2]; struct { int x, y; } p; int first; };
    struct tagged { char tag; union pair u; double w; };
    union pair g = {.p = {4, 5}};
    union pair h = {7};
    struct tagged t = {1, {.first = 3}, 2.0};
    int f(union pair *q) { return q->p.y + q->first; }
  )");
  const ir::Type& u = *var(*p, "g").type;
  ASSERT_TRUE(u.isStruct());
  EXPECT_TRUE(u.isUnion);
  EXPECT_EQ(u.str(), "union pair");
  EXPECT_EQ(u.cellCount(), 2u);
  ASSERT_EQ(u.fields.size(), 3u);
  for (const ir::Field& f : u.fields)
    EXPECT_EQ(f.offset, 0u) << f.name;
  EXPECT_EQ(u.cellType(1)->intKind, IntKind::Int);  // the longest member's cell
  EXPECT_FALSE(u.uniformCells());
  EXPECT_EQ(var(*p, "g").init->initOffsets, (std::vector<std::uint64_t>{0, 1}));
  EXPECT_EQ(var(*p, "g").init->ops[1]->value, 5);
  EXPECT_EQ(var(*p, "h").init->initOffsets, (std::vector<std::uint64_t>{0}));
  const ir::Type& t = *var(*p, "t").type;
  EXPECT_EQ(t.cellCount(), 4u);
  EXPECT_EQ(t.fields[2].offset, 3u);
  EXPECT_EQ(t.cellType(2)->intKind, IntKind::Int);
  EXPECT_EQ(t.cellType(3)->intKind, IntKind::Double);
  EXPECT_EQ(var(*p, "t").init->initOffsets, (std::vector<std::uint64_t>{0, 1, 3}));
}

TEST(Types, TentativeAndExternDeclarationsAreOneGlobal) {
  auto p = lower("extern int x; int x; int x = 4; int f(void) { extern int x; return x; }");
  ASSERT_EQ(p->globals.size(), 1u);
  EXPECT_EQ(var(*p, "x").init->value, 4);
  EXPECT_EQ(top(*p, "f", 0).expr->var, p->globals[0]);
}

TEST(Types, LocalInitializersAreExpressions) {
  auto p = lower(R"(
    int f(int x) {
      int a[3] = {x, x + 1};
      char buf[4] = "ab";
      int y = x * 2;
      return a[0] + buf[0] + y;
    }
  )");
  const ir::Stmt& a = top(*p, "f", 0);
  ASSERT_EQ(a.kind, ir::StmtKind::Decl);
  ASSERT_EQ(a.expr->kind, ExprKind::InitList);
  EXPECT_EQ(a.expr->initOffsets, (std::vector<std::uint64_t>{0, 1}));
  EXPECT_EQ(ir::printExpr(*p, *a.expr->ops[1]), "x + 1");
  EXPECT_EQ(top(*p, "f", 1).expr->kind, ExprKind::StrLit);
  EXPECT_EQ(text(*p, top(*p, "f", 2)), "x * 2");
  EXPECT_EQ(top(*p, "f", 2).role, ir::StmtRole::Assign);
}

TEST(Types, StaticLocalsBecomeUniquelyNamedGlobals) {
  auto p = lower(R"(
    int f(void) { static int n = 1; return n++; }
    int g(void) { static int n; { static int n = 5; return n; } }
  )");
  const ir::Var& fn1 = var(*p, "f.n");
  EXPECT_EQ(fn1.storage, ir::Var::Storage::Global);
  EXPECT_EQ(fn1.init->value, 1);
  EXPECT_EQ(var(*p, "g.n").init, nullptr);
  EXPECT_EQ(var(*p, "g.n.1").init->value, 5);
  EXPECT_EQ(p->globals.size(), 3u);
  ASSERT_EQ(fn(*p, "f").body->children.size(), 1u);  // no statement for the declaration
  EXPECT_EQ(top(*p, "f", 0).expr->ops[0]->var, varId(*p, "f.n"));
  EXPECT_TRUE(fn(*p, "f").frame.empty());
}

TEST(Types, ShadowedLocalsAreDistinctVariablesWithFrameSlots) {
  auto p = lower(R"(
    int f(int x) {
      int y = x;
      { int y = 2; y++; }
      y--;
      return y;
    }
  )");
  const ir::Function& f = fn(*p, "f");
  ASSERT_EQ(f.frame.size(), 3u);  // x, y, inner y
  for (std::size_t i = 0; i < f.frame.size(); ++i) {
    EXPECT_EQ(p->vars[f.frame[i]].slot, i);
    EXPECT_EQ(p->vars[f.frame[i]].func, f.id);
  }
  EXPECT_EQ(f.params, std::vector<ir::VarId>{f.frame[0]});
  ir::VarId outer = f.frame[1], inner = f.frame[2];
  EXPECT_NE(outer, inner);
  const ir::Stmt& block = top(*p, "f", 1);
  EXPECT_EQ(block.children.at(1)->expr->ops[0]->var, inner);
  EXPECT_EQ(top(*p, "f", 2).expr->ops[0]->var, outer);
  EXPECT_EQ(p->vars[inner].storage, ir::Var::Storage::Local);
}

}  // namespace
}  // namespace culprit::frontend::test

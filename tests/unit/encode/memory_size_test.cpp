// Formula size follows the cells a program can touch: a store at a symbolic index into an array
// of structs reaches one field of each element (not every cell), objects a branch does not
// write cost nothing at its join, and a pointer walked along a list costs terms in the number
// of blocks, not in its square. Each test also checks that the formula still decides the
// program's assertion both ways.
#include "encode_test_util.h"

#include <gtest/gtest.h>

#include <string>
#include <unordered_set>

namespace culprit::encode::test {
namespace {

struct Size {
  std::size_t terms = 0, ites = 0;
};

/// Distinct terms and ite terms of the hard clauses.
Size sizeOf(const Encoding& enc) {
  Size size;
  std::unordered_set<unsigned> seen;
  std::vector<z3::expr> todo;
  for (const HardClause& h : enc.hard)
    todo.push_back(h.clause);
  while (!todo.empty()) {
    const z3::expr e = todo.back();
    todo.pop_back();
    if (!seen.insert(e.id()).second) continue;
    ++size.terms;
    if (!e.is_app()) continue;
    if (e.decl().decl_kind() == Z3_OP_ITE) ++size.ites;
    for (unsigned i = 0; i < e.num_args(); ++i)
      todo.push_back(e.arg(i));
  }
  return size;
}

/// Program formula of `f(args)` with symbolic arguments (every index is one the formula
/// computes), no soft groups; whether an assertion can fail is `enc.violation`.
Encoding programFormula(z3::context& ctx, const ir::Program& p, std::vector<std::int64_t> args) {
  EncodeOptions o;
  o.entry = "f";
  o.relax = false;
  o.symbolicInputs = true;
  o.unwind = 14;
  Expectation none;
  none.assertions = false;
  return encode(ctx, p, entryInput(std::move(args)), none, o);
}

z3::check_result canFail(z3::context& ctx, const Encoding& enc) {
  z3::solver s = solverFor(ctx, enc);
  s.add(enc.violation);
  return s.check();
}

std::string structArray(int padding, const char* check) {
  return "#include <assert.h>\nstruct rec { int key; int pad[" + std::to_string(padding) +
         "]; int val; char tag; };\nstruct rec table[6];\n"
         "void f(int i, int v) {\n"
         "  if (i < 0 || i >= 6) return;\n"
         "  table[i].val = v;\n"
         "  table[i].key = v + 1;\n"
         "  assert(" +
         check + ");\n}\n";
}

// A field written at a symbolic index touches that field of each element: the formula does not
// grow with the other fields of the struct (20 int padding cells instead of 1 add no ite; the
// char field makes it an object of structs, cells of several types), and it still tells a true
// assertion from a false one.
TEST(MemoryFormulaSize, SymbolicIndexIntoStructsTouchesOneFieldPerElement) {
  z3::context ctx;
  const char* holds = "table[i].val == v && table[i].key == v + 1 && table[i].pad[0] == 0";
  auto small = compile(structArray(1, holds));
  auto wide = compile(structArray(20, holds));
  const Encoding a = programFormula(ctx, *small, {2, 5});
  const Encoding b = programFormula(ctx, *wide, {2, 5});
  const Size sa = sizeOf(a), sb = sizeOf(b);
  EXPECT_EQ(sa.ites, sb.ites);
  EXPECT_LE(sb.terms, sa.terms + 2);  // the stride and offsets are other numerals
  // Two stores and three loads over 6 elements: one ite per element each, not per cell.
  EXPECT_LE(sb.ites, 5u * 6u);
  EXPECT_EQ(canFail(ctx, a), z3::unsat);
  EXPECT_EQ(canFail(ctx, b), z3::unsat);
  // A store reaches its own field only: the padding next to `val` stays zero, and `val`
  // is really written (a wrong claim about it can fail).
  auto next = compile(structArray(20, "table[i].pad[19] == 0 && table[i].val == v"));
  EXPECT_EQ(canFail(ctx, programFormula(ctx, *next, {2, 5})), z3::unsat);
  auto wrong = compile(structArray(20, "table[i].val != v || i == 3"));
  EXPECT_EQ(canFail(ctx, programFormula(ctx, *wrong, {2, 5})), z3::sat);
  auto other = compile(structArray(20, "table[(i + 1) % 6].val == 0"));
  EXPECT_EQ(canFail(ctx, programFormula(ctx, *other, {2, 5})), z3::unsat);
}

std::string branchesBeside(int cells) {
  return "#include <assert.h>\nint big[" + std::to_string(cells) +
         "];\n"
         "void f(int a, int b) {\n"
         "  int x = 0;\n"
         "  if (a > 0) x = 1; else x = 2;\n"
         "  if (b > 0) x = x + 1;\n"
         "  if (a + b > 3) big[1] = x;\n"
         "  assert(big[0] == 0 && x <= 3);\n}\n";
}

// Joins merge only what their sides wrote: an array beside the branches, written in one cell,
// adds nothing whether it has 4 or 400 cells (the states share its cells until one writes).
TEST(MemoryFormulaSize, JoinsMergeOnlyTheCellsTheSidesWrote) {
  z3::context ctx;
  auto small = compile(branchesBeside(4));
  auto big = compile(branchesBeside(400));
  const Encoding a = programFormula(ctx, *small, {1, 1});
  const Encoding b = programFormula(ctx, *big, {1, 1});
  EXPECT_EQ(sizeOf(a).ites, sizeOf(b).ites);
  EXPECT_EQ(sizeOf(a).terms, sizeOf(b).terms);
  EXPECT_EQ(canFail(ctx, b), z3::unsat);
}

std::string listWalk(int blocks, const char* check) {
  return "#include <assert.h>\n#include <stdlib.h>\n"
         "struct node { int v; struct node *next; };\n"
         "void f(int n, int k) {\n"
         "  struct node *head = 0, *p;\n"
         "  int i;\n"
         "  if (n < 0 || n > " +
         std::to_string(blocks) +
         ") return;\n"
         "  for (i = 0; i < " +
         std::to_string(blocks) +
         "; i++) {\n"
         "    if (i >= n) break;\n"
         "    p = (struct node *)malloc(sizeof(struct node));\n"
         "    p->v = i; p->next = head; head = p;\n"
         "  }\n"
         "  p = head;\n"
         "  for (i = 0; i < k && p != 0; i++) p = p->next;\n"
         "  assert(" +
         check + ");\n}\n";
}

// A pointer walked along a list of heap blocks: each step selects among the blocks once (the
// object it designates is one term), so doubling the blocks does not quadruple the formula.
TEST(MemoryFormulaSize, PointerWalkGrowsWithTheBlocksNotTheirSquare) {
  z3::context ctx;
  const char* holds = "k < 0 || p == 0 || p->v == n - 1 - k";
  auto six = compile(listWalk(6, holds));
  auto twelve = compile(listWalk(12, holds));
  const Encoding a = programFormula(ctx, *six, {3, 1});
  const Encoding b = programFormula(ctx, *twelve, {3, 1});
  const Size sa = sizeOf(a), sb = sizeOf(b);
  // Blocks and loop iterations both double: linear growth per step is 4x overall; the
  // alternatives of each step multiplied by the blocks reached 8x and more before.
  EXPECT_LT(sb.terms, 5 * sa.terms) << sa.terms << " -> " << sb.terms;
  EXPECT_EQ(canFail(ctx, a), z3::unsat);
  auto wrong = compile(listWalk(6, "p == 0 || p->v != 2"));
  EXPECT_EQ(canFail(ctx, programFormula(ctx, *wrong, {3, 1})), z3::sat);
}

}  // namespace
}  // namespace culprit::encode::test

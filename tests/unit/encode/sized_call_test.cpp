// The byte count of a memset or memcpy statement, and the count of a bsearch whose result
// initialises a pointer, is a soft group (ir::sizedCall): relaxed, the
// formula may pick any count that starts and ends in the object, and the cells the count covers
// take the fill or the copy, the cell it ends in with only its low-order bytes set (memset), as
// exec/heap.cpp writes them. Enforced, the count the statement computes is encoded the same
// way, so the partial cells are checked here too.
#include "encode_test_util.h"

#include <gtest/gtest.h>

#include <limits>
#include <optional>

namespace culprit::encode::test {
namespace {

// int a[4] holds 0x01020304 in each cell, b[4] holds 1, 2, 3, 4.
const char* kPrefix = "#include <assert.h>\n#include <string.h>\nint f(int k) {\n"
                      "  int a[4] = {0x01020304, 0x01020304, 0x01020304, 0x01020304};\n"
                      "  int b[4] = {1, 2, 3, 4};\n  ";

struct Outcome {
  z3::check_result result = z3::unknown;
  std::vector<std::int64_t> counts;  ///< the relaxed counts of the model (when sat)
};

using Range = std::optional<std::pair<std::int64_t, std::int64_t>>;

/// `f(arg)` of `source`, whose line 6 is the sized call. `relax`: line 6's group is relaxed
/// (every other one enforced), else every group is enforced. `within`: the count of line 6
/// restricted to [lo, hi].
Outcome checkSource(const std::string& source, std::int64_t arg, bool relax, Range within) {
  auto p = compile(source);
  z3::context ctx;
  EncodeOptions o;
  o.entry = "f";
  const Encoding enc = encode(ctx, *p, entryInput({arg}), {}, o);
  const std::vector<std::uint32_t> line6 = groupsOnLine(*p, enc, 6);
  EXPECT_EQ(line6.size(), 1u);
  z3::solver s = solverFor(ctx, enc);
  if (within)
    for (std::uint32_t i : enc.groups[line6.at(0)].instances)
      s.add(valueWithin(enc.instances[i].value, enc.instances[i].type, within->first,
                        within->second));
  const z3::expr_vector enforced =
      enforcedExcept(ctx, enc, relax ? line6 : std::vector<std::uint32_t>{});
  Outcome out;
  out.result = s.check(enforced);
  if (out.result == z3::sat && relax)
    for (const AngelicInstance& a : angelicValues(enc, s.get_model(), line6))
      out.counts.push_back(a.value);
  return out;
}

/// `f(0)` with `call` on line 6 and `assert(assertion)` after it (see checkSource).
Outcome check(const std::string& call, const std::string& assertion, bool relax,
              Range within = {}) {
  return checkSource(kPrefix + call + ";\n  assert(" + assertion + ");\n  return k;\n}\n", 0, relax,
                     within);
}

/// The interpreter's verdict on the same program: the assertion holds.
bool runs(const std::string& call, const std::string& assertion) {
  auto p = compile(kPrefix + call + ";\n  assert(" + assertion + ");\n  return k;\n}\n");
  return !runTraced(*p, entryInput({0}), "f").failed();
}

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

TEST(SizedCall, MemsetOfWholeCells) {
  const char* call = "memset(a, 0xff, 8)";
  EXPECT_EQ(check(call, "a[0] == -1 && a[1] == -1 && a[2] == 0x01020304", false).result, z3::sat);
  EXPECT_TRUE(runs(call, "a[0] == -1 && a[1] == -1 && a[2] == 0x01020304"));
  EXPECT_EQ(check(call, "a[2] == -1", false).result, z3::unsat);
}

TEST(SizedCall, MemsetEndingInACellSetsItsLowBytes) {
  // 6 bytes: a[0] whole, the two low-order bytes of a[1] (little-endian).
  const char* call = "memset(a, 0xff, 6)";
  const char* holds = "a[0] == -1 && a[1] == 0x0102ffff && a[2] == 0x01020304";
  EXPECT_EQ(check(call, holds, false).result, z3::sat);
  EXPECT_TRUE(runs(call, holds));
  EXPECT_EQ(check(call, "a[1] == 0x01020304", false).result, z3::unsat);
  EXPECT_EQ(check(call, "a[1] == -1", false).result, z3::unsat);
}

TEST(SizedCall, RelaxedMemsetCountIsADiagnosis) {
  // 4 bytes clear a[0] only; a[1] == 0 needs a count of 5 (its low byte, 0x04, cleared) to 8,
  // and a[2] kept needs at most 8.
  const char* call = "memset(a, 0, 4)";
  const char* wanted = "a[1] == 0 && a[2] == 0x01020304";
  EXPECT_EQ(check(call, wanted, false).result, z3::unsat);
  const Outcome relaxed = check(call, wanted, true);
  ASSERT_EQ(relaxed.result, z3::sat);
  ASSERT_EQ(relaxed.counts.size(), 1u);
  EXPECT_GE(relaxed.counts[0], 5);
  EXPECT_LE(relaxed.counts[0], 8);
  EXPECT_EQ(check(call, wanted, true, std::pair{std::int64_t{9}, kMax}).result, z3::unsat);
  EXPECT_EQ(check(call, wanted, true, std::pair{std::int64_t{0}, std::int64_t{4}}).result,
            z3::unsat);
}

TEST(SizedCall, RelaxedMemsetCountStaysInTheObject) {
  // From a + 2 there are 8 bytes: a[3] == 0 needs 5 to 8 of them, never more.
  const char* call = "memset(a + 2, 0, 4)";
  EXPECT_EQ(check(call, "a[3] == 0", true).result, z3::sat);
  EXPECT_EQ(check(call, "a[3] == 0", true, std::pair{std::int64_t{9}, kMax}).result, z3::unsat);
}

TEST(SizedCall, RelaxedMemcpyCountCopiesWholeCells) {
  // a[1] == 2 needs b[1] copied: 8, 12 or 16 bytes (memcpy of part of a cell is a runtime error
  // of the interpreter, which models memory as typed cells).
  const char* call = "memcpy(a, b, 4)";
  EXPECT_EQ(check(call, "a[0] == 1 && a[1] == 0x01020304", false).result, z3::sat);
  EXPECT_EQ(check(call, "a[1] == 2", false).result, z3::unsat);
  const Outcome relaxed = check(call, "a[1] == 2 && a[3] == 0x01020304", true);
  ASSERT_EQ(relaxed.result, z3::sat);
  ASSERT_EQ(relaxed.counts.size(), 1u);
  EXPECT_TRUE(relaxed.counts[0] == 8 || relaxed.counts[0] == 12) << relaxed.counts[0];
  EXPECT_EQ(check(call, "a[1] == 2", true, std::pair{std::int64_t{5}, std::int64_t{7}}).result,
            z3::unsat);
  EXPECT_EQ(check(call, "a[1] == 2", true, std::pair{std::int64_t{17}, kMax}).result, z3::unsat);
}

// f(4) searches b = {1, 2, 3, 4} for 4 over the first 2 elements only.
const char* kSearch =
    "#include <assert.h>\n#include <stdlib.h>\n"
    "int cmp(const void *x, const void *y) { return *(const int *)x - *(const int *)y; }\n"
    "int f(int k) {\n  int b[4] = {1, 2, 3, 4};\n"
    "  int *hit = bsearch(&k, b, 2, sizeof b[0], cmp);\n"
    "  assert(hit != 0);\n  return k;\n}\n";

TEST(SizedCall, RelaxedBsearchCountIsADiagnosis) {
  // By glibc's halving (exec/sort.cpp): 2 and 3 elements never reach b[3]; 4 finds it (mids 2,
  // 3). 6 and 7 would find it at once (mid 3), but the array searched must lie in b (C11
  // 7.22.5), so no count above 4 is allowed, nor a negative one (a huge size_t).
  EXPECT_EQ(checkSource(kSearch, 4, false, {}).result, z3::unsat);
  const Outcome relaxed = checkSource(kSearch, 4, true, {});
  ASSERT_EQ(relaxed.result, z3::sat);
  ASSERT_EQ(relaxed.counts.size(), 1u);
  EXPECT_EQ(relaxed.counts[0], 4);
  EXPECT_EQ(checkSource(kSearch, 4, true, std::pair{std::int64_t{0}, std::int64_t{3}}).result,
            z3::unsat);
  EXPECT_EQ(checkSource(kSearch, 4, true, std::pair{std::int64_t{5}, kMax}).result, z3::unsat);
  // The interpreter agrees on the natural count: not found (the assertion fails), and 2 finds
  // 2; a count past b is a runtime error.
  auto p = compile(kSearch);
  EXPECT_TRUE(runTraced(*p, entryInput({4}), "f").failed());
  EXPECT_FALSE(runTraced(*p, entryInput({2}), "f").failed());
  auto wide = compile(std::string(kSearch).replace(std::string(kSearch).find("b, 2,"), 5, "b, 6,"));
  const exec::RunResult r = runTraced(*wide, entryInput({4}), "f");
  EXPECT_EQ(r.verdict, exec::Verdict::RuntimeError);
  EXPECT_NE(r.message.find("bsearch of 6 elements out of bounds"), std::string::npos) << r.message;
}

}  // namespace
}  // namespace culprit::encode::test

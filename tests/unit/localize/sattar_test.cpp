// SAT-TAR: partitions by violated specification, each fault first in its own; generated tests
// reproduce as tests-file lines; symbolic inputs of the encoder.
#include "encode/encode.h"
#include "frontend/frontend.h"
#include "localize/technique.h"
#include "testing/testcase.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace culprit::localize {
namespace {

/// The two-fault program of the regression case: fault 1 (line 8) violates the first assertion
/// (line 12), fault 2 (line 11) the second (line 13).
std::string twoFaults() {
  std::ifstream in(std::string(CULPRIT_SOURCE_DIR) +
                   "/tests/regress/sattar-two-faults/twofaults.c");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Suite {
  std::unique_ptr<ir::Program> program;
  testing::TestSuite suite;
  testing::SuiteResult results;
  testing::CoverageMatrix coverage;
  testing::Oracle oracle;

  explicit Suite(const std::vector<std::string>& lines) {
    program = frontend::parseSource(twoFaults(), "t.c", frontend::Options{});
    for (const std::string& l : lines) {
      testing::TestCase t = testing::parseTestLine(l, ".", false);
      t.index = static_cast<int>(suite.tests.size()) + 1;
      suite.tests.push_back(t);
    }
    testing::SuiteOptions so;
    so.run.coverage = true;
    results = testing::runSuite(*program, suite, oracle, so);
    coverage = testing::coverageMatrix(results, program->stmts.size());
  }
  Result run(FormulaOptions options = {}) const {
    Problem p;
    p.program = program.get();
    p.suite = &suite;
    p.results = &results;
    p.coverage = &coverage;
    p.oracle = &oracle;
    p.options = options;
    return findTechnique("sattar")->run(p);
  }
};

const RankedLine& first(const SbflRanking& r) { return r.lines.at(0); }

TEST(SatTar, EachFaultFirstInItsOwnPartition) {
  const Suite s({"1 2", "0 0", "-3 0", "4 0"});
  const Result r = s.run();
  ASSERT_EQ(r.partitions.size(), 2u);
  EXPECT_EQ(r.partitions[0].spec, "the assertion at t.c:12");
  EXPECT_EQ(r.partitions[0].seedTest, 0);
  EXPECT_EQ(first(r.partitions[0].ranking).line, 8u);
  EXPECT_EQ(first(r.partitions[0].ranking).rank.worst, 1u);
  EXPECT_EQ(r.partitions[1].spec, "the assertion at t.c:13");
  EXPECT_EQ(r.partitions[1].seedTest, 2);
  EXPECT_EQ(first(r.partitions[1].ranking).line, 11u);
  EXPECT_EQ(first(r.partitions[1].ranking).rank.worst, 1u);
  ASSERT_TRUE(r.ranking.has_value());  // the first partition's, for the bench
  EXPECT_EQ(first(*r.ranking).line, 8u);
}

TEST(SatTar, MucAloneTiesWhatTheGeneratedTestSeparates) {
  const Suite s({"1 2", "0 0", "-3 0", "4 0"});
  FormulaOptions o;
  ASSERT_EQ(setOption(o, "muc-only", "true"), "");
  const Result r = s.run(o);
  ASSERT_EQ(r.partitions.size(), 2u);
  EXPECT_TRUE(r.partitions[1].tests.empty());
  EXPECT_EQ(first(r.partitions[1].ranking).rank.worst, 2u);  // lines 10 and 11 tie
}

TEST(SatTar, GeneratedTestsReproduceFromTheirLines) {
  const Suite s({"1 2", "0 0", "-3 0", "4 0"});
  const Result r = s.run();
  std::size_t checked = 0;
  for (const SpecPartition& p : r.partitions)
    for (const GeneratedTest& t : p.tests) {
      const testing::TestCase again = testing::parseTestLine(t.line, ".", false);
      const exec::RunResult run = exec::run(*s.program, again.input, {});
      EXPECT_EQ(run.verdict != exec::Verdict::Exited, t.failing) << t.line;
      ++checked;
    }
  EXPECT_GE(checked, 2u);
}

TEST(SymbolicInputs, ArgvNumbersAndEntryArgumentsBecomeFreeValues) {
  auto p = frontend::parseSource(twoFaults(), "t.c", frontend::Options{});
  z3::context ctx;
  encode::EncodeOptions eo;
  eo.relax = false;
  eo.symbolicInputs = true;
  encode::Expectation none;
  none.assertions = false;
  exec::RunInput in;
  in.args = {"1", "2"};
  const encode::Encoding enc = encode::encode(ctx, *p, in, none, eo);
  ASSERT_EQ(enc.inputs.size(), 2u);
  EXPECT_EQ(enc.inputs[0].index, 1u);
  EXPECT_EQ(enc.inputs[1].index, 2u);
  // With the inputs free, the first assertion's violation is satisfiable with b = 0 too, which
  // the concrete test "1 2" could not show: a = 7, b = 0 passes it.
  z3::solver sv(ctx);
  for (const encode::HardClause& h : enc.hard)
    sv.add(h.clause);
  sv.add(enc.inputs[1].value == ctx.bv_val(0, 32) && enc.inputs[0].value == ctx.bv_val(7, 32));
  EXPECT_EQ(sv.check(), z3::sat);

  auto harness =
      frontend::parseSource("int f(int x, int y) { return x + y; }", "h.c", frontend::Options{});
  eo.entry = "f";
  exec::RunInput args;
  args.entryArgs = {1, 2};
  const encode::Encoding henc = encode::encode(ctx, *harness, args, none, eo);
  ASSERT_EQ(henc.inputs.size(), 2u);
  EXPECT_TRUE(henc.inputs[0].entryArgument);
}

}  // namespace
}  // namespace culprit::localize

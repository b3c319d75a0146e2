// Readable angelic values and the time limit: a diagnosis whose values the deadline leaves
// unpolished makes the result incomplete (issue 28, W11: a run cut while polishing said
// `complete: true`). The deadline is passed in, so the cut is deterministic.
#include "formula_test_util.h"
#include "localize/angelic.h"
#include "solve/mcs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

namespace culprit::localize::test {
namespace {

const char* kProgram = R"(#include <assert.h>
int f(int x) {
  int y = x + 1;
  int z = y * 2;
  assert(z == 10);
  return z;
}
)";

/// f(3): y is 103, and only y = 3 passes: within 10 of 0, not of the run's 103.
const char* kNearZero = R"(#include <assert.h>
int f(int x) {
  int y = x + 100;
  assert(y == 3);
  return y;
}
)";

/// f(3): y is 4, and only y = 50 passes, farther than 10 from 4 or 0.
const char* kFarValue = R"(#include <assert.h>
int f(int x) {
  int y = x + 1;
  assert(y == 50);
  return y;
}
)";

/// f(3): y is 4 and z is 5; only y >= 5 together with z >= 6 passes: the one MCS is {y, z}.
const char* kTwoValues = R"(#include <assert.h>
int f(int x) {
  int y = x + 1;
  int z = x + 2;
  assert(y > 4 && z > 5);
  return y + z;
}
)";

bool hasNote(const Result& r, const std::string& note) {
  return std::find(r.notes.begin(), r.notes.end(), note) != r.notes.end();
}

/// The flow-sensitive trace formula of f(3), its MCSs all enumerated.
class Enumerated : public ::testing::Test {
protected:
  explicit Enumerated(const char* source) : t{source, "f", {3}} {}
  void SetUp() override {
    t.task.options.timeoutSeconds = 0;  // no time bound on the enumeration
    context = makeSolverContext(t.task);
    enc = errorFormula(context->z3(), t.task, encode::Family::TraceFlowSensitive, base);
    ASSERT_TRUE(enc.has_value()) << base.incompleteReason;
    session.emplace(context->z3(), context->sessionOptions(solverLogic(t.task, *enc)));
    loaded.loadAll(*session, *enc, statementWeights(t.task, base));
    std::unique_ptr<solve::McsEnumerator> enumerator = makeEnumerator(t.task, *session, 0);
    mr = solve::enumerateMcses(*session, *enumerator);
    ASSERT_EQ(mr.stop, solve::StopReason::Exhausted);
    ASSERT_TRUE(base.complete) << base.incompleteReason;
  }
  Diagnosis diagnosis(std::size_t i) const {
    return toDiagnosis(t.task, *enc, mr.mcses[i].model, loaded.groups(mr.mcses[i].softs), 0);
  }

  OneTest t;
  std::unique_ptr<solve::Context> context;
  Result base;
  std::optional<encode::Encoding> enc;
  std::optional<solve::Session> session;
  SessionGroups loaded;
  solve::McsResult mr;
};

/// kProgram: z is 8, not 10.
class Polishing : public Enumerated {
protected:
  Polishing() : Enumerated(kProgram) {}
  void SetUp() override {
    Enumerated::SetUp();
    ASSERT_GE(mr.mcses.size(), 2u);  // y = x + 1 and z = y * 2 at least
  }
};

class PolishingNearZero : public Enumerated {
protected:
  PolishingNearZero() : Enumerated(kNearZero) {}
};

TEST_F(PolishingNearZero, AModelNearZeroOnlyIsAskedAgain) {
  // {y = x + 100}: the MCS's model has y = 3, near 0 but not near the run's 103. z3 gives a
  // value the formula leaves free 0, so near 0 alone does not spare the query: one query
  // (within 10 of 0 or of 103: sat) is asked, and it finds 3, the only passing value.
  ASSERT_EQ(mr.mcses.size(), 1u);
  AngelicPolisher polisher(t.task, *enc, *context);
  Diagnosis d = diagnosis(0);
  EXPECT_TRUE(
      polisher.polish(d, loaded.groups(mr.mcses[0].softs), solve::Deadline(), &mr.mcses[0].model));
  EXPECT_EQ(polisher.queries(), 1u);
  ASSERT_EQ(d.angelic.size(), 1u);
  EXPECT_EQ(d.angelic[0].value, 3);
}

class PolishingFar : public Enumerated {
protected:
  PolishingFar() : Enumerated(kFarValue) {}
};

TEST_F(Polishing, AReadableModelOfTheMcsIsKeptWithoutAQuery) {
  // Each MCS's model has the only passing value of its statement (y = 5, or z = 10), within
  // 10 of what the run produced (4, 8): it is the first distance's answer already.
  AngelicPolisher polisher(t.task, *enc, *context);
  for (std::size_t i = 0; i < mr.mcses.size(); ++i) {
    Diagnosis d = diagnosis(i);
    const std::vector<AngelicValue> raw = d.angelic;
    EXPECT_TRUE(polisher.polish(d, loaded.groups(mr.mcses[i].softs), solve::Deadline(),
                                &mr.mcses[i].model));
    ASSERT_EQ(d.angelic.size(), raw.size());
    for (std::size_t k = 0; k < raw.size(); ++k)
      EXPECT_EQ(d.angelic[k].value, raw[k].value);
  }
  EXPECT_EQ(polisher.queries(), 0u);
}

TEST_F(PolishingFar, AModelFartherThanTenIsPolished) {
  // {y = x + 1}: y must be 50, farther than 10 from 4 and 0; within 1000 the second query
  // finds it (the first, within 10, is unsat).
  ASSERT_EQ(mr.mcses.size(), 1u);
  AngelicPolisher polisher(t.task, *enc, *context);
  Diagnosis d = diagnosis(0);
  EXPECT_TRUE(
      polisher.polish(d, loaded.groups(mr.mcses[0].softs), solve::Deadline(), &mr.mcses[0].model));
  EXPECT_EQ(polisher.queries(), 2u);
  ASSERT_EQ(d.angelic.size(), 1u);
  EXPECT_EQ(d.angelic[0].value, 50);
}

class PolishingTwo : public Enumerated {
protected:
  PolishingTwo() : Enumerated(kTwoValues) {}
};

TEST_F(PolishingTwo, NearValuesThatReplayPassingNeedNoQuery) {
  // {y, z} with values far from the run's (1000, 1001) and no model: replays of the test try
  // values near the run's 4 and 5 (or 0), nearest first, and the first passing pair is y = 5,
  // z = 6, found without a query.
  ASSERT_EQ(mr.mcses.size(), 1u);
  ASSERT_EQ(mr.mcses[0].softs.size(), 2u);
  AngelicPolisher polisher(t.task, *enc, *context);
  Diagnosis d = diagnosis(0);
  ASSERT_EQ(d.angelic.size(), 2u);
  for (std::size_t k = 0; k < d.angelic.size(); ++k)
    d.angelic[k].value = 1000 + static_cast<std::int64_t>(k);
  EXPECT_TRUE(polisher.polish(d, loaded.groups(mr.mcses[0].softs), solve::Deadline()));
  EXPECT_EQ(polisher.queries(), 0u);
  std::vector<std::int64_t> values;
  for (const AngelicValue& a : d.angelic)
    values.push_back(a.value);
  std::sort(values.begin(), values.end());
  EXPECT_EQ(values, (std::vector<std::int64_t>{5, 6}));
}

TEST_F(Polishing, WithinTheTimeLimitTheResultStaysComplete) {
  Result r = base;
  addDiagnoses(t.task, *enc, *context, loaded, mr, false, solve::Deadline(), r);
  EXPECT_EQ(r.diagnoses.size(), mr.mcses.size());
  EXPECT_TRUE(r.complete) << r.incompleteReason;
  EXPECT_TRUE(hasNote(r, AngelicPolisher::kNote));
}

/// A limit that has run out before the query starts: the session answers unknown without
/// calling z3, so the tests below do not depend on the machine's speed.
constexpr double kNoTime = 1e-9;

TEST_F(Polishing, TheFirstQueryHasItsOwnLimit) {
  // The first query (which bit-blasts the formula) gets firstQuerySeconds, later ones
  // querySeconds: with no time for later queries, only the first diagnosis is polished.
  AngelicPolisher polisher(t.task, *enc, *context,
                           {.firstQuerySeconds = 60, .querySeconds = kNoTime});
  std::vector<Diagnosis> ds;
  for (const solve::Mcs& mcs : mr.mcses)
    ds.push_back(toDiagnosis(t.task, *enc, mcs.model, loaded.groups(mcs.softs), 0));
  EXPECT_TRUE(polisher.polish(ds[0], loaded.groups(mr.mcses[0].softs), solve::Deadline()));
  EXPECT_FALSE(polisher.polish(ds[1], loaded.groups(mr.mcses[1].softs), solve::Deadline()));
  EXPECT_FALSE(polisher.gaveUp());
}

TEST_F(Polishing, AFirstQueryThatRunsOutEndsPolishing) {
  AngelicPolisher polisher(t.task, *enc, *context,
                           {.firstQuerySeconds = kNoTime, .querySeconds = 60});
  Diagnosis d0 = toDiagnosis(t.task, *enc, mr.mcses[0].model, loaded.groups(mr.mcses[0].softs), 0);
  EXPECT_FALSE(polisher.polish(d0, loaded.groups(mr.mcses[0].softs), solve::Deadline()));
  EXPECT_TRUE(polisher.gaveUp());
  // No later query is tried, although later ones would have a minute each.
  Diagnosis d1 = toDiagnosis(t.task, *enc, mr.mcses[1].model, loaded.groups(mr.mcses[1].softs), 0);
  EXPECT_FALSE(polisher.polish(d1, loaded.groups(mr.mcses[1].softs), solve::Deadline()));
  EXPECT_EQ(polisher.queries(), 0u);
}

TEST_F(Polishing, CutByTheTimeLimitTheResultIsIncomplete) {
  const solve::Deadline expired = solve::Deadline::after(1e-6);
  while (!expired.expired())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  Result r = base;
  addDiagnoses(t.task, *enc, *context, loaded, mr, false, expired, r);
  ASSERT_EQ(r.diagnoses.size(), mr.mcses.size());  // every diagnosis is still shown
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.incompleteReason,
            std::to_string(mr.mcses.size()) +
                " diagnoses keep the solver's first angelic values: the time limit (--timeout) "
                "ran out before readable ones were chosen");
  EXPECT_FALSE(hasNote(r, AngelicPolisher::kNote));
  // The values shown are the enumeration's own.
  for (std::size_t i = 0; i < mr.mcses.size(); ++i) {
    const Diagnosis raw =
        toDiagnosis(t.task, *enc, mr.mcses[i].model, loaded.groups(mr.mcses[i].softs), 0);
    ASSERT_EQ(r.diagnoses[i].angelic.size(), raw.angelic.size());
    for (std::size_t k = 0; k < raw.angelic.size(); ++k)
      EXPECT_EQ(r.diagnoses[i].angelic[k].value, raw.angelic[k].value);
  }
}

}  // namespace
}  // namespace culprit::localize::test

// cfaults' values that let a failing test pass: a replay of the test with them forced passed.
// Kept per test and trimmed to the statements they need, they explain that test for every later
// candidate holding those statements, with no formula and no replay (bench/siemens v27: 1279 ->
// 343 checks); the values of other tests are tried first on a new candidate (one replay each).
#pragma once

#include "localize/technique.h"

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace culprit::localize::cfaults_values {

/// Whether `a` and `b` force the same instances to the same values.
bool sameValues(const std::vector<AngelicValue>& a, const std::vector<AngelicValue>& b);

/// Adds `values` to `known` unless it holds them, up to 64 (bench/siemens v11, 261 failing
/// tests: a return value that depends on the route's speed cap took 312 trace formulas with 8
/// kept, 128 with 64; a replay costs a fraction of a millisecond).
void remember(std::vector<std::vector<AngelicValue>>& known,
              const std::vector<AngelicValue>& values);

class PassingValues {
public:
  explicit PassingValues(const Problem& p) : p_(p) {}

  /// Values that let test `t` pass for an earlier candidate and change only statements of
  /// `stmts` (the other statements then run as written: the same replay).
  std::optional<std::vector<AngelicValue>> reuse(std::size_t t,
                                                 const std::set<ir::StmtId>& stmts) const;
  /// The kept values of every test that change only statements of `stmts`, the most often
  /// used first.
  std::vector<const std::vector<AngelicValue>*> usable(const std::set<ir::StmtId>& stmts) const;
  /// Records that `values` let test `t` pass (a replay did), trimmed first: the statements
  /// whose values can be left out (the statement run as written) and the replay still passes
  /// are left out, so the values serve every later candidate holding the statements left
  /// (bench/siemens v29: {68, 111, 143}, {69, 111, 143} and {111, 143, 203} differ in a
  /// statement most tests do not need changed).
  void record(std::size_t t, std::vector<AngelicValue> values);

private:
  struct Explanation {
    std::set<ir::StmtId> stmts;  ///< the statements they change
    std::vector<AngelicValue> values;
    std::size_t uses = 0;  ///< tests they let pass
  };

  const Problem& p_;
  std::vector<Explanation> pool_;
  std::map<std::size_t, std::vector<std::size_t>> explained_;  ///< by test: indexes in pool_
};

}  // namespace culprit::localize::cfaults_values

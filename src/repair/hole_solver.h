// The solver side of a constant hole (private to repair/): the program formula of each test
// given to it, with the hole's literals free and equal to one fresh constant shared by every
// test, asked for a value under which every such test passes (SemFix-style synthesis of a
// constant; CEGIS adds the tests that reject its values).
//
// The literals are turned into nondet calls for the time of encoding (the encoder's symbolic
// nondet values, one per executed copy), each equated with the hole's constant. Programs that
// read nondet values themselves are left to the caller (usesNondet()).
#pragma once

#include "encode/encode.h"
#include "repair/repair.h"
#include "solve/session.h"

#include <z3++.h>

#include <map>
#include <memory>
#include <optional>
#include <set>

namespace culprit::repair::detail {

/// Encodes tests of one program once per hole, and keeps each test's expectation (the golden
/// run, observed once) across holes.
class HoleEncoder {
public:
  HoleEncoder(const RepairProblem& problem, const RepairOptions& options);
  z3::context& ctx() { return ctx_; }
  /// The program reads nondet values: its holes cannot be encoded as nondet calls.
  bool usesNondet() const { return usesNondet_; }
  /// Test `test`'s formula with `literals` free (all hard clauses, demands included) and the
  /// nondet values standing for them; nullopt when the test cannot be encoded.
  struct Formula {
    std::vector<z3::expr> clauses;
    std::vector<z3::expr> holeValues;
    std::string logic;
  };
  std::optional<Formula> encode(std::size_t test, const std::vector<ir::Expr*>& literals);
  std::size_t encodings = 0;
  double encodeMs = 0;

private:
  const RepairProblem& problem_;
  RepairOptions options_;
  z3::context ctx_;
  bool usesNondet_ = false;
  std::map<std::size_t, std::optional<::culprit::encode::Expectation>> expectations_;
};

/// One constant hole's CEGIS state.
class HoleSolver {
public:
  HoleSolver(HoleEncoder& encoder, std::vector<ir::Expr*> literals, ir::IntKind type);
  /// Adds test `test`'s constraints; false when it cannot be encoded.
  bool addTest(std::size_t test);
  bool has(std::size_t test) const { return tests_.count(test) != 0; }
  enum class Answer { Value, NoValue, Unknown };
  /// A value under which every test added passes and no blocked value is taken; with
  /// `among` (set by restrict()), one of those values.
  Answer solve(const solve::Deadline& deadline, std::int64_t& value, bool among = false);
  /// The values solve(..., true) chooses from.
  void restrict(const std::vector<std::int64_t>& values);
  void block(std::int64_t value);
  std::size_t queries = 0;
  std::string reasonUnknown() const;

private:
  HoleEncoder& encoder_;
  std::vector<ir::Expr*> literals_;
  ir::IntKind type_;
  std::unique_ptr<solve::Session> session_;
  std::optional<z3::expr> hole_, among_;
  std::vector<std::int64_t> amongValues_;
  z3::expr literal(std::int64_t value) const;
  std::set<std::size_t> tests_;
  std::vector<std::int64_t> blocked_;
};

}  // namespace culprit::repair::detail

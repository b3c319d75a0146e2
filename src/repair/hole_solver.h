// The solver side of a constant hole (private to repair/): the program formula of each test
// given to it, with the hole's literals free and equal to one fresh constant shared by every
// test, asked for a value under which every such test passes (SemFix-style synthesis of a
// constant; CEGIS adds the tests that reject its values).
//
// The formulas use integers unless the program has bitwise operators (whatever --ints says:
// both encodings are exact, and a hole makes products non-linear, which bit-vectors solve
// slowly). The literals are turned into nondet calls for the time of encoding (the encoder's
// symbolic nondet values, one per executed copy), each equated with the hole's constant. Programs
// that read nondet values themselves are left to the caller (usesNondet()).
#pragma once

#include "encode/encode.h"
#include "repair/repair.h"
#include "solve/session.h"

#include <z3++.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

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
  /// `divisor`: the hole is the divisor of a quotient or remainder, which z3 solves faster
  /// with bit-vectors (the leap-year `y % 40`: 0.1 s against 7 s in integers).
  std::optional<Formula> encode(std::size_t test, const std::vector<ir::Expr*>& literals,
                                bool divisor = false);
  const RepairOptions& options() const { return options_; }
  std::size_t encodings = 0;
  double encodeMs = 0;

private:
  const RepairProblem& problem_;
  RepairOptions options_;
  z3::context ctx_;
  bool usesNondet_ = false;
  ::culprit::encode::Ints ints_ = ::culprit::encode::Ints::Math;
  std::map<std::size_t, std::optional<::culprit::encode::Expectation>> expectations_;
  /// Per test: the loops it runs past --unwind, bounded by its own run's iterations + 2.
  std::map<std::size_t, std::unordered_map<ir::StmtId, unsigned>> loopBounds_;
};

/// Where solve() looks: the values restrict() gave, the values within a distance of the
/// original, or anywhere.
struct HoleScope {
  bool among = false;
  std::int64_t within = 0;  ///< 0: no bound
};

/// One constant hole's CEGIS state.
class HoleSolver {
public:
  /// Each query's budget comes from the encoder's options (RepairOptions::holeQuerySeconds,
  /// holeQueryRlimit): a query past it answers Unknown.
  HoleSolver(HoleEncoder& encoder, std::vector<ir::Expr*> literals, ir::IntKind type, bool divisor);
  /// Adds test `test`'s constraints; false when it cannot be encoded.
  bool addTest(std::size_t test);
  bool has(std::size_t test) const { return tests_.count(test) != 0; }
  enum class Answer { Value, NoValue, Unknown };
  using Scope = HoleScope;
  /// The scopes a constant hole's CEGIS takes in turn: one decimal edit, then within 10,
  /// 1000, 10^6 of the original (nearer values converge faster: each rejecting test rules out
  /// less of a wide space), then any value.
  static std::vector<Scope> scopes();
  /// A value under which every test added passes and no blocked value is taken, in `scope`.
  Answer solve(const solve::Deadline& deadline, std::int64_t& value, Scope scope = {});
  /// The values a Scope with `among` chooses from, and the original value distances count from.
  void restrict(const std::vector<std::int64_t>& values, std::int64_t original);
  void block(std::int64_t value);
  std::size_t queries = 0;
  std::string reasonUnknown() const;
  /// Some query answered Unknown before the search's deadline: the solver's budget per query
  /// ran out, or it gave up (reasonUnknown() says which).
  bool undecided() const { return !undecidedReason_.empty(); }
  const std::string& undecidedReason() const { return undecidedReason_; }

private:
  HoleEncoder& encoder_;
  std::vector<ir::Expr*> literals_;
  ir::IntKind type_;
  bool divisor_ = false;
  std::unique_ptr<solve::Session> session_;
  std::optional<z3::expr> hole_, among_;
  std::map<std::int64_t, z3::expr> within_;
  std::vector<std::int64_t> amongValues_;
  std::int64_t original_ = 0;
  std::optional<z3::expr> guard(const Scope& scope);
  z3::expr literal(std::int64_t value) const;
  std::set<std::size_t> tests_;
  std::vector<std::int64_t> blocked_;
  std::string undecidedReason_;
};

/// Counts `solver`'s hole, at `where`, among `tried`'s undecided holes when a query was
/// undecided (once per hole).
void noteUndecided(const HoleSolver& solver, const std::string& where, HoleKindTried& tried);

/// The values one decimal edit (a digit changed, added or dropped, or the sign) from `c` that
/// fit `type`.
std::vector<std::int64_t> oneEditAway(std::int64_t c, ir::IntKind type);
/// Orders a constant's replacements: fewer decimal edits; a digit added or dropped before one
/// changed (the original's digits are kept); nearer.
std::tuple<std::size_t, bool, __int128> naturalness(std::int64_t original, std::int64_t v);
/// Levenshtein distance of two short strings.
std::size_t editDistance(const std::string& a, const std::string& b);

}  // namespace culprit::repair::detail

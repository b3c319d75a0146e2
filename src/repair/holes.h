// Holes of semantic repair (private to repair/): the places at suspicious statements where a
// replacement may be synthesized, most suspicious first, each as a Site whose token a patch
// replaces. Kinds, in the order semantic repair tries them:
//  - constant: an integer literal; a macro constant (the hole stands for every use of the
//    macro and its token is the value on the `#define` line) or an enum constant with an
//    explicit value (its token is that value); a single use of a macro used more than once
//    (the token is the use, and a value that another macro of its `#define` group holds is
//    written as that macro's name); a character literal (`'a'`: its values are characters
//    first, written as character literals where printable);
//  - variable: a variable read, with every variable of the same type in scope (globals,
//    parameters, locals declared above it);
//  - operator: every operator of its class (mutation level 2's sites);
//  - condition: a branch condition, an operand of && or ||, or a returned comparison, widened
//    (`c || v op k`) or narrowed (`c && v op k`) with v an int variable in scope or read by
//    the function and k a constant the function uses (or 0, 1);
//  - deletion: an expression statement (assignment, call, output) written on one line (the
//    diff drops the line when nothing else is on it).
#pragma once

#include "ir/ir.h"
#include "repair/site.h"

#include <string>
#include <vector>

namespace culprit::repair::detail {

enum class HoleKind : std::uint8_t { Constant, Variable, Operator, Condition, Deletion };
const char* holeKindName(HoleKind k);

struct Hole {
  HoleKind kind = HoleKind::Constant;
  /// Its token and original text; the alternatives of enumerable kinds (a constant's are found
  /// by the solver). Site::expr is the first literal of a constant, Site::uses the others.
  Site site;
  double score = 0;                     ///< suspiciousness of its most suspicious statement
  ir::IntKind type = ir::IntKind::Int;  ///< constant: the literal's type
  bool divisor = false;    ///< constant: the right operand of `/` or `%` (see HoleEncoder)
  bool character = false;  ///< constant: a character literal
  /// Constant: the values other macros of its `#define` group hold, and their names (the
  /// spelling of a synthesized value that equals one).
  std::vector<std::pair<std::int64_t, std::string>> names;
};

/// Where a hole is, for the report: `file:line:col `text``.
std::string holeWhere(const ir::Program& program, const Hole& h);

/// The values a constant hole's search tries first (HoleSolver::restrict): those one decimal
/// edit away from a number; for a character literal, the other printable characters and the
/// usual escapes.
std::vector<std::int64_t> nearValues(const Hole& h);
/// Orders a constant hole's replacement values, most natural first: naturalness() for numbers;
/// for a character, the same letter in the other case, then characters of its class (letter,
/// digit, other), nearer first.
bool moreNatural(const Hole& h, std::int64_t a, std::int64_t b);
/// How a patch writes `value` at constant hole `h`: the name of the macro of its group holding
/// it, a character literal for a character hole, or empty (the number).
std::string valueSpelling(const Hole& h, std::int64_t value);

/// `site` with only its alternative `k`, which becomes alternative 1.
Site onlyAlternative(const Site& site, std::uint32_t k);

/// Finds holes of `program` at statements with a positive score (`scores` by StmtId: a hole
/// at one statement can only repair the failing tests that execute it, so the caller gives 0 to
/// those that some failing test does not); the definition of a macro, which changes several
/// statements, at once, takes the best of `anyScores` over its uses.
class HoleFinder {
public:
  HoleFinder(ir::Program& program, std::vector<double> scores, std::vector<double> anyScores);
  /// The holes of `kind`, most suspicious first.
  std::vector<Hole> find(HoleKind kind);

private:
  struct Define {
    std::string name;
    std::int64_t value = 0;
    std::uint32_t file = 0, line = 0, col = 0, endCol = 0;  ///< the value's token
    std::uint32_t group = 0;  ///< consecutive `#define` lines share a group
  };
  ir::Program& program_;
  std::vector<double> scores_, anyScores_;
  std::vector<Define> defines_;

  void readDefines();
  const Define* define(const std::string& name) const;
  /// Occurrences of the identifier `name` in the sources, its definition aside.
  std::size_t occurrences(const std::string& name) const;
  std::string textOf(const ir::SourceRange& r) const;
  std::vector<Hole> constants();
  std::vector<Hole> variables();
  std::vector<Hole> operators();
  std::vector<Hole> conditions();
  std::vector<Hole> deletions();
  /// Variables of the type `type` visible at `at` in function `f` (globals, parameters,
  /// locals declared above it).
  std::vector<ir::VarId> inScope(const ir::Function& f, ir::TypeRef type, std::uint32_t line) const;
  Site base(SiteClass cls, ir::Expr* e, ir::StmtId stmt, const ir::SourceRange& token,
            std::string original) const;
};

}  // namespace culprit::repair::detail

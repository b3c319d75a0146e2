// Mutation sites and mutations as plain data: what a site is (its class, its token in the
// source and its alternatives), the text an alternative puts in the source, and one change of
// a candidate program. Reports read these; finding sites, applying mutations and handing the
// alternatives to the encoder are mutation.h's.
#pragma once

#include "ir/ir.h"

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

namespace culprit::repair {

enum class SiteClass : std::uint8_t {
  Arithmetic,
  Relational,
  Constant,
  Logical,
  Variable,   ///< semantic repair: a variable read
  Condition,  ///< semantic repair: a condition widened or narrowed
  Deletion,   ///< semantic repair: a statement deleted
};
const char* siteClassName(SiteClass c);

/// A condition widened (`c || var op value`) or narrowed (`c && var op value`).
struct Clause {
  bool widen = true;
  ir::VarId var = ir::kNone;
  ir::BinOp op = ir::BinOp::Eq;
  std::int64_t value = 0;
  std::string valueText;  ///< how the value is written (a macro name, or the number)
};

/// A site's alternatives, numbered k = 1, 2, ... in this order: the other operators, the other
/// constant values, the swap of && and || (the numbering encode::Alternatives shares); then
/// those of semantic repair only, which the encoder never sees: other variables, clauses, the
/// deletion of the statement.
struct SiteAlternatives {
  std::vector<ir::BinOp> ops;        ///< Binary, CompoundAssign: other operators
  std::vector<std::int64_t> values;  ///< a constant expression without effects: other values
  bool swapLogical = false;          ///< LogAnd <-> LogOr
  std::vector<ir::VarId> vars;       ///< VarRef: other variables of its type
  std::vector<Clause> clauses;       ///< a condition: clauses added
  bool deletion = false;             ///< Site::statement deleted
  /// How each of `values` is written, when not as a number (a macro or enum name); "" or
  /// missing: the number.
  std::vector<std::string> spellings;
  std::size_t count() const {
    return ops.size() + values.size() + (swapLogical ? 1 : 0) + vars.size() + clauses.size() +
           (deletion ? 1 : 0);
  }
};

struct Site {
  std::uint32_t id = 0;  ///< index in the site list; encode::Alternatives::location
  ir::Expr* expr = nullptr;
  ir::StmtId stmt = ir::kNone;
  SiteClass cls = SiteClass::Arithmetic;
  SiteAlternatives alternatives;
  /// The token a patch replaces: line, first column, one past the last (1-based bytes).
  std::uint32_t file = 0, line = 0, col = 0, endCol = 0;
  std::string original;  ///< the token's text in the source
  /// Semantic repair: further literals that share the constant (every use of a macro whose
  /// `#define` the token is); the statement a deletion removes.
  std::vector<ir::Expr*> uses;
  ir::Stmt* statement = nullptr;
  /// Condition: the token is an operand (of && or ||), so a clause added to it is written in
  /// parentheses (`a && (b || c)`, not `a && b || c`).
  bool operand = false;
  std::uint32_t count() const { return static_cast<std::uint32_t>(alternatives.count()); }
};

/// What alternative `k` (1-based) of a site is: its kind and its index in that kind's list.
enum class AlternativeKind : std::uint8_t {
  Operator,
  Value,
  SwapLogical,
  Variable,
  Clause,
  Deletion
};
struct AlternativeRef {
  AlternativeKind kind = AlternativeKind::Operator;
  std::size_t index = 0;
};
AlternativeRef alternativeRef(const SiteAlternatives& a, std::uint32_t k);

/// `value` written as a C character literal (`'a'`, `'\n'`, `'\''`) when it is a printable
/// ASCII character or one of the usual escapes; empty otherwise.
std::string charLiteral(std::int64_t value);

/// The source text alternative `k` (1-based) of `site` puts in place of its token (names of
/// variables from `program`, needed for Variable and Condition sites).
std::string alternativeText(const Site& site, std::uint32_t k,
                            const ir::Program* program = nullptr);

/// One change of a candidate program: alternative `alternative` (1-based) at site `site`.
struct Mutation {
  std::uint32_t site = 0, alternative = 0;
  bool operator==(const Mutation&) const = default;
  auto operator<=>(const Mutation&) const = default;
};

}  // namespace culprit::repair

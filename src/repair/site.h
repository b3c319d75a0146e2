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

enum class SiteClass : std::uint8_t { Arithmetic, Relational, Constant, Logical };
const char* siteClassName(SiteClass c);

/// A site's alternatives, numbered k = 1, 2, ... in this order: the other operators, the other
/// constant values, the swap of && and || (the numbering encode::Alternatives shares).
struct SiteAlternatives {
  std::vector<ir::BinOp> ops;        ///< Binary, CompoundAssign: other operators
  std::vector<std::int64_t> values;  ///< a constant expression without effects: other values
  bool swapLogical = false;          ///< LogAnd <-> LogOr
  std::size_t count() const { return ops.size() + values.size() + (swapLogical ? 1 : 0); }
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
  std::uint32_t count() const { return static_cast<std::uint32_t>(alternatives.count()); }
};

/// The source text alternative `k` (1-based) of `site` puts in place of its token.
std::string alternativeText(const Site& site, std::uint32_t k);

/// One change of a candidate program: alternative `alternative` (1-based) at site `site`.
struct Mutation {
  std::uint32_t site = 0, alternative = 0;
  bool operator==(const Mutation&) const = default;
  auto operator<=>(const Mutation&) const = default;
};

}  // namespace culprit::repair

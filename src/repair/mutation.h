// Mutation sites: the expressions of a program that mutation repair may change, each with its
// alternatives at a mutation level, applied to the program in place (for concrete runs) and
// described to the encoder (encode::Alternatives, for the meta-program formula).
//
// Level 1 (AllRepair's): arithmetic + <-> -, / <-> %; relational operators swapped with their
// boundary partner and their mirror (< to <= and >, == to !=); constants C+1, C-1, 0, -C;
// && <-> ||. Level 2 widens each class: any other of + - * / %, any other relational operator,
// and the constants C+2, C-2, 1, -1 besides. Sites are the expressions of untrusted functions
// outside assert/assume/exit calls (the specification is not repaired) and input reads, whose
// operator or constant token is written in the source (so that a patch can show it; constants
// from macros are left alone).
#pragma once

#include "encode/encode.h"
#include "ir/ir.h"

#include <cstdint>
#include <string>
#include <vector>

namespace culprit::repair {

enum class SiteClass : std::uint8_t { Arithmetic, Relational, Constant, Logical };
const char* siteClassName(SiteClass c);

struct Site {
  std::uint32_t id = 0;  ///< index in the site list; encode::Alternatives::location
  ir::Expr* expr = nullptr;
  ir::StmtId stmt = ir::kNone;
  SiteClass cls = SiteClass::Arithmetic;
  encode::Alternatives alternatives;  ///< alternative k is ops[k-1], values[..] or the swap
  /// The token a patch replaces: line, first column, one past the last (1-based bytes).
  std::uint32_t file = 0, line = 0, col = 0, endCol = 0;
  std::string original;  ///< the token's text in the source
  std::uint32_t count() const { return static_cast<std::uint32_t>(alternatives.count()); }
};

/// The sites of `program` at `level` (1 or 2).
std::vector<Site> findSites(ir::Program& program, unsigned level);

/// The source text alternative `k` (1-based) of `site` puts in place of its token.
std::string alternativeText(const Site& site, std::uint32_t k);

/// Sites with their alternatives, as the encoder takes them.
encode::AlternativeMap alternativeMap(const std::vector<Site>& sites);

/// One change of a candidate program: alternative `alternative` (1-based) at site `site`.
struct Mutation {
  std::uint32_t site = 0, alternative = 0;
  bool operator==(const Mutation&) const = default;
  auto operator<=>(const Mutation&) const = default;
};

/// Applies mutations to the program the sites point into and undoes them when destroyed.
class Applied {
public:
  Applied(const std::vector<Site>& sites, const std::vector<Mutation>& mutations);
  ~Applied();
  Applied(const Applied&) = delete;
  Applied& operator=(const Applied&) = delete;

private:
  struct Saved {
    ir::Expr* expr;
    ir::ExprKind kind;
    ir::BinOp binop;
    std::int64_t value;
  };
  std::vector<Saved> saved_;
};

}  // namespace culprit::repair

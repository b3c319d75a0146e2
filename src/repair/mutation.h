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
#include "repair/site.h"

#include <cstdint>
#include <vector>

namespace culprit::repair {

/// The sites of `program` at `level` (1 or 2).
std::vector<Site> findSites(ir::Program& program, unsigned level);

/// Sites with their alternatives, as the encoder takes them.
encode::AlternativeMap alternativeMap(const std::vector<Site>& sites);

/// Applies mutations to the program the sites point into and undoes them when destroyed:
/// mutation repair's alternatives and semantic repair's (a constant's further uses, another
/// variable, a clause added to a condition, a statement deleted).
class Applied {
public:
  Applied(const std::vector<Site>& sites, const std::vector<Mutation>& mutations);
  ~Applied();
  Applied(const Applied&) = delete;
  Applied& operator=(const Applied&) = delete;

private:
  struct Saved {
    ir::Expr* expr = nullptr;
    ir::ExprKind kind = ir::ExprKind::IntLit;
    ir::BinOp binop = ir::BinOp::Add;
    std::int64_t value = 0;
    ir::VarId var = ir::kNone;
    bool wrapped = false;      ///< expr holds a clause whose ops[0] is the original
    ir::Stmt* stmt = nullptr;  ///< a deleted statement
    ir::StmtKind stmtKind = ir::StmtKind::Empty;
  };
  std::vector<Saved> saved_;
  void apply(const Site& site, std::uint32_t alternative);
  void saveExpr(ir::Expr* e);
};

/// The specification (assert, assume, exit, abort, reach_error) and the reading of inputs
/// (`argv[1]` in `atoi(argv[1])`, nondet values, scanf) are not repaired: calls of builtin `b`
/// are left alone by mutation and by semantic repair.
bool leftAloneByRepair(ir::Builtin b);

}  // namespace culprit::repair

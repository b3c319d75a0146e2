// Private to the frontend: turns the gotos of one lowered function into structured IR.
//
// The lowerer leaves, for each `goto L;`, the goto's own statement (role Jump: counted and
// reported at its line like `break`) followed by a placeholder, and for each label `L:` a marker
// statement in front of the labelled statement. eliminateGotos() moves each placeholder outward
// (out of loops and switches with `break`, out of ifs and blocks by guarding the rest) until it
// is a sibling of its label's marker, then guards the statements a forward goto skips or wraps
// the statements a backward goto repeats in a do-while. Everything it adds has role None: it
// runs in the interpreter and every encoding, but is never counted, traced, relaxed or mutated.
// See DESIGN.md ("goto").
#pragma once

#include "ir/ir.h"

#include <string>
#include <vector>

namespace culprit::frontend {

struct GotoSite {
  ir::Stmt* placeholder = nullptr;  ///< role None Empty statement right after the goto
  std::uint32_t label = 0;          ///< index into the labels
  ir::SourceRange range;            ///< the goto statement's
};

struct LabelSite {
  std::string name;
  ir::Stmt* marker = nullptr;  ///< role None Empty statement in front of the labelled statement
  ir::SourceRange range;
};

/// Pre: `f`'s body holds every placeholder and marker named (markers of labels no goto names
/// may be missing). Post: no placeholder is left; each marker of a label some goto names resets
/// that label's flag. Throws a located UserError for a jump it does not eliminate (into a
/// nested statement, or backward across switch arms). The flags it adds are locals whose names
/// start with "goto." (not C identifiers), initialised to 0 at the function's entry.
void eliminateGotos(ir::Program& prog, ir::FuncId f, const std::vector<GotoSite>& gotos,
                    const std::vector<LabelSite>& labels);

}  // namespace culprit::frontend

// Text renderings of the IR: compact C-like expressions (for reports and tests) and a readable
// dump of a whole program with statement ids, roles and lines (for tests and debugging).
#pragma once

#include "ir/ir.h"

#include <string>

namespace culprit::ir {

/// C-like text of `e`, with every Cast written out as `(type)` except array-to-pointer decay;
/// parentheses only where C precedence needs them. Builtins print under their builtinName.
std::string printExpr(const Program& program, const Expr& e);

/// One statement header line, e.g. `s3 assign 4:3 x = x + 1`.
std::string printStmtHeader(const Program& program, const Stmt& s);

/// The whole program: globals with their initializers, then every function with its frame and
/// its statement tree, one statement per line, indented by nesting.
std::string printProgram(const Program& program);

}  // namespace culprit::ir

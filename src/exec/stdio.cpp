// Line and string input (gets, fgets on stdin, sscanf) and fputs.
#include "exec/machine.h"

namespace culprit::exec::detail {

Value Machine::getLine(const ir::Expr& e) { fail(e.range, "gets/fgets: not implemented yet"); }
Value Machine::sscanf(const ir::Expr& e) { fail(e.range, "sscanf: not implemented yet"); }
Value Machine::fputs(const ir::Expr& e) { fail(e.range, "fputs: not implemented yet"); }

}  // namespace culprit::exec::detail

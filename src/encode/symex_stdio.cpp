// Symbolic executor: line and string input (gets, fgets on stdin, sscanf) and fputs.
#include "encode/symex.h"

namespace culprit::encode::detail {

Val SymExec::getLine(const ir::Expr& e, State&) {
  throw EncodeError("gets/fgets: not implemented yet at " + prog_.where(e.range));
}
Val SymExec::sscanf(const ir::Expr& e, State&) {
  throw EncodeError("sscanf: not implemented yet at " + prog_.where(e.range));
}
Val SymExec::fputs(const ir::Expr& e, State&) {
  throw EncodeError("fputs: not implemented yet at " + prog_.where(e.range));
}

}  // namespace culprit::encode::detail

// Symbolic executor: heap blocks (malloc, calloc, free), VLA blocks, memset and memcpy.
#include "encode/symex.h"

namespace culprit::encode::detail {

Val SymExec::allocate(const ir::Expr& e, State&) {
  throw EncodeError("malloc: not implemented yet at " + prog_.where(e.range));
}
Val SymExec::release(const ir::Expr& e, State&) {
  throw EncodeError("free: not implemented yet at " + prog_.where(e.range));
}
Val SymExec::memset(const ir::Expr& e, State&) {
  throw EncodeError("memset: not implemented yet at " + prog_.where(e.range));
}
Val SymExec::memcpy(const ir::Expr& e, State&) {
  throw EncodeError("memcpy: not implemented yet at " + prog_.where(e.range));
}

}  // namespace culprit::encode::detail

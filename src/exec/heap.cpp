// Heap blocks (malloc, calloc, free), VLA blocks, memset and memcpy.
#include "exec/machine.h"

namespace culprit::exec::detail {

Value Machine::allocate(const ir::Expr& e) { fail(e.range, "malloc: not implemented yet"); }
Value Machine::release(const ir::Expr& e) { fail(e.range, "free: not implemented yet"); }
Value Machine::memset(const ir::Expr& e) { fail(e.range, "memset: not implemented yet"); }
Value Machine::memcpy(const ir::Expr& e) { fail(e.range, "memcpy: not implemented yet"); }

}  // namespace culprit::exec::detail

// Lowers calls. A call resolves, in this order, to:
//  1. Builtin::ReachError for reach_error / __VERIFIER_error, even when the program defines it;
//  2. a user function (any function with a body outside system headers; prototypes and
//     K&R definitions resolve to it). Arguments of calls without a prototype are only promoted
//     by C, so a Cast to the parameter's type is added where they differ;
//  3. culprit's assert intrinsic (from its virtual <assert.h>): Builtin::Assert on the asserted
//     expression itself (the `!!( )` of the macro is removed);
//  4. nondet intrinsics (__VERIFIER_nondet_*, nondet_*) returning any integer type;
//  5. the modelled library functions, by name: builtins, or functions of culprit's C prelude
//     (prelude.h), lowered like the program's own functions. qsort's and bsearch's comparator
//     must be the name of one of the program's functions: it becomes the call's `callee`.
// Anything else is an unsupported construct. Library-call arguments are the only places where
// string literals (a StrLit under an array-to-pointer Cast), conditionals choosing between such
// arguments (`c ? "yes" : "no"`) and, for scanf, `&lvalue` may occur.
// fprintf's stream argument becomes Expr::stream; strtol's NULL end pointer is dropped, so its
// ops are {string, base}.
#include "frontend/lowering.h"

#include <clang/AST/ParentMapContext.h>
#include <clang/Basic/Builtins.h>

#include <optional>

namespace culprit::frontend {

using namespace clang;
using ir::Builtin;
using ir::ExprKind;

/// What a library function returns, for calls Clang declared implicitly as `int f()`.
enum class Returns : std::uint8_t { Int, Long, Pointer, Double, Void };

struct LibraryFunction {
  const char* name;
  Builtin builtin;
  unsigned minArgs, maxArgs;  ///< maxArgs kVariadic: any number from minArgs
  Returns returns = Returns::Int;
  const char* header = "stdio.h";
};

namespace {

constexpr unsigned kVariadic = ~0u;

constexpr LibraryFunction kLibrary[] = {
    {"printf", Builtin::Printf, 1, kVariadic},
    {"fprintf", Builtin::Fprintf, 2, kVariadic},
    {"puts", Builtin::Puts, 1, 1},
    {"putchar", Builtin::Putchar, 1, 1},
    {"atoi", Builtin::Atoi, 1, 1, Returns::Int, "stdlib.h"},
    {"atol", Builtin::Atol, 1, 1, Returns::Long, "stdlib.h"},
    {"atoll", Builtin::Atoll, 1, 1, Returns::Long, "stdlib.h"},
    {"strtol", Builtin::Strtol, 3, 3, Returns::Long, "stdlib.h"},
    {"atof", Builtin::Atof, 1, 1, Returns::Double, "stdlib.h"},
    {"strtod", Builtin::Atof, 2, 2, Returns::Double, "stdlib.h"},
    {"scanf", Builtin::Scanf, 1, kVariadic},
    {"getchar", Builtin::Getchar, 0, 0},
    {"getc", Builtin::Getchar, 1, 1},          // (stdin)
    {"fgetc", Builtin::Getchar, 1, 1},         // (stdin)
    {"putc", Builtin::Putchar, 2, 2},          // (c, stdout)
    {"fputc", Builtin::Putchar, 2, 2},         // (c, stdout)
    {"fscanf", Builtin::Scanf, 2, kVariadic},  // (stdin, ...)
    {"gets", Builtin::Gets, 1, 1, Returns::Pointer},
    {"fgets", Builtin::Fgets, 3, 3, Returns::Pointer},
    {"sscanf", Builtin::Sscanf, 2, kVariadic},
    {"fopen", Builtin::Fopen, 2, 2},
    {"fclose", Builtin::Fclose, 1, 1},
    {"ungetc", Builtin::Ungetc, 2, 2},
    {"fread", Builtin::Fread, 4, 4},
    {"feof", Builtin::Feof, 1, 1},
    {"ferror", Builtin::Ferror, 1, 1},
    {"fputs", Builtin::Fputs, 2, 2},
    {"malloc", Builtin::Malloc, 1, 1, Returns::Pointer, "stdlib.h"},
    {"calloc", Builtin::Calloc, 2, 2, Returns::Pointer, "stdlib.h"},
    {"free", Builtin::Free, 1, 1, Returns::Void, "stdlib.h"},
    {"memset", Builtin::Memset, 3, 3, Returns::Pointer, "string.h"},
    {"memcpy", Builtin::Memcpy, 3, 3, Returns::Pointer, "string.h"},
    {"memmove", Builtin::Memcpy, 3, 3, Returns::Pointer, "string.h"},
    {"qsort", Builtin::Qsort, 4, 4, Returns::Void, "stdlib.h"},
    {"bsearch", Builtin::Bsearch, 5, 5, Returns::Pointer, "stdlib.h"},
    {"exit", Builtin::Exit, 1, 1, Returns::Void, "stdlib.h"},
    {"abort", Builtin::Abort, 0, 0, Returns::Void, "stdlib.h"},
    {"__assert_fail", Builtin::AssertFail, 4, 4, Returns::Void, "assert.h"},
    {"__VERIFIER_assume", Builtin::Assume, 1, 1, Returns::Void, ""},
    {"__CPROVER_assume", Builtin::Assume, 1, 1, Returns::Void, ""},
    {"assert", Builtin::Assert, 1, 1, Returns::Void, "assert.h"},  // without culprit's <assert.h>
    {"reach_error", Builtin::ReachError, 0, kVariadic, Returns::Void, ""},
    {"__VERIFIER_error", Builtin::ReachError, 0, kVariadic, Returns::Void, ""},
};

const LibraryFunction* findLibrary(llvm::StringRef name) {
  for (const LibraryFunction& f : kLibrary)
    if (name == f.name) return &f;
  return nullptr;
}

bool isNondet(llvm::StringRef name) {
  return name.startswith("__VERIFIER_nondet_") || name.startswith("nondet_");
}

std::string functionName(const FunctionDecl* fd) {
  return fd->getIdentifier() ? fd->getName().str() : fd->getNameAsString();
}

}  // namespace

ir::FuncId Lowerer::userFunction(const FunctionDecl* fd) const {
  auto it = funcs_.find(fd->getCanonicalDecl());
  if (it != funcs_.end()) return it->second;
  if (!fd->hasExternalFormalLinkage()) return ir::kNone;
  auto linked = link_.functions.find(functionName(fd));  // defined by another unit
  return linked == link_.functions.end() ? ir::kNone : linked->second;
}

void Lowerer::warnImplicit(const FunctionDecl* fd) {
  if (!opts_.warn || !warned_.insert(fd->getCanonicalDecl()).second) return;
  const std::string name = functionName(fd);
  std::string message;
  if (const unsigned id = fd->getBuiltinID()) {
    const char* header = ctx_.BuiltinInfo.getHeaderName(id);
    if (!header) return;  // __builtin_*: not a library function
    std::string type = fd->getType().getAsString();
    type = type.substr(0, type.find(" __attribute__"));
    message = "implicit declaration of library function '" + name + "' with type '" + type +
              "' (declared in <" + header + ">)";
  } else if (const LibraryFunction* lib = findLibrary(name);
             lib && (lib->builtin == Builtin::Scanf || lib->builtin == Builtin::Sscanf)) {
    // The scanf family, which the frontend keeps from being Clang builtins (frontend.cpp).
    message = "implicit declaration of library function '" + name + "' (declared in <" +
              lib->header + ">)";
  } else {
    message =
        "implicit declaration of function '" + name + "': taken as 'int " + name + "()', as in C89";
  }
  const UserError at = errorAt(fd->getLocation(), message);
  opts_.warn(at.file() + ":" + std::to_string(at.line()) + ":" + std::to_string(at.col()) +
             ": warning: " + message);
}

ir::ExprPtr Lowerer::lowerCall(const CallExpr* e) {
  const FunctionDecl* fd = e->getDirectCallee();
  if (!fd) unsupported(e->getBeginLoc(), "call through a function pointer");
  std::string name = functionName(fd);
  if (fd->getBuiltinID() && e->getType()->isRealFloatingType()) {
    llvm::APFloat value(0.0);  // INFINITY, NAN, HUGE_VAL: Clang builtins it folds
    if (e->EvaluateAsFloat(value, ctx_)) return floatLit(value, e);
  }
  const LibraryFunction* lib = findLibrary(name);
  if (lib && lib->builtin == Builtin::ReachError) return lowerLibraryCall(e, *lib);
  if (name == kAssertIntrinsic) return lowerAssertCall(e, /*intrinsic=*/true);
  if (isNondet(name) && userFunction(fd) == ir::kNone) return lowerNondet(e);
  if (fd->isImplicit() && !(lib && lib->header[0] == 0)) warnImplicit(fd);
  if (ir::FuncId id = userFunction(fd); id != ir::kNone) return lowerUserCall(e, id);
  if (ir::ExprPtr x = lowerStreamCall(e, name)) return x;
  if (name == "fflush" && e->getNumArgs() == 1 && streamOf(e->getArg(0)) >= 0)
    return intLit(0, prog_->types.intType(ir::IntKind::Int), e);  // output is never buffered
  if (!lib)
    if (ir::FuncId id = preludeFunction(name); id != ir::kNone) return lowerUserCall(e, id);
  if (!lib)
    if (std::optional<ir::MathFn> m = ir::mathFnByName(name)) return lowerMathCall(e, *m);
  if (!lib) {
    if (sm_.isInSystemHeader(fd->getLocation()) || fd->getBuiltinID())
      unsupported(e->getBeginLoc(), "call to unsupported library function '" + name + "'");
    throw errorAt(e->getBeginLoc(), "call to undefined function '" + name +
                                        "': none of the program's files defines it");
  }
  if (lib->builtin == Builtin::Assert) return lowerAssertCall(e, /*intrinsic=*/false);
  if (fd->isImplicit() && !fd->getBuiltinID() && lib->returns != Returns::Int)
    return lowerImplicitLibraryCall(e, *lib);
  return lowerLibraryCall(e, *lib);
}

ir::ExprPtr Lowerer::lowerImplicitLibraryCall(const CallExpr* e, const LibraryFunction& lib) {
  ir::TypeTable& types = prog_->types;
  switch (lib.returns) {
  case Returns::Long:  // the low half of the result, as int: what x86-64 leaves in eax
    return castTo(types.intType(ir::IntKind::Int),
                  lowerLibraryCall(e, lib, types.intType(ir::IntKind::Long)), e);
  case Returns::Void: return lowerLibraryCall(e, lib, types.voidType());
  default: break;
  }
  const char* what = lib.returns == Returns::Double ? "double" : "a pointer";
  if (!valueDiscarded(e))
    throw errorAt(e->getBeginLoc(), std::string("implicit declaration of '") + lib.name +
                                        "' gives it type int, but it returns " + what +
                                        ": include <" + lib.header + "> or declare it");
  return lowerLibraryCall(e, lib, types.voidType());
}

bool Lowerer::valueDiscarded(const CallExpr* e) {
  const Stmt* child = e;
  for (DynTypedNodeList parents = ctx_.getParents(*e); parents.size() == 1;
       parents = ctx_.getParents(parents[0])) {
    if (const auto* paren = parents[0].get<ParenExpr>()) {
      child = paren;
      continue;
    }
    if (const auto* cast = parents[0].get<CastExpr>()) return cast->getCastKind() == CK_ToVoid;
    if (parents[0].get<Expr>()) return false;
    if (const auto* s = parents[0].get<IfStmt>()) return s->getCond() != child;
    if (const auto* s = parents[0].get<WhileStmt>()) return s->getCond() != child;
    if (const auto* s = parents[0].get<DoStmt>()) return s->getCond() != child;
    if (const auto* s = parents[0].get<ForStmt>()) return s->getCond() != child;
    if (parents[0].get<SwitchStmt>() || parents[0].get<ReturnStmt>()) return false;
    return parents[0].get<Stmt>() != nullptr;
  }
  return false;
}

ir::ExprPtr Lowerer::lowerUserCall(const CallExpr* e, ir::FuncId callee) {
  if (auto it = rejected_.find(callee); it != rejected_.end()) throw it->second;
  const ir::TypeRef ret = prog_->functions[callee].ret;
  const ir::TypeRef declared = typeOf(e->getType(), e->getBeginLoc());
  const bool library = !prog_->functions[callee].library.empty();
  if (declared != ret && !(library && declared->isInteger() && ret->isInteger()))
    throw errorAt(
        e->getBeginLoc(),
        "call to '" + prog_->functions[callee].name + "' as returning " + declared->str() +
            ", but its definition returns " + ret->str() +
            (e->getDirectCallee()->isImplicit() ? " (it is declared implicitly here)" : ""));
  const std::vector<ir::VarId>& params = prog_->functions[callee].params;
  if (e->getNumArgs() != params.size())
    unsupported(e->getBeginLoc(), "call to '" + prog_->functions[callee].name + "' with " +
                                      std::to_string(e->getNumArgs()) + " arguments for " +
                                      std::to_string(params.size()) + " parameters");
  std::vector<ir::ExprPtr> args;
  for (unsigned i = 0; i < e->getNumArgs(); ++i) {
    const Expr* arg = e->getArg(i);
    ir::ExprPtr value = lowerOperand(arg);
    ir::TypeRef want = prog_->vars[params[i]].type;
    if (value->type != want) {
      if (!value->type->isInt() || !want->isInt())
        unsupported(arg->getBeginLoc(), "argument of type " + value->type->str() +
                                            " for a parameter of type " + want->str());
      value = castTo(want, std::move(value), arg);
    }
    args.push_back(std::move(value));
  }
  auto x = node(ExprKind::Call, ret, e);
  x->callee = callee;
  x->ops = std::move(args);
  return castTo(declared, std::move(x), e);  // a library function declared `int strlen();`
}

ir::ExprPtr Lowerer::lowerLibraryCall(const CallExpr* e, const LibraryFunction& lib,
                                      ir::TypeRef type) {
  unsigned n = e->getNumArgs();
  if (n < lib.minArgs || (lib.maxArgs != kVariadic && n > lib.maxArgs))
    unsupported(e->getBeginLoc(),
                std::string("call to '") + lib.name + "' with " + std::to_string(n) + " arguments");
  if (lib.builtin == Builtin::Malloc || lib.builtin == Builtin::Calloc)
    unsupported(e->getBeginLoc(),
                std::string(lib.name) + " whose result is not converted to a typed pointer");
  if (!type)
    type = lib.builtin == Builtin::Putchar ? prog_->types.intType(ir::IntKind::Int)
                                           : typeOf(e->getType(), e->getBeginLoc());
  auto x = node(ExprKind::Call, type, e);
  x->builtin = lib.builtin;
  const llvm::StringRef name = lib.name;
  unsigned first = 0;
  if (lib.builtin == Builtin::Fprintf) {
    x->stream = fprintfStream(e->getArg(0));
    first = 1;
  }
  // The stream argument of the stdin/stdout variants, checked and dropped.
  std::optional<unsigned> streamArg;
  if (name == "getc" || name == "fgetc" || name == "fscanf") streamArg = 0;
  if (name == "putc" || name == "fputc" || name == "fputs") streamArg = 1;
  if (name == "fgets") streamArg = 2;
  if (lib.builtin == Builtin::Qsort || lib.builtin == Builtin::Bsearch) {
    x->callee = comparator(e->getArg(n - 1));
    --n;  // the comparator is `callee`, not an operand
  }
  for (unsigned i = first; i < n; ++i) {
    const Expr* arg = e->getArg(i);
    if ((lib.builtin == Builtin::Strtol || lib.builtin == Builtin::Atof) && i == 1) {
      if (!arg->isNullPointerConstant(ctx_, Expr::NPC_ValueDependentIsNotNull))
        unsupported(arg->getBeginLoc(), name.str() + " with an end pointer other than NULL");
      continue;
    }
    if (streamArg == i) {
      const int stream = streamOf(arg);
      const bool reads = name == "getc" || name == "fgetc" || name == "fscanf" || name == "fgets";
      if (reads ? stream != 0 : stream != 1 && (name != "fputs" || stream != 2))
        unsupported(arg->getBeginLoc(), std::string(lib.name) + " on a stream other than " +
                                            (reads ? "stdin" : "stdout"));
      x->stream = stream;
      continue;
    }
    if (lib.builtin == Builtin::Free) {  // K&R's free((char *)p): the cast changes no address
      const CastExpr* c = nullptr;
      while ((c = dyn_cast<CastExpr>(arg->IgnoreParens())) &&
             (c->getCastKind() == CK_BitCast || c->getCastKind() == CK_NoOp ||
              c->getCastKind() == CK_LValueToRValue))
        arg = c->getSubExpr();
    }
    x->ops.push_back(
        lowerLibArg(arg, lib.builtin == Builtin::Scanf || lib.builtin == Builtin::Sscanf));
    const bool bytes = lib.builtin == Builtin::Memset || lib.builtin == Builtin::Memcpy;
    if (bytes && i < 2 && x->ops.back()->type->isPointer()) {
      const ir::TypeRef pointee = ir::pointerAsWritten(*x->ops.back()).type->elem;
      if (!pointee->isVoid() && !pointee->uniformCells())
        unsupported(arg->getBeginLoc(), std::string(lib.name) + " of " + pointee->str() +
                                            " (memory is modelled as typed cells)");
    }
  }
  return x;
}

ir::ExprPtr Lowerer::lowerMathCall(const CallExpr* e, ir::MathFn f) {
  const unsigned arity = static_cast<unsigned>(ir::mathArity(f));
  if (e->getNumArgs() != arity)
    unsupported(e->getBeginLoc(), std::string("call to '") + ir::mathName(f) + "' with " +
                                      std::to_string(e->getNumArgs()) + " arguments");
  auto x = node(ExprKind::Call, e);
  x->builtin = Builtin::Math;
  x->value = static_cast<std::int64_t>(f);
  for (unsigned i = 0; i < arity; ++i) {
    x->ops.push_back(lowerExpr(e->getArg(i)));
    if (!x->ops.back()->type->isFloat())
      unsupported(e->getArg(i)->getBeginLoc(),
                  std::string("argument of '") + ir::mathName(f) + "' that is not floating");
  }
  return x;
}

ir::ExprPtr Lowerer::lowerAllocation(const CallExpr* call, const CastExpr* cast) {
  const FunctionDecl* fd = call->getDirectCallee();
  if (!fd || userFunction(fd) != ir::kNone) return nullptr;
  const std::string name = functionName(fd);
  if (name != "malloc" && name != "calloc") return nullptr;
  if (fd->isImplicit()) warnImplicit(fd);
  const unsigned n = call->getNumArgs();
  if (n != (name == "malloc" ? 1u : 2u))
    unsupported(call->getBeginLoc(),
                "call to '" + name + "' with " + std::to_string(n) + " arguments");
  const QualType pointee = cast->getType()->getPointeeType();
  if (pointee->isVoidType() || pointee->isIncompleteType())
    unsupported(cast->getBeginLoc(), name + " converted to a pointer to an incomplete type");
  auto x = node(ExprKind::Call, typeOf(cast->getType(), cast->getBeginLoc()), cast);
  x->builtin = name == "malloc" ? Builtin::Malloc : Builtin::Calloc;
  x->value = ctx_.getTypeSizeInChars(pointee).getQuantity();
  for (unsigned i = 0; i < n; ++i)
    x->ops.push_back(lowerExpr(call->getArg(i)));
  return x;
}

ir::ExprPtr Lowerer::lowerLibArg(const Expr* arg, bool allowAddrOf) {
  const Expr* core = arg->IgnoreParenImpCasts();
  const StringLiteral* text = dyn_cast<StringLiteral>(core);
  if (const auto* p = dyn_cast<PredefinedExpr>(core)) text = p->getFunctionName();
  if (text) {
    ir::ExprPtr lit = strLit(text, core);
    auto x = node(ExprKind::Cast, prog_->types.pointerTo(lit->type->elem), arg);
    x->ops.push_back(std::move(lit));
    return x;
  }
  if (const auto* c = dyn_cast<ConditionalOperator>(core); c && c->getType()->isPointerType()) {
    ir::ExprPtr cond = lowerCondition(c->getCond());
    ir::ExprPtr yes = lowerLibArg(c->getTrueExpr(), allowAddrOf);
    ir::ExprPtr no = lowerLibArg(c->getFalseExpr(), allowAddrOf);
    if (yes->type != no->type)
      unsupported(c->getBeginLoc(), "conditional choosing between different pointer types");
    auto x = node(ExprKind::Cond, yes->type, c);
    x->ops.push_back(std::move(cond));
    x->ops.push_back(std::move(yes));
    x->ops.push_back(std::move(no));
    return x;
  }
  const auto* u = dyn_cast<UnaryOperator>(core);
  if (allowAddrOf && u && u->getOpcode() == UO_AddrOf) {
    ir::ExprPtr target = lowerLvalue(u->getSubExpr());
    auto x = node(ExprKind::AddrOf, prog_->types.pointerTo(target->type), u);
    x->ops.push_back(std::move(target));
    return x;
  }
  return lowerOperand(arg);
}

ir::FuncId Lowerer::comparator(const Expr* arg) {
  const auto* ref = dyn_cast<DeclRefExpr>(arg->IgnoreParenImpCasts());
  const auto* fd = ref ? dyn_cast<FunctionDecl>(ref->getDecl()) : nullptr;
  const ir::FuncId id = fd ? userFunction(fd) : ir::kNone;
  if (id == ir::kNone)
    unsupported(arg->getBeginLoc(), "comparator other than the name of a function of the program");
  if (auto it = rejected_.find(id); it != rejected_.end()) throw it->second;
  const ir::Function& f = prog_->functions[id];
  if (f.params.size() != 2 || !f.ret->isInt())
    unsupported(arg->getBeginLoc(), "comparator '" + f.name + "' that does not take two pointers");
  return id;
}

int Lowerer::streamOf(const Expr* arg) const {
  if (const auto* r = dyn_cast<DeclRefExpr>(arg->IgnoreParenImpCasts())) {
    std::string name = r->getDecl()->getNameAsString();
    if (name == "stdin") return 0;
    if (name == "stdout") return 1;
    if (name == "stderr") return 2;
  }
  return -1;
}

int Lowerer::fprintfStream(const Expr* arg) {
  const int stream = streamOf(arg);
  if (stream != 1 && stream != 2)
    unsupported(arg->getBeginLoc(), "fprintf to a stream other than stdout or stderr");
  return stream;
}

ir::ExprPtr Lowerer::lowerNondet(const CallExpr* e) {
  if (e->getNumArgs() != 0) unsupported(e->getBeginLoc(), "nondet call with arguments");
  auto x = node(ExprKind::Call, e);
  if (!x->type->isInt())
    unsupported(e->getBeginLoc(), "nondet function returning " + x->type->str());
  x->builtin = Builtin::Nondet;
  return x;
}

ir::ExprPtr Lowerer::lowerAssertCall(const CallExpr* e, bool intrinsic) {
  if (e->getNumArgs() != 1) unsupported(e->getBeginLoc(), "assert with other than one argument");
  const Expr* cond = e->getArg(0);
  for (int i = 0; intrinsic && i < 2; ++i) {
    const auto* u = dyn_cast<UnaryOperator>(cond->IgnoreParenImpCasts());
    if (!u || u->getOpcode() != UO_LNot) break;
    cond = u->getSubExpr();
  }
  ir::ExprPtr value = lowerCondition(cond);
  auto x = node(ExprKind::Call, prog_->types.voidType(), e);
  x->builtin = Builtin::Assert;
  x->ops.push_back(std::move(value));
  return x;
}

}  // namespace culprit::frontend

// Lowers Clang expressions to IR expressions.
//
// Conversions: every integral ImplicitCastExpr / C-style cast becomes a Cast node, except casts
// between types culprit models identically (e.g. an enum whose underlying type is int to int),
// which change nothing. LValueToRValue, NoOp and ToVoid conversions are not nodes (a void value
// is only ever discarded). ArrayToPointerDecay is a Cast to the pointer type. Parentheses,
// __extension__, _Generic and __builtin_choose_expr are looked through. Integer and character
// literals, enum constants, sizeof, _Alignof and offsetof are folded by Clang's evaluator.
// Floating literals are IntLits of type float or double holding the value's bit pattern; a
// floating value tested for truth (if, loops, !, &&, ||, ?:) is compared with 0.0.
// Pointers: a pointer value points to a cell of an object (variable, string literal, argv,
// heap block). `*p` is p[0]; NULL is a pointer-typed IntLit 0; a pointer tested for truth
// compares unequal to NULL. Conversions between pointers to cells of different widths, and
// between pointers and integers, are rejected: memory is modelled as typed cells, not bytes
// (a cell read through a pointer to another integer type of its width reads its bits as
// that type).
#include "frontend/lowering.h"

#include <clang/Lex/Lexer.h>

#include <regex>

namespace culprit::frontend {

using namespace clang;
using ir::ExprKind;

namespace {

ir::BinOp binOpOf(BinaryOperatorKind op) {
  switch (op) {
  case BO_Mul: return ir::BinOp::Mul;
  case BO_Div: return ir::BinOp::Div;
  case BO_Rem: return ir::BinOp::Rem;
  case BO_Add: return ir::BinOp::Add;
  case BO_Sub: return ir::BinOp::Sub;
  case BO_Shl: return ir::BinOp::Shl;
  case BO_Shr: return ir::BinOp::Shr;
  case BO_And: return ir::BinOp::BitAnd;
  case BO_Xor: return ir::BinOp::BitXor;
  case BO_Or: return ir::BinOp::BitOr;
  case BO_LT: return ir::BinOp::Lt;
  case BO_GT: return ir::BinOp::Gt;
  case BO_LE: return ir::BinOp::Le;
  case BO_GE: return ir::BinOp::Ge;
  case BO_EQ: return ir::BinOp::Eq;
  default: return ir::BinOp::Ne;
  }
}

bool isComplexCast(CastKind k) {
  switch (k) {
  case CK_FloatingRealToComplex:
  case CK_FloatingComplexToReal:
  case CK_FloatingComplexCast:
  case CK_FloatingComplexToIntegralComplex:
  case CK_IntegralComplexToFloatingComplex:
  case CK_FloatingComplexToBoolean:
  case CK_IntegralRealToComplex:
  case CK_IntegralComplexToReal:
  case CK_IntegralComplexCast:
  case CK_IntegralComplexToBoolean: return true;
  default: return false;
  }
}

/// Truncates `v` to the width of integer type `t` and sign- or zero-extends it back.
std::int64_t normalise(std::int64_t v, ir::TypeRef t) {
  int width = ir::bitWidth(t->intKind);
  if (width >= 64) return v;
  auto mask = (std::uint64_t{1} << width) - 1;
  auto bits = static_cast<std::uint64_t>(v) & mask;
  if (ir::isSigned(t->intKind) && (bits >> (width - 1)) & 1) bits |= ~mask;
  return static_cast<std::int64_t>(bits);
}

}  // namespace

ir::ExprPtr Lowerer::lowerExpr(const Expr* e) { return dispatch(e); }

ir::ExprPtr Lowerer::lowerOperand(const Expr* e) { return dispatch(e); }

ir::ExprPtr Lowerer::node(ExprKind kind, const Expr* e) {
  return node(kind, typeOf(e->getType(), e->getBeginLoc()), e);
}

ir::ExprPtr Lowerer::node(ExprKind kind, ir::TypeRef type, const Expr* e) {
  auto x = std::make_unique<ir::Expr>();
  x->kind = kind;
  x->type = type;
  x->range = rangeOf(e->getSourceRange());
  return x;
}

ir::ExprPtr Lowerer::intLit(std::int64_t value, ir::TypeRef type, const Expr* e) {
  auto x = node(ExprKind::IntLit, type, e);
  x->value = type->isInt() ? normalise(value, type) : value;
  return x;
}

ir::ExprPtr Lowerer::castTo(ir::TypeRef type, ir::ExprPtr op, const Expr* e) {
  if (op->type == type) return op;
  auto x = node(ExprKind::Cast, type, e);
  x->ops.push_back(std::move(op));
  return x;
}

ir::ExprPtr Lowerer::dispatch(const Expr* e) {
  e = e->IgnoreParens();
  if (exprDepth_ >= kMaxExprDepth)
    unsupported(e->getBeginLoc(),
                "expression nested more than " + std::to_string(kMaxExprDepth) + " levels deep");
  struct Nested {
    unsigned& depth;
    explicit Nested(unsigned& d) : depth(++d) {}
    ~Nested() { --depth; }
  } nested(exprDepth_);
  if (const auto* c = dyn_cast<ConstantExpr>(e)) return dispatch(c->getSubExpr());
  if (const auto* c = dyn_cast<CastExpr>(e)) return lowerCast(c);
  if (const auto* r = dyn_cast<DeclRefExpr>(e)) return lowerDeclRef(r);
  if (isa<IntegerLiteral, CharacterLiteral>(e)) return lowerFolded(e);
  if (const auto* u = dyn_cast<UnaryOperator>(e)) return lowerUnary(u);
  if (const auto* c = dyn_cast<CompoundAssignOperator>(e)) return lowerCompoundAssign(c);
  if (const auto* b = dyn_cast<BinaryOperator>(e)) return lowerBinary(b);
  if (const auto* c = dyn_cast<ConditionalOperator>(e)) return lowerConditional(c);
  if (const auto* a = dyn_cast<ArraySubscriptExpr>(e)) return lowerIndex(a);
  if (const auto* c = dyn_cast<CallExpr>(e)) return lowerCall(c);
  if (const auto* s = dyn_cast<UnaryExprOrTypeTraitExpr>(e)) {
    if (s->isArgumentType() ? s->getArgumentType()->isVariablyModifiedType()
                            : s->getArgumentExpr()->getType()->isVariablyModifiedType())
      unsupported(e->getBeginLoc(), "sizeof of a variable-length array");
    return lowerFolded(e);
  }
  return lowerOther(e);
}

ir::ExprPtr Lowerer::lowerOther(const Expr* e) {
  SourceLocation at = e->getBeginLoc();
  if (isa<OffsetOfExpr>(e)) return lowerFolded(e);
  if (const auto* lit = dyn_cast<StringLiteral>(e)) return strLit(lit, e);
  if (const auto* f = dyn_cast<FloatingLiteral>(e)) return floatLit(f->getValue(), e);
  if (isa<ImaginaryLiteral>(e)) unsupported(at, "imaginary literal");
  if (isa<StmtExpr>(e)) unsupported(at, "statement expression");
  if (isa<CompoundLiteralExpr>(e)) unsupported(at, "compound literal");
  if (const auto* m = dyn_cast<MemberExpr>(e)) return lowerMember(m);
  if (isa<InitListExpr>(e)) unsupported(at, "initializer list in an expression");
  if (isa<VAArgExpr>(e)) unsupported(at, "va_arg");
  if (isa<BinaryConditionalOperator>(e)) unsupported(at, "GNU conditional operator '?:'");
  if (isa<PredefinedExpr>(e)) unsupported(at, "__func__ outside a library call");
  if (isa<AtomicExpr>(e)) unsupported(at, "atomic operation");
  if (isa<AddrLabelExpr>(e)) unsupported(at, "address of a label");
  unsupported(at, std::string("expression '") + e->getStmtClassName() + "'");
}

ir::ExprPtr Lowerer::floatLit(const llvm::APFloat& value, const Expr* e) {
  ir::TypeRef type = typeOf(e->getType(), e->getBeginLoc());
  return intLit(static_cast<std::int64_t>(value.bitcastToAPInt().getZExtValue()), type, e);
}

ir::ExprPtr Lowerer::lowerCondition(const Expr* e) {
  ir::ExprPtr c = lowerExpr(e);
  if (!c->type->isFloat()) return c;
  // A floating value is true iff it compares unequal to 0.0 (-0.0 is false, NaN true): the
  // comparison is written out, since the bits of -0.0 are not all zero.
  auto x = node(ExprKind::Binary, prog_->types.intType(ir::IntKind::Int), e);
  x->binop = ir::BinOp::Ne;
  ir::TypeRef t = c->type;
  x->ops.push_back(std::move(c));
  x->ops.push_back(intLit(0, t, e));
  return x;
}

ir::ExprPtr Lowerer::lowerFolded(const Expr* e) {
  Expr::EvalResult result;
  if (!e->EvaluateAsInt(result, ctx_)) unsupported(e->getBeginLoc(), "non-constant expression");
  ir::ExprPtr x = intLit(toInt64(result.Val.getInt()), typeOf(e->getType(), e->getBeginLoc()), e);
  if (const auto* lit = dyn_cast<IntegerLiteral>(e)) x->macro = macroConstant(lit, *x);
  return x;
}

std::uint32_t Lowerer::macroConstant(const IntegerLiteral* lit, const ir::Expr& lowered) {
  if (fnId_ == ir::kNone || !lowered.type->isInt()) return ir::kNone;
  SourceLocation at = lit->getLocation();
  while (at.isMacroID() && sm_.isMacroArgExpansion(at))  // MAX passed to a function-like macro
    at = sm_.getImmediateSpellingLoc(at);
  if (!at.isMacroID() || !sm_.isMacroBodyExpansion(at)) return ir::kNone;
  const std::string name = Lexer::getImmediateMacroName(at, sm_, ctx_.getLangOpts()).str();
  const SourceLocation spelled = sm_.getSpellingLoc(at);
  if (name.empty() || spelled.isInvalid() || sm_.isInSystemHeader(spelled)) return ir::kNone;
  // A macro of the command line (-DN=21) has no file: rangeOf would register its buffer as one.
  if (!sm_.getFileEntryForID(sm_.getFileID(spelled))) return ir::kNone;
  const ir::SourceRange r = rangeOf(spelled, spelled);
  if (r.file >= prog_->files.size() || r.line == 0 || r.line > prog_->files[r.file].lines.size())
    return ir::kNone;
  // The literal must be the macro's whole body: `#define NAME 10`, perhaps in parentheses and
  // followed by a comment (`#define NEG -1` or `#define TWICE (2 * X)` are expressions).
  const std::string text = Lexer::getSourceText(CharSourceRange::getTokenRange(spelled, spelled),
                                                sm_, ctx_.getLangOpts())
                               .str();
  static const std::regex kLiteral("[0-9][0-9A-Za-z']*");
  if (!std::regex_match(text, kLiteral)) return ir::kNone;
  const std::regex define("\\s*#\\s*define\\s+" + name + "\\s+(\\(\\s*)?" + text +
                          "(\\s*\\))?\\s*(//.*|/\\*.*)?");
  if (!std::regex_match(prog_->files[r.file].lines[r.line - 1], define)) return ir::kNone;
  for (std::uint32_t m = 0; m < prog_->macros.size(); ++m) {
    const ir::MacroConstant& mc = prog_->macros[m];
    if (mc.name == name && mc.range.file == r.file && mc.range.line == r.line) return m;
  }
  ir::MacroConstant mc;
  mc.name = name;
  mc.range = r;
  mc.range.col = 1;
  mc.range.endLine = r.line;
  mc.range.endCol = static_cast<std::uint32_t>(prog_->files[r.file].lines[r.line - 1].size() + 1);
  mc.value = lowered.value;
  mc.type = lowered.type;
  prog_->macros.push_back(std::move(mc));
  return static_cast<std::uint32_t>(prog_->macros.size() - 1);
}

ir::ExprPtr Lowerer::lowerDeclRef(const DeclRefExpr* e) {
  const ValueDecl* d = e->getDecl();
  if (isa<EnumConstantDecl>(d)) return lowerFolded(e);
  if (const auto* vd = dyn_cast<VarDecl>(d)) {
    if (!vd->getDefinition() && sm_.isInSystemHeader(vd->getLocation()))
      if (const int k = streamOf(e); k >= 0) return standardStream(k, e);
    ir::VarId v = lookupVar(vd, e->getLocation());
    auto x = node(ExprKind::VarRef, prog_->vars[v].type, e);
    x->var = v;
    return x;
  }
  if (isa<FunctionDecl>(d)) unsupported(e->getBeginLoc(), "function pointer");
  unsupported(e->getBeginLoc(), "reference to '" + d->getNameAsString() + "'");
}

ir::ExprPtr Lowerer::lowerCast(const CastExpr* e) {
  const Expr* sub = e->getSubExpr();
  SourceLocation at = e->getBeginLoc();
  CastKind k = e->getCastKind();
  if (e->getType()->isPointerType() &&
      sub->isNullPointerConstant(ctx_, Expr::NPC_ValueDependentIsNotNull))  // NULL, (T *)0
    return intLit(0, typeOf(e->getType(), at), e);
  switch (k) {
  case CK_LValueToRValue:
  case CK_NoOp:
  case CK_ToVoid: return dispatch(sub);
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingToBoolean:
  case CK_FloatingCast: return castTo(typeOf(e->getType(), at), lowerExpr(sub), e);
  case CK_ArrayToPointerDecay: {
    ir::ExprPtr array = dispatch(sub);
    auto x = node(ExprKind::Cast, e);
    x->ops.push_back(std::move(array));
    return x;
  }
  case CK_FunctionToPointerDecay:
  case CK_BuiltinFnToFnPtr: unsupported(at, "function pointer");
  case CK_NullToPointer: return intLit(0, typeOf(e->getType(), at), e);
  case CK_PointerToBoolean: {  // p as a truth value: p != NULL
    ir::ExprPtr ptr = dispatch(sub);
    auto x = node(ExprKind::Binary, e);
    x->binop = ir::BinOp::Ne;
    ir::TypeRef ptrType = ptr->type;
    x->ops.push_back(std::move(ptr));
    x->ops.push_back(intLit(0, ptrType, e));
    return x;
  }
  case CK_BitCast: {
    ir::TypeRef to = typeOf(e->getType(), at);
    if (const auto* call = dyn_cast<CallExpr>(sub->IgnoreParenImpCasts()); call && to->isPointer())
      if (ir::ExprPtr block = lowerAllocation(call, e)) return block;
    ir::ExprPtr from = dispatch(sub);
    auto sameWidthInts = [](ir::TypeRef a, ir::TypeRef b) {  // int32_t * and uint32_t *
      return a->isInteger() && b->isInteger() &&
             ir::bitWidth(a->intKind) == ir::bitWidth(b->intKind);
    };
    if (to->isPointer() && from->type->isPointer() &&
        (to->elem->isVoid() || from->type->elem->isVoid() ||
         to->elem->scalarType() == from->type->elem->scalarType() ||
         sameWidthInts(to->elem, from->type->elem)))
      return castTo(to, std::move(from), e);
    unsupported(at, "conversion from '" + sub->getType().getAsString() + "' to '" +
                        e->getType().getAsString() + "' (memory is modelled as typed cells)");
  }
  default: break;
  }
  if (isComplexCast(k)) unsupported(at, "complex type");
  if (k == CK_IntegralToPointer || k == CK_PointerToIntegral)
    unsupported(at, "conversion between a pointer and an integer");
  unsupported(at, std::string("conversion '") + e->getCastKindName() + "'");
}

ir::ExprPtr Lowerer::lowerUnary(const UnaryOperator* e) {
  SourceLocation at = e->getBeginLoc();
  ir::UnOp op;
  switch (e->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: return lowerIncDec(e);
  case UO_Minus: op = ir::UnOp::Neg; break;
  case UO_Plus: op = ir::UnOp::Plus; break;
  case UO_Not: op = ir::UnOp::BitNot; break;
  case UO_LNot: {
    auto x = node(ExprKind::Unary, e);
    x->unop = ir::UnOp::LogNot;
    x->ops.push_back(lowerCondition(e->getSubExpr()));
    return x;
  }
  case UO_Extension: return dispatch(e->getSubExpr());
  case UO_AddrOf: {
    ir::ExprPtr target = lowerLvalue(e->getSubExpr(), /*anyType=*/true);
    auto x = node(ExprKind::AddrOf, prog_->types.pointerTo(target->type), e);
    x->ops.push_back(std::move(target));
    return x;
  }
  case UO_Deref: {
    ir::ExprPtr ptr = dispatch(e->getSubExpr());
    if (!ptr->type->isPointer() && !ptr->type->isArray())
      unsupported(at, "dereference of a non-pointer value");
    auto x = node(ExprKind::Index, e);
    x->ops.push_back(std::move(ptr));
    x->ops.push_back(intLit(0, prog_->types.intType(ir::IntKind::Long), e));
    return x;
  }
  default:
    unsupported(at, std::string("unary operator '") +
                        UnaryOperator::getOpcodeStr(e->getOpcode()).str() + "'");
  }
  ir::ExprPtr operand = lowerExpr(e->getSubExpr());
  auto x = node(ExprKind::Unary, e);
  x->unop = op;
  x->ops.push_back(std::move(operand));
  return x;
}

ir::ExprPtr Lowerer::lowerIncDec(const UnaryOperator* e) {
  if (e->getSubExpr()->getType()->isVoidPointerType())
    unsupported(e->getBeginLoc(), "arithmetic on a void pointer");
  ir::ExprPtr target = lowerLvalue(e->getSubExpr());
  auto x = node(ExprKind::IncDec, e);
  x->prefix = e->isPrefix();
  x->increment = e->isIncrementOp();
  x->ops.push_back(std::move(target));
  return x;
}

ir::ExprPtr Lowerer::lowerLvalue(const Expr* e, bool anyType) {
  ir::ExprPtr x = lowerExpr(e);
  if (x->kind == ExprKind::StrLit && anyType) return x;
  if (!x->isLvalue() || (!anyType && x->type->isArray()))
    unsupported(e->getBeginLoc(), "assignment to something other than a scalar or struct "
                                  "variable, array element, member or pointed-to object");
  return x;
}

ir::ExprPtr Lowerer::lowerBinary(const BinaryOperator* e) {
  ExprKind kind;
  switch (e->getOpcode()) {
  case BO_Assign: {
    ir::ExprPtr target = lowerLvalue(e->getLHS());
    ir::ExprPtr value = lowerExpr(e->getRHS());
    auto x = node(ExprKind::Assign, target->type, e);
    x->ops.push_back(std::move(target));
    x->ops.push_back(std::move(value));
    return x;
  }
  case BO_LAnd: kind = ExprKind::LogAnd; break;
  case BO_LOr: kind = ExprKind::LogOr; break;
  case BO_Comma: kind = ExprKind::Comma; break;
  case BO_PtrMemD:
  case BO_PtrMemI:
  case BO_Cmp: unsupported(e->getOperatorLoc(), "C++ operator");
  default: return lowerArith(e);
  }
  const bool logical = kind != ExprKind::Comma;
  ir::ExprPtr lhs = logical ? lowerCondition(e->getLHS()) : lowerExpr(e->getLHS());
  ir::ExprPtr rhs = logical ? lowerCondition(e->getRHS()) : lowerExpr(e->getRHS());
  auto x = node(kind, e);
  x->ops.push_back(std::move(lhs));
  x->ops.push_back(std::move(rhs));
  return x;
}

ir::ExprPtr Lowerer::lowerArith(const BinaryOperator* e) {
  ir::ExprPtr lhs = lowerOperand(e->getLHS());
  ir::ExprPtr rhs = lowerOperand(e->getRHS());
  const bool pointers = lhs->type->isPointer() || rhs->type->isPointer();
  if ((lhs->type->isPointer() && lhs->type->elem->isVoid()) ||
      (rhs->type->isPointer() && rhs->type->elem->isVoid()))
    if (!e->isComparisonOp()) unsupported(e->getOperatorLoc(), "arithmetic on a void pointer");
  if (pointers && !e->isComparisonOp() && e->getOpcode() != BO_Add && e->getOpcode() != BO_Sub)
    unsupported(e->getOperatorLoc(), "pointer arithmetic other than + and -");
  auto x = node(ExprKind::Binary, e);
  x->binop = binOpOf(e->getOpcode());
  x->ops.push_back(std::move(lhs));
  x->ops.push_back(std::move(rhs));
  return x;
}

ir::ExprPtr Lowerer::lowerCompoundAssign(const CompoundAssignOperator* e) {
  if (e->getLHS()->getType()->isVoidPointerType())
    unsupported(e->getOperatorLoc(), "arithmetic on a void pointer");
  ir::ExprPtr target = lowerLvalue(e->getLHS());
  ir::ExprPtr value = lowerExpr(e->getRHS());
  ir::TypeRef lhsType = typeOf(e->getComputationLHSType(), e->getOperatorLoc());
  ir::TypeRef resultType = typeOf(e->getComputationResultType(), e->getOperatorLoc());
  if (lhsType != resultType)
    unsupported(e->getOperatorLoc(), "compound assignment computed in two types");
  auto x = node(ExprKind::CompoundAssign, target->type, e);
  x->binop = binOpOf(BinaryOperator::getOpForCompoundAssignment(e->getOpcode()));
  x->computeType = resultType;
  x->ops.push_back(std::move(target));
  x->ops.push_back(std::move(value));
  return x;
}

ir::ExprPtr Lowerer::lowerConditional(const ConditionalOperator* e) {
  if (e->getType()->isStructureType())
    unsupported(e->getBeginLoc(), "conditional choosing between structs");
  ir::ExprPtr cond = lowerCondition(e->getCond());
  ir::ExprPtr yes = lowerExpr(e->getTrueExpr());
  ir::ExprPtr no = lowerExpr(e->getFalseExpr());
  auto x = node(ExprKind::Cond, e);
  x->ops.push_back(std::move(cond));
  x->ops.push_back(std::move(yes));
  x->ops.push_back(std::move(no));
  return x;
}

ir::ExprPtr Lowerer::lowerIndex(const ArraySubscriptExpr* e) {
  ir::ExprPtr base = lowerOperand(e->getBase());
  if (!base->type->isPointer() && !base->type->isArray())
    unsupported(e->getBeginLoc(), "subscript of a non-array value");
  ir::ExprPtr index = lowerExpr(e->getIdx());
  auto x = node(ExprKind::Index, e);
  x->ops.push_back(std::move(base));
  x->ops.push_back(std::move(index));
  return x;
}

ir::ExprPtr Lowerer::lowerMember(const MemberExpr* e) {
  const auto* field = dyn_cast<FieldDecl>(e->getMemberDecl());
  if (!field) unsupported(e->getMemberLoc(), "member that is not a field");
  ir::ExprPtr base = dispatch(e->getBase());
  if (e->isArrow()) {  // p->f is (*p).f
    if (!base->type->isPointer()) unsupported(e->getBeginLoc(), "'->' on a non-pointer value");
    auto deref = node(ExprKind::Index, base->type->elem, e);
    deref->ops.push_back(std::move(base));
    deref->ops.push_back(intLit(0, prog_->types.intType(ir::IntKind::Long), e));
    base = std::move(deref);
  }
  if (!base->type->isStruct()) unsupported(e->getBeginLoc(), "member of a non-struct value");
  if (!base->isLvalue()) unsupported(e->getBeginLoc(), "member of a struct value");
  const std::string name = field->getNameAsString();
  for (const ir::Field& f : base->type->fields)
    if (f.name == name) {
      auto x = node(ExprKind::Member, f.type, e);
      x->value = static_cast<std::int64_t>(f.offset);
      x->text = name;
      x->ops.push_back(std::move(base));
      return x;
    }
  unsupported(e->getMemberLoc(), "anonymous member '" + name + "'");
}

// --- initializers ----------------------------------------------------------------------------

ir::ExprPtr Lowerer::lowerInit(const Expr* init, ir::TypeRef type, bool constant) {
  const Expr* bare = init->IgnoreParens();
  if (type->isStruct()) {
    if (!isa<InitListExpr>(bare)) {  // a copy of another struct
      if (constant) unsupported(init->getBeginLoc(), "struct initializer that is not a list");
      return lowerExpr(init);
    }
    auto list = node(ExprKind::InitList, type, init);
    flattenInit(init, type, 0, *list, constant);
    return list;
  }
  if (!type->isArray()) {
    if (const auto* list = dyn_cast<InitListExpr>(bare)) {
      if (list->getNumInits() != 1) unsupported(init->getBeginLoc(), "scalar initializer list");
      init = list->getInit(0);
    }
    return constant ? constantScalar(init, type) : lowerExpr(init);
  }
  if (const auto* il = dyn_cast<InitListExpr>(bare); il && il->isStringLiteralInit())
    bare = il->getInit(0)->IgnoreParens();
  if (const auto* s = dyn_cast<StringLiteral>(bare)) return strLit(s, init);
  auto list = node(ExprKind::InitList, type, init);
  flattenInit(init, type, 0, *list, constant);
  return list;
}

void Lowerer::flattenInit(const Expr* init, ir::TypeRef type, std::uint64_t base, ir::Expr& list,
                          bool constant) {
  const Expr* e = init->IgnoreParens();
  if (isa<ImplicitValueInitExpr>(e)) return;
  if (type->isArray()) {
    if (const auto* s = dyn_cast<StringLiteral>(e)) return flattenString(s, type, base, list);
    const auto* il = dyn_cast<InitListExpr>(e);
    if (!il) unsupported(e->getBeginLoc(), "array initializer");
    if (il->isStringLiteralInit()) return flattenInit(il->getInit(0), type, base, list, constant);
    std::uint64_t cells = type->elem->cellCount();
    for (unsigned i = 0; i < il->getNumInits() && i < type->length; ++i)
      if (const Expr* sub = il->getInit(i))
        flattenInit(sub, type->elem, base + i * cells, list, constant);
    const Expr* filler = il->getArrayFiller();
    if (filler && !isa<ImplicitValueInitExpr>(filler))
      for (std::uint64_t i = il->getNumInits(); i < type->length; ++i)
        flattenInit(filler, type->elem, base + i * cells, list, constant);
    return;
  }
  if (type->isStruct()) {
    const auto* il = dyn_cast<InitListExpr>(e);
    if (!il) {
      if (constant) unsupported(e->getBeginLoc(), "struct initializer that is not a list");
      unsupported(e->getBeginLoc(), "struct copied into an initializer list");
    }
    if (type->isUnion) {  // one initializer, for the member it names (the first by default)
      const FieldDecl* f = il->getInitializedFieldInUnion();
      if (!f || il->getNumInits() == 0 || !il->getInit(0)) return;
      const unsigned i = f->getFieldIndex();
      if (i < type->fields.size())
        flattenInit(il->getInit(0), type->fields[i].type, base, list, constant);
      return;
    }
    for (unsigned i = 0; i < il->getNumInits() && i < type->fields.size(); ++i)
      if (const Expr* sub = il->getInit(i))
        flattenInit(sub, type->fields[i].type, base + type->fields[i].offset, list, constant);
    return;
  }
  if (const auto* il = dyn_cast<InitListExpr>(e)) {
    if (il->getNumInits() > 0) flattenInit(il->getInit(0), type, base, list, constant);
    return;
  }
  ir::ExprPtr value = constant ? constantScalar(init, type) : castTo(type, lowerExpr(init), init);
  if (constant && value->kind == ExprKind::IntLit && value->value == 0) return;
  list.ops.push_back(std::move(value));
  list.initOffsets.push_back(base);
}

void Lowerer::flattenString(const StringLiteral* s, ir::TypeRef type, std::uint64_t base,
                            ir::Expr& list) {
  if (s->getCharByteWidth() != 1) unsupported(s->getBeginLoc(), "wide string literal");
  if (!type->elem->isInt() || ir::bitWidth(type->elem->intKind) != 8)
    unsupported(s->getBeginLoc(), "string literal initializing a non-char array");
  for (unsigned i = 0; i < s->getLength() && i < type->length; ++i) {
    if (s->getCodeUnit(i) == 0) continue;
    list.ops.push_back(intLit(s->getCodeUnit(i), type->elem, s));
    list.initOffsets.push_back(base + i);
  }
}

ir::ExprPtr Lowerer::strLit(const StringLiteral* s, const Expr* at) {
  if (s->getCharByteWidth() != 1) unsupported(s->getBeginLoc(), "wide string literal");
  auto x = node(ExprKind::StrLit, typeOf(s->getType(), s->getBeginLoc()), at);
  x->text = s->getString().str();
  return x;
}

}  // namespace culprit::frontend

// Private to the frontend: the Lowerer walks one type-checked Clang translation unit and builds
// culprit's IR from it. Its methods are spread over several files by concern:
//   lower_decl.cpp  translation unit, functions, variables, global initializers
//   lower_types.cpp C types, source ranges, files, the unsupported-construct error
//   lower_expr.cpp  expressions (Clang's implicit conversions become Cast nodes)
//   lower_call.cpp  calls to user functions, library functions and verification intrinsics
//   lower_stmt.cpp  statements, switch arms, statement ids and roles
//   goto_elim.cpp   gotos and labels into structured statements (after a body is lowered)
// A program of several translation units has one Lowerer per unit, all building one Program
// through the Linkage they share (link.cpp: symbols with external linkage, struct types
// defined in shared headers, files, library functions).
// Pre: Clang reported no error for the translation units. Post: a Program whose StmtIds are
// dense and in source order (units in command-line order), or a UserError for the first
// construct outside the subset.
#pragma once

#include "frontend/frontend.h"
#include "frontend/goto_elim.h"
#include "ir/error.h"
#include "ir/ir.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/ADT/DenseMap.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace culprit::frontend {

struct LibraryFunction;

/// Name of culprit's assert intrinsic, declared by its virtual <assert.h>.
inline constexpr const char* kAssertIntrinsic = "__culprit_assert";

struct LowerOptions {
  std::string mainPath;              ///< the unit's main file path as the caller gave it
  std::vector<std::string> trusted;  ///< Function::trusted
  std::string entry;                 ///< frontend::Options::entry
  std::function<void(const std::string&)> warn;  ///< frontend::Options::warn
};

class Lowerer;

/// What the translation units of one program share while they are lowered (link.cpp).
struct Linkage {
  ir::Program* prog = nullptr;
  /// Functions and variables with external linkage defined by some unit, by name, with the
  /// place of their definition (`file:line:col`) for errors.
  std::map<std::string, ir::FuncId> functions;
  std::map<std::string, ir::VarId> globals;
  std::map<std::string, std::string> definedAt;
  /// Names of the external definitions of every unit (reserved before any is declared, so a
  /// `static` of another unit never takes them) and every name given so far.
  std::set<std::string> externalNames, functionNames, globalNames;
  std::map<std::string, ir::FuncId> library;   ///< prelude functions by C name
  std::map<std::string, ir::TypeRef> structs;  ///< struct types by place of definition
  std::map<std::string, std::uint32_t> files;  ///< Program::files index by path
  /// FuncId -> the unit that lowers its body and its definition there.
  std::vector<std::pair<Lowerer*, const clang::FunctionDecl*>> definitions;
  /// Functions whose declaration or body uses an unsupported construct: the error, raised
  /// when such a function is called (declaration) or reachable from the entry (body).
  std::map<ir::FuncId, UserError> rejected;
};

/// Lowers and links the translation units (one Program; see link.cpp).
std::unique_ptr<ir::Program> lowerProgram(const std::vector<clang::ASTContext*>& units,
                                          const std::vector<LowerOptions>& options);

/// Deepest expression lowered: the interpreter, the encoder and Z3 walk expressions
/// recursively, on threads with ordinary stacks.
inline constexpr unsigned kMaxExprDepth = 5000;

class Lowerer {
public:
  Lowerer(clang::ASTContext& ctx, const LowerOptions& options, Linkage& link);
  /// Steps of lowerProgram, each taken for every unit before the next.
  void reserveExternalNames();
  void registerMainFile() { fileIndex(sm_.getMainFileID()); }
  void declareTopLevel();
  void lowerGlobalInits();
  void lowerFunction(const clang::FunctionDecl* fd, ir::FuncId id);

private:
  // --- lower_types.cpp: types, ranges, files, errors ---------------------------------------
  /// A UserError at `loc` (its file location, named as the user named the file).
  UserError errorAt(clang::SourceLocation loc, const std::string& message) const;
  /// `file:line:col` of `loc`.
  std::string placeOf(clang::SourceLocation loc) const;
  [[noreturn]] void unsupported(clang::SourceLocation loc, const std::string& what) const;
  std::string macroAt(clang::SourceLocation loc) const;
  ir::TypeRef typeOf(clang::QualType t, clang::SourceLocation where);
  /// Rejects a union two of whose members give one cell different types.
  void checkOverlay(const ir::Type& u, const clang::RecordDecl* def) const;
  ir::SourceRange rangeOf(clang::SourceLocation begin, clang::SourceLocation end);
  ir::SourceRange rangeOf(clang::SourceRange r) { return rangeOf(r.getBegin(), r.getEnd()); }
  std::uint32_t fileIndex(clang::FileID id);
  static std::int64_t toInt64(const llvm::APSInt& v);

  // --- lower_decl.cpp ----------------------------------------------------------------------
  void declareFunction(const clang::FunctionDecl* fd);
  /// The name a function or global of this unit gets: its own, made unique (`name.1`) for an
  /// internal one that another unit's symbol already has.
  std::string linkName(const std::string& base, bool external, std::set<std::string>& taken);
  /// Records the external definition `name` at `loc`; two are a located error.
  void defineExternal(const std::string& name, clang::SourceLocation loc);
  void declareGlobal(const clang::VarDecl* vd);
  /// The prelude's definition of library function `name` (declared on first use), or kNone.
  ir::FuncId preludeFunction(llvm::StringRef name);
  ir::VarId addVar(const clang::VarDecl* vd, ir::Var::Storage storage, std::string name);
  ir::TypeRef varType(const clang::VarDecl* vd);
  ir::ExprPtr constantInit(const clang::VarDecl* vd, ir::TypeRef type);
  ir::ExprPtr constantScalar(const clang::Expr* e, ir::TypeRef type);
  ir::VarId lookupVar(const clang::VarDecl* vd, clang::SourceLocation use);
  std::string uniqueGlobalName(const std::string& base);
  /// The struct type another unit built from the same definition (a shared header), if any.
  ir::TypeRef sharedStruct(const clang::RecordDecl* def, std::string& key) const;
  ir::StmtPtr lowerStaticLocal(const clang::VarDecl* vd);

  // --- lower_stmt.cpp ----------------------------------------------------------------------
  ir::StmtPtr newStmt(ir::StmtKind kind, ir::StmtRole role, ir::SourceRange range);
  void assignId(ir::Stmt& s);
  ir::StmtPtr lowerStmt(const clang::Stmt* s);
  void lowerInto(std::vector<ir::StmtPtr>& out, const clang::Stmt* s);
  ir::StmtPtr lowerDeclGroup(const clang::DeclStmt* ds);
  void lowerLocalDecls(std::vector<ir::StmtPtr>& out, const clang::DeclStmt* ds);
  ir::StmtPtr lowerLocalVar(const clang::VarDecl* vd, bool first);
  ir::StmtPtr lowerCompound(const clang::CompoundStmt* cs);
  ir::StmtPtr lowerExprStmt(const clang::Expr* e);
  ir::StmtPtr lowerIf(const clang::IfStmt* s);
  ir::StmtPtr lowerWhile(const clang::WhileStmt* s);
  ir::StmtPtr lowerDo(const clang::DoStmt* s);
  ir::StmtPtr lowerFor(const clang::ForStmt* s);
  ir::StmtPtr lowerSwitch(const clang::SwitchStmt* s);
  void lowerSwitchBody(ir::Stmt& sw, const clang::Stmt* body);
  void addCaseLabel(ir::SwitchArm& arm, const clang::SwitchCase* label);
  void declareBeforeFirstCase(const clang::Stmt* s);
  ir::StmtPtr lowerReturn(const clang::ReturnStmt* s);
  ir::StmtPtr lowerJump(const clang::Stmt* s, ir::StmtKind kind);
  void lowerGoto(std::vector<ir::StmtPtr>& out, const clang::GotoStmt* g);
  void lowerLabel(std::vector<ir::StmtPtr>& out, const clang::LabelStmt* l);
  std::uint32_t labelId(const clang::LabelDecl* d);
  static ir::StmtRole roleOf(const ir::Expr& e);

  // --- lower_expr.cpp ----------------------------------------------------------------------
  /// An expression (an integer or a pointer value).
  ir::ExprPtr lowerExpr(const clang::Expr* e);
  /// `e` as a truth value (a floating value compared with 0.0).
  ir::ExprPtr lowerCondition(const clang::Expr* e);
  ir::ExprPtr lowerOperand(const clang::Expr* e);
  /// The initializer of an object of type `type` (scalar expression, InitList or StrLit);
  /// `constant`: fold every element with Clang's evaluator (globals, statics).
  ir::ExprPtr lowerInit(const clang::Expr* init, ir::TypeRef type, bool constant);
  ir::ExprPtr node(ir::ExprKind kind, const clang::Expr* e);
  ir::ExprPtr node(ir::ExprKind kind, ir::TypeRef type, const clang::Expr* e);
  ir::ExprPtr intLit(std::int64_t value, ir::TypeRef type, const clang::Expr* e);
  ir::ExprPtr castTo(ir::TypeRef type, ir::ExprPtr op, const clang::Expr* e);
  ir::ExprPtr dispatch(const clang::Expr* e);
  ir::ExprPtr lowerDeclRef(const clang::DeclRefExpr* e);
  ir::ExprPtr lowerCast(const clang::CastExpr* e);
  ir::ExprPtr lowerUnary(const clang::UnaryOperator* e);
  ir::ExprPtr lowerIncDec(const clang::UnaryOperator* e);
  ir::ExprPtr lowerBinary(const clang::BinaryOperator* e);
  ir::ExprPtr lowerArith(const clang::BinaryOperator* e);
  ir::ExprPtr lowerCompoundAssign(const clang::CompoundAssignOperator* e);
  ir::ExprPtr lowerConditional(const clang::ConditionalOperator* e);
  ir::ExprPtr lowerIndex(const clang::ArraySubscriptExpr* e);
  ir::ExprPtr lowerMember(const clang::MemberExpr* e);
  ir::ExprPtr lowerFolded(const clang::Expr* e);
  /// The macro constant (index into Program::macros, recorded on first use) an integer literal
  /// of a function body is the whole body of (`#define MAX 10`), else kNone.
  std::uint32_t macroConstant(const clang::IntegerLiteral* lit, const ir::Expr& lowered);
  /// A float or double literal: an IntLit holding the value's bit pattern.
  ir::ExprPtr floatLit(const llvm::APFloat& value, const clang::Expr* e);
  ir::ExprPtr lowerOther(const clang::Expr* e);
  /// An assignable lvalue (scalar); `anyType`: any lvalue, for `&`.
  ir::ExprPtr lowerLvalue(const clang::Expr* e, bool anyType = false);
  void flattenInit(const clang::Expr* init, ir::TypeRef type, std::uint64_t base, ir::Expr& list,
                   bool constant);
  void flattenString(const clang::StringLiteral* s, ir::TypeRef type, std::uint64_t base,
                     ir::Expr& list);
  ir::ExprPtr strLit(const clang::StringLiteral* s, const clang::Expr* at);

  // --- lower_call.cpp ----------------------------------------------------------------------
  ir::ExprPtr lowerCall(const clang::CallExpr* e);
  /// Warns once about a call to an implicitly declared function (C89): a library function
  /// Clang knows gets its prototype, any other `int f()`.
  void warnImplicit(const clang::FunctionDecl* fd);
  /// A call to library function `lib` that Clang declared implicitly as `int f()`: its
  /// value converted to int as x86-64 does (wider integers), or an error where the library
  /// returns a pointer or a floating value and the value is used.
  ir::ExprPtr lowerImplicitLibraryCall(const clang::CallExpr* e, const LibraryFunction& lib);
  /// The call's value is discarded (an expression statement or a cast to void).
  bool valueDiscarded(const clang::CallExpr* e);
  ir::ExprPtr lowerUserCall(const clang::CallExpr* e, ir::FuncId callee);
  /// `type`: the call's type (null: the CallExpr's).
  ir::ExprPtr lowerLibraryCall(const clang::CallExpr* e, const LibraryFunction& lib,
                               ir::TypeRef type = nullptr);
  ir::ExprPtr lowerNondet(const clang::CallExpr* e);
  ir::ExprPtr lowerAssertCall(const clang::CallExpr* e, bool intrinsic);
  ir::ExprPtr lowerLibArg(const clang::Expr* arg, bool allowAddrOf);
  int fprintfStream(const clang::Expr* arg);
  /// 0, 1, 2 for stdin, stdout, stderr; -1 for any other stream expression.
  int streamOf(const clang::Expr* arg) const;
  // --- lower_stream.cpp --------------------------------------------------------------------
  /// culprit's struct FILE: one int cell, the stream's handle.
  ir::TypeRef fileType();
  /// The type of a library struct the program uses: FILE, or an error naming the feature of
  /// another known one; nullopt for the rest (reported by the caller).
  std::optional<ir::TypeRef> libraryRecord(const clang::RecordDecl* def, clang::QualType qt,
                                           clang::SourceLocation where);
  /// `&stdin` (k 0), `&stdout` (1), `&stderr` (2): the address of the stream's global.
  ir::ExprPtr standardStream(int k, const clang::Expr* e);
  /// The handle of the stream `arg` (a FILE *): a literal for stdin/stdout/stderr.
  ir::ExprPtr streamHandle(const clang::Expr* arg);
  /// A call of a stream function on a FILE * other than the standard stream its builtin
  /// reads or writes, or fopen; nullptr for other calls.
  ir::ExprPtr lowerStreamCall(const clang::CallExpr* e, llvm::StringRef name);

  /// The function a qsort/bsearch comparator argument names.
  ir::FuncId comparator(const clang::Expr* arg);
  /// `(T *)malloc(bytes)` or `(T *)calloc(n, size)` as one Malloc/Calloc call of type T*, or
  /// nullptr when `call` is not a call to one of them.
  /// A math.h function: Builtin::Math with the MathFn in `value`.
  ir::ExprPtr lowerMathCall(const clang::CallExpr* e, ir::MathFn f);
  ir::ExprPtr lowerAllocation(const clang::CallExpr* call, const clang::CastExpr* cast);
  ir::FuncId userFunction(const clang::FunctionDecl* fd) const;

  clang::ASTContext& ctx_;
  clang::SourceManager& sm_;
  LowerOptions opts_;
  Linkage& link_;
  ir::Program* prog_;
  llvm::DenseMap<const clang::VarDecl*, ir::VarId> vars_;         ///< canonical decl -> var
  llvm::DenseMap<const clang::FunctionDecl*, ir::FuncId> funcs_;  ///< canonical decl -> func
  llvm::DenseMap<clang::FileID, std::uint32_t> files_;
  llvm::DenseMap<const clang::RecordDecl*, ir::TypeRef> structs_;  ///< canonical decl -> type
  std::map<ir::FuncId, UserError>& rejected_;
  std::vector<std::pair<ir::VarId, const clang::VarDecl*>> pendingInits_;  ///< globals' inits
  std::set<const clang::FunctionDecl*> warned_;  ///< implicit declarations warned about
  ir::FuncId fnId_ = ir::kNone;
  // The gotos and labels of the function being lowered (see goto_elim.h).
  std::vector<GotoSite> gotos_;
  std::vector<LabelSite> labels_;
  llvm::DenseMap<const clang::LabelDecl*, std::uint32_t> labelIds_;
  unsigned exprDepth_ = 0;  ///< lowerExpr calls in progress
  ir::TypeRef fileType_ = nullptr;
  ir::VarId streamVars_[3] = {ir::kNone, ir::kNone, ir::kNone};  ///< stdin, stdout, stderr
};

}  // namespace culprit::frontend

// culprit's intermediate representation of a C program.
//
// Structured, close to the source: functions hold a tree of statements; expressions are typed
// trees that may have side effects (assignment, ++/--, calls) exactly as in C. Every implicit
// conversion Clang inferred (integer promotions, usual arithmetic conversions, conversion on
// assignment) is an explicit Cast node, so consumers never re-derive C typing rules: each
// arithmetic node computes in its own type. Every statement has a stable StmtId (its index in
// Program::stmts, assigned in source order) and an exact SourceRange.
#pragma once

#include "ir/types.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace culprit::ir {

using StmtId = std::uint32_t;
using VarId = std::uint32_t;
using FuncId = std::uint32_t;
inline constexpr std::uint32_t kNone = 0xffffffffu;

struct SourceRange {
  std::uint32_t file = 0;  ///< index into Program::files
  std::uint32_t line = 0, col = 0, endLine = 0, endCol = 0;
};

// ---------------------------------------------------------------------------------------------
// Expressions

enum class ExprKind : std::uint8_t {
  IntLit,  ///< value
  StrLit,  ///< text (NUL not included); only as library-call arguments and char-array inits
  VarRef,  ///< var (lvalue)
  Index,   ///< ops[0][ops[1]]; ops[0] has array or pointer type (lvalue)
  AddrOf,  ///< &ops[0] (scanf arguments)
  Unary,   ///< unop ops[0]
  Binary,  ///< ops[0] binop ops[1]; both already converted to `type` (except shifts/compares)
  LogAnd,  ///< ops[0] && ops[1] (short-circuit), type int
  LogOr,   ///< ops[0] || ops[1]
  Cond,    ///< ops[0] ? ops[1] : ops[2]
  Cast,    ///< (type) ops[0]; also array-to-pointer decay
  Assign,  ///< ops[0] = ops[1] (ops[1] already converted to the lvalue's type)
  CompoundAssign,  ///< ops[0] binop= ops[1]; computed in `computeType`, result converted back
  IncDec,          ///< ++/-- on ops[0]; `prefix`, `increment`
  Call,            ///< callee (user function) or builtin; ops = arguments
  Comma,           ///< ops[0], ops[1]
  InitList,        ///< flattened initializer: ops[i] initialises cell initOffsets[i]; rest zero
  Member,          ///< ops[0].member, the struct member `value` cells into ops[0] (lvalue)
};

enum class UnOp : std::uint8_t { Neg, Plus, BitNot, LogNot };

enum class BinOp : std::uint8_t {
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  BitAnd,
  BitOr,
  BitXor,
  Lt,
  Gt,
  Le,
  Ge,
  Eq,
  Ne,
};

const char* binOpSpelling(BinOp op);
const char* unOpSpelling(UnOp op);
bool isComparison(BinOp op);

/// Library functions and verification intrinsics culprit models natively.
enum class Builtin : std::uint8_t {
  None,
  Printf,
  Fprintf,
  Puts,
  Putchar,  ///< output
  Atoi,
  Atol,
  Atoll,
  Strtol,  ///< string to integer (argv)
  Scanf,
  Getchar,  ///< input from stdin
  Exit,
  Abort,
  Assert,      ///< assert(e), from culprit's own <assert.h>
  AssertFail,  ///< glibc's __assert_fail(...) called directly
  ReachError,  ///< reach_error() / __VERIFIER_error(): a violated property
  Nondet,      ///< __VERIFIER_nondet_T() / nondet_T(): next value of the nondet input vector
  Assume,      ///< __VERIFIER_assume(e) / __CPROVER_assume(e)
  Gets,        ///< gets(buf): a line without its newline; NULL at end of input
  Fgets,       ///< fgets(buf, n, stdin): ops {buf, n}
  Sscanf,      ///< sscanf(str, format, ...): ops {str, format, args...}
  Fputs,       ///< fputs(s, stream): ops {s}; `stream`
  Malloc,      ///< malloc(bytes) as a T*: a heap block of bytes / sizeof(T) T's (`value`: sizeof T)
  Calloc,      ///< calloc(n, size) as a T*: zero-filled; `value`: sizeof T
  Free,        ///< free(p)
  Memset,      ///< memset(p, c, bytes): ops {p (as typed as written), c, bytes}
  Memcpy,      ///< memcpy/memmove(d, s, bytes): ops {d, s, bytes}, copied as if through a buffer
  VlaAlloc,    ///< the block of `T a[n]` (a VLA, typed T*): ops {n}
  Qsort,       ///< qsort(base, n, size, cmp): ops {base, n, size}; `callee` = cmp
  Bsearch,     ///< bsearch(key, base, n, size, cmp): ops {key, base, n, size}; `callee` = cmp
  Math,        ///< a math.h function (`value`: its MathFn), in the precision of its operands
  Atof,        ///< atof(s), strtod(s, NULL): ops {s}
  // C streams on a FILE *: ops[0] is the stream's handle (the int cell of its FILE object:
  // 0 stdin, 1 stdout, 2 stderr, 3... the files fopen opened, in order).
  Fopen,       ///< fopen(path, mode): ops {path, mode}; a FILE * (NULL when it cannot open)
  Fclose,      ///< fclose(fp): ops {h}
  Fgetc,       ///< getc/fgetc(fp): ops {h}
  Ungetc,      ///< ungetc(c, fp): ops {h, c}
  FileGets,    ///< fgets(buf, n, fp): ops {h, buf, n}
  FileScanf,   ///< fscanf(fp, format, ...): ops {h, format, args...}
  Fread,       ///< fread(buf, size, n, fp): ops {h, buf, size, n}
  Feof,        ///< feof(fp): ops {h}
  Ferror,      ///< ferror(fp): ops {h}
  FilePrintf,  ///< fprintf(fp, format, ...): ops {h, format, args...}
  FilePuts,    ///< fputs(s, fp): ops {h, s}
  FilePutc,    ///< fputc/putc(c, fp): ops {h, c}
};
/// A builtin on a FILE * whose first operand is the stream's handle.
inline bool isStreamBuiltin(Builtin b) { return b >= Builtin::Fclose && b <= Builtin::FilePutc; }
const char* builtinName(Builtin b);

/// The math.h functions culprit models. The float variants (sqrtf, ...) are the same function
/// computed on floats; the classification macros (isnan, isinf, isfinite) expand to Clang
/// builtins that take either precision.
enum class MathFn : std::uint8_t {
  Sqrt,
  Fabs,
  Floor,
  Ceil,
  Round,
  Trunc,
  Exp,
  Log,
  Log10,
  Log2,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Tanh,
  Cbrt,  // one operand
  Pow,
  Fmod,
  Atan2,
  Fmin,
  Fmax,
  Hypot,  // two operands
  IsNan,
  IsInf,
  IsFinite,  // classification: an int
};
const char* mathName(MathFn f);
int mathArity(MathFn f);
/// The function `name` calls ("sqrt", "sqrtf", "__builtin_isnan", ...), if culprit models it.
std::optional<MathFn> mathFnByName(std::string_view name);

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Expr {
  ExprKind kind = ExprKind::IntLit;
  TypeRef type = nullptr;  ///< the C type of the value (after Clang's typing)
  SourceRange range;
  std::vector<ExprPtr> ops;

  std::int64_t value = 0;  ///< IntLit (normalised to `type`)
  std::string text;        ///< StrLit
  VarId var = kNone;       ///< VarRef
  UnOp unop = UnOp::Neg;
  BinOp binop = BinOp::Add;                ///< Binary, CompoundAssign
  TypeRef computeType = nullptr;           ///< CompoundAssign: type the operation is computed in
  bool prefix = false, increment = false;  ///< IncDec
  FuncId callee = kNone;                   ///< Call to a user function
  Builtin builtin = Builtin::None;         ///< Call to a builtin
  int stream = 1;                          ///< Fprintf: 1 stdout, 2 stderr
  std::vector<std::uint64_t> initOffsets;  ///< InitList
  /// IntLit written as an object-like macro whose body is this literal (`#define MAX 10`):
  /// index into Program::macros; kNone otherwise.
  std::uint32_t macro = kNone;

  bool isLvalue() const {
    return kind == ExprKind::VarRef || kind == ExprKind::Index || kind == ExprKind::Member;
  }
};

/// A pointer operand as the program wrote it: `e` under its conversions to other pointer types
/// (the `void *` of memset, qsort, ...), whose type tells the element type.
inline const Expr& pointerAsWritten(const Expr& e) {
  const Expr* p = &e;
  while (p->kind == ExprKind::Cast && !p->ops.empty() && p->ops[0]->type->isPointer())
    p = p->ops[0].get();
  return *p;
}

/// `e` under all its casts (`(char *)"abc"` is the literal).
const Expr& peelCasts(const Expr& e);
/// A string: a literal, or a pointer to or array of 8-bit integers.
bool isStringExpr(const Expr& e);
/// An assignment, compound assignment or ++/-- whose target is an integer: the expression
/// statements whose value an angelic value replaces.
bool assignsInteger(const Expr& e);
/// `e` without the casts to void around it (`(void)(x = 1);`); null for null.
const Expr* withoutVoidCast(const Expr* e);

// ---------------------------------------------------------------------------------------------
// Statements

enum class StmtKind : std::uint8_t {
  Block,    ///< children
  Expr,     ///< expr (an expression statement)
  Decl,     ///< var, optional expr = initializer
  If,       ///< expr = condition, thenS, elseS (may be null)
  While,    ///< expr = condition, body
  DoWhile,  ///< body, expr = condition
  For,      ///< init (may be null), expr = condition (may be null), step (may be null), body
  Switch,   ///< expr = condition, arms (fall through in order until break)
  Break,
  Continue,
  Return,  ///< expr (may be null)
  Empty,
  /// A macro constant as a repair site of its own (Program::macros): at its `#define` line,
  /// expr = the literal; in no function body, never executed (its uses count as its hits).
  Macro,
};

/// What a statement is, in the vocabulary of ARCHITECTURE.md (derived at lowering).
enum class StmtRole : std::uint8_t {
  None,    ///< blocks, empty statements, declarations without initializer
  Assign,  ///< stores a value: assignment, ++/--, initialised declaration
  Branch,  ///< condition of if / while / do / for / switch
  Assert,  ///< assert, __assert_fail, reach_error
  Assume,
  Call,  ///< a call statement whose value is not stored
  Return,
  Output,  ///< printf, fprintf, puts, putchar
  Jump,    ///< break, continue
};
const char* stmtRoleName(StmtRole r);

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

struct SwitchArm {
  std::vector<std::int64_t> values;  ///< case labels of this arm
  bool isDefault = false;
  std::vector<StmtPtr> body;
};

struct Stmt {
  StmtKind kind = StmtKind::Empty;
  StmtRole role = StmtRole::None;
  StmtId id = kNone;
  FuncId func = kNone;
  SourceRange range;

  ExprPtr expr;                   ///< see StmtKind
  VarId var = kNone;              ///< Decl
  std::vector<StmtPtr> children;  ///< Block
  StmtPtr thenS, elseS;           ///< If
  StmtPtr init, step, body;       ///< loops (init/step: For only)
  std::vector<SwitchArm> arms;    ///< Switch

  bool isBranch() const { return role == StmtRole::Branch; }
  /// Its instances produce a value or a decision: what an angelic value replaces.
  bool producesValue() const {
    return role == StmtRole::Assign || role == StmtRole::Return || role == StmtRole::Branch;
  }
  /// Counted in coverage and ranked (everything a line-coverage tool would count).
  bool isExecutable() const { return role != StmtRole::None; }
};

// ---------------------------------------------------------------------------------------------
// Program

struct Var {
  enum class Storage : std::uint8_t { Global, Local, Param };
  std::string name;
  TypeRef type = nullptr;
  Storage storage = Storage::Local;
  FuncId func = kNone;     ///< owner (kNone for globals)
  std::uint32_t slot = 0;  ///< index among globals, or in the owner's frame
  SourceRange range;
  ExprPtr init;  ///< globals only: constant initializer (IntLit, StrLit or InitList)
};

struct Function {
  std::string name;
  FuncId id = kNone;
  TypeRef ret = nullptr;
  std::vector<VarId> params;
  std::vector<VarId> frame;  ///< every parameter and local, in slot order (params first)
  StmtPtr body;              ///< a Block
  SourceRange range;
  bool trusted = false;  ///< harness or --trust code: executed, never suspected
  /// A C library function culprit defines in C (the frontend's prelude): its C name, e.g.
  /// "strlen"; empty for the program's own functions. Library functions are trusted.
  std::string library;
};

/// An object-like macro whose body is one integer literal, used in the program's code
/// (`#define MIN_DECEL 3`). Its uses are IntLits with Expr::macro set; changing it changes them
/// all, so it is one soft group (the statement `stmt`, of kind Macro) with one value per run.
struct MacroConstant {
  std::string name;
  SourceRange range;  ///< the `#define` line
  std::int64_t value = 0;
  TypeRef type = nullptr;
  StmtId stmt = kNone;  ///< kNone: used only by trusted code (not a repair site)
};

struct SourceFile {
  std::string path;
  std::vector<std::string> lines;  ///< text of each line, lines[0] is line 1
};

struct Program {
  TypeTable types;
  std::vector<SourceFile> files;
  std::vector<Function> functions;
  std::vector<Var> vars;
  std::vector<VarId> globals;  ///< in slot order
  std::vector<Stmt*> stmts;    ///< StmtId -> statement (owned by function bodies)
  std::vector<MacroConstant> macros;
  std::vector<StmtPtr> macroStmts;  ///< owns the statements of macro constants

  const Function* findFunction(const std::string& name) const;
  const Stmt& stmt(StmtId id) const { return *stmts[id]; }
  /// "file:line" of a range, with the file's path as given on the command line.
  std::string where(const SourceRange& r) const;
  /// The source text of the range's first line, trimmed (for reports).
  std::string sourceLine(const SourceRange& r) const;
  /// The range's own text when it lies within one line and is not that whole (trimmed) line,
  /// e.g. `i++` in a for header; otherwise "".
  std::string partOfLine(const SourceRange& r) const;
};

}  // namespace culprit::ir

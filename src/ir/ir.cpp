#include "ir/ir.h"

namespace culprit::ir {

const char* binOpSpelling(BinOp op) {
  static const char* const s[] = {"+", "-", "*", "/", "%",  "<<", ">>", "&",
                                  "|", "^", "<", ">", "<=", ">=", "==", "!="};
  return s[static_cast<int>(op)];
}

const char* unOpSpelling(UnOp op) {
  static const char* const s[] = {"-", "+", "~", "!"};
  return s[static_cast<int>(op)];
}

bool isComparison(BinOp op) { return op >= BinOp::Lt; }

const Expr& peelCasts(const Expr& e) {
  const Expr* p = &e;
  while (p->kind == ExprKind::Cast && !p->ops.empty())
    p = p->ops[0].get();
  return *p;
}

bool isStringExpr(const Expr& e) {
  if (peelCasts(e).kind == ExprKind::StrLit) return true;
  const TypeRef t = e.type;
  return (t->isPointer() || t->isArray()) && t->elem->isInt() && bitWidth(t->elem->intKind) == 8;
}

bool assignsInteger(const Expr& e) {
  return (e.kind == ExprKind::Assign || e.kind == ExprKind::CompoundAssign ||
          e.kind == ExprKind::IncDec) &&
         e.ops[0]->type->isInt();
}

const Expr* withoutVoidCast(const Expr* e) {
  while (e && e->kind == ExprKind::Cast && e->type->isVoid())
    e = e->ops[0].get();
  return e;
}

const char* builtinName(Builtin b) {
  static const char* const s[] = {
      "",      "printf", "fprintf",       "puts",        "putchar", "atoi",
      "atol",  "atoll",  "strtol",        "scanf",       "getchar", "exit",
      "abort", "assert", "__assert_fail", "reach_error", "nondet",  "assume",
      "gets",  "fgets",  "sscanf",        "fputs",       "malloc",  "calloc",
      "free",  "memset", "memcpy",        "alloca",      "qsort",   "bsearch",
      "math",  "atof",   "fopen",         "fclose",      "fgetc",   "ungetc",
      "fgets", "fscanf", "fread",         "feof",        "ferror",  "fprintf",
      "fputs", "fputc"};
  return s[static_cast<int>(b)];
}

namespace {
constexpr const char* kMathNames[] = {
    "sqrt", "fabs", "floor", "ceil", "round", "trunc", "exp",   "log",   "log10",   "log2",
    "sin",  "cos",  "tan",   "asin", "acos",  "atan",  "sinh",  "cosh",  "tanh",    "cbrt",
    "pow",  "fmod", "atan2", "fmin", "fmax",  "hypot", "isnan", "isinf", "isfinite"};
}  // namespace

const char* mathName(MathFn f) { return kMathNames[static_cast<int>(f)]; }

int mathArity(MathFn f) { return f >= MathFn::Pow && f <= MathFn::Hypot ? 2 : 1; }

std::optional<MathFn> mathFnByName(std::string_view name) {
  if (name == "__builtin_isnan") return MathFn::IsNan;
  if (name == "__builtin_isinf_sign" || name == "__builtin_isinf") return MathFn::IsInf;
  if (name == "__builtin_isfinite") return MathFn::IsFinite;
  for (int k = 0; k < static_cast<int>(MathFn::IsNan); ++k) {
    const std::string_view m = kMathNames[k];
    if (name == m || (name.size() == m.size() + 1 && name.back() == 'f' && name.starts_with(m)))
      return static_cast<MathFn>(k);
  }
  return std::nullopt;
}

const char* stmtRoleName(StmtRole r) {
  static const char* const s[] = {"none", "assign", "branch", "assert", "assume",
                                  "call", "return", "output", "jump"};
  return s[static_cast<int>(r)];
}

const Function* Program::findFunction(const std::string& name) const {
  for (const Function& f : functions)
    if (f.name == name) return &f;
  return nullptr;
}

std::string Program::where(const SourceRange& r) const {
  const std::string& path = r.file < files.size() ? files[r.file].path : std::string("?");
  return path + ":" + std::to_string(r.line);
}

std::string Program::sourceLine(const SourceRange& r) const {
  if (r.file >= files.size() || r.line == 0 || r.line > files[r.file].lines.size()) return "";
  const std::string& s = files[r.file].lines[r.line - 1];
  auto b = s.find_first_not_of(" \t\r");
  auto e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::string Program::partOfLine(const SourceRange& r) const {
  if (r.file >= files.size() || r.line == 0 || r.line > files[r.file].lines.size()) return "";
  if (r.endLine != r.line || r.col == 0 || r.endCol <= r.col) return "";
  const std::string& s = files[r.file].lines[r.line - 1];
  if (r.endCol - 1 > s.size()) return "";
  std::string part = s.substr(r.col - 1, r.endCol - r.col);
  while (!part.empty() && (part.back() == ';' || part.back() == ' '))
    part.pop_back();
  return part == sourceLine(r) || part + ";" == sourceLine(r) ? "" : part;
}

}  // namespace culprit::ir

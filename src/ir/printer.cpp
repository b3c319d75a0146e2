// Printing of IR expressions (C-like, precedence-aware, explicit casts) and of whole programs
// (one statement per line: `s<id> <role> <line>:<col> <text>`, nested statements indented under
// a label such as `then:` or `case 1 2:`). Used by tests, debugging and reports; the output is
// stable for a given program.
#include "ir/printer.h"

#include <cstdio>
#include <sstream>

namespace culprit::ir {

namespace {

/// C spelling of a type: `int[2][3]` for an array of 2 arrays of 3 ints, `int (*)[3]` for a
/// pointer to an array of 3 ints.
std::string typeText(TypeRef t) {
  std::string dims;
  TypeRef base = t;
  for (; base->isArray(); base = base->elem)
    dims += "[" + std::to_string(base->length) + "]";
  if (!dims.empty()) return typeText(base) + dims;
  if (t->isPointer() && t->elem->isArray()) {
    for (base = t->elem; base->isArray(); base = base->elem)
      dims += "[" + std::to_string(base->length) + "]";
    return typeText(base) + " (*)" + dims;
  }
  if (t->isPointer()) return typeText(t->elem) + "*";
  return t->str();
}

constexpr int kPrecPrimary = 16, kPrecPostfix = 15, kPrecUnary = 14, kPrecAssign = 2;

int binaryPrec(BinOp op) {
  switch (op) {
  case BinOp::Mul:
  case BinOp::Div:
  case BinOp::Rem: return 13;
  case BinOp::Add:
  case BinOp::Sub: return 12;
  case BinOp::Shl:
  case BinOp::Shr: return 11;
  case BinOp::Lt:
  case BinOp::Gt:
  case BinOp::Le:
  case BinOp::Ge: return 10;
  case BinOp::Eq:
  case BinOp::Ne: return 9;
  case BinOp::BitAnd: return 8;
  case BinOp::BitXor: return 7;
  case BinOp::BitOr: return 6;
  }
  return 6;
}

bool isDecay(const Expr& e) {
  return e.kind == ExprKind::Cast && e.type->isPointer() && !e.ops.empty() &&
         (e.ops[0]->type->isArray() || e.ops[0]->kind == ExprKind::StrLit);
}

int precOf(const Expr& e) {
  switch (e.kind) {
  case ExprKind::Comma: return 1;
  case ExprKind::Assign:
  case ExprKind::CompoundAssign: return kPrecAssign;
  case ExprKind::Cond: return 3;
  case ExprKind::LogOr: return 4;
  case ExprKind::LogAnd: return 5;
  case ExprKind::Binary: return binaryPrec(e.binop);
  case ExprKind::Unary:
  case ExprKind::AddrOf: return kPrecUnary;
  case ExprKind::Cast: return isDecay(e) ? precOf(*e.ops[0]) : kPrecUnary;
  case ExprKind::IncDec: return e.prefix ? kPrecUnary : kPrecPostfix;
  case ExprKind::Index:
  case ExprKind::Member:
  case ExprKind::Call: return kPrecPostfix;
  default: return kPrecPrimary;
  }
}

std::string quote(const std::string& text) {
  std::string s = "\"";
  for (unsigned char c : text) {
    switch (c) {
    case '"': s += "\\\""; break;
    case '\\': s += "\\\\"; break;
    case '\n': s += "\\n"; break;
    case '\t': s += "\\t"; break;
    default:
      if (c >= 32 && c < 127) {
        s += static_cast<char>(c);
      } else {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\%03o", c);
        s += buf;
      }
    }
  }
  return s + "\"";
}

class ExprPrinter {
public:
  explicit ExprPrinter(const Program& p) : p_(p) {}

  std::string print(const Expr& e, int minPrec) {
    std::string s = bare(e);
    return precOf(e) < minPrec ? "(" + s + ")" : s;
  }

private:
  std::string bare(const Expr& e) {
    const auto& o = e.ops;
    switch (e.kind) {
    case ExprKind::IntLit: return intText(e);
    case ExprKind::StrLit: return quote(e.text);
    case ExprKind::VarRef: return p_.vars[e.var].name;
    case ExprKind::Index: return print(*o[0], kPrecPostfix) + "[" + print(*o[1], 0) + "]";
    case ExprKind::Member: {
      const Expr& base = *o[0];
      const bool arrow = base.kind == ExprKind::Index && base.ops[1]->kind == ExprKind::IntLit &&
                         base.ops[1]->value == 0 && !base.ops[0]->type->isArray();
      return arrow ? print(*base.ops[0], kPrecPostfix) + "->" + e.text
                   : print(base, kPrecPostfix) + "." + e.text;
    }
    case ExprKind::AddrOf: return "&" + print(*o[0], kPrecUnary);
    case ExprKind::Unary: return unOpSpelling(e.unop) + operand(*o[0]);
    case ExprKind::Binary: return infix(e, binOpSpelling(e.binop));
    case ExprKind::LogAnd: return infix(e, "&&");
    case ExprKind::LogOr: return infix(e, "||");
    case ExprKind::Comma: return infix(e, ",");
    case ExprKind::Cond: return print(*o[0], 4) + " ? " + print(*o[1], 0) + " : " + print(*o[2], 3);
    case ExprKind::Cast:
      return isDecay(e) ? bare(*o[0]) : "(" + typeText(e.type) + ")" + operand(*o[0]);
    case ExprKind::Assign: return print(*o[0], kPrecPostfix) + " = " + print(*o[1], kPrecAssign);
    case ExprKind::CompoundAssign:
      return print(*o[0], kPrecPostfix) + " " + binOpSpelling(e.binop) + "= " +
             print(*o[1], kPrecAssign);
    case ExprKind::IncDec: {
      std::string op = e.increment ? "++" : "--";
      return e.prefix ? op + operand(*o[0]) : print(*o[0], kPrecPostfix) + op;
    }
    case ExprKind::Call: return call(e);
    case ExprKind::InitList: return initList(e);
    }
    return "?";
  }

  /// Operand of a prefix operator; nested prefix operators get parentheses (`-(-x)`).
  std::string operand(const Expr& e) {
    bool prefix = e.kind == ExprKind::Unary || (e.kind == ExprKind::IncDec && e.prefix);
    return prefix ? "(" + bare(e) + ")" : print(e, kPrecUnary);
  }

  std::string infix(const Expr& e, const char* op) {
    int prec = precOf(e);
    std::string sep = e.kind == ExprKind::Comma ? ", " : std::string(" ") + op + " ";
    return print(*e.ops[0], prec) + sep + print(*e.ops[1], prec + 1);
  }

  std::string intText(const Expr& e) {
    if (e.type->isInt() && !isSigned(e.type->intKind))
      return std::to_string(static_cast<std::uint64_t>(e.value));
    return std::to_string(e.value);
  }

  std::string call(const Expr& e) {
    std::string name;
    if (e.callee != kNone)
      name = p_.functions[e.callee].name;
    else if (e.builtin == Builtin::Nondet)
      name = "nondet<" + typeText(e.type) + ">";
    else
      name = builtinName(e.builtin);
    std::string s = name + "(";
    if (e.builtin == Builtin::Fprintf) s += e.stream == 2 ? "stderr" : "stdout";
    for (std::size_t i = 0; i < e.ops.size(); ++i) {
      if (i > 0 || e.builtin == Builtin::Fprintf) s += ", ";
      s += print(*e.ops[i], kPrecAssign);
    }
    return s + ")";
  }

  std::string initList(const Expr& e) {
    bool dense = true;
    for (std::size_t i = 0; i < e.ops.size(); ++i)
      dense = dense && e.initOffsets[i] == i;
    std::string s = "{";
    for (std::size_t i = 0; i < e.ops.size(); ++i) {
      if (i) s += ", ";
      if (!dense) s += "[" + std::to_string(e.initOffsets[i]) + "] = ";
      s += print(*e.ops[i], kPrecAssign);
    }
    return s + "}";
  }

  const Program& p_;
};

std::string stmtText(const Program& p, const Stmt& s) {
  auto expr = [&](const char* head) {
    return std::string(head) + " (" + (s.expr ? printExpr(p, *s.expr) : "") + ")";
  };
  switch (s.kind) {
  case StmtKind::Block: return "{";
  case StmtKind::Expr: return printExpr(p, *s.expr);
  case StmtKind::Decl: {
    const Var& v = p.vars[s.var];
    std::string d = typeText(v.type) + " " + v.name;
    return s.expr ? d + " = " + printExpr(p, *s.expr) : d;
  }
  case StmtKind::If: return expr("if");
  case StmtKind::While: return expr("while");
  case StmtKind::DoWhile: return expr("do-while");
  case StmtKind::For: return s.expr ? expr("for") : "for (;;)";
  case StmtKind::Switch: return expr("switch");
  case StmtKind::Break: return "break";
  case StmtKind::Continue: return "continue";
  case StmtKind::Return: return s.expr ? "return " + printExpr(p, *s.expr) : "return";
  case StmtKind::Empty: return ";";
  case StmtKind::Macro:
    return s.expr && s.expr->macro < p.macros.size()
               ? "#define " + p.macros[s.expr->macro].name + " " + printExpr(p, *s.expr)
               : "#define";
  }
  return "?";
}

class ProgramPrinter {
public:
  explicit ProgramPrinter(const Program& p) : p_(p) {}

  std::string run() {
    for (std::size_t i = 0; i < p_.files.size(); ++i)
      out_ << "file " << i << " " << p_.files[i].path << "\n";
    for (VarId g : p_.globals) {
      const Var& v = p_.vars[g];
      out_ << "global " << v.slot << " " << typeText(v.type) << " " << v.name;
      if (v.init) out_ << " = " << printExpr(p_, *v.init);
      out_ << "\n";
    }
    for (const Function& f : p_.functions)
      function(f);
    return out_.str();
  }

private:
  void function(const Function& f) {
    out_ << "function " << f.id << " " << typeText(f.ret) << " " << f.name << "(";
    for (std::size_t i = 0; i < f.params.size(); ++i)
      out_ << (i ? ", " : "") << typeText(p_.vars[f.params[i]].type) << " "
           << p_.vars[f.params[i]].name;
    out_ << ")" << (f.trusted ? " trusted" : "") << "\n  frame:";
    for (VarId v : f.frame)
      out_ << " " << p_.vars[v].name;
    out_ << "\n";
    if (f.body) stmt(*f.body, 1);
  }

  void labelled(const char* label, const Stmt* s, int depth) {
    if (!s) return;
    indent(depth) << label << "\n";
    stmt(*s, depth + 1);
  }

  void stmt(const Stmt& s, int depth) {
    indent(depth) << printStmtHeader(p_, s) << "\n";
    for (const StmtPtr& c : s.children)
      stmt(*c, depth + 1);
    labelled("init:", s.init.get(), depth + 1);
    labelled("then:", s.thenS.get(), depth + 1);
    labelled("else:", s.elseS.get(), depth + 1);
    labelled("step:", s.step.get(), depth + 1);
    labelled("body:", s.body.get(), depth + 1);
    for (const SwitchArm& arm : s.arms) {
      std::ostream& o = indent(depth + 1) << (arm.values.empty() ? "" : "case");
      for (std::int64_t v : arm.values)
        o << " " << v;
      o << (arm.isDefault ? (arm.values.empty() ? "default" : " default") : "") << ":\n";
      for (const StmtPtr& c : arm.body)
        stmt(*c, depth + 2);
    }
  }

  std::ostream& indent(int depth) { return out_ << std::string(2 * depth, ' '); }

  const Program& p_;
  std::ostringstream out_;
};

}  // namespace

std::string printExpr(const Program& program, const Expr& e) {
  return ExprPrinter(program).print(e, 0);
}

std::string printStmtHeader(const Program& program, const Stmt& s) {
  return "s" + std::to_string(s.id) + " " + stmtRoleName(s.role) + " " +
         std::to_string(s.range.line) + ":" + std::to_string(s.range.col) + " " +
         stmtText(program, s);
}

std::string printProgram(const Program& program) { return ProgramPrinter(program).run(); }

}  // namespace culprit::ir

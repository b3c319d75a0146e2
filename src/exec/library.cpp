// Calls to library functions and verification intrinsics (ir::Builtin): evaluates their
// arguments, moves strings between the interpreter's memory and libc:: (builtins.h), and ends
// the run for exit, abort, failed assertions and assumptions. Output goes to the result's out
// and err strings, bounded by RunOptions::outputLimit.
//
// An assertion's message quotes the condition as written in the source, as glibc's assert
// does with the stringified macro argument: the text between the parentheses that follow the
// call's start location.
#include "exec/arith.h"
#include "exec/builtins.h"
#include "exec/machine.h"

namespace culprit::exec::detail {
namespace {

bool isIdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// Joins whitespace runs into one space, as the preprocessor's # operator does.
std::string squeeze(const std::string& s) {
  std::string out;
  for (char c : s) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ')
    out.pop_back();
  return out;
}

/// The text inside the parentheses that open after `name(` at (line, col), or "" when the
/// source there does not look like a call.
std::string callArgumentText(const ir::SourceFile& file, std::uint32_t line, std::uint32_t col) {
  std::size_t l = line - 1, c = col - 1;
  if (line == 0 || col == 0 || l >= file.lines.size()) return "";
  while (c < file.lines[l].size() && (isIdentChar(file.lines[l][c]) || file.lines[l][c] == ' '))
    ++c;
  if (c >= file.lines[l].size() || file.lines[l][c] != '(') return "";
  std::string text;
  int depth = 1;
  char quote = 0;
  for (++c; l < file.lines.size(); ++l, c = 0, text += ' ') {
    for (const std::string& s = file.lines[l]; c < s.size(); ++c) {
      const char ch = s[c];
      if (quote) {
        if (ch == '\\' && c + 1 < s.size())
          text += s[c++];
        else if (ch == quote)
          quote = 0;
      } else if (ch == '"' || ch == '\'') {
        quote = ch;
      } else if (ch == '(') {
        ++depth;
      } else if (ch == ')' && --depth == 0) {
        return squeeze(text);
      }
      text += ch;
    }
  }
  return "";
}

}  // namespace

Value Machine::callBuiltin(const ir::Expr& e) {
  switch (e.builtin) {
  case ir::Builtin::Printf: return printf(e, 0, 1);
  case ir::Builtin::Fprintf:
    // The stream is in Expr::stream; tolerate a lowering that also keeps it as ops[0].
    return printf(e, !e.ops.empty() && ir::isStringExpr(*e.ops[0]) ? 0 : 1, e.stream);
  case ir::Builtin::Puts: {
    bool terminated = true;
    const std::string s = readString(*e.ops[0], &terminated);
    if (!terminated) fail(e.range, "argument of 'puts' is not NUL-terminated within its object");
    write(s + "\n", false, e);
    return {static_cast<std::int64_t>(s.size() + 1)};
  }
  case ir::Builtin::Putchar: {
    const Value v = eval(*e.ops[0]);
    checkDefined(v, *e.ops[0], "passed to 'putchar'");
    const auto c = static_cast<unsigned char>(v.i);
    write(std::string(1, static_cast<char>(c)), false, e);
    return {c};
  }
  case ir::Builtin::Atoi:
  case ir::Builtin::Atol:
  case ir::Builtin::Atoll:
  case ir::Builtin::Strtol: return stringToInt(e);
  case ir::Builtin::Atof: return stringToDouble(e);
  case ir::Builtin::Math: {
    const ir::IntKind k = e.ops[0]->type->intKind;
    const Value a = eval(*e.ops[0]);
    const Value b = e.ops.size() > 1 ? eval(*e.ops[1]) : Value{};
    return {arith::math(static_cast<ir::MathFn>(e.value), k, a.i, b.i), 0, taint(a, b)};
  }
  case ir::Builtin::Scanf: return scanf(e);
  case ir::Builtin::Getchar: return {readChar(streams_[0])};
  case ir::Builtin::Exit: {
    const Value v = eval(*e.ops[0]);
    checkDefined(v, *e.ops[0], "as the exit status");
    const std::int64_t status = v.i;
    halt(Verdict::Exited, static_cast<int>(status & 0xff), "", nullptr);
  }
  case ir::Builtin::Abort: halt(Verdict::Aborted, kStatusAssert, "abort() called", &e.range);
  case ir::Builtin::Assert:
    if (condition(*e.ops[0]).truthy()) return {};
    assertionFailed(e);
  case ir::Builtin::AssertFail: assertFail(e);
  case ir::Builtin::ReachError: {
    const std::string& path = program_.files.at(e.range.file).path;
    result_.err += options_.programName + ": " + path + ":" + std::to_string(e.range.line) + ": " +
                   (function_ ? function_->name : "?") + ": reach_error() reached.\n";
    halt(Verdict::AssertFailed, kStatusAssert, "reach_error() called", &e.range);
  }
  case ir::Builtin::Nondet: return nondet(e);
  case ir::Builtin::Assume:
    if (condition(*e.ops[0]).truthy()) return {};
    halt(Verdict::AssumeFailed, kStatusRuntimeError, "assumption failed: " + conditionText(e),
         &e.range);
  case ir::Builtin::Gets:
  case ir::Builtin::Fgets: return getLine(e);
  case ir::Builtin::Sscanf: return sscanf(e);
  case ir::Builtin::Fputs: return fputs(e);
  case ir::Builtin::Malloc:
  case ir::Builtin::Calloc:
  case ir::Builtin::VlaAlloc: return allocate(e);
  case ir::Builtin::Free: return release(e);
  case ir::Builtin::Memset: return memset(e);
  case ir::Builtin::Memcpy: return memcpy(e);
  case ir::Builtin::Qsort: return qsort(e);
  case ir::Builtin::Bsearch: return bsearch(e);
  case ir::Builtin::None: break;
  default: return streamCall(e);
  }
  fail(e.range, "unknown library function");
}

void Machine::write(const std::string& text, bool toStderr, const ir::Expr& at) {
  if (result_.out.size() + result_.err.size() + text.size() > options_.outputLimit)
    fail(at.range, "output limit of " + std::to_string(options_.outputLimit) + " bytes exceeded");
  (toStderr ? result_.err : result_.out) += text;
}

std::string Machine::readString(const ir::Expr& e, bool* terminated, bool* isNull) {
  *terminated = true;
  const ir::Expr& lit = ir::peelCasts(e);
  if (lit.kind == ir::ExprKind::StrLit) return lit.text;
  return readStringAt(eval(e), e, terminated, isNull);
}

std::string Machine::readStringAt(Value ptr, const ir::Expr& e, bool* terminated, bool* isNull) {
  *terminated = true;
  checkDefined(ptr, e, "as a string pointer");
  if (ptr.obj == 0 && isNull) {
    *isNull = true;
    return "";
  }
  if (ptr.obj == 0) fail(e.range, "null pointer passed as a string");
  checkLive(ptr.obj, e);
  const std::uint64_t size = objectSize(ptr.obj);
  if (ptr.i < 0 || static_cast<std::uint64_t>(ptr.i) > size)
    fail(e.range, "string pointer outside its object");
  std::string s;
  for (std::int64_t off = ptr.i; static_cast<std::uint64_t>(off) < size; ++off) {
    const Value cell = load({ptr.obj, off});
    checkDefined(cell, e, "in a string read by the library");
    const std::int64_t c = cell.i;
    if (c == 0) return s;
    s += static_cast<char>(c);
  }
  *terminated = false;
  return s;
}

Value Machine::printf(const ir::Expr& e, std::size_t first, int handle) {
  if (first >= e.ops.size()) fail(e.range, "printf without a format");
  bool terminated = true;
  const std::string format = readString(*e.ops[first], &terminated);
  if (!terminated) fail(e.range, "printf format is not NUL-terminated within its object");
  // C evaluates every argument before printf reads any string through its pointer, so a
  // later argument's side effects on a buffer are visible: evaluate first, then read.
  std::vector<libc::FormatArg> args(e.ops.size() - first - 1);
  std::vector<Value> pointers(args.size());
  for (std::size_t k = first + 1; k < e.ops.size(); ++k) {
    libc::FormatArg& a = args[k - first - 1];
    const ir::Expr& op = *e.ops[k];
    a.isPointer = ir::isStringExpr(op) || op.type->isPointer();
    a.isFloating = op.type->isFloat();
    if (!a.isPointer) {
      const Value v = eval(op);
      checkDefined(v, op, "passed to 'printf'");
      a.value = v.i;
    } else if (ir::peelCasts(op).kind != ir::ExprKind::StrLit)
      pointers[k - first - 1] = eval(op);
  }
  const std::vector<bool> strings = libc::stringArguments(format, args.size());
  for (std::size_t k = first + 1; k < e.ops.size(); ++k) {
    libc::FormatArg& a = args[k - first - 1];
    const ir::Expr& op = *e.ops[k];
    if (!a.isPointer || !strings[k - first - 1]) continue;
    if (ir::peelCasts(op).kind == ir::ExprKind::StrLit)
      a.text = ir::peelCasts(op).text;
    else
      a.text = readStringAt(pointers[k - first - 1], op, &a.terminated, &a.isNull);
  }
  libc::Formatted f = libc::format(format, args);
  if (!f.error.empty()) fail(e.range, f.error);
  put(handle, f.text, e);
  return {static_cast<std::int64_t>(f.text.size())};
}

Value Machine::stringToInt(const ir::Expr& e) {
  const ir::Expr& arg = *e.ops[0];
  const char* name = ir::builtinName(e.builtin);
  bool terminated = true, isNull = false;
  const std::string s = readString(arg, &terminated, &isNull);
  if (isNull) fail(e.range, std::string("null pointer passed to '") + name + "'");
  if (!terminated)
    fail(e.range,
         std::string("argument of '") + name + "' is not NUL-terminated within its object");
  int base = 10;
  if (e.builtin == ir::Builtin::Strtol && e.ops.size() >= 2) {
    if (e.ops.size() >= 3 && eval(*e.ops[1]).truthy())
      fail(e.range, "strtol with a non-null end pointer is not supported");
    const Value b = eval(*e.ops.back());
    checkDefined(b, *e.ops.back(), "as the base passed to 'strtol'");
    base = static_cast<int>(b.i);
  }
  const std::int64_t v = libc::parseLong(s, base);
  return {e.type->isInt() ? arith::convert(v, e.type->intKind) : v};
}

Value Machine::stringToDouble(const ir::Expr& e) {
  bool terminated = true, isNull = false;
  const std::string s = readString(*e.ops[0], &terminated, &isNull);
  const char* name = ir::builtinName(e.builtin);
  if (isNull) fail(e.range, std::string("null pointer passed to '") + name + "'");
  if (!terminated)
    fail(e.range,
         std::string("argument of '") + name + "' is not NUL-terminated within its object");
  return {arith::fromDouble(libc::parseDouble(s), ir::IntKind::Double)};
}

Value Machine::nondet(const ir::Expr& e) {
  std::int64_t v = nondetPos_ < input_.nondet.size() ? input_.nondet[nondetPos_++] : 0;
  if (e.type->isInt()) v = arith::convert(v, e.type->intKind);
  result_.nondetUsed.push_back(v);
  return {v};
}

std::string Machine::conditionText(const ir::Expr& call) const {
  const ir::SourceRange& r = call.range;
  if (r.file >= program_.files.size()) return "?";
  const ir::SourceFile& file = program_.files[r.file];
  std::string text = callArgumentText(file, r.line, r.col);
  if (!text.empty() || call.ops.empty()) return text;
  // The range does not start at the call's name: fall back to the condition's own range.
  const ir::SourceRange& c = call.ops[0]->range;
  if (c.line == 0 || c.line > file.lines.size() || c.endLine != c.line)
    return program_.sourceLine(c);
  const std::string& line = file.lines[c.line - 1];
  return squeeze(line.substr(c.col - 1, c.endCol > c.col ? c.endCol - c.col : std::string::npos));
}

void Machine::assertionFailed(const ir::Expr& e) {
  const std::string text = conditionText(e);
  const std::string& path = program_.files.at(e.range.file).path;
  result_.err += options_.programName + ": " + path + ":" + std::to_string(e.range.line) + ": " +
                 (function_ ? function_->name : "?") + ": Assertion `" + text + "' failed.\n";
  halt(Verdict::AssertFailed, kStatusAssert, "assertion failed: " + text, &e.range);
}

void Machine::assertFail(const ir::Expr& e) {
  std::string parts[3];
  for (std::size_t k : {0u, 1u, 3u}) {
    bool terminated = true;
    if (k < e.ops.size()) parts[k == 3 ? 2 : k] = readString(*e.ops[k], &terminated);
  }
  const std::int64_t line = e.ops.size() > 2 ? eval(*e.ops[2]).i : 0;
  result_.err += options_.programName + ": " + parts[1] + ":" + std::to_string(line) + ": " +
                 parts[2] + ": Assertion `" + parts[0] + "' failed.\n";
  halt(Verdict::AssertFailed, kStatusAssert, "assertion failed: " + parts[0], &e.range);
}

}  // namespace culprit::exec::detail

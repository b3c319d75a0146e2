// Formatted, line and string input (scanf, gets, fgets on stdin, sscanf) and fputs, with
// glibc's observable behaviour. Every write into the program's memory is bounds-checked before
// it is made: a write outside its object is a runtime error, as an overflow of the buffer.
#include "exec/arith.h"
#include "exec/builtins.h"
#include "exec/machine.h"

namespace culprit::exec::detail {

void Machine::checkWrite(Value ptr, std::size_t n, const ir::Expr& op, const char* name) {
  if (ptr.obj == 0) fail(op.range, std::string("null pointer passed to '") + name + "'");
  checkLive(ptr.obj, op);
  if (ptr.i < 0 || static_cast<std::uint64_t>(ptr.i) + n > objectSize(ptr.obj))
    fail(op.range, std::string(name) + " writes out of bounds of " + describeObject(ptr.obj));
}

void Machine::storeText(Value ptr, const std::string& text, const ir::Expr& op, const char* name) {
  checkWrite(ptr, text.size() + 1, op, name);
  const ir::TypeRef cell = op.type->isPointer() ? op.type->elem : nullptr;
  const ir::IntKind kind = cell && cell->isInt() ? cell->intKind : ir::IntKind::Char;
  for (std::size_t j = 0; j <= text.size(); ++j) {
    const std::int64_t c = j < text.size() ? static_cast<unsigned char>(text[j]) : 0;
    store({ptr.obj, ptr.i + static_cast<std::int64_t>(j)}, {arith::convert(c, kind)}, op);
  }
}

void Machine::storeScanned(const ir::Expr& e, std::size_t first, const std::vector<Value>& targets,
                           const libc::Scanned& sc, const char* name) {
  if (!sc.error.empty()) fail(e.range, sc.error);
  if (sc.items.size() > targets.size())
    fail(e.range, std::string(name) + ": too few arguments for the format");
  for (std::size_t k = 0; k < sc.items.size(); ++k) {
    const libc::ScanItem& item = sc.items[k];
    const ir::Expr& op = *e.ops[first + k];
    const Value ptr = targets[k];
    const ir::TypeRef cell = op.type->isPointer() ? op.type->elem : nullptr;
    const bool text = item.conversion == 'c' || item.conversion == 's';
    const std::size_t n = text ? item.text.size() + (item.conversion == 's') : 1;
    if (ptr.obj == 0 || !cell || !cell->isInt())
      fail(op.range, std::string(name) + " argument is not a pointer to an integer");
    if ((item.conversion == 'f') != cell->isFloat() ||
        (item.conversion == 'f' && item.kind != cell->intKind))
      fail(op.range, std::string(name) + " argument of type " + typeName(op.type) +
                         (item.conversion == 'f' ? " for a floating conversion (%f reads a float, "
                                                   "%lf a double)"
                                                 : " for a non-floating conversion"));
    checkWrite(ptr, n, op, name);
    for (std::size_t j = 0; j < n; ++j) {
      const std::int64_t v = !text                  ? item.value
                             : j < item.text.size() ? static_cast<unsigned char>(item.text[j])
                                                    : 0;
      store({ptr.obj, ptr.i + static_cast<std::int64_t>(j)}, {arith::convert(v, cell->intKind)},
            op);
    }
  }
}

Value Machine::scanf(const ir::Expr& e) { return scanStream(e, streams_[0], 0); }

Value Machine::scanStream(const ir::Expr& e, Stream& s, std::size_t format) {
  const char* name = e.builtin == ir::Builtin::Scanf ? "scanf" : "fscanf";
  bool terminated = true;
  const std::string fmt = readString(*e.ops[format], &terminated);
  if (!terminated)
    fail(e.range, std::string(name) + " format is not NUL-terminated within its object");
  std::vector<Value> targets;
  for (std::size_t k = format + 1; k < e.ops.size(); ++k) {
    targets.push_back(eval(*e.ops[k]));
    checkDefined(targets.back(), *e.ops[k],
                 e.builtin == ir::Builtin::Scanf ? "as a pointer passed to 'scanf'"
                                                 : "as a pointer passed to 'fscanf'");
  }
  libc::Scanned sc;
  if (s.pushed.empty() && s.reads) {
    sc = libc::scan(fmt, *s.data, s.pos);
    if (s.pos >= s.data->size()) s.eof = true;
  } else {
    const std::string rest = pending(s);
    std::size_t pos = 0;
    sc = libc::scan(fmt, rest, pos);
    consume(s, pos);
    if (pos >= rest.size()) s.eof = true;
  }
  storeScanned(e, format + 1, targets, sc, name);
  return {sc.returnValue};
}

Value Machine::sscanf(const ir::Expr& e) {
  // Every argument is evaluated before sscanf reads its input through the pointer.
  const ir::Expr& source = *e.ops[0];
  const ir::Expr* peeled = &source;
  while (peeled->kind == ir::ExprKind::Cast && !peeled->ops.empty())
    peeled = peeled->ops[0].get();
  const bool literal = peeled->kind == ir::ExprKind::StrLit;
  const Value str = literal ? Value{} : eval(source);
  bool terminated = true;
  const std::string format = readString(*e.ops[1], &terminated);
  if (!terminated) fail(e.range, "sscanf format is not NUL-terminated within its object");
  std::vector<Value> targets;
  for (std::size_t k = 2; k < e.ops.size(); ++k) {
    targets.push_back(eval(*e.ops[k]));
    checkDefined(targets.back(), *e.ops[k], "as a pointer passed to 'sscanf'");
  }
  const std::string input =
      literal ? readString(source, &terminated) : readStringAt(str, source, &terminated);
  if (!terminated) fail(e.range, "argument of 'sscanf' is not NUL-terminated within its object");
  std::size_t pos = 0;
  const libc::Scanned sc = libc::scan(format, input, pos);
  storeScanned(e, 2, targets, sc, "sscanf");
  return {sc.returnValue};
}

// glibc: gets reads up to the newline, which it consumes and drops; fgets(buf, n, stream) reads
// at most n - 1 characters, up to and including the newline. Both store a NUL after what they
// read and return buf, or NULL (leaving buf alone) when the input ends before any character.
// fgets with n <= 0 returns NULL without reading; with n == 1 it stores the NUL and returns buf.
Value Machine::getLine(const ir::Expr& e) {
  const bool gets = e.builtin == ir::Builtin::Gets;
  const ir::Expr& op = *e.ops[0];
  const Value buf = eval(op);
  const Value size = gets ? Value{} : eval(*e.ops[1]);
  checkDefined(buf, op, gets ? "as a pointer passed to 'gets'" : "as a pointer passed to 'fgets'");
  checkDefined(size, *e.ops[gets ? 0 : 1], "as the size passed to 'fgets'");
  return readLine(streams_[0], buf, size.i, gets, e, op);
}

Value Machine::readLine(Stream& s, Value buf, std::int64_t n, bool gets, const ir::Expr& e,
                        const ir::Expr& op) {
  const char* name = gets ? "gets" : "fgets";
  if (!gets && n <= 0) return {};
  if (!gets && n == 1) {
    storeText(buf, "", op, name);
    return buf;
  }
  (void)e;
  const std::string rest = s.pushed.empty() ? std::string() : pending(s);
  const std::string& data = s.pushed.empty() && s.reads ? *s.data : rest;
  std::size_t start = s.pushed.empty() && s.reads ? s.pos : 0;
  if (start >= data.size()) {
    s.eof = s.eof || s.reads;
    return {};
  }
  std::size_t end = data.find('\n', start);
  const bool newline = end != std::string::npos;
  end = !newline ? data.size() : end + (gets ? 0 : 1);
  if (!gets) end = std::min<std::size_t>(end, start + static_cast<std::size_t>(n - 1));
  const std::string line = data.substr(start, end - start);
  const std::size_t next = gets && newline ? end + 1 : end;
  // It ran out of input (the end-of-file flag) unless it stopped at a newline or at n - 1.
  const bool stopped = gets ? newline
                            : (!line.empty() && line.back() == '\n') ||
                                  line.size() == static_cast<std::size_t>(n - 1);
  if (!stopped) s.eof = true;
  if (&data == &rest)
    consume(s, next);
  else
    s.pos = next;
  storeText(buf, line, op, name);
  return buf;
}

Value Machine::fputs(const ir::Expr& e) {
  bool terminated = true;
  const std::string s = readString(*e.ops[0], &terminated);
  if (!terminated) fail(e.range, "argument of 'fputs' is not NUL-terminated within its object");
  write(s, e.stream == 2, e);
  return {1};  // glibc's fputs returns 1 on success
}

}  // namespace culprit::exec::detail

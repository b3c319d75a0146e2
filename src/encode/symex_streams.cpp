// Symbolic executor: C streams (FILE *), as the interpreter's stream table (exec/streams.cpp).
//  - A stream's handle is the int cell of its FILE object: 0 stdin, 1 stdout, 2 stderr, and one
//    per fopen the executor meets (each call instance opens its own stream). What a stream
//    reads is concrete test input like stdin: the path fopen opens must be a string the formula
//    knows (a test argument or a literal); a file outside the test is a runtime error there.
//  - Each state holds every stream's read position, end-of-file and error flags, open flag and
//    the character ungetc pushed back (-1: none). A handle the state does not fix (a FILE * that
//    differs between merged paths) splits the call over the streams it may be.
//  - fgets, fscanf and fread need no pushed-back character (an EncodeError otherwise): a
//    tokenizer pushes one back with ungetc and reads it again with getc, which is modelled.
//  - Writes to stdout are output events as for printf; what a program writes to stderr or to
//    a file it opened for writing is not observed by the formula (the tests compare it).
#include "encode/symex.h"

namespace culprit::encode::detail {

SymStream SymExec::initialStream(std::size_t h) const {
  const z3::expr no = ctx_.bool_val(false);
  return SymStream{ints_.index(0), no, no, ints_.literal(-1, ir::IntKind::Int),
                   ctx_.bool_val(h < 3)};
}

SymStream& SymExec::stream(State& st, std::size_t h) {
  while (st.streams.size() <= h)
    st.streams.push_back(initialStream(st.streams.size()));
  return st.streams[h];
}

z3::expr& SymExec::streamPos(State& st, std::size_t h) {
  return h == 0 ? st.stdinPos : stream(st, h).pos;
}

const std::string& SymExec::streamData(std::size_t h) const {
  static const std::string none;
  if (h == 0) return input_.stdinData;
  if (h < 3 || h - 3 >= openedFiles_.size() || !openedFiles_[h - 3]) return none;
  return *openedFiles_[h - 3];
}

void SymExec::requireNoPushback(State& st, std::size_t h, const ir::Expr& e, const char* what) {
  if (ints_.numeral(stream(st, h).pushed, ir::IntKind::Int) != -1)
    throw EncodeError(std::string(what) + " after ungetc on the same stream at " +
                      prog_.where(e.range) + " (only getc reads a pushed-back character)");
}

Val SymExec::onStream(const ir::Expr& handle, State& st, ir::TypeRef type,
                      const std::function<Val(std::size_t, State&)>& f) {
  const Val h = eval(handle, st);
  if (st.dead()) return zeroValue(type);
  const std::size_t count = 3 + openedFiles_.size();
  const ir::IntKind k = kindOf(handle);
  if (std::optional<std::int64_t> n = ints_.numeral(h.v, k)) {
    if (*n < 0 || static_cast<std::size_t>(*n) >= count) {
      require(st, ctx_.bool_val(false), HardKind::RuntimeCheck);
      return zeroValue(type);
    }
    const auto at = static_cast<std::size_t>(*n);
    require(st, stream(st, at).open, HardKind::RuntimeCheck);  // not closed
    return f(at, st);
  }
  std::vector<State> parts;
  Val acc = zeroValue(type);
  z3::expr known = ctx_.bool_val(false);
  for (std::size_t i = 0; i < count; ++i) {
    const z3::expr is = equal(h.v, ints_.literal(static_cast<std::int64_t>(i), k));
    known = disj(known, is);
    State part = fork(st, is);
    if (part.dead()) continue;
    require(part, stream(part, i).open, HardKind::RuntimeCheck);
    const Val r = f(i, part);
    acc = mergeVal(is, r, acc);
    parts.push_back(std::move(part));
  }
  require(st, known, HardKind::RuntimeCheck);
  if (parts.empty()) {
    kill(st);
    return acc;
  }
  st = merge(std::move(parts));
  return acc;
}

Val SymExec::fopen(const ir::Expr& e, State& st) {
  const Val pathPtr = eval(*e.ops[0], st);
  const Val modePtr = eval(*e.ops[1], st);
  if (st.dead()) return nullPointer();
  const std::optional<std::string> path = concreteString(pathPtr, st);
  if (!path) throw EncodeError("fopen of a path the program computes at " + prog_.where(e.range));
  std::optional<std::string> mode = concreteString(modePtr, st);
  if (!mode) throw EncodeError("fopen with a computed mode at " + prog_.where(e.range));
  std::erase(*mode, 'b');
  std::optional<std::string> content;
  if (*mode == "r") {
    exec::TestFile f = exec::testFile(input_, *path);
    if (f.kind == exec::TestFile::Kind::Outside) {  // a runtime error of the interpreter
      require(st, ctx_.bool_val(false), HardKind::RuntimeCheck);
      return nullPointer();
    }
    if (f.kind == exec::TestFile::Kind::Missing) return nullPointer();
    content = std::move(f.content);
  } else if (*mode != "w" && *mode != "a") {
    require(st, ctx_.bool_val(false), HardKind::RuntimeCheck);
    return nullPointer();
  }
  openedFiles_.push_back(std::move(content));
  const std::size_t h = 2 + openedFiles_.size();
  SymStream& s = stream(st, h);
  s.open = ctx_.bool_val(true);
  ObjectInfo info;
  info.kind = ObjKind::Heap;
  info.name = "FILE object";
  info.cell = ir::IntKind::Int;
  info.size = 1;
  const ObjId id = newObject(std::move(info));
  initObject(id, st, intVal(ints_.literal(static_cast<std::int64_t>(h), ir::IntKind::Int)));
  return pointerTo(id);
}

Val SymExec::streamCall(const ir::Expr& e, State& st) {
  const ir::IntKind k = kindOf(e);
  auto writes = [&](std::size_t h) { return h == 1 || h == 2 || (h >= 3 && !openedFiles_[h - 3]); };
  auto flag = [&](bool eof) {
    return onStream(*e.ops[0], st, e.type, [&, eof](std::size_t h, State& s) {
      const z3::expr set = eof ? stream(s, h).eof : stream(s, h).error;
      return intVal(choose(set, ints_.literal(1, k), ints_.literal(0, k)));
    });
  };
  switch (e.builtin) {
  case ir::Builtin::Fopen: return fopen(e, st);
  case ir::Builtin::Fclose:
    return onStream(*e.ops[0], st, e.type, [&](std::size_t h, State& s) {
      stream(s, h).open = ctx_.bool_val(false);
      return intVal(ints_.literal(0, k));
    });
  case ir::Builtin::Fgetc:
    return onStream(*e.ops[0], st, e.type, [&](std::size_t h, State& s) {
      if (writes(h)) {  // not open for reading
        stream(s, h).error = ctx_.bool_val(true);
        return intVal(ints_.literal(-1, k));
      }
      return readChar(h, k, s);
    });
  case ir::Builtin::Ungetc: {
    return onStream(*e.ops[0], st, e.type, [&](std::size_t h, State& s) {
      const Val c = eval(*e.ops[1], s);
      const ir::IntKind ck = kindOf(*e.ops[1]);
      const z3::expr isEof =
          equal(ints_.convert(c.v, ck, ir::IntKind::Int), ints_.literal(-1, ir::IntKind::Int));
      const z3::expr byte = ints_.convert(c.v, ck, ir::IntKind::UChar);
      SymStream& t = stream(s, h);
      if (ints_.numeral(t.pushed, ir::IntKind::Int) != -1)
        throw EncodeError("a second ungetc before the stream is read at " + prog_.where(e.range));
      if (writes(h)) return intVal(ints_.literal(-1, k));
      t.pushed = choose(isEof, ints_.literal(-1, ir::IntKind::Int),
                        ints_.convert(byte, ir::IntKind::UChar, ir::IntKind::Int));
      t.eof = choose(isEof, t.eof, ctx_.bool_val(false));
      return intVal(
          choose(isEof, ints_.literal(-1, k), ints_.convert(byte, ir::IntKind::UChar, k)));
    });
  }
  case ir::Builtin::Feof: return flag(true);
  case ir::Builtin::Ferror: return flag(false);
  case ir::Builtin::FileGets:
    return onStream(*e.ops[0], st, e.type, [&](std::size_t h, State& s) {
      const Val buf = eval(*e.ops[1], s);
      const Val n = eval(*e.ops[2], s);
      if (s.dead()) return zeroValue(e.type);
      return readLine(h, buf, *e.ops[1], n, e.ops[2].get(), false, s);
    });
  case ir::Builtin::FileScanf:
    return onStream(*e.ops[0], st, e.type,
                    [&](std::size_t h, State& s) { return scanStream(e, h, 1, s); });
  case ir::Builtin::Fread:
    throw EncodeError("fread is not encoded (at " + prog_.where(e.range) + ")");
  case ir::Builtin::FilePrintf:
    return onStream(*e.ops[0], st, e.type,
                    [&](std::size_t h, State& s) { return printf(e, s, 1, h == 1); });
  case ir::Builtin::FilePuts:
    return onStream(*e.ops[0], st, e.type, [&](std::size_t h, State& s) {
      const Val r = putString(e, s, false, h == 1, 1);
      if (writes(h)) return r;
      stream(s, h).error = ctx_.bool_val(true);
      return intVal(ints_.literal(-1, k));
    });
  case ir::Builtin::FilePutc:
    return onStream(*e.ops[0], st, e.type, [&](std::size_t h, State& s) {
      const Val c = eval(*e.ops[1], s);
      const z3::expr byte = ints_.convert(c.v, kindOf(*e.ops[1]), ir::IntKind::UChar);
      if (h == 1) emitOutput(s, "%c", {byte}, {ir::IntKind::UChar});
      if (writes(h)) return intVal(ints_.convert(byte, ir::IntKind::UChar, k));
      stream(s, h).error = ctx_.bool_val(true);
      return intVal(ints_.literal(-1, k));
    });
  default: break;
  }
  throw EncodeError(std::string("library function '") + ir::builtinName(e.builtin) +
                    "' is not encoded");
}

}  // namespace culprit::encode::detail

// Symbolic executor: C streams (FILE *), as the interpreter's stream table (exec/streams.cpp).
//  - A stream's handle is the int cell of its FILE object: 0 stdin, 1 stdout, 2 stderr, and one
//    per fopen the executor meets (each call instance opens its own stream). What a stream
//    reads is concrete test input like stdin: the path fopen opens must be a string the formula
//    knows (a test argument or a literal); a file outside the test is a runtime error there.
//  - Each state holds every stream's read position, end-of-file and error flags, open flag and
//    the character ungetc pushed back (-1: none). A handle the state does not fix (a FILE * that
//    differs between merged paths) splits the call over the streams it may be.
//  - One pushed-back character is modelled: getc reads it; fgets or fscanf reading one, or a
//    second ungetc before a read, lies beyond the model (a hard bound reported like an
//    unwinding bound). A tokenizer pushes one back and reads it again with getc.
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
  (void)e;
  (void)what;
  const z3::expr pushed = stream(st, h).pushed;
  if (ints_.numeral(pushed, ir::IntKind::Int) == -1) return;
  // A pushed-back character the call would read first lies beyond the model, like a loop
  // beyond its unwinding bound.
  const z3::expr beyond =
      conj(st.guard, negate(equal(pushed, ints_.literal(-1, ir::IntKind::Int))));
  out_.unwindingHit = disj(out_.unwindingHit, beyond);
  hard(negate(beyond), HardKind::Unwinding);
}

SymExec::PushedInput SymExec::withPushback(State& st, std::size_t h, const ir::Expr& e,
                                           const char* what) {
  const std::string& data = streamData(h);
  const std::shared_ptr<const std::string> base(std::shared_ptr<void>(), &data);
  const std::optional<std::int64_t> pushed = ints_.numeral(stream(st, h).pushed, ir::IntKind::Int);
  const std::optional<std::int64_t> at = ints_.numeral(streamPos(st, h), ir::IntKind::Long);
  if (!pushed || *pushed == -1 || !at) {
    requireNoPushback(st, h, e, what);
    return PushedInput{base, streamPos(st, h), std::nullopt};
  }
  const auto from = std::min(static_cast<std::size_t>(*at), data.size());
  auto joined = std::make_shared<const std::string>(std::string(1, static_cast<char>(*pushed)) +
                                                    data.substr(from));
  return PushedInput{joined, ints_.index(0), *at};
}

void SymExec::consumePushed(State& st, std::size_t h, const PushedInput& in,
                            const z3::expr& after) {
  if (!in.joinedAt) {
    streamPos(st, h) = after;
    return;
  }
  // Reading anything reads the pushed-back character first.
  if (const std::optional<std::int64_t> n = ints_.numeral(after, ir::IntKind::Long)) {
    streamPos(st, h) = ints_.index(*in.joinedAt + std::max<std::int64_t>(*n - 1, 0));
    if (*n > 0) stream(st, h).pushed = ints_.literal(-1, ir::IntKind::Int);
    return;
  }
  const z3::expr some = ints_.indexLess(ints_.index(0), after);
  streamPos(st, h) = choose(
      some, ints_.indexAdd(ints_.index(*in.joinedAt), ints_.indexAdd(after, ints_.index(-1))),
      ints_.index(*in.joinedAt));
  SymStream& s = stream(st, h);
  s.pushed = choose(some, ints_.literal(-1, ir::IntKind::Int), s.pushed);
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
  std::optional<std::string> mode = concreteString(modePtr, st);
  if (!mode) throw EncodeError("fopen with a computed mode at " + prog_.where(e.range));
  std::erase(*mode, 'b');
  if (*mode != "r" && *mode != "w" && *mode != "a") {  // a runtime error of the interpreter
    require(st, ctx_.bool_val(false), HardKind::RuntimeCheck);
    return nullPointer();
  }
  // One stream per path the pointer may name (argv[i] for the i the path allows, literals).
  Val result = nullPointer();
  for (const StringShape& shape : stringShapes(pathPtr, st, true, e, "fopen")) {
    if (shape.isNull || !shape.terminated) {  // fopen(NULL), an unterminated path: errors
      require(st, negate(shape.cond), HardKind::RuntimeCheck);
      continue;
    }
    std::string path;
    for (const z3::expr& c : shape.chars) {
      const std::optional<std::int64_t> n = ints_.numeral(c, shape.kind);
      if (!n) throw EncodeError("fopen of a path the program computes at " + prog_.where(e.range));
      path += static_cast<char>(*n);
    }
    std::optional<std::string> content;
    if (*mode == "r") {
      exec::TestFile f = exec::testFile(input_, path);
      if (f.kind == exec::TestFile::Kind::Outside) {  // outside the test: a runtime error
        require(st, negate(shape.cond), HardKind::RuntimeCheck);
        continue;
      }
      if (f.kind == exec::TestFile::Kind::Missing) continue;  // NULL
      content = std::move(f.content);
    }
    openedFiles_.push_back(std::move(content));
    const std::size_t h = 2 + openedFiles_.size();
    stream(st, h).open = shape.cond;
    ObjectInfo info;
    info.kind = ObjKind::Heap;
    info.name = "FILE object";
    info.cell = ir::IntKind::Int;
    info.size = 1;
    const ObjId id = newObject(std::move(info));
    initObject(id, st, intVal(ints_.literal(static_cast<std::int64_t>(h), ir::IntKind::Int)));
    result = mergeVal(shape.cond, pointerTo(id), result);
  }
  return result;
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
      if (writes(h)) return intVal(ints_.literal(-1, k));
      requireNoPushback(s, h, e, "ungetc");  // one character pushed back at a time
      SymStream& t = stream(s, h);
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
    return onStream(*e.ops[0], st, e.type, [&](std::size_t h, State& s) {
      const Val buf = eval(*e.ops[1], s);
      const Val size = eval(*e.ops[2], s);
      const Val items = eval(*e.ops[3], s);
      if (s.dead()) return zeroValue(e.type);
      const PushedInput in = withPushback(s, h, e, "fread");
      const std::optional<std::int64_t> at = ints_.numeral(in.pos, ir::IntKind::Long);
      const std::optional<std::int64_t> n = ints_.numeral(size.v, kindOf(*e.ops[2]));
      const std::optional<std::int64_t> m = ints_.numeral(items.v, kindOf(*e.ops[3]));
      if (!at || !n || !m)
        throw EncodeError("fread of a size, count or position the formula computes at " +
                          prog_.where(e.range));
      const std::string& data = *in.data;
      const auto want = static_cast<std::uint64_t>(*n) * static_cast<std::uint64_t>(*m);
      const std::uint64_t left = data.size() - std::min<std::uint64_t>(*at, data.size());
      const std::uint64_t got = *n == 0 || *m == 0 ? 0 : std::min(want, left);
      const ir::TypeRef cell = ir::pointerAsWritten(*e.ops[1]).type->elem;
      const ir::IntKind ck = cell->isInt() ? cell->intKind : ir::IntKind::Char;
      if (got > 0)
        writeCells(s, buf, ctx_.bool_val(true), ints_.index(static_cast<std::int64_t>(got)), got,
                   [&](std::uint64_t j) { return inputByte(h, data, in.joinedAt, *at + j, ck); });
      consumePushed(s, h, in, ints_.index(static_cast<std::int64_t>(*at + got)));
      if (got < want) stream(s, h).eof = ctx_.bool_val(true);
      return intVal(ints_.literal(got == 0 ? 0 : static_cast<std::int64_t>(got / *n), k));
    });
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

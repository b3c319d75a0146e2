// C streams: the stream table behind FILE *. Handle 0 is stdin (the test's stdin bytes),
// 1 stdout, 2 stderr; fopen appends one stream per successful call. A stream keeps glibc's
// observable state: its read position, the characters ungetc pushed back (read first, the last
// pushed first), its end-of-file and error flags.
//  - fopen(path, "r"/"rb") opens a file of the test (testFile): a test argument naming a file,
//    or a file beside the tests file. A test argument or name beside the tests file that is no
//    file gives NULL, as C does; any other path is a runtime error at the call: culprit never
//    reads a host file the test does not name.
//  - fopen(path, "w"/"a" (+"b")) opens a file kept in memory (RunResult::files), never written
//    to disk; "a" appends to what this run wrote to that path before.
//  - The FILE object fopen returns is a heap block holding the handle; fclose frees it, so a
//    later use of the FILE * is a use after free, as AddressSanitizer reports it.
//  - Reading sets the end-of-file flag when a read reaches past the end (getc, fgets, fread
//    falling short); fscanf sets it when it consumed the input up to its end.
#include "exec/arith.h"
#include "exec/builtins.h"
#include "exec/machine.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace culprit::exec {

TestFile testFile(const RunInput& input, const std::string& path) {
  TestFile f;
  if (auto it = input.files.find(path); it != input.files.end()) {
    f.kind = TestFile::Kind::Found;
    f.content = it->second;
    return f;
  }
  const bool isArgument = std::find(input.args.begin(), input.args.end(), path) != input.args.end();
  const std::filesystem::path p(path);
  bool beside = !input.fileDir.empty() && !path.empty() && p.is_relative();
  for (const auto& part : p)
    if (part == "..") beside = false;
  if (beside) {
    const std::filesystem::path full = std::filesystem::path(input.fileDir) / p;
    std::error_code error;
    if (std::filesystem::is_regular_file(full, error)) {
      std::ifstream in(full, std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      if (in) {
        f.kind = TestFile::Kind::Found;
        f.content = ss.str();
        return f;
      }
    }
  }
  f.kind = isArgument || beside ? TestFile::Kind::Missing : TestFile::Kind::Outside;
  return f;
}

namespace detail {

void Machine::setUpStreams() {
  streams_.clear();
  streams_.resize(3);
  streams_[0].path = "stdin";
  streams_[0].data = std::shared_ptr<const std::string>(std::shared_ptr<void>(), &input_.stdinData);
  streams_[0].reads = true;
  streams_[1].path = "stdout";
  streams_[2].path = "stderr";
  streams_[1].writes = streams_[2].writes = true;
}

Stream& Machine::streamOf(const ir::Expr& handle, const char* name) {
  const Value h = eval(handle);
  checkDefined(h, handle, "as a stream");
  if (h.i < 0 || static_cast<std::size_t>(h.i) >= streams_.size())
    fail(handle.range, std::string("invalid stream passed to '") + name + "'");
  Stream& s = streams_[static_cast<std::size_t>(h.i)];
  if (!s.open)
    fail(handle.range, std::string("stream '") + s.path + "' used by '" + name + "' after fclose");
  return s;
}

int Machine::readChar(Stream& s) {
  if (!s.pushed.empty()) {
    const auto c = static_cast<unsigned char>(s.pushed.back());
    s.pushed.pop_back();
    return c;
  }
  if (!s.reads || s.pos >= s.data->size()) {
    (s.reads ? s.eof : s.error) = true;
    return -1;
  }
  return static_cast<unsigned char>((*s.data)[s.pos++]);
}

std::string Machine::pending(const Stream& s) const {
  std::string rest(s.pushed.rbegin(), s.pushed.rend());
  if (s.reads) rest.append(*s.data, std::min(s.pos, s.data->size()));
  return rest;
}

void Machine::consume(Stream& s, std::size_t n) {
  const std::size_t fromPushed = std::min(n, s.pushed.size());
  s.pushed.resize(s.pushed.size() - fromPushed);
  s.pos += n - fromPushed;
}

Value Machine::fopen(const ir::Expr& e) {
  bool terminated = true, isNull = false;
  const std::string path = readString(*e.ops[0], &terminated, &isNull);
  if (isNull) fail(e.range, "null pointer passed to 'fopen'");
  if (!terminated) fail(e.range, "path passed to 'fopen' is not NUL-terminated within its object");
  std::string mode = readString(*e.ops[1], &terminated, &isNull);
  if (isNull || !terminated) fail(e.range, "mode passed to 'fopen' is not a string");
  mode.erase(std::remove(mode.begin(), mode.end(), 'b'), mode.end());
  Stream s;
  s.path = path;
  if (mode == "r") {
    TestFile f = testFile(input_, path);
    if (f.kind == TestFile::Kind::Outside)
      fail(e.range, "fopen of '" + path +
                        "', which is not part of the test (a test argument or a file beside "
                        "the tests file)");
    if (f.kind == TestFile::Kind::Missing) return {};
    s.data = std::make_shared<const std::string>(std::move(f.content));
    s.reads = true;
  } else if (mode == "w" || mode == "a") {
    s.writes = true;
    if (mode == "w") result_.files[path].clear();
    s.data = std::make_shared<const std::string>();
  } else {
    fail(e.range, "fopen mode '" + mode + "' (culprit models \"r\", \"w\" and \"a\")");
  }
  streams_.push_back(std::move(s));
  HeapBlock block;
  block.cells.assign(1, Value{static_cast<std::int64_t>(streams_.size() - 1)});
  block.elem = e.type->elem;
  block.site = &e;
  block.size = block.cells.size();
  heapCells_ += block.size;
  heap_.push_back(std::move(block));
  return {0, kHeapBit | static_cast<std::uint32_t>(heap_.size() - 1)};
}

Value Machine::fclose(const ir::Expr& e) {
  const ir::Expr& handle = *e.ops[0];
  if (handle.kind != ir::ExprKind::Member) {  // stdin, stdout or stderr written as such
    streamOf(handle, "fclose").open = false;
    return {0};
  }
  // (*fp)._handle: the FILE object of an fopen'd stream is freed with the stream (a later use
  // is a use after free); the pointer is evaluated once.
  const ir::Expr& fp = *handle.ops[0]->ops[0];
  const Value p = eval(fp);
  checkDefined(p, fp, "as a pointer passed to 'fclose'");
  if (p.obj == 0) fail(fp.range, "null pointer passed to 'fclose'");
  checkLive(p.obj, fp);
  const Value h = load({p.obj, p.i});
  Stream& s = streams_.at(static_cast<std::size_t>(h.i));
  if (!s.open) fail(e.range, "stream '" + s.path + "' closed twice");
  s.open = false;
  if (p.obj & kHeapBit) {
    HeapBlock& b = heap_[p.obj & ~kHeapBit];
    b.freed = true;
    heapCells_ -= b.size;
  }
  return {0};
}

void Machine::put(int handle, const std::string& text, const ir::Expr& at) {
  if (handle == 1 || handle == 2) return write(text, handle == 2, at);
  Stream& s = streams_[static_cast<std::size_t>(handle)];
  if (!s.writes) {
    s.error = true;
    return;
  }
  std::string& file = result_.files[s.path];
  if (result_.out.size() + result_.err.size() + file.size() + text.size() > options_.outputLimit)
    fail(at.range, "output limit of " + std::to_string(options_.outputLimit) + " bytes exceeded");
  file += text;
}

Value Machine::streamCall(const ir::Expr& e) {
  const char* name = ir::builtinName(e.builtin);
  switch (e.builtin) {
  case ir::Builtin::Fopen: return fopen(e);
  case ir::Builtin::Fclose: return fclose(e);
  case ir::Builtin::Fgetc: return {readChar(streamOf(*e.ops[0], name))};
  case ir::Builtin::Ungetc: {
    Stream& s = streamOf(*e.ops[0], name);
    const Value c = eval(*e.ops[1]);
    checkDefined(c, *e.ops[1], "passed to 'ungetc'");
    if (c.i == -1 || !s.reads) return {-1};
    s.pushed.push_back(static_cast<char>(static_cast<unsigned char>(c.i)));
    s.eof = false;
    return {static_cast<unsigned char>(c.i)};
  }
  case ir::Builtin::Feof: return {streamOf(*e.ops[0], name).eof ? 1 : 0};
  case ir::Builtin::Ferror: return {streamOf(*e.ops[0], name).error ? 1 : 0};
  case ir::Builtin::FileGets: {
    Stream& s = streamOf(*e.ops[0], name);
    const Value buf = eval(*e.ops[1]);
    const Value size = eval(*e.ops[2]);
    checkDefined(buf, *e.ops[1], "as a pointer passed to 'fgets'");
    checkDefined(size, *e.ops[2], "as the size passed to 'fgets'");
    return readLine(s, buf, size.i, false, e, *e.ops[1]);
  }
  case ir::Builtin::FileScanf: {
    Stream& s = streamOf(*e.ops[0], name);
    return scanStream(e, s, 1);
  }
  case ir::Builtin::Fread: return fread(e);
  case ir::Builtin::FilePrintf: {
    const Value h = eval(*e.ops[0]);
    Stream& s = streamOf(*e.ops[0], name);
    if (!s.writes) s.error = true;
    return printf(e, 1, static_cast<int>(h.i));
  }
  case ir::Builtin::FilePuts: {
    const Value h = eval(*e.ops[0]);
    streamOf(*e.ops[0], name);
    bool terminated = true;
    const std::string text = readString(*e.ops[1], &terminated);
    if (!terminated) fail(e.range, "argument of 'fputs' is not NUL-terminated within its object");
    put(static_cast<int>(h.i), text, e);
    return {streams_[static_cast<std::size_t>(h.i)].writes ? 1 : -1};
  }
  case ir::Builtin::FilePutc: {
    const Value h = eval(*e.ops[0]);
    streamOf(*e.ops[0], name);
    const Value v = eval(*e.ops[1]);
    checkDefined(v, *e.ops[1], "passed to 'fputc'");
    const auto c = static_cast<unsigned char>(v.i);
    put(static_cast<int>(h.i), std::string(1, static_cast<char>(c)), e);
    return {streams_[static_cast<std::size_t>(h.i)].writes ? c : -1};
  }
  default: break;
  }
  fail(e.range, "unknown stream function");
}

Value Machine::fread(const ir::Expr& e) {
  Stream& s = streamOf(*e.ops[0], "fread");
  const ir::Expr& op = *e.ops[1];
  const Value buf = eval(op);
  const Value size = eval(*e.ops[2]);
  const Value count = eval(*e.ops[3]);
  checkDefined(buf, op, "as a pointer passed to 'fread'");
  checkDefined(size, *e.ops[2], "as the size passed to 'fread'");
  checkDefined(count, *e.ops[3], "as the count passed to 'fread'");
  const ir::TypeRef cell = ir::pointerAsWritten(op).type->elem;
  if (!cell->isInt() || ir::bitWidth(cell->intKind) != 8)
    fail(op.range, "fread into cells of type " + typeName(cell) + " (culprit reads bytes)");
  const auto itemSize = static_cast<std::uint64_t>(size.i),
             items = static_cast<std::uint64_t>(count.i);
  if (itemSize == 0 || items == 0) return {0};
  const std::string rest = pending(s);
  const std::uint64_t want = itemSize * items;
  const std::uint64_t got = std::min<std::uint64_t>(want, rest.size());
  checkWrite(buf, got, op, "fread");
  for (std::uint64_t j = 0; j < got; ++j)
    store({buf.obj, buf.i + static_cast<std::int64_t>(j)},
          {arith::convert(static_cast<unsigned char>(rest[j]), cell->intKind)}, op);
  consume(s, got);
  if (got < want) s.eof = true;
  return {static_cast<std::int64_t>(got / itemSize)};
}

}  // namespace detail
}  // namespace culprit::exec

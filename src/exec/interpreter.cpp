// exec::run: sets up a Machine (globals, argv or harness arguments), calls the entry function
// and turns the way the run ended into a verdict. Also the machinery every part of the
// interpreter shares: frames and calls, statement instances and their hooks (occurrence
// counting, hijacked decisions, overridden values, trace entries with call and loop context),
// and the halts that end a run with a verdict.
//
// Calls keep the host stack bounded: at most kMaxCallDepth interpreted calls, and a call is
// refused (runtime error) when the host thread's stack is close to exhausted, so a runaway
// recursion in the program never crashes culprit.
#include "exec/arith.h"
#include "exec/host_stack.h"
#include "exec/machine.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace culprit::exec {

const char* verdictName(Verdict v) {
  switch (v) {
  case Verdict::Exited: return "exited";
  case Verdict::AssertFailed: return "assertion failed";
  case Verdict::Aborted: return "aborted";
  case Verdict::RuntimeError: return "runtime error";
  case Verdict::StepLimit: return "step limit";
  case Verdict::AssumeFailed: return "assumption failed";
  }
  return "?";
}

std::int32_t FixedHooks::decide(const InstanceKey& k, std::int32_t natural) {
  auto it = hijacks.find(k);
  return it == hijacks.end() ? natural : it->second;
}

std::optional<std::int64_t> FixedHooks::overrideValue(const InstanceKey& k, std::int64_t) {
  auto it = overrides.find(k);
  if (it == overrides.end()) return std::nullopt;
  return it->second;
}

RunResult run(const ir::Program& program, const RunInput& input, const RunOptions& options) {
  return detail::Machine(program, input, options).run();
}

namespace detail {

std::string typeName(ir::TypeRef t) {
  std::string dims;
  for (; t->isArray(); t = t->elem)
    dims += "[" + std::to_string(t->length) + "]";
  return (t->isPointer() ? typeName(t->elem) + " *" : t->str()) + dims;
}

std::uint32_t ContextTable::child(std::uint32_t parent, std::uint32_t value) {
  auto [it, added] = ids_.try_emplace(std::uint64_t{parent} << 32 | value,
                                      static_cast<std::uint32_t>(nodes_.size()));
  if (added) nodes_.emplace_back(parent, value);
  return it->second;
}

template <class T> std::vector<std::vector<T>> ContextTable::sequences() const {
  std::vector<std::vector<T>> out(nodes_.size());
  for (std::size_t i = 1; i < nodes_.size(); ++i) {
    out[i] = out[nodes_[i].first];
    out[i].push_back(static_cast<T>(nodes_[i].second));
  }
  return out;
}

Machine::Machine(const ir::Program& program, const RunInput& input, const RunOptions& options)
    : program_(program), input_(input), options_(options), observer_(options.observer),
      tracing_(options.trace || options.observer) {}

RunResult Machine::run() {
  const ir::Function* entry = program_.findFunction(options_.entry);
  if (!entry || !entry->body)
    throw std::invalid_argument("no function '" + options_.entry + "' to run");
  checkHostStack(nullptr);
  occurrences_.assign(program_.stmts.size(), 0);
  if (options_.coverage) result_.branchHits.assign(program_.stmts.size(), 0);
  try {
    setUpGlobals();
    setUpStreams();
    const std::size_t start = argStack_.size();
    pushEntryArguments(*entry);
    Value r = call(*entry, start, nullptr);
    result_.verdict = Verdict::Exited;
    if (entry->ret && entry->ret->isInt()) {
      result_.exitStatus = static_cast<int>(r.i & 0xff);
      result_.returnValue = r.i;
    }
  } catch (const Halt&) {
  }
  finishResult();
  return std::move(result_);
}

void Machine::setUpGlobals() {
  objects_.push_back(Object{});  // id 0: the null pointer's object
  for (ir::VarId g : program_.globals) {
    const std::uint64_t n = program_.vars[g].type->cellCount();
    if (!fits(n)) outOfMemory(n, program_.vars[g].range, describeVar(g));
    objects_.push_back({cells_.size(), n, ObjectKind::Var, g});
    cells_.resize(cells_.size() + n);
  }
  try {
    for (ir::VarId g : program_.globals)
      if (const ir::Expr* init = program_.vars[g].init.get())
        initialize(varPlace(g), program_.vars[g].type, *init);
  } catch (const Halt&) {
    throw std::invalid_argument("global initializer is not a constant: " + result_.message);
  }
}

void Machine::pushEntryArguments(const ir::Function& fn) {
  const std::size_t n = fn.params.size();
  if (fn.name == "main") {
    if (n >= 1) argStack_.push_back({static_cast<std::int64_t>(input_.args.size() + 1)});
    if (n >= 2) argStack_.push_back(makeArgv());
    if (n >= 3) {  // envp: an empty environment (its terminating null pointer only)
      argStack_.push_back({0, static_cast<std::uint32_t>(objects_.size())});
      objects_.push_back({cells_.size(), 1, ObjectKind::Envp, 0});
      cells_.push_back({});
    }
    for (std::size_t k = 3; k < n; ++k)
      argStack_.push_back({});
    return;
  }
  if (input_.entryArgs.size() != n)
    throw std::invalid_argument("entry function '" + fn.name + "' takes " + std::to_string(n) +
                                " arguments, the test gives " +
                                std::to_string(input_.entryArgs.size()));
  for (std::size_t k = 0; k < n; ++k) {
    ir::TypeRef t = program_.vars[fn.params[k]].type;
    if (!t->isInt())
      throw std::invalid_argument("entry function '" + fn.name + "' has a non-integer parameter");
    argStack_.push_back({arith::convert(input_.entryArgs[k], t->intKind)});
  }
}

Value Machine::makeArgv() {
  const std::size_t argc = input_.args.size() + 1;
  std::vector<std::uint32_t> strings;
  for (std::size_t k = 0; k < argc; ++k) {
    const std::string& s = k == 0 ? options_.programName : input_.args[k - 1];
    strings.push_back(static_cast<std::uint32_t>(objects_.size()));
    objects_.push_back(
        {cells_.size(), s.size() + 1, ObjectKind::ArgvString, static_cast<std::uint32_t>(k)});
    for (char c : s)
      cells_.push_back({arith::convert(static_cast<unsigned char>(c), ir::IntKind::Char)});
    cells_.push_back({});
  }
  const auto argv = static_cast<std::uint32_t>(objects_.size());
  objects_.push_back({cells_.size(), argc + 1, ObjectKind::Argv, 0});
  for (std::uint32_t obj : strings)
    cells_.push_back({0, obj});
  cells_.push_back({});
  return {0, argv};
}

void Machine::finishResult() {
  if (options_.coverage) result_.stmtHits = std::move(occurrences_);
  result_.varCellsUsed = std::move(varCellsUsed_);
  if (tracing_) {
    result_.callContexts = callContexts_.sequences<ir::StmtId>();
    result_.loopContexts = loopContexts_.sequences<std::uint32_t>();
  } else {
    result_.callContexts.assign(1, {});
    result_.loopContexts.assign(1, {});
  }
}

// ---------------------------------------------------------------------------------------------
// Memory

std::uint64_t Machine::objectSize(std::uint32_t obj) const {
  if (isDeadStack(obj)) return 0;
  if (obj & kLiteralBit) return literals_[obj & ~kLiteralBit]->text.size() + 1;
  if (obj & kHeapBit) return heap_[obj & ~kHeapBit].size;
  return objects_[obj].size;
}

void Machine::outOfMemory(std::uint64_t cells, const ir::SourceRange& at, const std::string& what) {
  const std::uint64_t used = cells_.size() + heapCells_;
  constexpr std::uint64_t kMb = (std::uint64_t{1} << 20) / sizeof(Value);  // cells per MB
  fail(at, fmt::format("out of memory: {} needs {} MB of the interpreter's memory ({} cells of "
                       "{} bytes), {} MB are in use and the run may use {} MB (--run-memory MB)",
                       what, (cells + kMb - 1) / kMb, cells, sizeof(Value), used / kMb,
                       options_.memoryLimit >> 20));
}

std::string Machine::describeVar(ir::VarId v) const {
  return "'" + program_.vars[v].name + "' of type '" + typeName(program_.vars[v].type) + "'";
}

std::string Machine::describeObject(std::uint32_t obj) const {
  if (isDeadStack(obj)) {
    const DeadObject& d = dead_[obj & ~kDeadBit];
    return (d.var != ir::kNone ? "object " + describeVar(d.var) : "a variable-length array") +
           " of a call of '" + program_.functions[d.function].name + "' that has returned";
  }
  const std::string size = std::to_string(objectSize(obj));
  if (obj & kLiteralBit) return "string literal of type 'char[" + size + "]'";
  if (obj & kHeapBit) {
    const HeapBlock& b = heap_[obj & ~kHeapBit];
    const std::uint64_t n = b.size / std::max<std::uint64_t>(1, b.elem->cellCount());
    return "heap block of " + std::to_string(n) + " '" + typeName(b.elem) + "' allocated at " +
           program_.where(b.site->range);
  }
  const Object& o = objects_[obj];
  switch (o.kind) {
  case ObjectKind::Var: return "object " + describeVar(o.ref);
  case ObjectKind::Argv: return "argv of type 'char *[" + size + "]'";
  case ObjectKind::Envp: return "envp of type 'char *[1]'";
  case ObjectKind::ArgvString:
    return "argv[" + std::to_string(o.ref) + "] of type 'char[" + size + "]'";
  case ObjectKind::Vla:
    return "variable-length array of " + size + " cells declared at " +
           program_.where(o.site->range);
  case ObjectKind::Null: break;
  }
  return "null object";
}

Value Machine::literalPointer(const ir::Expr& strLit) {
  std::uint32_t k = 0;
  while (k < literals_.size() && literals_[k] != &strLit)
    ++k;
  if (k == literals_.size()) literals_.push_back(&strLit);
  return {0, kLiteralBit | k};
}

Value Machine::literalCell(Place p) const {
  const std::string& text = literals_[p.obj & ~kLiteralBit]->text;
  const auto off = static_cast<std::size_t>(p.off);
  if (off >= text.size()) return {};
  return {arith::convert(static_cast<unsigned char>(text[off]), ir::IntKind::Char)};
}

void Machine::initialize(Place p, ir::TypeRef t, const ir::Expr& init) {
  if (t->isStruct() && init.kind != ir::ExprKind::InitList) return copyCells(p, init, init);
  if (!t->isAggregate()) {
    const ir::Expr& e =
        init.kind == ir::ExprKind::InitList && !init.ops.empty() ? *init.ops[0] : init;
    Value v = init.kind == ir::ExprKind::InitList && init.ops.empty() ? Value{} : eval(e);
    store(p, convertTo(v, t, e), e);
    return;
  }
  const Object& o = objects_[p.obj];
  const std::uint64_t size = t->cellCount();
  if (options_.trace) use(p.obj, static_cast<std::uint64_t>(p.off) + size);
  std::fill_n(cells_.begin() + static_cast<std::ptrdiff_t>(o.base + p.off), size, Value{});
  const ir::IntKind cell = t->scalarType()->isInt() ? t->scalarType()->intKind : ir::IntKind::Long;
  auto copyText = [&](std::uint64_t at, const std::string& text) {
    for (std::uint64_t k = 0; k < text.size() && at + k < size; ++k)
      cells_[objects_[p.obj].base + p.off + at + k] = {
          arith::convert(static_cast<unsigned char>(text[k]), cell)};
  };
  if (init.kind == ir::ExprKind::StrLit) return copyText(0, init.text);
  if (init.kind != ir::ExprKind::InitList) fail(init.range, "unsupported array initializer");
  for (std::size_t k = 0; k < init.ops.size() && k < init.initOffsets.size(); ++k) {
    const ir::Expr& op = *init.ops[k];
    const std::uint64_t at = init.initOffsets[k];
    if (op.kind == ir::ExprKind::StrLit)
      copyText(at, op.text);
    else if (at < size)
      store({p.obj, p.off + static_cast<std::int64_t>(at)},
            convertTo(eval(op), t->cellType(at), op), op);
  }
}

void Machine::declareUninitialised(ir::VarId v) {
  if (program_.vars[v].storage == ir::Var::Storage::Global) return;  // zero-initialised
  const ir::TypeRef t = program_.vars[v].type;
  const Object& o = objects_[varPlace(v).obj];
  auto cells = cells_.begin() + static_cast<std::ptrdiff_t>(o.base);
  // The bits stay (as in a stack slot; the encoder keeps the cells' terms): only the shadow
  // changes.
  for (std::uint64_t k = 0; k < o.size; ++k)
    cells[static_cast<std::ptrdiff_t>(k)].origin = 1 + v;
  if (!options_.nondetUninitialised) return;
  for (std::uint64_t k = 0; k < o.size; ++k) {
    const ir::TypeRef cell = t->cellType(k);
    if (!cell->isInt()) {  // no nondet pointers: NULL, one of its values, as in the encoder
      cells[static_cast<std::ptrdiff_t>(k)] = Value{};
      continue;
    }
    std::int64_t x = nondetPos_ < input_.nondet.size() ? input_.nondet[nondetPos_++] : 0;
    x = arith::convert(x, cell->intKind);
    result_.nondetUsed.push_back(x);
    cells[static_cast<std::ptrdiff_t>(k)] = Value{x};
  }
}

// ---------------------------------------------------------------------------------------------
// Calls

namespace {
/// What a call saves of its caller's state and restores on return.
struct CallerState {
  const ir::Stmt* stmt;
  InstanceKey key;
  bool inProgress;
  const ir::Function* function;
  std::uint32_t frameBase, iteration, callContext;
};
}  // namespace

Value Machine::call(const ir::Function& fn, std::size_t argStart, const ir::Expr* site) {
  if (depth_ >= kMaxCallDepth)
    fail(site ? site->range : ir::SourceRange{}, "stack overflow (call depth limit of 10000)");
  checkHostStack(site);
  const CallerState caller{stmt_,      key_,       inProgress_, function_,
                           frameBase_, iteration_, callContext_};
  const auto base = static_cast<std::uint32_t>(objects_.size());
  const std::uint64_t mark = cells_.size();
  std::uint64_t top = mark;
  for (ir::VarId v : fn.frame) {
    const std::uint64_t n = program_.vars[v].type->cellCount();
    if (!fits(top - mark + n)) [[unlikely]]
      outOfMemory(top - mark + n, program_.vars[v].range,
                  "the frame of '" + fn.name + "' (up to " + describeVar(v) + ")");
    objects_.push_back({top, n, ObjectKind::Var, v});
    top += n;
  }
  cells_.resize(top);
  for (std::size_t k = 0; k < fn.frame.size(); ++k) {  // locals start uninitialised
    const Object& o = objects_[base + k];
    const Value poison{0, 0, 1 + fn.frame[k]};
    std::fill_n(cells_.begin() + static_cast<std::ptrdiff_t>(o.base), o.size, poison);
  }
  for (std::size_t k = 0; k < fn.params.size() && argStart + k < argStack_.size(); ++k)
    cells_[objects_[base + program_.vars[fn.params[k]].slot].base] = argStack_[argStart + k];
  argStack_.resize(argStart);

  if (tracing_ && site)
    callContext_ = callContexts_.child(callContext_, stmt_ ? stmt_->id : ir::kNone);
  const ir::Expr* const outerLibraryCall = libraryCall_;
  if (!fn.library.empty() && (!function_ || function_->library.empty())) libraryCall_ = site;
  function_ = &fn;
  frameBase_ = base;
  iteration_ = 0;
  ++depth_;
  returned_ = {};
  exec(*fn.body);
  Value result = returned_;
  if (result.obj >= base && !(result.obj & (kLiteralBit | kHeapBit | kDeadBit))) [[unlikely]]
    result.obj = deadStack(result.obj, fn);

  --depth_;
  libraryCall_ = outerLibraryCall;
  objects_.resize(base);
  cells_.resize(mark);
  stmt_ = caller.stmt;
  key_ = caller.key;
  inProgress_ = caller.inProgress;
  function_ = caller.function;
  frameBase_ = caller.frameBase;
  iteration_ = caller.iteration;
  callContext_ = caller.callContext;
  return result;
}

std::uint32_t Machine::deadStack(std::uint32_t obj, const ir::Function& fn) {
  const Object& o = objects_[obj];
  dead_.push_back({o.kind == ObjectKind::Var ? o.ref : ir::kNone, fn.id});
  return kDeadBit | static_cast<std::uint32_t>(dead_.size() - 1);
}

void Machine::checkHostStack(const ir::Expr* site) {
  const char* here = static_cast<const char*>(__builtin_frame_address(0));
  if (!stackFloor_) {
    stackFloor_ = hostStackFloor(here, 256 << 10);
    return;
  }
  if (reinterpret_cast<std::uintptr_t>(here) < reinterpret_cast<std::uintptr_t>(stackFloor_))
    fail(site ? site->range : ir::SourceRange{}, "stack overflow (host stack exhausted)");
}

// ---------------------------------------------------------------------------------------------
// Instances

void Machine::begin(const ir::Stmt& s) {
  stmt_ = &s;
  if (result_.steps >= options_.stepLimit) {
    inProgress_ = false;
    halt(Verdict::StepLimit, kStatusRuntimeError,
         "step limit of " + std::to_string(options_.stepLimit) + " statements exceeded", &s.range);
  }
  ++result_.steps;
  inProgress_ = true;
  key_ = {s.id, occurrences_[s.id]++};
}

void Machine::end(bool hasValue, std::int64_t value, std::int32_t decision, bool overridden) {
  inProgress_ = false;
  if (tracing_) emit(hasValue, value, decision, overridden);
  if (observer_ && observer_->stop())
    halt(Verdict::Exited, kStoppedByObserver, "stopped by the observer", nullptr);
}

void Machine::emit(bool hasValue, std::int64_t value, std::int32_t decision, bool overridden) {
  const TraceEntry e{key_,     callContext_, iteration_, loopContext_,
                     hasValue, value,        decision,   overridden};
  if (options_.trace) result_.trace.push_back(e);
  if (observer_) observer_->onInstance(e);
}

Value Machine::settle(Value natural, ir::TypeRef t, Produced* produced) {
  if (!produced) return natural;
  if (observer_ && t->isInt() && natural.obj == 0) {
    if (std::optional<std::int64_t> v = observer_->overrideValue(key_, natural.i)) {
      natural.i = arith::convert(*v, t->intKind);
      natural.origin = 0;
      produced->overridden = true;
    }
  }
  produced->value = natural.i;
  return natural;
}

// ---------------------------------------------------------------------------------------------
// Verdicts

Value Machine::evalForced(const ir::Expr& e, bool decision) {
  // FixedHooks and the techniques' observers answer a forced instance whatever the natural
  // value; -2 is no decision a branch can have.
  constexpr std::int32_t kNoDecision = -2;
  const bool forced = observer_ && inProgress_ &&
                      (decision ? observer_->decide(key_, kNoDecision) != kNoDecision
                                : observer_->overrideValue(key_, 0).has_value());
  if (!forced) return decision ? condition(e) : eval(e);
  const std::optional<InstanceKey> saved = skipFaultsOf_;
  skipFaultsOf_ = key_;
  try {
    const Value v = decision ? condition(e) : eval(e);
    skipFaultsOf_ = saved;
    return v;
  } catch (const NaturalSkipped&) {
    skipFaultsOf_ = saved;
    return Value{};
  }
}

void Machine::uninitialisedUse(std::uint32_t origin, const ir::Expr& at, const char* use) {
  std::string what;
  if (origin & kSiteOrigin) {
    const ir::Expr& site = *blockSites_[origin & ~kSiteOrigin];
    what = site.builtin == ir::Builtin::VlaAlloc
               ? "of a variable-length array declared at " + program_.where(site.range)
               : "of a heap block allocated at " + program_.where(site.range);
  } else {
    what = "of '" + program_.vars[origin - 1].name + "'";
  }
  if (!skippingFaults()) result_.uninitialisedUse = true;
  fail(at.range, "use of uninitialised value " + what + " " + use);
}

void Machine::fail(const ir::SourceRange& at, const std::string& problem) {
  if (skippingFaults()) throw NaturalSkipped{};
  // Inside a library function of the prelude: at the program's call, as a sanitizer's
  // interceptor would report it.
  const bool inLibrary = libraryCall_ && function_ && !function_->library.empty();
  const ir::SourceRange& where = inLibrary ? libraryCall_->range : at;
  const std::string what =
      inLibrary ? program_.functions[libraryCall_->callee].library + ": " + problem : problem;
  const std::string path =
      where.file < program_.files.size() ? program_.files[where.file].path : "?";
  result_.err += path + ":" + std::to_string(where.line) + ":" + std::to_string(where.col) +
                 ": runtime error: " + what + "\n";
  halt(Verdict::RuntimeError, kStatusRuntimeError, "runtime error: " + what, &where);
}

void Machine::halt(Verdict v, int status, std::string message, const ir::SourceRange* where) {
  result_.verdict = v;
  result_.exitStatus = status;
  result_.message = std::move(message);
  if (where) result_.where = *where;
  if (v != Verdict::Exited && stmt_) result_.failedStmt = stmt_->id;
  if (inProgress_ && tracing_) {
    inProgress_ = false;
    emit(false, 0, -1, false);  // the instance that ended the run
  }
  throw Halt{};
}

}  // namespace detail
}  // namespace culprit::exec

// The interpreter's state and the operations its parts share (private to exec/).
//
// Memory is an arena of cells. Every variable, argv array and argv string is an object: a
// contiguous range of cells with bounds; a frame's objects are pushed on a call and popped on
// return. Cells hold a Value: an integer normalised to the cell's type, or a pointer (object
// id, cell offset). String literals are read-only objects that live outside the arena: their
// ids carry kLiteralBit and index `literals_`.
//
// One Machine runs one program once; nothing is shared between runs, so concurrent runs of the
// same Program are safe. Runs end by throwing Halt after the verdict is recorded.
#pragma once

#include "exec/exec.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace culprit::exec::libc {
struct Scanned;
}

namespace culprit::exec::detail {

/// The value of a cell or an expression: an integer, or (obj != 0) a pointer to cell `i` of object
/// `obj`. `origin` is its shadow, as MemorySanitizer keeps one: 0 for an initialised value, else
/// where the uninitialised value it derives from was created (see kSiteOrigin). It
/// fills the struct's padding, so a cell stays 16 bytes.
struct Value {
  std::int64_t i = 0;
  std::uint32_t obj = 0;
  std::uint32_t origin = 0;
  bool truthy() const { return i != 0 || obj != 0; }
};

/// The shadow of a value computed from `a` and `b`: uninitialised if either is.
inline std::uint32_t taint(const Value& a, const Value& b) {
  return a.origin ? a.origin : b.origin;
}

/// Origins: 1 + VarId for a variable's cells; kSiteOrigin | k for the cells of the k-th heap or
/// VLA block allocated (Machine::blockSites_).
inline constexpr std::uint32_t kSiteOrigin = 0x80000000u;

/// An lvalue: cell `off` of object `obj`.
struct Place {
  std::uint32_t obj = 0;
  std::int64_t off = 0;
};

enum class ObjectKind : std::uint8_t { Null, Var, Argv, ArgvString, Vla, Envp };

struct Object {
  std::uint64_t base = 0, size = 0;  ///< cells [base, base + size) of the arena
  ObjectKind kind = ObjectKind::Null;
  std::uint32_t ref = 0;           ///< Var: its VarId; ArgvString: its index in argv
  const ir::Expr* site = nullptr;  ///< Vla: the allocation
};

/// A heap block (malloc, calloc): cells of its own, kept after `free` to report late uses.
struct HeapBlock {
  std::vector<Value> cells;
  ir::TypeRef elem = nullptr;  ///< the T of the T* it was allocated as
  const ir::Expr* site = nullptr;
  std::uint64_t size = 0;  ///< cells, kept when `free` releases them
  bool freed = false;
};

/// One C stream (see streams.cpp).
struct Stream {
  std::string path;
  std::shared_ptr<const std::string> data;  ///< what a read stream reads
  std::size_t pos = 0;
  std::string pushed;  ///< characters ungetc pushed back; the last is read first
  bool reads = false, writes = false, eof = false, error = false, open = true;
};

/// What an object's cells hold: integers of one kind, or pointers.
struct CellKind {
  ir::IntKind kind = ir::IntKind::Int;
  bool pointer = false;
  bool mixed = false;  ///< structs inside: cells of several types
};

inline constexpr std::uint32_t kLiteralBit = 0x80000000u;
inline constexpr std::uint32_t kHeapBit = 0x40000000u;
/// An object of a frame popped while a pointer to it was the call's return value: the index
/// of a DeadObject. Every access through it is a runtime error (stack-use-after-return).
inline constexpr std::uint32_t kDeadBit = 0x20000000u;
inline bool isDeadStack(std::uint32_t obj) {
  return (obj & (kLiteralBit | kHeapBit | kDeadBit)) == kDeadBit;
}

struct DeadObject {
  ir::VarId var = ir::kNone;  ///< kNone: a VLA
  ir::FuncId function = ir::kNone;
};
inline constexpr std::uint32_t kMaxCallDepth = 10'000;

enum class Flow : std::uint8_t { Normal, Break, Continue, Return };

/// A C spelling of `t` for messages: "int[3][4]", "char *".
std::string typeName(ir::TypeRef t);

/// Thrown to end a run; the verdict is already recorded in the result.
struct Halt {};
/// Thrown instead of a runtime error met while computing the natural value of an instance the
/// observer forces anyway (see Machine::evalForced).
struct NaturalSkipped {};

/// Interns sequences as a trie of (parent id, last element) -> id; id 0 is the empty sequence.
class ContextTable {
public:
  std::uint32_t child(std::uint32_t parent, std::uint32_t value);
  /// Every interned sequence, indexed by id.
  template <class T> std::vector<std::vector<T>> sequences() const;

private:
  std::unordered_map<std::uint64_t, std::uint32_t> ids_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> nodes_{{0, 0}};
};

/// The value an instance produces, threaded through the evaluation of its top expression.
struct Produced {
  std::int64_t value = 0;
  bool overridden = false;
};

class Machine {
public:
  Machine(const ir::Program& program, const RunInput& input, const RunOptions& options);
  RunResult run();

private:
  // --- memory (interpreter.cpp)
  Value load(Place p) const {
    if (p.obj & (kLiteralBit | kHeapBit)) [[unlikely]]
      return (p.obj & kHeapBit) ? heap_[p.obj & ~kHeapBit].cells[static_cast<std::size_t>(p.off)]
                                : literalCell(p);
    if (options_.trace) [[unlikely]]
      use(p.obj, static_cast<std::uint64_t>(p.off) + 1);
    return cells_[objects_[p.obj].base + static_cast<std::uint64_t>(p.off)];
  }
  /// RunResult::varCellsUsed: object `obj` (of the arena) needed its first `cells` cells.
  void use(std::uint32_t obj, std::uint64_t cells) const {
    const Object& o = objects_[obj];
    if (o.kind != ObjectKind::Var) return;
    std::uint64_t& most = varCellsUsed_[o.ref];
    most = std::max(most, cells);
  }
  void store(Place p, Value v, const ir::Expr& at) {
    if (p.obj & (kLiteralBit | kHeapBit)) [[unlikely]] {
      if (p.obj & kLiteralBit) fail(at.range, "write to a string literal");
      heap_[p.obj & ~kHeapBit].cells[static_cast<std::size_t>(p.off)] = v;
      return;
    }
    if (options_.trace) [[unlikely]]
      use(p.obj, static_cast<std::uint64_t>(p.off) + 1);
    cells_[objects_[p.obj].base + static_cast<std::uint64_t>(p.off)] = v;
  }
  Place varPlace(ir::VarId v) const {
    const ir::Var& var = program_.vars[v];
    return {var.storage == ir::Var::Storage::Global ? 1 + var.slot : frameBase_ + var.slot, 0};
  }
  std::uint64_t objectSize(std::uint32_t obj) const;
  /// "object 'a' of type 'int[4]'" for bounds messages.
  std::string describeObject(std::uint32_t obj) const;
  /// "'a' of type 'int[4]'".
  std::string describeVar(ir::VarId v) const;
  Value literalPointer(const ir::Expr& strLit);
  /// Fills an object (or sub-object) of type `t` at `p` from a Decl or global initializer.
  void initialize(Place p, ir::TypeRef t, const ir::Expr& init);
  /// A declaration without initializer: the variable's cells become uninitialised (C11 6.2.4:
  /// indeterminate each time the declaration is reached), or, with
  /// RunOptions::nondetUninitialised, its integer cells take the next nondet values.
  void declareUninitialised(ir::VarId v);

  // --- uninitialised values (interpreter.cpp), checked where MemorySanitizer checks them
  /// Fails when `v` is uninitialised; `use` says how it is used ("in a condition").
  void checkDefined(const Value& v, const ir::Expr& at, const char* use) {
    if (v.origin) [[unlikely]]
      uninitialisedUse(v.origin, at, use);
  }
  [[noreturn]] void uninitialisedUse(std::uint32_t origin, const ir::Expr& at, const char* use);
  /// eval(e) for a value that decides a branch.
  Value condition(const ir::Expr& e) {
    const Value v = eval(e);
    checkDefined(v, e, "in a condition");
    return v;
  }

  // --- calls, instances, verdicts (interpreter.cpp)
  Value call(const ir::Function& fn, std::size_t argStart, const ir::Expr* site);
  void begin(const ir::Stmt& s);
  void end(bool hasValue, std::int64_t value, std::int32_t decision, bool overridden);
  /// The natural value of the current instance, or the observer's override converted to `t`.
  Value settle(Value natural, ir::TypeRef t, Produced* produced);
  [[noreturn]] void fail(const ir::SourceRange& where, const std::string& what);
  /// A fault now is one of an instance whose natural value is not used (see evalForced).
  bool skippingFaults() const { return skipFaultsOf_ && inProgress_ && *skipFaultsOf_ == key_; }
  [[noreturn]] void halt(Verdict v, int status, std::string message, const ir::SourceRange* where);

  // --- statements (statements.cpp)
  Flow exec(const ir::Stmt& s);

  // --- expressions (expressions.cpp)
  Value eval(const ir::Expr& e);
  /// A use of a macro constant (Expr::macro): its literal, or the value the observer forces
  /// for instance 0 of the macro's statement (ir::MacroConstant).
  Value macroUse(const ir::Expr& e);
  /// eval(e) for the value (or, with `decision`, the condition) of the current instance. When
  /// the observer forces that instance, a runtime error in its own expression (not in a callee)
  /// does not end the run: the natural value is never used, so the result is 0, replaced by
  /// the forced value or decision. An angelic fix of a faulty statement is another statement,
  /// one that need not make the faulty access.
  Value evalForced(const ir::Expr& e, bool decision = false);
  Place place(const ir::Expr& e);
  /// Evaluates an assignment, compound assignment or ++/--; `produced` at statement level.
  Value evalStore(const ir::Expr& e, Produced* produced);
  /// C's conversion of `v` between arithmetic kinds; a floating value out of an integer kind's
  /// range is a runtime error at `at`.
  std::int64_t castValue(std::int64_t v, ir::IntKind from, ir::IntKind to, const ir::Expr& at);
  Value convertTo(Value v, ir::TypeRef t, const ir::Expr& at);

  // --- library calls (library.cpp)
  Value callBuiltin(const ir::Expr& e);

  // --- helpers of the parts above
  Value literalCell(Place p) const;
  /// `cells` more cells fit in RunOptions::memoryLimit with those of the objects and heap
  /// blocks alive now.
  bool fits(std::uint64_t cells) const {
    const std::uint64_t limit = options_.memoryLimit / sizeof(Value);
    const std::uint64_t used = cells_.size() + heapCells_;
    return cells <= limit && used <= limit - cells;
  }
  /// The runtime error of an allocation of `cells` that does not fit, at `at`; `what` names
  /// it ("malloc of 10 elements").
  [[noreturn]] void outOfMemory(std::uint64_t cells, const ir::SourceRange& at,
                                const std::string& what);
  void setUpGlobals();
  void pushEntryArguments(const ir::Function& fn);
  Value makeArgv();
  void finishResult();
  void emit(bool hasValue, std::int64_t value, std::int32_t decision, bool overridden);
  void checkHostStack(const ir::Expr* site);
  /// A pointer id for `obj`, an object of the frame of `fn` being popped (see kDeadBit).
  std::uint32_t deadStack(std::uint32_t obj, const ir::Function& fn);

  // statements.cpp
  Flow block(const std::vector<ir::StmtPtr>& stmts);
  Flow exprStmt(const ir::Stmt& s);
  Flow decl(const ir::Stmt& s);
  bool branch(const ir::Stmt& s);
  Flow ifStmt(const ir::Stmt& s);
  Flow whileLoop(const ir::Stmt& s);
  Flow doWhileLoop(const ir::Stmt& s);
  Flow forLoop(const ir::Stmt& s);
  Flow switchStmt(const ir::Stmt& s);
  Flow returnStmt(const ir::Stmt& s);
  std::int32_t chooseArm(const ir::Stmt& s, std::int64_t value) const;
  void enterIteration(std::uint32_t parentContext, std::uint32_t k);

  // expressions.cpp
  Value unary(const ir::Expr& e);
  Value binary(const ir::Expr& e);
  Value logical(const ir::Expr& e);
  Value pointerBinary(const ir::Expr& e, Value a, Value b);
  /// Copies the cells of the aggregate lvalue `from` to `to` (struct assignment).
  void copyCells(Place to, const ir::Expr& from, const ir::Expr& at);
  /// `ptr` (of pointer type `t`) moved by `by` elements (p++, p -= n).
  Value movePointer(const ir::Expr& e, Value ptr, std::int64_t by, ir::TypeRef t);
  Value cast(const ir::Expr& e);
  Value callUser(const ir::Expr& e);
  Place index(const ir::Expr& e);
  Place indexPointer(const ir::Expr& e, Value ptr, std::int64_t idx, std::uint64_t stride);
  Value assign(const ir::Expr& e, Produced* produced);
  Value compoundAssign(const ir::Expr& e, Produced* produced);
  Value incDec(const ir::Expr& e, Produced* produced);

  // library.cpp
  /// The characters up to the NUL of the string `e` points to; `terminated` is false when the
  /// object ends first. A null pointer is a runtime error unless `isNull` is given.
  std::string readString(const ir::Expr& e, bool* terminated, bool* isNull = nullptr);
  std::string readStringAt(Value ptr, const ir::Expr& e, bool* terminated, bool* isNull = nullptr);
  /// printf from e.ops[first] (the format) to the stream `handle` (1 stdout, 2 stderr, ...).
  Value printf(const ir::Expr& e, std::size_t first, int handle);
  Value stringToInt(const ir::Expr& e);
  Value stringToDouble(const ir::Expr& e);
  Value nondet(const ir::Expr& e);

  // stdio.cpp: formatted, line and string input, fputs
  Value scanf(const ir::Expr& e);
  /// scanf/fscanf from `s`; e.ops[format] is the format.
  Value scanStream(const ir::Expr& e, Stream& s, std::size_t format);
  /// gets/fgets from `s` into `buf` (the value of `op`); `n`: fgets's size.
  Value readLine(Stream& s, Value buf, std::int64_t n, bool gets, const ir::Expr& e,
                 const ir::Expr& op);
  Value getLine(const ir::Expr& e);  ///< gets, fgets(stdin)
  Value sscanf(const ir::Expr& e);
  Value fputs(const ir::Expr& e);
  /// Stores what a scanf-family call converted through the pointers `targets` (the values of
  /// e.ops[first...]); `name` names the function in messages.
  void storeScanned(const ir::Expr& e, std::size_t first, const std::vector<Value>& targets,
                    const libc::Scanned& sc, const char* name);
  /// Fails unless the `n` cells from `ptr` lie inside its object; `op` is the pointer argument
  /// of `name`.
  void checkWrite(Value ptr, std::size_t n, const ir::Expr& op, const char* name);
  /// Writes `text`, then a NUL, to the chars `ptr` points to (checked as above).
  void storeText(Value ptr, const std::string& text, const ir::Expr& op, const char* name);

  // streams.cpp: the stream table
  void setUpStreams();
  Value streamCall(const ir::Expr& e);  ///< Fopen and the stream builtins
  /// The open stream whose handle `handle` evaluates to.
  Stream& streamOf(const ir::Expr& handle, const char* name);
  int readChar(Stream& s);  ///< getc: a character or EOF (-1)
  /// What `s` reads next: its pushed-back characters, then the rest of its data.
  std::string pending(const Stream& s) const;
  void consume(Stream& s, std::size_t n);  ///< drops `n` characters of pending(s)
  Value fopen(const ir::Expr& e);
  Value fclose(const ir::Expr& e);
  Value fread(const ir::Expr& e);
  /// Writes `text` to the stream `handle` (stdout, stderr or a file opened for writing).
  void put(int handle, const std::string& text, const ir::Expr& at);

  // heap.cpp: heap blocks and VLAs, memset/memcpy
  Value allocate(const ir::Expr& e);  ///< malloc, calloc, VLA blocks
  Value release(const ir::Expr& e);   ///< free
  Value memset(const ir::Expr& e);
  Value memcpy(const ir::Expr& e);
  /// The byte count `count` of call `e`, or, when `e` is the current statement's ir::sizedCall,
  /// that count as the instance's value (settle: the observer may override it).
  Value sizeOperand(const ir::Expr& e, Value count);
  // sort.cpp: qsort and bsearch with the program's comparator
  Value qsort(const ir::Expr& e);
  Value bsearch(const ir::Expr& e);
  /// The comparator's result for the elements at `a` and `b`.
  std::int64_t compare(const ir::Expr& e, Value a, Value b);
  /// The kind of the cells of `obj`.
  CellKind cellKindOf(std::uint32_t obj) const;
  /// A runtime error when `obj` is a freed heap block (an access through a dangling pointer).
  void checkLive(std::uint32_t obj, const ir::Expr& at);
  void write(const std::string& text, bool toStderr, const ir::Expr& at);
  [[noreturn]] void assertionFailed(const ir::Expr& e);
  [[noreturn]] void assertFail(const ir::Expr& e);
  std::string conditionText(const ir::Expr& call) const;

  const ir::Program& program_;
  const RunInput& input_;
  const RunOptions& options_;
  Observer* const observer_;
  const bool tracing_;  ///< trace or observer: trace entries and contexts are needed
  RunResult result_;

  std::vector<Value> cells_;
  std::vector<Object> objects_;
  std::vector<const ir::Expr*> literals_;
  std::vector<HeapBlock> heap_;
  std::uint64_t heapCells_ = 0;  ///< cells of the heap blocks not freed
  std::vector<DeadObject> dead_;
  std::vector<Value> argStack_;  ///< arguments being evaluated for pending calls
  /// Allocation of each heap or VLA block whose cells started uninitialised (origins).
  std::vector<const ir::Expr*> blockSites_;

  std::vector<std::uint32_t> occurrences_;  ///< per StmtId: instances so far
  const ir::Function* function_ = nullptr;  ///< the function of the current frame
  std::uint32_t frameBase_ = 0;             ///< object id of the current frame's slot 0
  std::uint32_t depth_ = 0;
  const char* stackFloor_ = nullptr;  ///< lowest safe host stack address
  Value returned_;

  const ir::Stmt* stmt_ = nullptr;  ///< statement of the current instance
  /// The program's call into the library function (prelude) running now, if any.
  const ir::Expr* libraryCall_ = nullptr;
  InstanceKey key_;
  bool inProgress_ = false;                  ///< the current instance has begun and not ended
  std::optional<InstanceKey> skipFaultsOf_;  ///< see evalForced
  mutable std::unordered_map<ir::VarId, std::uint64_t> varCellsUsed_;  ///< see use()
  const ir::Expr* sizedCall_ = nullptr;  ///< see sizeOperand; reset once it is evaluated
  Produced* sizeProduced_ = nullptr;
  std::uint32_t iteration_ = 0, loopContext_ = 0, callContext_ = 0;
  ContextTable loopContexts_, callContexts_;

  std::vector<Stream> streams_;
  std::size_t nondetPos_ = 0;
};

}  // namespace culprit::exec::detail

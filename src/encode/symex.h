// The symbolic executor behind encode() (private to encode/). It walks the IR in C's evaluation
// order, like the interpreter, but over Z3 terms: an environment maps every object cell to its
// current SSA term, a path guard says when the current code runs, and every clause it emits is
// either hard or guarded by the selector of its statement (or instance).
//
// Control flow is structured: a branch forks the state (both sides in the Program family, the
// side the run took in the trace families), the sides are merged at the join with ite (phi).
// return/break/continue/exit move the current state to the frame's, loop's or program's
// pending list and leave a dead state (guard false) behind; the pending states are merged where
// control resumes. Calls are inlined with fresh objects for the callee's frame.
//
// Implementation split by concern: symex.cpp (setup, instances, clauses, oracle, merging),
// symex_stmt.cpp (statements, loops), symex_expr.cpp (expressions, memory), symex_lib.cpp
// (library calls and intrinsics), symex_stdio.cpp (formatted, line and string input, strings
// read from memory and printed), symex_expected.cpp (computed strings printed under an output
// oracle), symex_heap.cpp (heap blocks, memset/memcpy), symex_free_stdin.cpp (stdin whose digits
// and letters vary, for bounded equivalence).
#pragma once

#include "encode/cint.h"
#include "encode/effects.h"
#include "encode/encode.h"
#include "encode/string_cases.h"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

namespace culprit::encode::detail {

using ObjId = std::uint32_t;
inline constexpr ObjId kNullObject = 0;

/// One possible target of a pointer: cell `offset` of object `obj`, when `cond` holds.
struct PtrAlt {
  z3::expr cond;
  ObjId obj = kNullObject;
  z3::expr offset;
};
using PtrAlts = std::vector<PtrAlt>;

/// A value: an integer term, or a pointer given by its alternatives.
struct Val {
  z3::expr v;
  std::shared_ptr<const PtrAlts> ptr;
  bool isPointer() const { return ptr != nullptr; }
};

/// One shape a string may have in a state: where `cond` holds, its characters up to the NUL (or,
/// when `terminated` is false, up to the end of its object) are `chars`, of C type `kind`.
struct StringShape {
  z3::expr cond;
  std::vector<z3::expr> chars;
  ir::IntKind kind = ir::IntKind::Char;
  bool terminated = true;
  bool isNull = false;  ///< a null pointer (printf's %s prints "(null)")
};

/// Where a string may start in a state: when `cond` holds, at cell `from` of `obj`, ending (NUL
/// or not) before cell `end` (its object's end, the end of the char array written, or the first
/// cell of another type in an object of structs); or, `isNull`, a null pointer.
struct StringStart {
  z3::expr cond;
  ObjId obj = kNullObject;
  std::uint64_t from = 0, end = 0;
  ir::IntKind kind = ir::IntKind::Char;
  bool isNull = false;
};

/// A string argument of an output call whose characters the program computes: argument
/// `arg` (among the format's arguments), the pointer `value`, the expression `op`.
struct ComputedString {
  std::size_t arg = 0;
  Val value;
  const ir::Expr* op = nullptr;
};

/// One shape of an output event: where `cond` holds, the event's key is `key` with `chars`.
struct OutputShape {
  z3::expr cond;
  std::string key;
  std::vector<KeyChar> chars;
};

/// The cells of an expanded object, shared between the states forked from one another until
/// one of them writes (copy on write): a fork costs no copy of the cells, and a merge sees at
/// once that an object neither side wrote is the same.
class CowCells {
public:
  std::size_t size() const { return cells_ ? cells_->size() : 0; }
  bool empty() const { return size() == 0; }
  const Val& operator[](std::size_t i) const { return (*cells_)[i]; }
  const Val& back() const { return cells_->back(); }
  std::vector<Val>::const_iterator begin() const { return view().begin(); }
  std::vector<Val>::const_iterator end() const { return view().end(); }
  /// Write access to one cell (copies the cells first when another state shares them).
  Val& operator[](std::size_t i) { return own()[i]; }
  void clear() { cells_.reset(); }
  void reserve(std::size_t n) { own().reserve(n); }
  void push_back(Val v) { own().push_back(std::move(v)); }
  void assign(std::size_t n, const Val& v) { own().assign(n, v); }
  /// Whether both hold the very same cells (not merely equal ones).
  bool shares(const CowCells& o) const { return cells_ == o.cells_; }

private:
  const std::vector<Val>& view() const {
    static const std::vector<Val> none;
    return cells_ ? *cells_ : none;
  }
  std::vector<Val>& own() {
    if (!cells_)
      cells_ = std::make_shared<std::vector<Val>>();
    else if (cells_.use_count() > 1)
      cells_ = std::make_shared<std::vector<Val>>(*cells_);
    return *cells_;
  }
  std::shared_ptr<std::vector<Val>> cells_;
};

/// The current contents of one object in one state.
struct ObjState {
  CowCells cells;                 ///< expanded objects
  std::optional<z3::expr> array;  ///< large objects of integer cells: a Z3 array
  bool live = false;
  std::optional<z3::expr> freed;  ///< heap blocks: when `free` has released it (none: never)
};

/// The state of one C stream in a symbolic state (see symex_streams.cpp). stdin's read position
/// is State::stdinPos.
struct SymStream {
  z3::expr pos, eof, error;
  z3::expr pushed;  ///< the character ungetc pushed back, or -1 (an int)
  z3::expr open;
};

struct State {
  z3::expr guard;  ///< when this state's code runs (false: dead)
  std::vector<ObjState> objs;
  z3::expr outCount, nondetPos, stdinPos;
  /// When it runs relative to the entry of the current function: what merges of values select
  /// on. A callee's values then do not depend on the path that led to the call, so exploring
  /// a branch side elsewhere leaves them (and their constants) as they were.
  z3::expr local;
  std::vector<SymStream> streams;  ///< by handle; missing ones are as they were at the start
  bool dead() const { return guard.is_false(); }
};

/// A state's guard and local guard.
struct PathCondition {
  z3::expr guard, local;
};

/// Var: a variable or a VLA block (dies with its frame); Heap: a malloc/calloc block.
enum class ObjKind : std::uint8_t { Null, Var, Literal, Argv, ArgvString, Heap };

struct ObjectInfo {
  ObjKind kind = ObjKind::Null;
  std::string name;
  ir::IntKind cell = ir::IntKind::Int;  ///< integer cells: their kind
  bool pointerCells = false;            ///< cells hold pointers (argv, pointer variables)
  std::uint64_t size = 0;               ///< cells
  bool useArray = false;
  std::string text;  ///< Literal/ArgvString: the characters (without the NUL)
  /// Blocks whose length the formula computes: their length in cells (`size` is then the
  /// number of cells modelled, an upper bound the formula requires).
  std::optional<z3::expr> cellsTerm;
  /// Objects holding structs: the type of their elements (cell j has elem->cellType(j)); their
  /// cells have several types. Null for objects of uniform cells (`cell`, `pointerCells`).
  ir::TypeRef mixed = nullptr;
};

/// The side(s) a branch can take: the literal that guards each feasible side.
struct Decision {
  std::optional<z3::expr> whenTrue, whenFalse;
};

struct LoopContext {
  std::vector<State> breaks, continues;
  bool isSwitch = false;  ///< a switch: break leaves it, continue goes to the enclosing loop
};

struct Frame {
  const ir::Function* fn = nullptr;
  std::vector<ObjId> slots;  ///< object of each frame slot
  std::vector<State> returns;
  std::vector<Val> returnValues;
  std::vector<LoopContext> loops;
  std::uint32_t iteration = 0;
  std::vector<ir::StmtId> context;  ///< call-site statements, outermost first
  bool trusted = false;
  /// Iterations of this frame's active loops, outermost first (0 before the first test).
  std::vector<std::uint32_t> iters;
  std::vector<std::uint32_t> outerIters;  ///< iterations of the callers' loops at the call
  /// Program family: the call chain's part of a position key (call sites, their ordinals
  /// within their statements, the callers' iterations).
  std::string position;
  /// EncodeOptions::callTree: calls of this frame's chain outside the run's call tree (0: its
  /// call-site sequence is one the run made).
  unsigned outsideCalls = 0;
};

/// The statement instance being executed.
struct Current {
  const ir::Stmt* stmt = nullptr;
  Origin origin;
  bool failing = false;  ///< trace families: the instance at which the run failed
  /// Names its constants: the occurrence (trace families) or "p" + the position id.
  std::string tag;
  std::uint32_t calls = 0;  ///< calls begun within it so far
  std::uint32_t frees = 0;  ///< unconstrained values made within it so far
  std::uint64_t order = 0;  ///< instances begun before it
};

/// How a branch side is encoded (Program family with an exploration).
enum class SideMode : std::uint8_t { Encode, Cut, Drop };
/// What a branch side is: an if's then/else statement (an empty one is always encoded), a
/// loop's further iterations, a switch arm (never cut).
enum class SideKind : std::uint8_t { IfSide, LoopRest, SwitchArm };

struct Request {
  const ir::Program* program = nullptr;
  const exec::RunInput* input = nullptr;
  const Expectation* expect = nullptr;
  const EncodeOptions* options = nullptr;
  const exec::RunResult* trace = nullptr;
  NameSpace* names = nullptr;
  /// The stack check throws EncodeError (not StackExhausted): no larger stack is to be had.
  bool lastStack = false;
};

/// Thrown when the host stack nearly runs out and a retry on a larger one may succeed.
struct StackExhausted {};

class SymExec {
public:
  SymExec(z3::context& ctx, const Request& request, Encoding& out);
  void run();

private:
  // --- symex.cpp: setup -----------------------------------------------------------------------
  ObjId newObject(ObjectInfo info);
  /// What the streams fopen opened read (by handle - 3), or nullopt for a write stream.
  std::deque<std::optional<std::string>> openedFiles_;
  void initObject(ObjId id, State& st, const Val& fill);
  ObjectInfo varObject(ir::VarId v) const;
  void setUpGlobals(State& st);
  Val setUpArgv(State& st);
  std::vector<Val> entryArguments(const ir::Function& fn, State& st);
  /// The fresh value of a test's number (EncodeOptions::symbolicInputs), one per input and type.
  z3::expr symbolicInput(bool entryArgument, std::uint32_t index, ir::IntKind k);
  void indexTrace();

  // --- symex.cpp: instances and clauses -------------------------------------------------------
  void beginInstance(const ir::Stmt& s);
  /// Ends the current instance; in a trace family the instance at which the run failed ends
  /// the path.
  void endInstance(State& st);
  bool relaxable() const;
  std::uint32_t groupFor(const Origin& origin);
  const exec::TraceEntry* traced(const Origin& o) const;
  void addInstance(Instance inst, State& st);
  /// The value the current instance produces: `natural`, or a fresh SSA value defined as
  /// `natural` by a clause of the instance's soft group.
  z3::expr produce(State& st, const z3::expr& natural, ir::IntKind k);
  /// A use of macro constant `e` (an IntLit with Expr::macro set): its literal, or, when the
  /// macro is a repair site, the one value every use reads (soft group of the macro's
  /// statement, defined as the literal).
  z3::expr macroValue(const ir::Expr& e);
  /// The sides a branch instance with condition `cond` may take.
  Decision decide(State& st, const z3::expr& cond);
  z3::expr decideArm(State& st, const z3::expr& natural, std::int32_t* tracedArm);
  /// Program family: records the current branch instance (Encoding::branches, lastBranch_).
  void recordBranch(const State& st, const z3::expr& decision, bool isSwitch);
  /// The branch site of the current instance (exploration.h).
  BranchSite branchSite() const;
  /// How side `decision` of the last recorded branch is encoded; records it in the branch
  /// point when it is not. `stmt`: the if side's statement, or the loop.
  SideMode sideMode(std::int32_t decision, SideKind kind, const ir::Stmt* stmt);
  /// Gives every cell of `writes`'s objects an unknown value (a cut side's effect).
  void havoc(State& st, const std::set<ir::VarId>& writes, std::int32_t decision);
  bool filtering() const { return opt_.family == Family::Program && opt_.explored; }
  /// A constant's name: the name space's prefix, `kind`, the current instance's statement and
  /// tag, and `suffix`.
  std::string name(const char* kind, const std::string& suffix) const;
  /// Hard `guard -> cond`.
  void require(const State& st, const z3::expr& cond, HardKind kind);
  /// Adds a hard clause; `defines`: the SSA constant a soft group's clause defines.
  void hard(const z3::expr& clause, HardKind kind, const z3::expr* defines = nullptr);
  /// EncodeOptions::stopAfterOutput: output event `index` is the one the formula ends with
  /// (trace families): the current instance becomes its last.
  void stopAfterOutput(const z3::expr& index);
  void rememberConcrete(const z3::expr& var, const z3::expr& value);
  /// Trace families: the value `cond` had in the run (nullopt when it cannot be told).
  std::optional<bool> concreteTruth(const z3::expr& cond) const;
  /// Trace families: `term` with the run's values put in (folded; a numeral when they fix it).
  z3::expr concreteValue(const z3::expr& term) const;

  // --- symex.cpp: oracle ----------------------------------------------------------------------
  void emitOutput(State& st, std::string key, std::vector<z3::expr> values,
                  std::vector<ir::IntKind> kinds);
  /// One output event with several shapes, exactly one of whose conditions holds where it is
  /// emitted (strings of computed lengths); the integer values are shared.
  void emitOutputs(State& st, std::vector<OutputShape> shapes, const std::vector<z3::expr>& values,
                   const std::vector<ir::IntKind>& kinds);
  z3::expr matchesEvent(const EncodedOutput& o, const OutputEvent& want) const;
  /// One output event checked by `matches(i)`: the condition under which it equals the
  /// expected event i (needs Expectation::output). Returns the event's index.
  z3::expr emitMatched(State& st, const std::function<z3::expr(std::size_t)>& matches,
                       const std::vector<z3::expr>& values, const std::vector<ir::IntKind>& kinds);
  void terminate(State& st, const z3::expr& status);
  void unwindingHit(State& st);
  void violation(State& st, const z3::expr& when);

  // --- symex.cpp: states ----------------------------------------------------------------------
  void kill(State& st) const;
  State fork(const State& st, const z3::expr& literal) const;
  /// Merges the live states of `states` (consumed); dead when none is live.
  State merge(std::vector<State>&& states) const;
  /// Merges two states; `split` is the branch literal when a and b are its two sides.
  State merge2(State&& a, State&& b, const std::optional<z3::expr>& split,
               const PathCondition& parent) const;
  Val mergeVal(const z3::expr& c, const Val& a, const Val& b) const;
  /// The value of the first option whose condition holds (the last option's condition is
  /// ignored: it is the value when none holds).
  Val mergeMany(const std::vector<std::pair<z3::expr, Val>>& options) const;
  /// The object a pointer designates, as a term (its alternatives in turn); 0 for null.
  z3::expr tagOf(const Val& v) const;
  /// The numeral of object `obj` in tags (cached: merges ask for it per cell).
  const z3::expr& objectTag(ObjId obj) const;
  mutable std::vector<std::optional<z3::expr>> objectTags_;
  /// tagOf of values whose alternatives are not tagged, by their alternatives (kept alive).
  mutable std::unordered_map<const PtrAlts*, std::pair<std::shared_ptr<const PtrAlts>, z3::expr>>
      tagCache_;
  ObjState mergeObj(const z3::expr& c, const ObjState& a, const ObjState& b) const;
  void restoreGuard(State& st, const PathCondition& before) const;
  static PathCondition pathOf(const State& st) { return {st.guard, st.local}; }
  static void setPath(State& st, const PathCondition& p) { st.guard = p.guard, st.local = p.local; }
  /// Restricts the state to where `literal` holds.
  void narrow(State& st, const z3::expr& literal) const;

  // --- symex_stmt.cpp -------------------------------------------------------------------------
  void exec(const ir::Stmt& s, State& st);
  void block(const std::vector<ir::StmtPtr>& stmts, State& st);
  void exprStmt(const ir::Stmt& s, State& st);
  void decl(const ir::Stmt& s, State& st);
  Decision branch(const ir::Stmt& s, State& st);
  Decision silentBranch(const ir::Stmt& s, State& st);
  void ifStmt(const ir::Stmt& s, State& st);
  void loop(const ir::Stmt& s, State& st);
  bool loopIteration(const ir::Stmt& s, State& st, std::uint32_t k, std::vector<State>& exits);
  z3::expr naturalArm(const ir::Stmt& s, const z3::expr& v) const;
  void switchStmt(const ir::Stmt& s, State& st);
  void pendingContinue(State&& st);
  void returnStmt(const ir::Stmt& s, State& st);
  void jump(const ir::Stmt& s, State& st);
  /// Iterations of `loop` (nullptr: recursion depth) the formula encodes.
  unsigned iterationBound(const ir::Stmt* loop = nullptr) const;
  /// Frames of `fn` that may be active when it is called again (its recursion depth).
  unsigned recursionBound(const ir::Function& fn) const;
  ObjId objectOf(ir::VarId v) const;
  /// The position key of an instance of `stmt` in the current frame (Program family).
  std::string positionKey(ir::StmtId stmt) const;
  Val callUser(const ir::Expr& e, State& st);
  /// EncodeOptions::callTree: calls outside the run's call tree along the chain of a call made
  /// now from the current instance (0 without a call tree).
  unsigned callsOutsideTree() const;
  Val enterCall(const ir::Function& fn, const std::vector<Val>& args, State& st);
  /// Throws EncodeError when the host stack is nearly used up (a recursion too deep).
  void checkStack(const ir::Function& fn);

  // --- symex_expr.cpp -------------------------------------------------------------------------
  Val intVal(const z3::expr& v) const;
  Val nullPointer() const;
  Val pointerTo(ObjId obj) const;
  Val zeroValue(ir::TypeRef t) const;
  Val zeroOf(const ObjectInfo& info) const;
  Val freeValue(ir::TypeRef t);
  ir::IntKind kindOf(const ir::Expr& e) const;
  z3::expr truthOf(const Val& v) const;
  Val convertVal(const Val& v, ir::IntKind from, ir::TypeRef to) const;
  /// `e`'s value, with its alternatives (EncodeOptions::alternatives) when it has values.
  Val eval(const ir::Expr& e, State& st);
  Val evalExpr(const ir::Expr& e, State& st);
  Val unary(const ir::Expr& e, State& st);
  Val binary(const ir::Expr& e, State& st);
  Val pointerBinary(const ir::Expr& e, const Val& a, const Val& b, State& st);
  /// `ptr` (of pointer type `t`) moved by `by` elements.
  Val movePointer(const Val& ptr, const z3::expr& by, ir::TypeRef t) const;
  Val cast(const ir::Expr& e, State& st);
  Val logical(const ir::Expr& e, State& st);
  Val conditional(const ir::Expr& e, State& st);
  /// `e` evaluated only when `c` holds (its value is meaningless otherwise).
  Val evalUnder(const z3::expr& c, const ir::Expr& e, State& st);
  Val evalStore(const ir::Expr& e, State& st, bool produces);
  Val assign(const ir::Expr& e, State& st, bool produces);
  Val compoundAssign(const ir::Expr& e, State& st, bool produces);
  Val incDec(const ir::Expr& e, State& st, bool produces);
  /// Mutation alternatives of `e` (nullptr: none).
  const Alternatives* alternativesOf(const ir::Expr& e) const;
  /// The constant choosing alternative `k` (1-based) of `a`.
  z3::expr chosen(const Alternatives& a, std::uint32_t k);
  /// `natural`, or alternative `first + i` where it is chosen, over `options` (outermost first).
  z3::expr withChoices(const Alternatives& a, std::uint32_t first,
                       const std::vector<z3::expr>& options, z3::expr natural);
  /// Requires `defined[i]` where option i is in force (0: the natural one, none chosen).
  void requireChosen(State& st, const Alternatives& a, std::uint32_t first,
                     const std::vector<z3::expr>& defined);
  /// The cells an lvalue designates (with bounds checks).
  PtrAlts place(const ir::Expr& e, State& st);
  PtrAlts index(const ir::Expr& e, State& st);
  PtrAlts offsetBy(const PtrAlts& base, const z3::expr& idx, State& st, std::uint64_t stride,
                   bool checkObject);
  /// When `stride` cells from `offset` lie in `obj` and it is not freed (false for null).
  z3::expr accessible(const State& st, ObjId obj, const z3::expr& offset,
                      std::uint64_t stride) const;
  Val load(const PtrAlts& p, const State& st, ir::TypeRef type) const;
  Val readCell(const State& st, ObjId obj, const z3::expr& offset, ir::TypeRef type) const;
  void store(const PtrAlts& p, const Val& v, State& st);
  void writeCell(State& st, ObjId obj, const z3::expr& offset, const Val& v, const z3::expr& cond);
  /// Copies the cells of the aggregate lvalue `from` to `to` (struct assignment).
  void copyCells(const PtrAlts& to, const ir::Expr& from, State& st);
  /// The zero of cell `j` of an object.
  Val zeroAt(const ObjectInfo& info, std::uint64_t j) const;
  /// Cell `j` of a mixed object can hold a value like `v` (a pointer, or an integer of its sort).
  static bool sameShape(const Val& cell, const Val& v);
  ObjId literalObject(const ir::Expr& lit);
  void initialize(ObjId obj, ir::TypeRef t, const ir::Expr& init, State& st);

  // --- symex_lib.cpp --------------------------------------------------------------------------
  Val callBuiltin(const ir::Expr& e, State& st);
  Val printf(const ir::Expr& e, State& st, std::size_t first, bool toStdout);
  /// printf's output event when some string arguments (`computed`: argument index, shapes)
  /// have characters or lengths the program computes: one shape per combination.
  Val printShapes(const ir::Expr& e, State& st, const std::string& format,
                  std::vector<exec::libc::FormatArg> args,
                  const std::vector<std::pair<std::size_t, std::vector<StringShape>>>& computed,
                  const std::vector<z3::expr>& values, const std::vector<ir::IntKind>& kinds,
                  bool toStdout, bool constant);
  /// `parse` of the string `p` points to, over its alternatives (argv, literals, input read
  /// into buffers); a string whose characters the program computes goes to `computed` (when
  /// empty: not encoded).
  Val parsedString(const ir::Expr& e, State& st, const Val& p, ir::IntKind k,
                   const std::function<z3::expr(const std::string&)>& parse,
                   const std::function<z3::expr()>& computed = {});
  /// printf to stdout of computed strings under an output oracle (symex_expected.cpp): the
  /// strings are compared with the expected event's text; nullopt when a precision may cut one.
  std::optional<Val> printExpected(const ir::Expr& e, State& st, const std::string& format,
                                   std::vector<exec::libc::FormatArg> args,
                                   const std::vector<ComputedString>& computed,
                                   const std::vector<z3::expr>& values,
                                   const std::vector<ir::IntKind>& kinds, bool constant);
  /// puts/fputs to stdout of a computed string under an output oracle (symex_expected.cpp).
  Val putExpected(const ir::Expr& e, State& st, const Val& p, bool newline);
  /// The string of `starts` is exactly `text` followed by a NUL (symex_expected.cpp).
  z3::expr stringIs(const std::vector<StringStart>& starts, const std::string& text,
                    const State& st);
  Val stringToInt(const ir::Expr& e, State& st);
  /// strtol(p, NULL, 10) of a string whose characters the program computes, converted to `k`.
  z3::expr parseComputed(const Val& p, ir::IntKind k, State& st, const ir::Expr& e);
  Val getchar(const ir::Expr& e, State& st);
  /// getc on stream `h` (a numeral handle), the result of C type `k`.
  Val readChar(std::size_t h, ir::IntKind k, State& st);
  Val nondet(const ir::Expr& e, State& st);
  /// The next nondet value, of C type `k` (a live state).
  z3::expr nondetValue(ir::IntKind k, State& st);
  /// EncodeOptions::nondetUninitialised: the integer cells of `obj`, a variable of type `t`
  /// declared without initializer, take the next nondet values in cell order.
  void nondetObject(ObjId obj, ir::TypeRef t, State& st);
  /// Same for an object kept as a Z3 array (integer cells).
  void nondetArray(ObjId obj, State& st);

  // --- symex_stdio.cpp: formatted, line and string input, strings in memory, puts/fputs -------
  Val scanf(const ir::Expr& e, State& st);
  /// scanf/fscanf from stream `h`: e.ops[format] is the format, the targets follow.
  Val scanStream(const ir::Expr& e, std::size_t h, std::size_t format, State& st);
  Val getLine(const ir::Expr& e, State& st);  ///< gets, fgets(stdin)
  /// gets/fgets from stream `h` into `buf` (the value of `bufOp`); `n` (of `nOp`): fgets's size.
  Val readLine(std::size_t h, const Val& buf, const ir::Expr& bufOp, const Val& n,
               const ir::Expr* nOp, bool gets, State& st);
  Val sscanf(const ir::Expr& e, State& st);
  /// puts (`newline`) and fputs (to stdout when `toStdout`).
  Val putString(const ir::Expr& e, State& st, bool newline, bool toStdout, std::size_t arg = 0);

  // --- symex_streams.cpp: C streams (FILE *) --------------------------------------------------
  Val streamCall(const ir::Expr& e, State& st);  ///< Fopen and the stream builtins
  Val fopen(const ir::Expr& e, State& st);
  /// `f(h, part)` for each stream h the handle operand may be, in the part of `st` where it is;
  /// the results merged (of C type `type`).
  Val onStream(const ir::Expr& handle, State& st, ir::TypeRef type,
               const std::function<Val(std::size_t, State&)>& f);
  /// Stream `h` of `st` (its initial state when `st` has not touched it).
  SymStream& stream(State& st, std::size_t h);
  z3::expr& streamPos(State& st, std::size_t h);
  /// The bytes stream `h` reads (empty for streams opened for writing).
  const std::string& streamData(std::size_t h) const;
  /// Bounds the model to states where stream `h` holds no pushed-back character (`what`
  /// would read it first, or push another), like an unwinding bound.
  void requireNoPushback(State& st, std::size_t h, const ir::Expr& e, const char* what);
  SymStream initialStream(std::size_t h) const;
  /// What a read of stream `h` sees: its data from its position, or, when a character ungetc
  /// pushed back is known (a numeral) and so is the position, that character followed by the
  /// rest of the data, from 0 (otherwise the pushed-back character is bounded away, see
  /// requireNoPushback).
  struct PushedInput {
    std::shared_ptr<const std::string> data;
    z3::expr pos;
    std::optional<std::int64_t> joinedAt;  ///< the stream's position when the data is joined
  };
  PushedInput withPushback(State& st, std::size_t h, const ir::Expr& e, const char* what);
  /// Moves stream `h` to `after` (a position in `in.data`).
  void consumePushed(State& st, std::size_t h, const PushedInput& in, const z3::expr& after);

  // --- symex_free_stdin.cpp: stdin whose digits and letters vary (EncodeOptions::freeStdin) ---
  /// Makes the varying bytes of stdin fresh values within their class (Encoding::stdinBytes).
  void setUpFreeStdin();
  /// Byte `i` of `data`, what a read of stream `h` sees (joined after a pushed-back character
  /// at `joinedAt`), as a term of kind `k`: the varying byte there, else the data's.
  z3::expr inputByte(std::size_t h, const std::string& data, std::optional<std::int64_t> joinedAt,
                     std::size_t i, ir::IntKind k) const;
  /// Gives the cases of a scan of stream `h` (each run on `in.data`) the varying bytes they
  /// convert: %c and %s characters, %d and %u values (within FreeStdin's number bounds where
  /// the case holds in `st`). Throws EncodeError for a format whose
  /// split of the input varying bytes could change.
  void freeScan(std::size_t h, const std::string& format, const PushedInput& in,
                std::vector<ScanCase>& cases, const ir::Expr& e, const State& st);
  std::vector<std::optional<z3::expr>> freeStdin_;  ///< by stdin position
  /// Stores what the scan cases convert through `targets` (the values of e.ops[first...]), the
  /// case that holds selecting; returns the call's result.
  z3::expr storeScanned(const ir::Expr& e, std::size_t first, const std::vector<Val>& targets,
                        const std::vector<ScanCase>& cases, State& st);
  /// `of(i)` for the case i whose `when` holds (the last one when no other does).
  z3::expr byCase(const std::vector<ScanCase>& cases,
                  const std::function<z3::expr(std::size_t)>& of) const;
  /// `of(p)` for the stdin position `pos` (< limit), `otherwise` beyond; folded when `pos` is a
  /// numeral.
  z3::expr byPosition(const z3::expr& pos, std::size_t limit,
                      const std::function<z3::expr(std::size_t)>& of,
                      const z3::expr& otherwise) const;
  /// Writes through the pointer `ptr` (argument `op` of a library call), where `when` holds,
  /// the cells j < `count` (at least 1 where `when` holds, at most `maxCount`) with `value(j)`
  /// (of the cells' kind), after requiring that they lie inside a writable object.
  void writeCells(State& st, const Val& ptr, const z3::expr& when, const z3::expr& count,
                  std::uint64_t maxCount, const std::function<z3::expr(std::uint64_t)>& value);
  /// Reads cell i of `obj` in `st`; a Z3 array's stores at numeral offsets are folded.
  std::function<z3::expr(std::uint64_t)> cellReader(const State& st, ObjId obj) const;
  /// Where the string `p` points to may start (a null pointer when `allowNull`, else a runtime
  /// error, as a pointer outside its object is; the runtime checks are added here). `what`
  /// names the call for error messages.
  std::vector<StringStart> stringStarts(const Val& p, State& st, bool allowNull, const ir::Expr& at,
                                        const char* what);
  /// The shapes of the string `p` points to, one per length it may have (a null pointer is a
  /// shape when `allowNull`). Throws EncodeError when there are too many.
  std::vector<StringShape> stringShapes(const Val& p, State& st, bool allowNull, const ir::Expr& at,
                                        const char* what);

  // --- symex_heap.cpp: heap blocks and VLAs, memset/memcpy --------------------------------------
  Val allocate(const ir::Expr& e, State& st);  ///< malloc, calloc, VLA blocks
  Val release(const ir::Expr& e, State& st);   ///< free
  Val memset(const ir::Expr& e, State& st);
  Val memcpy(const ir::Expr& e, State& st);
  /// The byte count `n` (of kind `k`) of call `e` as an offset. When `e` is the current
  /// statement's ir::sizedCall and `counted` (the call can be encoded with a count the formula
  /// computes), the count is the instance's value (produce: a soft group).
  z3::expr byteCount(const ir::Expr& e, const z3::expr& n, ir::IntKind k, bool counted, State& st);
  /// The pointers `p` (null: not a pointer) designate objects whose cells a count the formula
  /// computes can be encoded over (fixed size, offset known; `byte`: memset's fill, which wide
  /// cells need known).
  bool countable(const PtrAlts* p, const z3::expr* byte) const;
  /// A byte count that is not 0 starts in `alt`'s object and ends in it.
  z3::expr countFits(const State& st, const PtrAlt& alt, const z3::expr& bytes);
  /// Both objects hold cells of one type (memcpy copies cells).
  bool sameCells(const PtrAlt& a, const PtrAlt& b) const;
  /// memset of `bytes` the formula computes (byteCount), cell by cell: see symex_heap.cpp.
  void memsetCounted(const ir::Expr& e, const PtrAlts& p, const z3::expr& byte,
                     const z3::expr& bytes, State& st);
  /// memcpy of `bytes` the formula computes: a cell of the destination is a copy where the
  /// count covers it.
  void memcpyCounted(const ir::Expr& e, const PtrAlt& d, const PtrAlt& s, const z3::expr& bytes,
                     State& st);
  /// qsort (symex_sort.cpp): exec/sort.cpp's comparisons, each a call of the comparator.
  Val qsort(const ir::Expr& e, State& st);
  Val bsearch(const ir::Expr& e, State& st);
  std::optional<std::string> concreteString(const Val& p, const State& st) const;
  z3::expr positionSwitch(const z3::expr& pos, std::size_t limit,
                          const std::function<z3::expr(std::size_t)>& at,
                          const z3::expr& otherwise) const;

  z3::context& ctx_;
  const ir::Program& prog_;
  const exec::RunInput& input_;
  const Expectation& expect_;
  const EncodeOptions& opt_;
  const exec::RunResult* trace_;
  Encoding& out_;
  CInts ints_;
  const bool traceMode_;

  std::vector<ObjectInfo> objects_;
  std::vector<ObjId> globals_;  ///< by global slot
  std::map<std::string, ObjId> literals_;
  std::vector<Frame> frames_;
  std::vector<Current> current_;
  std::vector<std::uint32_t> copies_;  ///< per StmtId: instances begun so far
  std::unordered_map<ir::StmtId, std::uint32_t> statementGroup_;
  std::unordered_map<std::uint32_t, z3::expr> macroValues_;    ///< by Expr::macro
  std::unordered_map<std::uint64_t, std::size_t> traceIndex_;  ///< (stmt, occurrence) -> entry
  std::optional<exec::InstanceKey> failingKey_;
  /// Trace families: the run's value of each relaxable constant (rememberConcrete), the model
  /// concreteValue evaluates in.
  z3::model runValues_;
  NameSpace& names_;
  EffectAnalysis effects_;
  std::uint32_t lastBranch_ = 0;         ///< index of the last recorded branch point
  const ir::Expr* sizedCall_ = nullptr;  ///< see byteCount; reset once it is evaluated
  std::string lastBranchName_;           ///< "<stmt>!<tag>" of that branch instance
  std::uint32_t rootCalls_ = 0, rootFrees_ = 0;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> choiceIndex_;
  std::uint64_t begun_ = 0;  ///< instances begun
  /// Throws EncodeBoundError past EncodeOptions::maxMemoryMb or deadline (checked every few
  /// instances, and every kWorkPerCheck cells of work inside one: see work()).
  void checkBounds() const;
  /// Counts `cells` cells read, written or merged by one statement (a symbolic offset over an
  /// array, qsort's swaps, memset and memcpy of a computed count, a merge of two states) and
  /// checks the bounds every kWorkPerCheck of them: a statement can hold a loop of cells long
  /// enough to overrun the deadline between two instances (dictionary's qsort and bsearch).
  void work(std::uint64_t cells) const;
  static constexpr std::uint64_t kWorkPerCheck = 1u << 14;
  mutable std::uint64_t work_ = 0;     ///< cells of work since the last check
  std::uint64_t residentAtStart_ = 0;  ///< bytes, for EncodeOptions::maxMemoryMb
  /// z3's process-wide allocation when this encoding began: its growth is what counts, since a
  /// context still being disposed (the program formula's, before a trace formula fallback)
  /// holds memory this formula does not use.
  std::uint64_t z3AtStart_ = 0;
  const char* stackFloor_ = nullptr;  ///< below it, calls are too deep to encode
  const bool lastStack_;
};

}  // namespace culprit::encode::detail

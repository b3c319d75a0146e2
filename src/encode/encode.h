// The encoder: turns a C program (culprit's IR) and one test's inputs into an SSA formula over
// Z3 terms whose clauses keep their origin (statement, instance). Three formula families:
//  - Program (PF, BugAssist/SNIPER): every path, calls inlined, loops and recursion unwound to
//    a bound, joins as ite;
//  - TraceFlowSensitive (FS): only the statements one concrete run executed (from the
//    interpreter's trace), branch guards kept: an assignment holds only while the guards that
//    control it hold, so relaxing a guard frees the values it controls;
//  - TraceFlowInsensitive (FI): the run's assignments only; branch conditions are dropped.
// Each assignment and each branch condition of untrusted code is a soft group `sel -> clause`;
// inputs, joins, the oracle, runtime-error freedom and trusted (harness) code are hard.
// C integer semantics are exact by default (bit-vectors of each type's width). Ints::Math uses
// integers: with checkOverflow (the default) it is an exact encoding too — signed results must
// stay in range, modular operations are normalised — so both give the same MCSs; without it,
// signed arithmetic is mathematical (no wraparound). See cint.h.
// Termination: the oracle's output count and exit status are checked where the run ends (exit,
// end of the entry function); a trace formula of a run that failed stops at the failing
// instance and demands only what precedes it (the output prefix, the violated check).
#pragma once

#include "encode/exploration.h"
#include "exec/exec.h"
#include "ir/ir.h"

#include <z3++.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace culprit::encode {

enum class Family : std::uint8_t { Program, TraceFlowSensitive, TraceFlowInsensitive };
enum class Ints : std::uint8_t { BitVector, Math };
enum class Granularity : std::uint8_t { Statement, Instance };
/// On-demand program formulas: what a branch side no run has taken stands for.
enum class Unexplored : std::uint8_t {
  Free,  ///< angelic (AgxFaults): a path through it is unconstrained from there on
  Cut,   ///< partial (OFC): it reaches the join having written its variables unknown values;
         ///< a side that may escape (return, exit, output, ...) is Free
};
const char* familyName(Family f);
/// The exact integer encoding that suits `program`: Math when it multiplies, divides or takes
/// the remainder of two non-constant operands and has no bitwise operator or variable shift
/// (z3 bit-blasts a 64-bit product into a circuit its SAT core searches slowly, while its
/// arithmetic core handles bounded products well; bitwise operators are slow with integers);
/// BitVector otherwise. Both are exact (see Ints), so the choice changes speed, not MCSs.
Ints preferredInts(const ir::Program& program);
/// True when Math integers suit `program` as well as BitVector ones: no bitwise operator,
/// variable shift, reinterpreted cell or floating-point value (a technique whose queries are
/// linear sums, where bit-blasting is slow, may then prefer Math).
bool mathIntsSuit(const ir::Program& program);

/// Mutation repair (repair/): an expression with alternatives, each chosen by a Boolean constant
/// of the encoding (Encoding::choices, alternative k = 1, 2, ... in the order below). With no
/// alternative chosen the expression is the program's own; choosing two at once is the caller's
/// business to forbid. A runtime check of an alternative holds only where it is chosen.
struct Alternatives {
  std::uint32_t location = 0;        ///< the caller's name for the expression
  std::vector<ir::BinOp> ops;        ///< Binary, CompoundAssign: other operators
  std::vector<std::int64_t> values;  ///< a constant expression without effects: other values
  bool swapLogical = false;          ///< LogAnd <-> LogOr
  std::size_t count() const { return ops.size() + values.size() + (swapLogical ? 1 : 0); }
};
using AlternativeMap = std::unordered_map<const ir::Expr*, Alternatives>;

/// The calls a run made (Program family, EncodeOptions::callTree): every sequence of call-site
/// statements it had on its stack, outermost first (exec::RunResult::callContexts: closed under
/// prefixes), and how far the formula may leave it.
struct CallTree {
  std::set<std::vector<ir::StmtId>> made;
  /// Calls inlined outside `made` along one chain: a call whose sequence lies more than `slack`
  /// calls outside the tree is not inlined.
  unsigned slack = 1;
};

struct EncodeOptions {
  Family family = Family::Program;
  Ints ints = Ints::BitVector;
  /// Statement: one selector per source statement, shared by its instances; Instance: one per
  /// instance (unwound copy in PF, occurrence in a trace).
  Granularity granularity = Granularity::Statement;
  /// Program family: loop iterations and recursion depth encoded. Reaching iteration
  /// unwind + 1 (or depth unwind + 1) is assumed not to happen (hard), see Encoding::unwindingHit.
  unsigned unwind = 10;
  /// Program family: loops given their own bound (the statement of a while/for/do loop ->
  /// bodies encoded), in place of `unwind`.
  std::unordered_map<ir::StmtId, unsigned> loopUnwind;
  /// Program family: functions given their own recursion bound (the calls of a function
  /// encoded while that many of its frames are active), in place of `unwind`.
  std::unordered_map<ir::FuncId, unsigned> recursionUnwind;
  /// Program family: loops of recursive functions bounded by the depth of their function's
  /// frame (entry d while d other frames of it are active; the last entry for deeper frames),
  /// in place of loopUnwind and `unwind`.
  std::unordered_map<ir::StmtId, std::vector<unsigned>> loopUnwindByDepth;
  /// Program family: when set, a call more than callTree->slack calls
  /// outside the run's call tree is not inlined; the formula assumes it is not reached, as it
  /// assumes a loop bound (Encoding::unwindingHit), and Encoding::cutCalls lists it. Null: every
  /// call is inlined (recursion bounded by recursionUnwind / `unwind` only).
  std::shared_ptr<const CallTree> callTree;
  std::string entry = "main";        ///< entry function (others take RunInput::entryArgs)
  std::string programName = "prog";  ///< argv[0]
  /// false: no soft groups at all; every statement is hard (bounded model checking, evaluation).
  bool relax = true;
  /// Macro constants (ir::Program::macros) are soft groups of their own: relaxed, every use
  /// reads one fresh value of the literal's type (the `#define` changed). Off, a use is its
  /// literal, as any other.
  bool relaxMacros = true;
  /// Statements that only store an input (`x = atoi(argv[1])`, `c = getchar()`,
  /// `v = __VERIFIER_nondet_int()`) are hard, like the input itself: they are never suspected.
  bool hardInputStatements = false;
  /// Nondet intrinsics return fresh unconstrained values (bounded model checking) instead of
  /// RunInput::nondet.
  bool symbolicNondet = false;
  /// Bounded model checking (CBMC's semantics, exec::RunOptions::nondetUninitialised): the
  /// integer cells of a local declared without initializer take nondet values at the
  /// declaration, in cell order, as the interpreter takes them. Off, they read 0, as the
  /// interpreter's uninitialised cells hold; the interpreter's check of their uses is not
  /// encoded (a run that failed it is not encoded at all: EncodeError).
  bool nondetUninitialised = false;
  /// Test generation: the numbers a test passes are fresh values (Encoding::inputs) — each
  /// argv string read whole by atoi/atol/atoll/strtol in base 10, and each argument of a
  /// harness entry function. The test's own values shape everything else (argc, the strings).
  bool symbolicInputs = false;
  /// Demand the absence of signed overflow, as the interpreter reports it as a runtime error
  /// (C's undefined behaviour). Without it, wrapped values would give spurious diagnoses that
  /// replay rejects (e.g. `b = a + 1` with a = INT_MAX satisfies `b <= a`).
  bool checkOverflow = true;
  /// Arrays of at most this many cells are expanded into one term per cell (a symbolic index
  /// becomes an ite chain); larger ones become Z3 arrays (index -> element). Measured on a
  /// loop writing and reading an int[N] at symbolic indexes (pf, all MCSs up to size 3):
  /// expanded is 3-5x faster up to N = 256 (bit-vectors: 32-48 ms against 120-190 ms) and on
  /// par from N = 1024 on, while each expanded cell costs memory in every forked state.
  std::uint64_t expandArraysUpTo = 256;
  /// Cells modelled of the objects of some variables (fewer than their type holds): an
  /// access past them is excluded as a runtime error would be (the caller notes the bound).
  /// The program formula of a run that uses the first 64 cells of a char[20][16] table need
  /// not model the other 256 (Encoding::usesArrays: z3's array theory, see above).
  std::unordered_map<ir::VarId, std::uint64_t> varCells;
  /// Trace families with an output oracle: the formula ends with the statement instance that
  /// prints output event `stopAfterOutput` (0-based, numbered as Encoding::outputs and
  /// observe() number them): that event must match the expected one, the later events and
  /// the exit status are not encoded. Set to the run's first wrong event (firstWrongOutput),
  /// the MCSs correct the output up to there; replay judges the whole test.
  std::optional<std::size_t> stopAfterOutput;
  /// Bounds of building the formula (0 / none: unbounded). Past either, encode() throws
  /// EncodeBoundError instead of exhausting the process, so that the caller can report the
  /// bound and fall back to a smaller formula. Memory: what Z3 has allocated plus the growth
  /// of the process's resident set since the encoding began (the executor's states).
  std::uint64_t maxMemoryMb = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  /// Most hard constraints the formula may hold while it is built (0: none); past it, encode()
  /// throws EncodeBoundError (Bound::Size): pf's --formula-limit, a size whose first MCS query
  /// is not expected to end within the budget.
  std::uint64_t maxHard = 0;
  /// Program family only: when set, a branch side is encoded only if some run of the
  /// exploration took it (or it is empty: an if without else, a loop's exit); the others stand
  /// for what `unexplored` says. The formula is then an over-approximation of the program
  /// formula, exact on every explored path (encode/incremental.h).
  const Exploration* explored = nullptr;
  Unexplored unexplored = Unexplored::Free;
  /// Trace families (LocFaults' deviations): the formula ends at this branch instance of the
  /// run (`occurrence`: 0-based execution count of `stmt`), whose condition must take
  /// `decision` (an oracle in place of the expectation, which should then be empty).
  struct Goal {
    ir::StmtId stmt = ir::kNone;
    std::uint32_t occurrence = 0;
    bool decision = true;
  };
  std::optional<Goal> goal;
  /// Expressions with alternatives (mutation repair's meta-program), nullptr: none.
  const AlternativeMap* alternatives = nullptr;
  /// Program family, bounded equivalence over stdin: the test's stdin is the layout of every
  /// stdin of its length whose spaces, newlines, punctuation and other bytes are the test's and
  /// whose digits and letters vary: each digit (in runs of at most 18) a fresh byte within
  /// [digitLo, digitHi], each lowercase letter within [lowerLo, lowerHi], each uppercase one
  /// within [upperLo, upperHi] (Encoding::stdinBytes). Such bytes never change where a line
  /// ends or how scanf's %d %u %c %s split the input, so those stay the test's; scanf with
  /// another conversion, or with a letter or digit in its format, is an EncodeError.
  struct FreeStdin {
    char digitLo = '0', digitHi = '9', lowerLo = 'a', lowerHi = 'z', upperLo = 'A', upperHi = 'Z';
    /// When set: every number scanf's %d or %u reads from varying digits lies within
    /// [numberLo, numberHi] (an assumption on the input, like an unwinding bound).
    bool boundNumbers = false;
    std::int64_t numberLo = 0, numberHi = 0;
  };
  std::optional<FreeStdin> freeStdin;
};

/// One output call as the oracle sees it: what was printed to stdout, split into the
/// constant part (format and string arguments) and the integer arguments, normalised to their
/// C types as the interpreter holds them.
struct OutputEvent {
  std::string key;
  std::vector<std::int64_t> values;
  bool operator==(const OutputEvent&) const = default;
};

/// What the formula demands of the run: the test's oracle.
struct Expectation {
  bool assertions = true;  ///< assert/__assert_fail/reach_error/abort must not fire
  /// When set: stdout, as output events, must equal these (in order, no more, no fewer).
  std::optional<std::vector<OutputEvent>> output;
  std::optional<int> exitStatus;  ///< when set: the run must end with this status
};

/// Where an instance comes from.
struct Origin {
  ir::StmtId stmt = ir::kNone;
  /// Trace families: the occurrence (0-based execution count of `stmt` in the run).
  /// Program family: the index of this unwound copy among the copies of `stmt`.
  std::uint32_t copy = 0;
  std::uint32_t iteration = 0;  ///< innermost loop iteration in its call (1-based), 0 if none
  std::vector<ir::StmtId> callContext;  ///< call-site statements, outermost first
};

enum class InstanceKind : std::uint8_t {
  Value,   ///< assignment, initialised declaration, return: `value` is the produced value
  Branch,  ///< if/loop condition: `value` is the Boolean decision
  Switch,  ///< switch: `value` is the index of the arm entered (-1 for none)
};

/// One encoded statement instance that produces a value or a decision.
struct Instance {
  Origin origin;
  InstanceKind kind = InstanceKind::Value;
  z3::expr reached;  ///< true in a model iff the instance executes on the model's path
  z3::expr value;    ///< see InstanceKind
  ir::IntKind type = ir::IntKind::Int;  ///< Value/Switch: the C type of `value`
  std::uint32_t group = ir::kNone;      ///< its soft group, kNone when hard
};

/// A soft group: relaxing it (selector false) frees every clause it guards.
struct SoftGroup {
  z3::expr selector;
  ir::StmtId stmt = ir::kNone;
  std::vector<std::uint32_t> instances;  ///< indexes into Encoding::instances
  /// False once sliceToObligations() found that no obligation depends on the group: relaxing
  /// it never helps, so it is in no MCS and need not be a soft group at all.
  bool relevant = true;
};

enum class HardKind : std::uint8_t {
  Definition,    ///< `sel -> clause` of a soft group, or a hard assignment/phi
  Input,         ///< the test's inputs
  Oracle,        ///< assertions, expected output and exit status
  RuntimeCheck,  ///< no division by zero, no out-of-bounds index, no bad shift (overflow)
  Assumption,    ///< assume()
  Unwinding,     ///< a loop/recursion bound is not reached
};

struct HardClause {
  z3::expr clause;
  HardKind kind = HardKind::Definition;
  ir::StmtId stmt = ir::kNone;  ///< the statement it comes from, kNone for inputs
  /// Definition clauses of soft groups: the Z3 id of the SSA constant they define (0: none).
  unsigned defines = 0;
};

/// A branch instance of the Program family: which side a model takes, and whether the formula
/// encodes that side (the on-demand formulas leave unexplored sides out).
struct BranchPoint {
  ir::StmtId stmt = ir::kNone;
  std::uint32_t copy = 0;   ///< as Origin::copy: index among the statement's copies
  std::uint64_t order = 0;  ///< instances begun before it in the encoding (execution order)
  BranchSite site;
  z3::expr reached;   ///< true in a model iff the instance executes on the model's path
  z3::expr decision;  ///< if/loop: the Boolean decision; switch: the arm index (Int kind)
  bool isSwitch = false;
  std::uint64_t unencoded = 0;  ///< sideBit()s of the sides not encoded exactly
  std::uint64_t cut = 0;        ///< of those, the sides encoded as cut (Unexplored::Cut)
};

/// A test's number made symbolic (EncodeOptions::symbolicInputs).
struct SymbolicInput {
  bool entryArgument = false;  ///< an entry function's argument; else argv[index] read as a number
  std::uint32_t index = 0;     ///< argument position (0-based), or argv index (1-based)
  z3::expr value;
  ir::IntKind type = ir::IntKind::Int;
};

/// A nondet call's value (Program family with symbolicNondet), in encoding order.
struct NondetCall {
  z3::expr value;
  z3::expr reached;
  ir::IntKind type = ir::IntKind::Int;
};

/// A character of an output event's key that the program computed: in a model, key[pos] is the
/// value of `value` (of C type `type`).
struct KeyChar {
  std::size_t pos = 0;
  z3::expr value;
  ir::IntKind type = ir::IntKind::Char;
};

/// An output call, for evaluation in a model (differential tests, bounded model checking).
/// A call printing strings whose lengths the program computes has one entry per length: the
/// entries share `index`, and at most one of them is `reached` in a model. Under an output
/// oracle such a call to stdout has one entry per expected event it may be, whose key is that
/// event's (the oracle makes it so).
struct EncodedOutput {
  z3::expr reached, index;  ///< index: position among the run's stdout events
  std::string key;
  std::vector<z3::expr> values;
  std::vector<ir::IntKind> types;
  std::vector<KeyChar> chars;  ///< computed characters of `key` (their places hold '?')
};

/// The Boolean constant that chooses alternative `alternative` (1-based) of an expression.
struct Choice {
  std::uint32_t location = 0;  ///< Alternatives::location
  std::uint32_t alternative = 0;
  z3::expr selected;
};

struct Encoding {
  Family family = Family::Program;
  std::vector<HardClause> hard;
  std::vector<SoftGroup> groups;
  std::vector<Instance> instances;
  std::vector<BranchPoint> branches;  ///< Program family, in encoding order
  /// Disjunction of the path conditions that reach a loop iteration or recursion depth beyond
  /// the bound (asserted false among the hard clauses). Satisfiable with the formula means the
  /// bound was too small for some relaxation.
  z3::expr unwindingHit;
  /// Disjunction of the path conditions under which an assertion fails (assert, __assert_fail,
  /// reach_error, abort). Forbidden among the hard clauses when Expectation::assertions.
  z3::expr violation;
  std::vector<NondetCall> nondet;
  std::vector<SymbolicInput> inputs;  ///< EncodeOptions::symbolicInputs
  /// EncodeOptions::freeStdin: the varying bytes (index: position in stdin; type UChar).
  std::vector<SymbolicInput> stdinBytes;
  std::vector<Choice> choices;  ///< EncodeOptions::alternatives, in first-use order
  std::vector<EncodedOutput> outputs;
  /// Exit status of the run (program end or exit()), for evaluation in a model.
  z3::expr exitStatus;
  /// A trace family whose run ended in a failure: the formula stops at the failing instance.
  bool truncated = false;
  /// EncodeOptions::stopAfterOutput applied (the run printed that event).
  bool stoppedAtOutput = false;
  /// Some object is a Z3 array (the formula is not pure bit-vector/integer arithmetic).
  bool usesArrays = false;
  bool usesFloats = false;  ///< float or double terms: the solver bit-blasts them up front
  /// Trace families: what the formula fixed to the failing run's value instead of encoding it
  /// (a math function without an exact encoding, of a computed operand), one line per site.
  std::vector<std::string> concretized;
  /// EncodeOptions::callTree: the calls not inlined, as (call-site statement, callee), each once.
  std::vector<std::pair<ir::StmtId, ir::FuncId>> cutCalls;

  explicit Encoding(z3::context& ctx)
      : unwindingHit(ctx.bool_val(false)), violation(ctx.bool_val(false)),
        exitStatus(ctx.int_val(0)) {}
};

/// A construct the encoder cannot express (e.g. a string computed by the program passed to
/// atoi). Techniques report it as an incomplete result.
class EncodeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The formula outgrew EncodeOptions::maxMemoryMb or EncodeOptions::maxHard, or ran past
/// EncodeOptions::deadline while it was being built.
class EncodeBoundError : public EncodeError {
public:
  enum class Bound { Memory, Time, Size };
  EncodeBoundError(Bound b, const std::string& what) : EncodeError(what), bound(b) {}
  Bound bound;
};

/// Names of the constants of encodings: a prefix unique in its Z3 context, so encodings never
/// share a constant by accident; and the numbering of unrolled, inlined statement positions
/// (Program family), kept across encodings of one program so that an incremental encoder names
/// the same position the same way each time. The prefix is drawn from the context's own
/// counter of fresh names on first use, not from a process-wide one: Z3 hashes names, and
/// names that depended on what the process encoded before made its search (and so the order
/// of MCSs) differ from run to run.
class NameSpace {
public:
  const std::string& prefix(z3::context& ctx);
  /// Dense id of a position key.
  std::uint32_t position(const std::string& key);

private:
  std::string prefix_;
  std::unordered_map<std::string, std::uint32_t> positions_;
};

/// Encodes `program` on `input`. Trace families need the interpreter's run of the same input
/// with RunOptions::trace (`trace`). Throws EncodeError. Each call names its constants in a
/// name space of its own unless `names` is given (see IncrementalEncoder).
Encoding encode(z3::context& ctx, const ir::Program& program, const exec::RunInput& input,
                const Expectation& expect, const EncodeOptions& options,
                const exec::RunResult* trace = nullptr, NameSpace* names = nullptr);

/// Cone-of-influence slicing: drops the definition clauses of SSA values no obligation (oracle,
/// runtime check, assumption, bound) depends on, directly or through other definitions, and
/// marks soft groups left without any clause irrelevant. MCSs are unchanged; the model no longer
/// defines the dropped values (EncodedOutput values of a formula without an output oracle, say).
/// Returns the number of clauses dropped.
std::size_t sliceToObligations(Encoding& enc);

/// The stdout events and exit status of a concrete run of `program` on `input` (used for the
/// golden program's expected output). Runs the interpreter with a trace and evaluates the
/// trace formula without relaxation. Returns nullopt when the run does not exit normally.
struct Observed {
  std::vector<OutputEvent> events;
  int exitStatus = 0;
};
std::optional<Observed> observe(const ir::Program& program, const exec::RunInput& input,
                                const exec::RunOptions& runOptions);
/// Same, encoding in `ctx` (creating a Z3 context costs milliseconds).
std::optional<Observed> observe(z3::context& ctx, const ir::Program& program,
                                const exec::RunInput& input, const exec::RunOptions& runOptions);

/// An instance whose value or decision a model changes: what replay must force.
struct AngelicInstance {
  exec::InstanceKey key;
  std::int64_t value = 0;  ///< value, or decision (1/0, switch arm)
  InstanceKind kind = InstanceKind::Value;
  std::uint32_t iteration = 0;
  std::uint32_t group = 0;
};

/// The instances of `groups` that execute on `model`'s path, with the values the model gives
/// them, in encoding order. Occurrences of Program-family copies are computed from the model
/// (a copy's occurrence is the number of earlier reached copies of the same statement).
std::vector<AngelicInstance> angelicValues(const Encoding& enc, const z3::model& model,
                                           std::span<const std::uint32_t> groups);

/// The value of `v` (of C type `type`) in `model`, normalised as the interpreter holds it.
/// The first output event of `observed` that differs from `expected` at its place (an event
/// missing from either counts); nullopt when they are equal.
std::optional<std::size_t> firstWrongOutput(const std::vector<OutputEvent>& observed,
                                            const std::vector<OutputEvent>& expected);

std::int64_t modelValue(const z3::model& model, const z3::expr& v, ir::IntKind type);
/// `lo <= value <= hi` for the value term `v` of C type `type` (bit-vector or integer), the
/// bounds clamped to the type's range (false when nothing of the type lies between them).
z3::expr valueWithin(const z3::expr& v, ir::IntKind type, std::int64_t lo, std::int64_t hi);

}  // namespace culprit::encode

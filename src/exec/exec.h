// Concrete interpreter for culprit's IR, with exact C integer semantics (LP64), and the hooks
// the techniques steer it with:
//  - observe: statement and branch coverage, and a full trace of statement instances with the
//    values they produced, their loop iterations and call context;
//  - hijack: force the decision of one branch instance (k-th execution of a branch statement);
//  - override: replace the value an instance produces (the angelic value).
// An instance is identified by (statement, occurrence): the occurrence-th execution (0-based)
// of that statement in the run.
#pragma once

#include "ir/ir.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace culprit::exec {

/// The inputs of one run.
struct RunInput {
  std::vector<std::string> args;  ///< argv[1..]; argv[0] is the program's name
  std::string stdinData;
  std::vector<std::int64_t> nondet;     ///< values returned by nondet intrinsics, in order
  std::vector<std::int64_t> entryArgs;  ///< arguments of a harness entry function
  /// The files the program may open for reading, by the path it names them with: the test's
  /// arguments that name files, read when the test was loaded (see testing::attachFiles).
  std::map<std::string, std::string> files;
  /// Where files beside the tests file lie (empty: none): a relative path without `..` names
  /// one. Any other path is outside the test (see testFile).
  std::string fileDir;
};

/// How a run's fopen(path, "r") resolves `path`.
struct TestFile {
  enum class Kind : std::uint8_t { Found, Missing, Outside } kind = Kind::Outside;
  std::string content;  ///< Found
};
/// Found: a file of `input` (RunInput::files, or one beside the tests file); Missing: a test
/// argument or a name beside the tests file that is no file (fopen returns NULL); Outside:
/// neither (a runtime error: culprit never reads a host file the test does not name).
TestFile testFile(const RunInput& input, const std::string& path);

enum class Verdict : std::uint8_t {
  Exited,        ///< returned from the entry function or called exit(): see exitStatus
  AssertFailed,  ///< assert / __assert_fail / reach_error
  Aborted,       ///< abort()
  RuntimeError,  ///< division by zero, index out of bounds, signed overflow, bad shift, ...
  StepLimit,     ///< more statement executions than RunOptions::stepLimit
  AssumeFailed,  ///< an assume() was false: the run is outside the specified input space
};
const char* verdictName(Verdict v);

struct InstanceKey {
  ir::StmtId stmt = ir::kNone;
  std::uint32_t occurrence = 0;
  auto operator<=>(const InstanceKey&) const = default;
};

/// One executed statement instance.
struct TraceEntry {
  InstanceKey key;
  std::uint32_t callContext = 0;  ///< index into RunResult::callContexts
  /// 1-based iteration of the innermost enclosing loop of the same call, 0 if none. A loop
  /// condition evaluated at the start of iteration k, and the for-step ending it, count as k.
  std::uint32_t iteration = 0;
  std::uint32_t loopContext = 0;  ///< index into RunResult::loopContexts (all enclosing loops)
  bool hasValue = false;          ///< assignments, initialised declarations, returns
  std::int64_t value = 0;         ///< the value produced (stored or returned)
  std::int32_t decision = -1;     ///< branches: 1 taken / 0 not taken; switch: arm index or -1
  /// The observer overrode the value (overrideValue returned one) or chose a decision other
  /// than the natural one.
  bool overridden = false;
};

/// Lets a technique observe and steer a run. All methods have do-nothing defaults. `decide` and
/// `overrideValue` must answer without side effects: the interpreter may ask them twice for an
/// instance (first to learn whether it is forced at all, see `evalForced`).
class Observer {
public:
  virtual ~Observer() = default;
  /// Called after each statement instance completes its own work (before its children run).
  virtual void onInstance(const TraceEntry&) {}
  /// Decision of a branch instance; return the natural one to leave it alone.
  virtual std::int32_t decide(const InstanceKey&, std::int32_t natural) { return natural; }
  /// Value produced by an instance; nullopt leaves it alone.
  virtual std::optional<std::int64_t> overrideValue(const InstanceKey&, std::int64_t) {
    return std::nullopt;
  }
  /// Return true to stop the run now (verdict Exited with status kStoppedByObserver).
  virtual bool stop() { return false; }
};

/// Forces branch instances and overrides instance values from fixed tables.
class FixedHooks : public Observer {
public:
  std::map<InstanceKey, std::int32_t> hijacks;
  std::map<InstanceKey, std::int64_t> overrides;
  std::int32_t decide(const InstanceKey& k, std::int32_t natural) override;
  std::optional<std::int64_t> overrideValue(const InstanceKey& k, std::int64_t) override;
};

/// RunOptions::memoryLimit's default, in MB.
inline constexpr std::uint64_t kDefaultMemoryLimitMb = 4096;

struct RunOptions {
  std::uint64_t stepLimit = 10'000'000;  ///< statement executions
  bool coverage = false;                 ///< fill RunResult::stmtHits and branchHits
  bool trace = false;                    ///< fill RunResult::trace
  std::string entry = "main";            ///< function to run; non-main entries take entryArgs
  std::string programName = "prog";      ///< argv[0]
  std::size_t outputLimit = 16u << 20;   ///< bytes of stdout+stderr before a runtime error
  /// Bytes of memory the program's objects may take in the interpreter (16 per cell: an int,
  /// a char or a pointer) before an allocation is a runtime error ("out of memory").
  std::uint64_t memoryLimit = kDefaultMemoryLimitMb << 20;
  /// Bounded model checking (CBMC's semantics): a local declared without initializer takes
  /// its integer cells' values from RunInput::nondet (in order, after the values nondet calls
  /// took before it) instead of being uninitialised; its pointer cells are NULL, and malloc's
  /// and VLA cells 0 (one of their values; the encoder's). Off: a use of an uninitialised
  /// value is a runtime error, as MemorySanitizer reports it.
  bool nondetUninitialised = false;
  Observer* observer = nullptr;
};

inline constexpr int kStatusAssert = 134;  ///< as a shell reports SIGABRT (128 + 6)
inline constexpr int kStatusRuntimeError = 1;
inline constexpr int kStoppedByObserver = 255;

struct RunResult {
  Verdict verdict = Verdict::Exited;
  int exitStatus = 0;  ///< Exited: the status; AssertFailed/Aborted: 134; others: 1
  std::string out, err;
  /// Files the program opened for writing ("w", "a"), by path: kept in memory, never written.
  std::map<std::string, std::string> files;
  std::string message;    ///< runtime error / assertion text, sanitizer-style
  ir::SourceRange where;  ///< location of the failure, if any
  ir::StmtId failedStmt = ir::kNone;
  std::uint64_t steps = 0;
  /// The value the entry function returned (not set for void entries or when the run ended
  /// otherwise: exit(), a failure, the observer).
  std::optional<std::int64_t> returnValue;

  /// coverage: executions per StmtId; branch outcomes per StmtId (bit 0: false seen, bit 1:
  /// true seen; switches: bit i+2 for arm i)
  std::vector<std::uint32_t> stmtHits;
  std::vector<std::uint64_t> branchHits;

  /// trace: for every variable some of whose cells the run read, wrote or initialised, the
  /// most cells from the start of its object any of its objects needed (the highest cell used
  /// + 1; an initialised array counts whole). The cells a formula of this run must model.
  std::unordered_map<ir::VarId, std::uint64_t> varCellsUsed;

  /// Instances in completion order (a statement's entry follows those of the calls it made).
  /// When a failure ends the run inside a statement, that unfinished instance comes last.
  std::vector<TraceEntry> trace;
  /// Call-site statements, outermost first; [0] is the empty context (the entry function).
  std::vector<std::vector<ir::StmtId>> callContexts;
  /// 1-based iterations of every loop active on the call stack, outermost first; [0] is
  /// "no loop".
  std::vector<std::vector<std::uint32_t>> loopContexts;
  std::vector<std::int64_t> nondetUsed;  ///< nondet values actually consumed
  /// The runtime error is a use of an uninitialised value (which formulas do not model).
  bool uninitialisedUse = false;

  bool failed() const { return verdict != Verdict::Exited; }
};

/// Runs `program` on `input`. Thread-safe for distinct calls on the same Program.
RunResult run(const ir::Program& program, const RunInput& input, const RunOptions& options = {});

}  // namespace culprit::exec

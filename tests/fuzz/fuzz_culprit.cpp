// libFuzzer target over culprit's pipeline: the input is a C source file, taken through the
// frontend (Clang and the lowering), one interpreter run with a trace, and that run's
// flow-sensitive trace formula. Bad input is normal input: errors culprit reports to users
// (UserError, EncodeError, a program without main) end the input quietly; anything else (a
// crash, a sanitizer report, another exception escaping) is a finding. Built by
// -DCULPRIT_FUZZ=ON with clang-14 (see scripts/fuzz.sh).
#include "encode/encode.h"
#include "exec/exec.h"
#include "exec/host_stack.h"
#include "frontend/frontend.h"
#include "ir/error.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <z3++.h>

namespace {

using namespace culprit;

constexpr std::size_t kMaxTraceEntries = 2000;

/// One interpreter run of the program, bounded for fuzzing speed.
exec::RunResult runOnce(const ir::Program& program, const exec::RunInput& input) {
  exec::RunOptions options;
  options.stepLimit = 20'000;
  options.memoryLimit = std::uint64_t{64} << 20;
  options.outputLimit = 1 << 16;
  options.trace = true;
  return exec::run(program, input, options);
}

void encodeTrace(const ir::Program& program, const exec::RunInput& input,
                 const exec::RunResult& run) {
  z3::context ctx;
  encode::EncodeOptions options;
  options.family = encode::Family::TraceFlowSensitive;
  encode::Expectation expect;
  expect.exitStatus = run.exitStatus == 0 ? 1 : 0;  // the opposite of what it did: a failure
  try {
    encode::Encoding enc = encode::encode(ctx, program, input, expect, options, &run);
    (void)enc;
  } catch (const encode::EncodeError&) {
  } catch (const z3::exception&) {
  }
}

/// One input, as culprit's command line takes it: on a thread with a 1 GB stack (cli/main.cpp).
void testOne(const std::string& source) {
  std::unique_ptr<ir::Program> program;
  try {
    program = frontend::parseSource(source, "/culprit-fuzz/input.c", frontend::Options{});
  } catch (const UserError&) {
    return;
  }
  const ir::Function* main = program->findFunction("main");
  if (!main || !main->body) return;
  exec::RunInput input;
  input.args = {"3", "7"};
  input.stdinData = "5 2\nabc\n";
  exec::RunResult run;
  try {
    run = runOnce(*program, input);
  } catch (const std::invalid_argument&) {  // an entry or global initializer it cannot run
    return;
  }
  // Long traces make formulas slow rather than wrong (a loop of 2000 mallocs of 100,000 ints,
  // a regression program, took minutes): the fuzzer looks for crashes, on short runs.
  if (!run.uninitialisedUse && run.trace.size() <= kMaxTraceEntries)
    encodeTrace(*program, input, run);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > (1 << 16)) return 0;
  const std::string source(reinterpret_cast<const char*>(data), size);
  exec::onLargeStack([&] { testOne(source); }, std::size_t{1} << 30);
  return 0;
}

// The trace encoding, unrelaxed, against the interpreter on the differential corpus of real
// programs (tests/diff: argv parsing, stdin, arrays, loops, switch): observe() encodes every
// executed instance and throws if any value or branch it computes disagrees with the
// interpreter's trace; the output it derives must render to the interpreter's stdout.
#include "encode_test_util.h"
#include "exec/builtins.h"
#include "testing/testcase.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace culprit::encode::test {
namespace {

std::string render(const Observed& obs) {
  std::string out;
  for (const OutputEvent& e : obs.events) {
    if (e.values.empty()) {
      out += e.key;
      continue;
    }
    const std::string format = e.key.substr(0, e.key.find('\0'));
    std::vector<exec::libc::FormatArg> args;
    std::size_t from = e.key.find('\0');
    std::size_t next = 0;
    // Rebuild the argument list in format order: %s takes the next string, others a value.
    for (std::size_t i = 0; i < format.size(); ++i) {
      if (format[i] != '%' || i + 1 >= format.size()) continue;
      std::size_t j = i + 1;
      while (j < format.size() &&
             std::string("-+ #0123456789.*lhzjt").find(format[j]) != std::string::npos)
        ++j;
      if (j >= format.size() || format[j] == '%') {
        i = j;
        continue;
      }
      exec::libc::FormatArg a;
      if (format[j] == 's') {
        const std::size_t end = e.key.find('\0', from + 1);
        a.isPointer = true;
        a.text =
            e.key.substr(from + 1, end == std::string::npos ? std::string::npos : end - from - 1);
        from = end;
      } else if (next < e.values.size()) {
        a.value = e.values[next++];
        a.isFloating = std::string("fFeEgGaA").find(format[j]) != std::string::npos;
      }
      args.push_back(a);
      i = j;
    }
    out += exec::libc::format(format, args).text;
  }
  return out;
}

// Runs longer than 20,000 statements are skipped to keep the test at a few seconds (numerals
// are folded as terms are built, so even a 478,000-statement trace encodes in about 3 s).
TEST(Corpus, TraceEncodingAgreesWithTheInterpreter) {
  const std::filesystem::path dir = std::filesystem::path(CULPRIT_SOURCE_DIR) / "tests/diff";
  int programs = 0, runs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".c") continue;
    std::filesystem::path tests = entry.path();
    tests.replace_extension(".tests");
    if (!std::filesystem::exists(tests)) continue;
    auto program = frontend::parseFile(entry.path().string());
    const testing::TestSuite suite = testing::loadTests(tests.string());
    ++programs;
    for (std::size_t i = 0; i < suite.tests.size() && i < 12; ++i) {
      const exec::RunInput& in = suite.tests[i].input;
      const exec::RunResult run = exec::run(*program, in);
      if (run.verdict != exec::Verdict::Exited || run.steps > 20000) continue;
      std::optional<Observed> obs;
      try {
        obs = observe(*program, in, exec::RunOptions{});
      } catch (const EncodeError& e) {
        ADD_FAILURE() << entry.path().filename() << " test " << i + 1 << ": " << e.what();
        continue;
      }
      ASSERT_TRUE(obs.has_value());
      EXPECT_EQ(render(*obs), run.out) << entry.path().filename() << " test " << i + 1;
      EXPECT_EQ(obs->exitStatus, run.exitStatus);
      ++runs;
    }
  }
  EXPECT_GE(programs, 10);
  EXPECT_GE(runs, 60);
}

}  // namespace
}  // namespace culprit::encode::test

// Differential tests of the encoder against the interpreter: for random inputs, the program
// formula with every selector enforced and the inputs fixed has exactly one model on the run's
// path, and its output events, rendered with the interpreter's printf, must equal the
// interpreter's stdout, its exit status the run's. Runs that fail (runtime error, assertion)
// must make the formula unsatisfiable. Both trace families, unrelaxed, must agree too (observe()
// cross-checks every value against the trace as it encodes).
#include "encode_test_util.h"
#include "exec/builtins.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace culprit::encode::test {
namespace {

/// printf's text for the key of an event with integer values: the format, then '\0' and the
/// text of each %s argument.
std::string formatKey(const std::string& key, std::vector<exec::libc::FormatArg> values) {
  const std::string format = key.substr(0, key.find('\0'));
  std::vector<exec::libc::FormatArg> args;
  std::size_t from = key.find('\0'), next = 0;
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
    if (format[j] == 's') {
      const std::size_t end = key.find('\0', from + 1);
      exec::libc::FormatArg a;
      a.isPointer = true;
      a.text = key.substr(from + 1, end == std::string::npos ? std::string::npos : end - from - 1);
      from = end;
      args.push_back(a);
    } else if (next < values.size()) {
      args.push_back(values[next++]);
    }
    i = j;
  }
  return exec::libc::format(format, args).text;
}

/// stdout of the reached output events of `enc` in `model`, in order.
std::string renderOutputs(const Encoding& enc, const z3::model& model) {
  std::vector<std::pair<std::int64_t, std::string>> events;
  for (const EncodedOutput& o : enc.outputs) {
    if (!model.eval(o.reached, true).is_true()) continue;
    const std::int64_t index = modelValue(model, o.index, ir::IntKind::Long);
    std::string text = o.key;
    for (const KeyChar& c : o.chars)
      text[c.pos] = static_cast<char>(modelValue(model, c.value, c.type));
    if (!o.values.empty()) {
      std::vector<exec::libc::FormatArg> args;
      for (std::size_t j = 0; j < o.values.size(); ++j) {
        exec::libc::FormatArg a;
        a.value = modelValue(model, o.values[j], o.types[j]);
        args.push_back(a);
      }
      text = formatKey(text, args);
    }
    events.emplace_back(index, text);
  }
  std::sort(events.begin(), events.end());
  std::string out;
  for (const auto& e : events)
    out += e.second;
  return out;
}

struct Subject {
  const char* name;
  const char* source;
  int args;    ///< number of integer argv words
  int lo, hi;  ///< their range
  unsigned unwind;
  int rounds = 10;  ///< random inputs tried
};

const Subject kSubjects[] = {
    {"arith", R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int a = atoi(argv[1]), b = atoi(argv[2]);
  unsigned u = a; long l = (long)a * b; char c = (char)(a + b); short s = -a;
  unsigned char uc = 200 + a;
  printf("%d %d %u %ld %d %d %u\n", a / (b == 0 ? 1 : b), a % (b == 0 ? 7 : b), u >> 3, l, c, s, uc);
  printf("%d %d %d %d\n", a << 2, -a >> 1, a & b, (a | b) ^ 5);
  printf("%u %d %d\n", u * 3u - 7u, a < b, (unsigned)a < (unsigned)b);
  return a > b;
}
)",
     2, -40, 40, 4},
    {"loops", R"(#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]), i, s = 0, k = 0;
  for (i = 0; i < n; i++) {
    if (i == m) continue;
    if (s > 20) break;
    s += i * 2;
  }
  while (k < m) { k += 2; }
  do { s--; } while (s > 30);
  printf("%d %d %d\n", i, s, k);
  return 0;
}
)",
     2, 0, 6, 8},
    {"switch", R"(#include <stdio.h>
#include <stdlib.h>
int classify(int x) {
  int r = 0;
  switch (x) {
  case 0: r = 10;
  case 1: r += 1; break;
  case 2: case 3: r = 30; break;
  default: r = -1;
  }
  return r;
}
int main(int argc, char **argv) {
  int x = atoi(argv[1]);
  printf("%d\n", classify(x));
  if (x > 3) exit(3);
  printf("%d\n", classify(x + 1) * 2);
  return 0;
}
)",
     1, -1, 5, 4},
    {"arrays", R"(#include <stdio.h>
#include <stdlib.h>
int table[5] = {3, 1, 4, 1, 5};
int grid[2][3];
int sum(int a[], int n) {
  int s = 0, i;
  for (i = 0; i < n; i++) s += a[i];
  return s;
}
int main(int argc, char **argv) {
  int i = atoi(argv[1]), j = atoi(argv[2]);
  int local[4] = {0};
  table[i] = j;
  grid[i % 2][j % 3] = i + j;
  local[j % 4]++;
  printf("%d %d %d %d\n", sum(table, 5), grid[1][j % 3], local[j % 4], table[(i + 1) % 5]);
  return 0;
}
)",
     2, 0, 4, 6},
    {"bigarray", R"(#include <stdio.h>
#include <stdlib.h>
int hist[100];
int main(int argc, char **argv) {
  int a = atoi(argv[1]), b = atoi(argv[2]), i;
  unsigned char bytes[80] = {1, 2, 3};
  for (i = 0; i < 4; i++)
    hist[(a * 7 + i * b) % 100] += i + 1;
  bytes[b] = (unsigned char)(a - 3);
  printf("%d %d %d %d\n", hist[a * 7 % 100], hist[(a * 7 + b) % 100], bytes[b], bytes[2]);
  return 0;
}
)",
     2, 0, 9, 5, 4},
    {"effects", R"(#include <stdio.h>
#include <stdlib.h>
int counter;
int bump(int by) { counter += by; return counter; }
int main(int argc, char **argv) {
  int a = atoi(argv[1]), b;
  b = (a > 0 && bump(a) > 2) || bump(1) == 1;
  b += a ? bump(2) : bump(3);
  b += a++ + ++a;
  b -= a-- - --a;
  printf("%d %d %d\n", a, b, counter);
  return 0;
}
)",
     1, -3, 4, 4},
    {"recursion", R"(#include <stdio.h>
#include <stdlib.h>
int fact(int n) {
  if (n <= 1) return 1;
  return n * fact(n - 1);
}
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  printf("%d %d\n", fact(n), fib(n));
  return n;
}
)",
     1, 0, 4, 5},
    {"failures", R"(#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int a = atoi(argv[1]), b = atoi(argv[2]);
  int t[3] = {1, 2, 3};
  printf("%d\n", a / b);
  printf("%d\n", 2147483600 + a * 30);
  assert(a != 1);
  printf("%d\n", t[a]);
  return 0;
}
)",
     2, 0, 3, 2},
};

class Differential : public ::testing::TestWithParam<Subject> {};

/// Checks one input; returns whether the run exited normally.
bool checkAgreement(const Subject& s, const ir::Program& p, const exec::RunInput& in, Ints ints,
                    std::uint64_t expandArraysUpTo = 256) {
  exec::RunOptions ro;
  ro.trace = true;
  const exec::RunResult run = exec::run(p, in, ro);
  z3::context ctx;
  EncodeOptions o;
  o.unwind = s.unwind;
  o.ints = ints;
  o.expandArraysUpTo = expandArraysUpTo;
  Expectation ex;
  const Encoding enc = encode(ctx, p, in, ex, o);
  z3::solver solver = solverFor(ctx, enc);
  z3::expr_vector all(ctx);
  for (const SoftGroup& g : enc.groups)
    all.push_back(g.selector);
  const z3::check_result answer = solver.check(all);
  if (run.verdict != exec::Verdict::Exited) {
    EXPECT_EQ(answer, z3::unsat) << s.name << ": the run fails (" << run.message << ")";
    return false;
  }
  EXPECT_EQ(answer, z3::sat) << s.name;
  if (answer != z3::sat) return true;
  const z3::model m = solver.get_model();
  EXPECT_EQ(renderOutputs(enc, m), run.out) << s.name;
  EXPECT_EQ(modelValue(m, enc.exitStatus, ir::IntKind::Int), run.exitStatus) << s.name;
  EXPECT_FALSE(m.eval(enc.unwindingHit, true).is_true());
  EXPECT_FALSE(run.out.empty());
  return true;
}

TEST_P(Differential, ProgramFormulaMatchesTheInterpreter) {
  const Subject& s = GetParam();
  auto p = compile(s.source);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> dist(s.lo, s.hi);
  int exited = 0, failed = 0;
  for (int round = 0; round < s.rounds; ++round) {
    std::vector<std::string> words;
    for (int k = 0; k < s.args; ++k)
      words.push_back(std::to_string(dist(rng)));
    const exec::RunInput in = argsInput(words);
    (checkAgreement(s, *p, in, Ints::BitVector) ? exited : failed)++;
    checkAgreement(s, *p, in, Ints::Math);  // exact too, with overflow checks
    checkAgreement(s, *p, in, Ints::BitVector, /*expandArraysUpTo=*/0);  // Z3 arrays
  }
  EXPECT_GT(exited, 0);
  if (std::string(s.name) == "failures") {
    EXPECT_GT(failed, 0);
  }
}

TEST_P(Differential, TraceFormulasMatchTheInterpreter) {
  const Subject& s = GetParam();
  auto p = compile(s.source);
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> dist(s.lo, s.hi);
  for (int round = 0; round < s.rounds; ++round) {
    std::vector<std::string> words;
    for (int k = 0; k < s.args; ++k)
      words.push_back(std::to_string(dist(rng)));
    const exec::RunInput in = argsInput(words);
    const exec::RunResult run = runTraced(*p, in);
    if (run.verdict != exec::Verdict::Exited) continue;
    const std::optional<Observed> obs = observe(*p, in, exec::RunOptions{});
    ASSERT_TRUE(obs.has_value());
    EXPECT_EQ(obs->exitStatus, run.exitStatus);
    for (Family f : {Family::TraceFlowSensitive, Family::TraceFlowInsensitive}) {
      z3::context ctx;
      EncodeOptions o;
      o.family = f;
      Expectation ex;
      ex.output = obs->events;
      ex.exitStatus = obs->exitStatus;
      const Encoding enc = encode(ctx, *p, in, ex, o, &run);
      EXPECT_EQ(checkWith(ctx, enc), z3::sat) << s.name << " " << familyName(f);
    }
  }
}

TEST(DifferentialInput, StdinAndNondetMatchTheInterpreter) {
  auto p = compile(R"(#include <stdio.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int a = 0, b = 0, n, c, letters = 0, lines = 0;
  n = scanf("%d %d", &a, &b);
  while ((c = getchar()) != EOF) {
    if (c == '\n') lines++;
    else if (c >= 'a' && c <= 'z') letters++;
  }
  printf("%d %d %d %d %d %d\n", n, a, b, letters, lines, __VERIFIER_nondet_int() + a);
  return 0;
}
)");
  const Subject s{"stdin", "", 0, 0, 0, 12};
  std::mt19937 rng(5);
  const char* pieces[] = {"12 ", "-3", "x", "\n", " 7", "ab", "9q"};
  for (int round = 0; round < s.rounds; ++round) {
    exec::RunInput in;
    for (int k = 0; k < 4; ++k)
      in.stdinData += pieces[rng() % 7];
    in.nondet = {static_cast<std::int64_t>(rng() % 50)};
    if (in.stdinData.size() > 10) in.stdinData.resize(10);
    checkAgreement(s, *p, in, Ints::BitVector);
    checkAgreement(s, *p, in, Ints::Math);
  }
}

// Lines and strings: fgets/gets to the end of input, sscanf of each line, scanf %s and %c,
// puts/fputs/printf of the buffers and of strings the program computes from them. The skipped
// first line leaves the stdin position to the path in the program formula.
TEST(DifferentialInput, LinesAndStringsMatchTheInterpreter) {
  auto p = compile(R"c(#include <stdio.h>
#include <string.h>
char *gets(char *);
int main(void) {
  char line[8], word[4], up[8], c = '-';
  int n, x = 0, lines = 0, i;
  if (getchar() == '#')
    while ((i = getchar()) != '\n' && i != EOF) {}
  while (fgets(line, sizeof line, stdin) && lines < 2) {
    lines++;
    n = sscanf(line, "%d %3s %c", &x, word, &c);
    printf("%d %d [%s]", n, x, n >= 2 ? word : "");
    for (i = 0; line[i] && line[i] != '\n'; i++) up[i] = line[i] >= 'a' ? line[i] - 32 : line[i];
    up[i] = '\0';
    printf(" %c %5.2s|", c, up);
    fputs(up, stdout);
    puts(line[0] == '\n' ? "(empty)" : "");
  }
  if (scanf("%3s %c", word, &c) == 2) printf("%s/%c\n", word, c);
  if (gets(up)) puts(up);
  return lines;
}
)c");
  const Subject s{"lines", "", 0, 0, 0, 8, 6};
  std::mt19937 rng(3);
  const char* pieces[] = {"12 ab x\n", "#s\n", "7\n", "\n", "xy z\n", "-3 abcdef\n", " q", "4 w"};
  for (int round = 0; round < s.rounds; ++round) {
    exec::RunInput in;
    for (int k = 0; k < 4; ++k)
      in.stdinData += pieces[rng() % 8];
    checkAgreement(s, *p, in, Ints::BitVector);
    checkAgreement(s, *p, in, Ints::Math);
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, Differential, ::testing::ValuesIn(kSubjects),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace culprit::encode::test

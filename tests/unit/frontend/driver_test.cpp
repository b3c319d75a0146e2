// Frontend: files on disk, system headers, -I/-D/-std options, compile_commands.json, trusted
// functions and parsing speed.
#include "frontend_test_util.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace culprit::frontend::test {
namespace {

namespace fs = std::filesystem;

TEST_F(FrontendFiles, SystemHeadersAndSourceLines) {
  std::string path = write("prog.c", R"(#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <assert.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : INT_MAX;
  assert(n != 0);
  printf("%d\n", n);
  return EXIT_SUCCESS;
}
)");
  auto p = parseFile(path);
  ASSERT_EQ(p->files.size(), 1u);
  EXPECT_EQ(p->files[0].path, path);
  ASSERT_EQ(p->files[0].lines.size(), 11u);
  EXPECT_EQ(p->files[0].lines[6], "  int n = argc > 1 ? atoi(argv[1]) : INT_MAX;");
  const ir::Stmt& check = top(*p, "main", 1);
  EXPECT_EQ(check.expr->builtin, ir::Builtin::Assert);
  EXPECT_EQ(p->where(check.range), path + ":8");
  EXPECT_EQ(text(*p, top(*p, "main", 0)), "argc > 1 ? atoi(argv[1]) : 2147483647");
}

TEST_F(FrontendFiles, UserHeadersGetTheirOwnFileIndex) {
  write("inc/util.h", "static int twice(int v) {\n  return 2 * v;\n}\n");
  std::string path = write("main.c", "#include \"util.h\"\nint main(void) { return twice(N); }\n");
  Options options;
  options.includeDirs = {(dir_ / "inc").string()};
  options.defines = {"N=21"};
  auto p = parseFile(path, options);
  ASSERT_EQ(p->files.size(), 2u);
  const ir::Stmt& ret = top(*p, "twice", 0);
  EXPECT_EQ(ret.range.file, 1u);
  EXPECT_EQ(ret.range.line, 2u);
  EXPECT_EQ(fs::path(p->files[1].path).filename(), "util.h");
  EXPECT_EQ(p->files[1].lines[1], "  return 2 * v;");
  EXPECT_EQ(top(*p, "main", 0).expr->ops[0]->value, 21);
}

TEST_F(FrontendFiles, StdOptionReachesClang) {
  const char* source = "#if __STDC_VERSION__ != 201112L\n#error not c11\n#endif\nint x;\n";
  Options c11;
  c11.std = "c11";
  EXPECT_NO_THROW(lower(source, c11));
  Options c99;
  c99.std = "c99";
  Failure f = failure(source, c99);
  EXPECT_EQ(f.message, "not c11");
  EXPECT_EQ(f.line, 2u);
}

TEST_F(FrontendFiles, CompileCommandsProvideTheFilesFlags) {
  std::string path = write("cc.c", "int main(void) { return VALUE; }\n");
  std::string db = write("build/compile_commands.json",
                         "[{\"directory\": \"" + dir_.string() + "\", \"file\": \"" + path +
                             "\", \"command\": \"cc -DVALUE=7 -c " + path + "\"}]");
  Options byDirectory;
  byDirectory.compileCommands = (dir_ / "build").string();
  EXPECT_EQ(top(*parseFile(path, byDirectory), "main", 0).expr->value, 7);
  Options byFile;
  byFile.compileCommands = db;
  byFile.defines = {"EXTRA=1"};
  EXPECT_EQ(top(*parseFile(path, byFile), "main", 0).expr->value, 7);

  std::string other = write("other.c", "int main(void) { return VALUE; }\n");
  Options fallback;
  fallback.compileCommands = db;
  fallback.defines = {"VALUE=3"};  // not in the database: Options apply
  EXPECT_EQ(top(*parseFile(other, fallback), "main", 0).expr->value, 3);

  Options missing;
  missing.compileCommands = (dir_ / "nowhere.json").string();
  EXPECT_THROW(parseFile(path, missing), UserError);
}

TEST(Frontend, TrustedFunctionsAreMarked) {
  Options options;
  options.trusted = {"harness"};
  auto p = lower("int f(int x) { return x; }\nint harness(int a) { return f(a); }", options);
  EXPECT_TRUE(fn(*p, "harness").trusted);
  EXPECT_FALSE(fn(*p, "f").trusted);
}

TEST(Frontend, InMemorySourceKeepsThePathAsGiven) {
  auto p = parseSource("int main(void) {\n  return 0;\n}\n", "some/dir/prog.c");
  EXPECT_EQ(p->files[0].path, "some/dir/prog.c");
  EXPECT_EQ(p->where(top(*p, "main", 0).range), "some/dir/prog.c:2");
  EXPECT_EQ(p->sourceLine(top(*p, "main", 0).range), "return 0;");
}

TEST(Frontend, TwoHundredLinesParseQuickly) {
  std::string source = "#include <stdio.h>\n#include <stdlib.h>\n";
  for (int i = 0; i < 20; ++i) {
    std::string n = std::to_string(i);
    source += "int f" + n + "(int a[], int n) {\n  int s = 0;\n  for (int i = 0; i < n; i++) {\n" +
              "    if (a[i] % 2) s += a[i]; else s -= " + n + ";\n  }\n" +
              "  switch (s) { case 0: s++; break; default: s--; }\n" +
              "  while (s > 100) s /= 2;\n  return s;\n}\n\n";
  }
  source += "int main(int argc, char **argv) {\n  int a[4] = {1, 2, 3, 4};\n"
            "  printf(\"%d\\n\", f0(a, 4) + atoi(argv[1]));\n  return 0;\n}\n";
  lower(source);  // warm up
  auto start = std::chrono::steady_clock::now();
  auto p = lower(source);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(p->functions.size(), 21u);
  EXPECT_LT(seconds, 0.5);
}

}  // namespace
}  // namespace culprit::frontend::test

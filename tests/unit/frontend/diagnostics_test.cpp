// Frontend: Clang errors, missing files and unsupported constructs become UserErrors with exact
// locations; warnings never stop lowering and nothing is printed.
#include "frontend_test_util.h"

namespace culprit::frontend::test {
namespace {

TEST(Diagnostics, SyntaxErrorCarriesClangsMessageAndLocation) {
  Failure f = failure("int main() {\n  int x;\n  x = 1\n  return x;\n}\n");
  EXPECT_EQ(f.message, "expected ';' after expression");
  EXPECT_EQ(f.file, "t.c");
  EXPECT_EQ(f.line, 3u);
  EXPECT_EQ(f.col, 8u);
  try {
    lower("int main() {\n  int x = 1\n  return x;\n}\n");
    FAIL() << "no error";
  } catch (const UserError& e) {
    EXPECT_EQ(e.render(), "t.c:2:12: error: expected ';' at end of declaration");
    EXPECT_EQ(e.status(), kExitBadInput);
  }
}

TEST(Diagnostics, SemanticErrorsAndMissingHeaders) {
  Failure undeclared = failure("int main(void) {\n  return y;\n}\n");
  EXPECT_EQ(undeclared.message, "use of undeclared identifier 'y'");
  EXPECT_EQ(undeclared.line, 2u);
  EXPECT_EQ(undeclared.col, 10u);
  Failure header = failure("#include \"nope.h\"\nint main(void) { return 0; }\n");
  EXPECT_EQ(header.message, "'nope.h' file not found");
  EXPECT_EQ(header.line, 1u);
  EXPECT_EQ(header.col, 10u);
}

TEST(Diagnostics, MissingFile) {
  for (const std::string path : {"/nonexistent/dir/prog.c", "/tmp"}) {
    try {
      parseFile(path);
      FAIL() << "no error for " << path;
    } catch (const UserError& e) {
      EXPECT_STREQ(e.what(), "cannot open file");
      EXPECT_EQ(e.file(), path);
      EXPECT_EQ(e.line(), 0u);
      EXPECT_EQ(e.render(), path + ": error: cannot open file");
    }
  }
}

TEST(Diagnostics, WarningsDoNotStopLowering) {
  auto p = lower(R"(
    f(x) { return x + 1; }
    int g(void) { return; }
    main() {
      int unused;
      char c = 1000;
      return f(2) + later(3);
    }
    int later(int v) { return v; }
  )");
  EXPECT_EQ(p->functions.size(), 4u);
  EXPECT_EQ(fn(*p, "f").ret->intKind, ir::IntKind::Int);
}

TEST(Diagnostics, NothingIsPrinted) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  EXPECT_NO_THROW(lower("main() { char c = 1000; return g(); }\nint g() { return; }"));
  EXPECT_THROW(lower("int main() { return 0 }"), UserError);
  EXPECT_THROW(lower("int main() { long double d; return 0; }"), UserError);
  EXPECT_THROW(parseFile("/nonexistent.c"), UserError);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
}

struct Unsupported {
  const char* name;
  const char* source;
  const char* message;
  unsigned line, col;
};

void PrintTo(const Unsupported& u, std::ostream* os) { *os << u.name; }

class UnsupportedConstruct : public testing::TestWithParam<Unsupported> {};

TEST_P(UnsupportedConstruct, IsRejectedWhereItIsWritten) {
  const Unsupported& u = GetParam();
  Failure f = failure(u.source);
  EXPECT_EQ(f.message, std::string("unsupported construct: ") + u.message);
  EXPECT_EQ(f.file, "t.c");
  EXPECT_EQ(f.line, u.line);
  EXPECT_EQ(f.col, u.col);
}

const Unsupported kUnsupported[] = {
    {"LongDoubleVariable", "int main() {\n  long double d = 1;\n  return 0;\n}",
     "floating-point type 'long double' (float and double are)", 2, 3},
    {"LongDoubleLiteral", "int main() {\n  int x;\n  x = 2.5L > 1;\n  return x;\n}",
     "floating-point type 'long double' (float and double are)", 3, 7},
    {"ComplexType", "int main() {\n  _Complex double z = 1;\n  return 0;\n}",
     "complex type '_Complex double'", 2, 12},
    {"StructByValue",
     "struct S { int a; };\nint f(struct S s) { return s.a; }\nint main() {\n"
     "  struct S s = {1};\n  return f(s);\n}",
     "struct parameter passed by value", 2, 16},
    {"StructReturned",
     "struct S { int a; };\nstruct S f(void);\nint main() {\n  return f().a;\n}\n"
     "struct S f(void) { struct S s = {1}; return s; }",
     "function returning struct S", 6, 10},
    {"UnionPunning", "int main() {\n  union U { int a; char b; } u;\n  return 0;\n}",
     "union 'U' overlays 'int' and 'char' in one place (reading one member as another is not "
     "modelled)",
     2, 9},
    {"UnionPunningInArray",
     "typedef union { int a[2]; struct { int x; long y; } p; } V;\nint main() {\n"
     "  V v;\n  return 0;\n}",
     "union 'V' overlays 'int' and 'long' in one place (reading one member as another is not "
     "modelled)",
     1, 9},
    {"UnionOfPointers", "union P { int *i; char *c; };\nint main() {\n  union P p;\n  return 0;\n}",
     "union 'P' overlays 'int*' and 'char*' in one place (reading one member as another is not "
     "modelled)",
     1, 7},
    {"AnonymousUnionPunning",
     "struct S {\n  int k;\n  union { int i; char c; };\n};\nint main() {\n"
     "  struct S s;\n  s.k = 1;\n  return s.k;\n}",
     "anonymous union overlays 'int' and 'char' in one place (reading one member as another is "
     "not modelled)",
     3, 3},
    {"UnionByValue",
     "union U { int a; };\nint f(union U u) { return u.a; }\nint main() {\n"
     "  union U u = {1};\n  return f(u);\n}",
     "union parameter passed by value", 2, 15},
    {"LibraryStruct",
     "#include <time.h>\nint main(void) {\n  struct tm t;\n  return t.tm_year != 0;\n}",
     "library feature time functions (struct tm)", 3, 3},
    {"LibraryJmpBuf", "#include <setjmp.h>\nint main(void) {\n  jmp_buf b;\n  return setjmp(b);\n}",
     "library feature setjmp/longjmp (jmp_buf)", 3, 3},
    {"MemsetStruct",
     "#include <string.h>\nstruct s { int a; char b; };\nint main(void) {\n"
     "  struct s x;\n  memset(&x, 0, sizeof x);\n  return x.a;\n}",
     "memset of struct s (memory is modelled as typed cells)", 5, 10},
    {"IncompleteStruct",
     "struct S;\nextern struct S *make(void);\nint main() {\n"
     "  struct S *p = 0;\n  return p != 0;\n}",
     "incomplete struct type 'struct S'", 4, 3},
    {"Bitfield", "struct B { int f : 3; };\nint main() {\n  struct B b;\n  return 0;\n}",
     "bit-field 'f'", 1, 16},
    {"PointerToInteger", "int main() {\n  int x = 0;\n  long a = (long)&x;\n  return 0;\n}",
     "conversion between a pointer and an integer", 3, 12},
    {"CellReinterpretation", "int main() {\n  int x = 0;\n  char *c = (char *)&x;\n  return 0;\n}",
     "conversion from 'int *' to 'char *' (memory is modelled as typed cells)", 3, 13},
    {"Malloc", "#include <stdlib.h>\nint main() {\n  return malloc(4) != 0;\n}",
     "malloc whose result is not converted to a typed pointer", 3, 10},
    {"UnknownLibraryCall", "#include <stdlib.h>\nint main() {\n  return rand();\n}",
     "call to unsupported library function 'rand'", 3, 10},
    {"GotoIntoBlock",
     "int main(int n) {\n  goto in;\n  if (n) {\n  in:\n    n++;\n  }\n  return n;\n}",
     "goto 'in' into a nested block, loop or branch (the label at t.c:4 is inside a statement "
     "the goto is not in)",
     2, 3},
    {"GotoBackwardAcrossArms",
     "int main(int n) {\n  switch (n) {\n  case 0:\n  top:\n    n++;\n    break;\n  case 1:\n"
     "    goto top;\n  }\n  return n;\n}",
     "goto 'top' backward to an earlier arm of a switch", 8, 5},
    {"Vla2D", "int main(int n, char **v) {\n  int a[n][n];\n  return 0;\n}",
     "variable-length array", 2, 3},
    {"FunctionPointer",
     "int f(void) { return 1; }\nint main() {\n  int (*fp)(void) = f;\n  return 0;\n}",
     "function pointer", 3, 3},
    {"FunctionAsValue", "int f(void) { return 1; }\nint main() {\n  return f != 0;\n}",
     "function pointer", 3, 10},
    {"InlineAsm", "int main() {\n  __asm__(\"nop\");\n  return 0;\n}", "inline assembly", 2, 3},
    {"StatementExpression", "int main() {\n  int x = ({ 1; });\n  return x;\n}",
     "statement expression", 2, 11},
    {"CompoundLiteral", "int main() {\n  int x = (int){ 3 };\n  return x;\n}", "compound literal",
     2, 11},
    {"NestedCaseLabel",
     "int main(int n) {\n  switch (n) {\n  case 0:\n    if (n) {\n    case 1: n++;\n    }\n  }\n"
     "  return n;\n}",
     "case label nested inside a statement of the switch", 5, 5},
    {"StatementBeforeFirstCase",
     "int main(int n) {\n  switch (n) {\n    n++;\n  case 1: break;\n  }\n  return n;\n}",
     "statement before the first case label of a switch", 3, 5},
    {"CaseRange", "int main(int n) {\n  switch (n) {\n  case 1 ... 3: break;\n  }\n  return n;\n}",
     "case range", 3, 3},
    {"Variadic", "int f(int n, ...) { return n; }\nint main() { return f(1, 2); }",
     "variadic function", 1, 5},
    {"GnuConditional", "int main(int n) {\n  return n ?: 1;\n}", "GNU conditional operator '?:'", 2,
     10},
    {"ReachableThroughCalls",
     "int g(void) { long double f = 1; return (int)f; }\n"
     "int h(void) { return g(); }\nint main(void) { return h(); }",
     "floating-point type 'long double' (float and double are)", 1, 15},
    {"SystemMacro", "#include <math.h>\nint main(void) { return HUGE_VALL > 0; }",
     "floating-point type 'long double' (float and double are) (in macro 'HUGE_VALL')", 2, 25},
    {"UserMacro", "#define ADDR(p) ((long)(p))\nint f(int *q) { return ADDR(q) > 0; }",
     "conversion between a pointer and an integer (in macro 'ADDR')", 2, 24},
    {"WrongArgumentCount", "int f(a, b) int a, b; { return a; }\nint main() { return f(1); }",
     "call to 'f' with 1 arguments for 2 parameters", 2, 21},
};

TEST(Undefined, FunctionsAndVariablesNoFileDefines) {
  Failure f = failure("int f(int);\nint main() {\n  return f(1);\n}");
  EXPECT_EQ(f.message, "call to undefined function 'f': none of the program's files defines it");
  EXPECT_EQ(f.line, 3u);
  EXPECT_EQ(f.col, 10u);
  Failure g = failure("int main() {\n  return foo(1);\n}");
  EXPECT_EQ(g.message, "call to undefined function 'foo': none of the program's files defines it");
  EXPECT_EQ(g.line, 2u);
  Failure e = failure("extern int e;\nint main() {\n  return e;\n}");
  EXPECT_EQ(e.message,
            "undefined variable 'e': declared extern, and none of the program's files defines it");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.col, 10u);
}

TEST(Unsupported, OnlyInFunctionsTheEntryCanCall) {
  // g and its caller h are never called from main: no error, and they have no body.
  const char* source = "int g(long double f) { return (int)f; }\nint h(void) { return g(1); }\n"
                       "int k(void) { long double d = 2; return d > 1; }\n"
                       "int main(void) { return 0; }";
  auto p = parseSource(source, "t.c");
  ASSERT_NE(p->findFunction("h"), nullptr);
  EXPECT_EQ(p->findFunction("h")->body, nullptr);
  EXPECT_EQ(p->findFunction("k")->body, nullptr);
  EXPECT_NE(p->findFunction("main")->body, nullptr);
  // From another entry they are errors, at the construct.
  Options entryH;
  entryH.entry = "h";
  try {
    parseSource(source, "t.c", entryH);
    ADD_FAILURE() << "h calls g, whose parameter is a long double";
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()),
              "unsupported construct: floating-point type 'long double' (float and double are)");
    EXPECT_EQ(e.line(), 1u);
  }
}

INSTANTIATE_TEST_SUITE_P(Frontend, UnsupportedConstruct, testing::ValuesIn(kUnsupported),
                         [](const testing::TestParamInfo<Unsupported>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace culprit::frontend::test

// Frontend: several translation units linked into one program (link.cpp), and C89's implicit
// declarations (library functions get their prototype, others `int f()`, each with a warning).
#include "frontend_test_util.h"

#include <filesystem>

namespace culprit::frontend::test {
namespace {

namespace fs = std::filesystem;

using Units = std::vector<std::pair<std::string, std::string>>;

/// The error linking `units` raises (fails the test if there is none).
UserError linkError(const Units& units) {
  try {
    parseSources(units);
  } catch (const UserError& e) {
    return e;
  }
  ADD_FAILURE() << "no error";
  return UserError("");
}

/// The callee of the first call in statement `s`'s expression.
ir::FuncId calleeOf(const ir::Expr& e) {
  if (e.kind == ir::ExprKind::Call && e.callee != ir::kNone) return e.callee;
  for (const ir::ExprPtr& op : e.ops)
    if (ir::FuncId f = calleeOf(*op); f != ir::kNone) return f;
  return ir::kNone;
}

TEST(Link, CallsAndExternVariablesResolveAcrossUnits) {
  auto p = parseSources({{"a.c", "int twice(int);\nextern int base;\n"
                                 "int main(void) {\n  return twice(base);\n}\n"},
                         {"b.c", "int base = 20;\nint twice(int v) {\n  return 2 * v;\n}\n"}});
  ASSERT_EQ(p->files.size(), 2u);
  EXPECT_EQ(p->files[0].path, "a.c");
  EXPECT_EQ(p->files[1].path, "b.c");
  const ir::Stmt& ret = top(*p, "main", 0);
  EXPECT_EQ(calleeOf(*ret.expr), fn(*p, "twice").id);
  EXPECT_EQ(text(*p, ret), "twice(base)");
  EXPECT_EQ(p->where(fn(*p, "twice").body->range), "b.c:2");
  EXPECT_EQ(p->where(var(*p, "base").range), "b.c:1");
}

TEST(Link, StaticFunctionsOfOneNameStayApart) {
  auto p = parseSources(
      {{"a.c", "static int f(void) { return 1; }\nint g(void);\n"
               "int main(void) {\n  return f() + g();\n}\n"},
       {"b.c", "static int f(void) { return 2; }\nint g(void) {\n  return f();\n}\n"}});
  const ir::Function& fa = fn(*p, "f");
  const ir::Function& fb = fn(*p, "f.1");
  EXPECT_EQ(p->where(fa.range), "a.c:1");
  EXPECT_EQ(p->where(fb.range), "b.c:1");
  EXPECT_EQ(calleeOf(*top(*p, "main", 0).expr), fa.id);
  EXPECT_EQ(calleeOf(*top(*p, "g", 0).expr), fb.id);
}

TEST(Link, AStaticNeverTakesAnExternalName) {
  // b.c's external `f` keeps its name although a.c's static `f` comes first.
  auto p = parseSources({{"a.c", "static int f(void) { return 1; }\nint h(void) { return f(); }\n"
                                 "int main(void) { return h(); }\n"},
                         {"b.c", "int f(void) { return 2; }\n"}});
  EXPECT_EQ(p->where(fn(*p, "f").range), "b.c:1");
  EXPECT_EQ(p->where(fn(*p, "f.1").range), "a.c:1");
}

TEST(Link, StaticGlobalsOfOneNameStayApart) {
  auto p = parseSources({{"a.c", "static int n = 1;\nint get(void);\n"
                                 "int main(void) { return n + get(); }\n"},
                         {"b.c", "static int n = 2;\nint get(void) { return n; }\n"}});
  EXPECT_EQ(p->where(var(*p, "n").range), "a.c:1");
  EXPECT_EQ(p->where(var(*p, "n.1").range), "b.c:1");
}

TEST(Link, DuplicateDefinitionIsLocated) {
  UserError e = linkError({{"a.c", "int f(void) { return 1; }\nint main(void) { return f(); }\n"},
                           {"b.c", "\nint f(void) { return 2; }\n"}});
  EXPECT_EQ(e.render(), "b.c:2:5: error: multiple definition of 'f' (first defined at a.c:1:5)");
}

TEST(Link, TwoMains) {
  UserError e = linkError(
      {{"a.c", "int main(void) { return 0; }\n"}, {"b.c", "int main(void) { return 1; }\n"}});
  EXPECT_EQ(e.render(), "b.c:1:5: error: multiple definition of 'main' (first defined at "
                        "a.c:1:5; a program has one main)");
}

TEST(Link, DuplicateGlobalIncludingTentative) {
  UserError e = linkError({{"a.c", "int n;\nint main(void) { return n; }\n"}, {"b.c", "int n;\n"}});
  EXPECT_EQ(e.render(), "b.c:1:5: error: multiple definition of 'n' (first defined at a.c:1:5)");
}

TEST(Link, MissingDefinitionIsLocated) {
  UserError e = linkError({{"a.c", "int f(int);\nint main(void) {\n  return f(2);\n}\n"},
                           {"b.c", "int g(void) { return 1; }\n"}});
  EXPECT_EQ(e.render(), "a.c:3:10: error: call to undefined function 'f': none of the "
                        "program's files defines it");
  UserError v = linkError({{"a.c", "extern int n;\nint main(void) {\n  return n;\n}\n"},
                           {"b.c", "int g(void) { return 1; }\n"}});
  EXPECT_EQ(v.render(), "a.c:3:10: error: undefined variable 'n': declared extern, and none of "
                        "the program's files defines it");
}

TEST(Link, ReturnTypeMismatchAcrossUnits) {
  UserError e = linkError(
      {{"a.c", "int main(void) {\n  return f();\n}\n"}, {"b.c", "long f(void) { return 1; }\n"}});
  EXPECT_EQ(e.render(), "a.c:2:10: error: call to 'f' as returning int, but its definition "
                        "returns long (it is declared implicitly here)");
}

class LinkFiles : public FrontendFiles {};

TEST_F(LinkFiles, AStructOfASharedHeaderIsOneType) {
  write("list.h", "struct node { int v; struct node *next; };\n"
                  "struct node *push(struct node *l, int v);\n"
                  "static int twice(int v) { return 2 * v; }\n");
  std::string a = write("a.c", "#include \"list.h\"\nint main(void) {\n"
                               "  struct node *l = push(0, 3);\n  return twice(l->v);\n}\n");
  std::string b = write("b.c", "#include <stdlib.h>\n#include \"list.h\"\n"
                               "struct node *push(struct node *l, int v) {\n"
                               "  struct node *n = (struct node *)malloc(sizeof *n);\n"
                               "  n->v = twice(v);\n  n->next = l;\n  return n;\n}\n");
  auto p = parseFiles({a, b});
  EXPECT_EQ(var(*p, "l").type, p->vars[fn(*p, "push").params[0]].type);
  // The header is one file of the program, after the units' own files; each unit has its own
  // copy of the header's static function.
  EXPECT_EQ(p->functions[fn(*p, "twice").id].range.file, 2u);
  EXPECT_EQ(p->functions[fn(*p, "twice.1").id].range.file, 2u);
  ASSERT_EQ(p->files.size(), 3u);
  EXPECT_EQ(p->files[0].path, a);
  EXPECT_EQ(p->files[1].path, b);
  EXPECT_EQ(fs::path(p->files[2].path).filename(), "list.h");
}

TEST_F(LinkFiles, SameFileTwiceIsAnError) {
  std::string a = write("a.c", "int main(void) { return 0; }\n");
  try {
    parseFiles({a, a});
    ADD_FAILURE() << "no error";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("source file given twice"), std::string::npos);
  }
}

TEST_F(LinkFiles, CompileCommandsListTheSources) {
  write("a.c", "int main(void) { return 0; }\n");
  write("b.c", "int f(void) { return 1; }\n");
  const std::string dir = dir_.string();
  write("compile_commands.json", "[{\"directory\": \"" + dir +
                                     "\", \"command\": \"cc -c b.c\", \"file\": \"b.c\"},\n"
                                     " {\"directory\": \"" +
                                     dir +
                                     "\", \"command\": \"cc -c a.c\", \"file\": \"a.c\"},\n"
                                     " {\"directory\": \"" +
                                     dir + "\", \"command\": \"cc -DX -c a.c\", \"file\": \"" +
                                     dir + "/a.c\"}]\n");
  std::vector<std::string> files = compileCommandsSources(dir);
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(fs::path(files[0]).filename(), "b.c");
  EXPECT_EQ(fs::path(files[1]).filename(), "a.c");
  write("empty.json", "[]");
  EXPECT_THROW(compileCommandsSources((dir_ / "empty.json").string()), UserError);
}

// --- implicit declarations -----------------------------------------------------------------

struct Warnings {
  std::vector<std::string> lines;
  Options options() {
    Options o;
    o.warn = [this](const std::string& line) { lines.push_back(line); };
    return o;
  }
};

TEST(Implicit, LibraryFunctionsGetTheirPrototypeWithOneWarning) {
  Warnings w;
  auto p = parseSource("typedef struct l { int v; struct l *next; } List;\n"
                       "main() {\n"
                       "  List *a = (List *)malloc(sizeof(List));\n"
                       "  List *b = (List *)malloc(sizeof(List));\n"
                       "  char s[8];\n"
                       "  strcpy(s, \"ab\");\n"
                       "  a->v = atoi(\"4\") + strlen(s);\n"
                       "  free(a);\n  free(b);\n  return 0;\n}\n",
                       "t.c", w.options());
  EXPECT_EQ(top(*p, "main", 0).expr->builtin, ir::Builtin::Malloc);
  ASSERT_EQ(w.lines.size(), 5u);  // malloc, strcpy, atoi, strlen, free: once each
  EXPECT_EQ(w.lines[0], "t.c:3:21: warning: implicit declaration of library function 'malloc' "
                        "with type 'void *(unsigned long)' (declared in <stdlib.h>)");
  EXPECT_EQ(w.lines[2], "t.c:7:10: warning: implicit declaration of function 'atoi': taken as "
                        "'int atoi()', as in C89");
}

TEST(Implicit, UserFunctionsAreIntAndWarnedAbout) {
  Warnings w;
  auto p = parseSource("int main(void) {\n  return twice(2);\n}\n"
                       "int twice(v) int v; {\n  return 2 * v;\n}\n",
                       "t.c", w.options());
  EXPECT_EQ(calleeOf(*top(*p, "main", 0).expr), fn(*p, "twice").id);
  ASSERT_EQ(w.lines.size(), 1u);
  EXPECT_EQ(w.lines[0], "t.c:2:10: warning: implicit declaration of function 'twice': taken as "
                        "'int twice()', as in C89");
}

TEST(Implicit, WiderResultsAreTruncatedAndPointersRejected) {
  auto p = lower("int main(int c, char **v) {\n  int n = atol(v[1]);\n  return n;\n}\n");
  const ir::Expr& init = *top(*p, "main", 0).expr;
  ASSERT_EQ(init.kind, ir::ExprKind::Cast);  // (int) of the long atol computes
  EXPECT_EQ(init.ops[0]->builtin, ir::Builtin::Atol);
  EXPECT_EQ(init.ops[0]->type->str(), "long");
  try {
    parseSource("int main(int c, char **v) {\n  double d = atof(v[1]);\n  return d > 1;\n}\n",
                "t.c");
    ADD_FAILURE() << "atof's int value is not its double";
  } catch (const UserError& e) {
    EXPECT_EQ(e.render(), "t.c:2:14: error: implicit declaration of 'atof' gives it type int, "
                          "but it returns double: include <stdlib.h> or declare it");
  }
  // gets as a statement: its value is not used.
  auto q = lower("int main(void) {\n  char b[16];\n  gets(b);\n  return b[0];\n}\n");
  EXPECT_EQ(top(*q, "main", 1).expr->builtin, ir::Builtin::Gets);
}

}  // namespace
}  // namespace culprit::frontend::test

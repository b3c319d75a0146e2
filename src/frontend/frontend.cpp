// Runs Clang's real frontend (driver, preprocessor, Sema) on each C file of a program through
// ClangTool (one translation unit at a time, its AST kept) and hands the type-checked ASTs to
// the Lowerers, which lower and link them into one program (link.cpp).
//
// Command line: the file's entry in compile_commands.json when one is given and lists it,
// otherwise Options' -I/-D/-std; always `-x c`, Clang's resource directory, -fsigned-char (plain
// char is signed in culprit's model) and culprit's own <assert.h>, a virtual file in a virtual
// -isystem directory searched before the system headers, and its library prelude (prelude.h),
// force-included, with glibc's ctype macros off. Clang's library builtins stay on: a call to an
// undeclared library function (K&R code calling malloc without <stdlib.h>) gets the library's
// prototype, as C89 compilers give it; the Lowerer warns about it. Two exceptions avoid crashes
// in Clang 14's checks of builtin calls: the scanf family, and a library function the unit
// defines K&R style (found by a preprocessing pass first, preprocess.h). Clang's own warnings are
// ignored (-w, with the diagnostics that Clang may turn into errors by default downgraded
// first, so K&R code, implicit int and implicit declarations parse). The first error becomes a
// UserError with Clang's message and location; nothing is ever printed.
#include "frontend/frontend.h"
#include "frontend/lowering.h"
#include "frontend/prelude.h"
#include "frontend/preprocess.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <fstream>
#include <optional>

namespace culprit::frontend {

namespace {

constexpr const char* kVirtualIncludeDir = "/__culprit__/include";
constexpr const char* kAssertHeaderPath = "/__culprit__/include/assert.h";

// culprit's <assert.h>: assert(e) calls an intrinsic the Lowerer turns into Builtin::Assert on
// `e`; `!!(e)` keeps C's semantics (any scalar, compared with 0) for the intrinsic's int parameter.
constexpr const char* kAssertHeader = R"(/* culprit's <assert.h> */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
void __culprit_assert(int);
#define assert(e) __culprit_assert(!!(e))
#endif
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(static_assert)
#define static_assert _Static_assert
#endif
)";

/// Records Clang's first error (or fatal error) as a UserError; ignores everything else. It
/// deliberately does not count diagnostics, so Clang prints no "N errors generated" line.
class FirstErrorConsumer : public clang::DiagnosticConsumer {
public:
  explicit FirstErrorConsumer(std::string mainPath) : mainPath_(std::move(mainPath)) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic& info) override {
    if (level < clang::DiagnosticsEngine::Error || error) return;
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    std::string file = mainPath_;
    unsigned line = 0, col = 0;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager& sm = info.getSourceManager();
      clang::SourceLocation at = sm.getFileLoc(info.getLocation());
      clang::PresumedLoc p = sm.getPresumedLoc(at, /*UseLineDirectives=*/false);
      if (p.isValid()) {
        if (sm.getFileID(at) != sm.getMainFileID()) file = p.getFilename();
        line = p.getLine();
        col = p.getColumn();
      }
    }
    error.emplace(message.str().str(), file, line, col);
  }

  std::optional<UserError> error;

private:
  std::string mainPath_;
};

/// Arguments culprit always adds, in front of the compile command's own.
std::vector<std::string> leadingArgs() {
  return {"-xc",
          "-resource-dir=" CULPRIT_CLANG_RESOURCE_DIR,
          "-isystem",
          kVirtualIncludeDir,
          "-fsigned-char",
          "-D__NO_CTYPE",
          "-include",
          kPreludePath,
          "-fno-color-diagnostics",
          "-fno-caret-diagnostics",
          "-ferror-limit=1"};
}

/// Arguments that must win over the compile command's own, appended at the end.
std::vector<std::string> trailingArgs() {
  return {"-Wno-error", "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
          "-Wno-error=return-type", "-Wno-error=int-conversion",
          "-Wno-error=incompatible-pointer-types", "-w",
          // Clang 14's check of a scanf format against the destination sizes reads past the
          // call's arguments for a conversion with a width and no argument (`scanf("%5s")`)
          // and crashes: culprit checks these calls itself.
          "-fno-builtin-scanf", "-fno-builtin-fscanf", "-fno-builtin-sscanf"};
}

std::vector<std::string> optionArgs(const Options& o) {
  std::vector<std::string> args;
  for (const std::string& dir : o.includeDirs)
    args.push_back("-I" + dir);
  for (const std::string& def : o.defines)
    args.push_back("-D" + def);
  if (!o.std.empty()) args.push_back("-std=" + o.std);
  return args;
}

std::string currentDirectory() {
  llvm::SmallString<256> cwd;
  if (llvm::sys::fs::current_path(cwd)) return ".";
  return std::string(cwd.str());
}

/// The compile_commands.json Options name, if any.
std::unique_ptr<clang::tooling::CompilationDatabase> jsonDatabase(const std::string& path) {
  if (path.empty()) return nullptr;
  std::string file = path;
  if (llvm::sys::fs::is_directory(file)) file += "/compile_commands.json";
  std::string error;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromFile(
      file, error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db) throw UserError("cannot read compilation database: " + error, file);
  return db;
}

/// A file's entry in the compile_commands.json, or else the command line of Options.
class ProgramDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit ProgramDatabase(const Options& o)
      : json_(jsonDatabase(o.compileCommands)), fixed_(currentDirectory(), optionArgs(o)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef file) const override {
    if (json_) {
      llvm::SmallString<256> absolute(file);
      llvm::sys::fs::make_absolute(absolute);
      auto commands = json_->getCompileCommands(absolute);
      if (!commands.empty()) return commands;
    }
    return fixed_.getCompileCommands(file);
  }

private:
  std::unique_ptr<clang::tooling::CompilationDatabase> json_;
  clang::tooling::FixedCompilationDatabase fixed_;
};

/// One translation unit, parsed: its AST and what the AST refers to (declared in the order
/// they must outlive each other).
struct ParsedUnit {
  std::unique_ptr<FirstErrorConsumer> diagnostics;
  std::unique_ptr<clang::tooling::ClangTool> tool;
  std::unique_ptr<clang::ASTUnit> ast;
};

ParsedUnit parseUnit(const std::string& path, const std::string* source,
                     const clang::tooling::CompilationDatabase& db, const Options& options) {
  ParsedUnit unit;
  unit.tool = std::make_unique<clang::tooling::ClangTool>(
      db, std::vector<std::string>{path}, std::make_shared<clang::PCHContainerOperations>(),
      llvm::vfs::createPhysicalFileSystem());
  clang::tooling::ClangTool& tool = *unit.tool;
  tool.mapVirtualFile(kAssertHeaderPath, kAssertHeader);
  tool.mapVirtualFile(kPreludePath, kPrelude);
  if (source) tool.mapVirtualFile(path, *source);
  using clang::tooling::ArgumentInsertPosition;
  std::vector<std::string> leading = leadingArgs();
  if (!options.compileCommands.empty()) {
    std::vector<std::string> extra = optionArgs(options);
    leading.insert(leading.end(), extra.begin(), extra.end());
  }
  tool.appendArgumentsAdjuster(
      clang::tooling::getInsertArgumentAdjuster(leading, ArgumentInsertPosition::BEGIN));
  tool.appendArgumentsAdjuster(
      clang::tooling::getInsertArgumentAdjuster(trailingArgs(), ArgumentInsertPosition::END));
  unit.diagnostics = std::make_unique<FirstErrorConsumer>(path);
  tool.setDiagnosticConsumer(unit.diagnostics.get());
  tool.setPrintErrorMessage(false);
  tool.setRestoreWorkingDir(false);
  PreprocessFindings found;
  tool.run(preprocessActions(found).get());
  if (unit.diagnostics->error) throw *unit.diagnostics->error;
  std::vector<std::string> noBuiltin;
  for (const std::string& name : found.knrLibraryDefinitions)
    noBuiltin.push_back("-fno-builtin-" + name);
  tool.appendArgumentsAdjuster(
      clang::tooling::getInsertArgumentAdjuster(noBuiltin, ArgumentInsertPosition::END));
  std::vector<std::unique_ptr<clang::ASTUnit>> asts;
  tool.buildASTs(asts);
  if (unit.diagnostics->error) throw *unit.diagnostics->error;
  if (asts.size() != 1 || asts[0]->getDiagnostics().hasErrorOccurred())
    throw UserError("cannot parse file", path);
  unit.ast = std::move(asts[0]);
  return unit;
}

/// `sources[i]`: the text of `paths[i]`, or null to read the file.
std::unique_ptr<ir::Program> parse(const std::vector<std::string>& paths,
                                   const std::vector<const std::string*>& sources,
                                   const Options& options) {
  if (paths.empty()) throw UserError("no source file given");
  ProgramDatabase db(options);
  std::vector<ParsedUnit> units;
  std::vector<clang::ASTContext*> contexts;
  std::vector<LowerOptions> lowerOptions;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j)
      if (llvm::sys::fs::equivalent(paths[i], paths[j]) || paths[i] == paths[j])
        throw UserError("source file given twice (as " + paths[j] + " and " + paths[i] + ")",
                        paths[i]);
    units.push_back(parseUnit(paths[i], sources[i], db, options));
    contexts.push_back(&units.back().ast->getASTContext());
    lowerOptions.push_back(LowerOptions{paths[i], options.trusted, options.entry, options.warn});
  }
  return lowerProgram(contexts, lowerOptions);
}

void checkReadable(const std::string& path) {
  if (!llvm::sys::fs::is_regular_file(path) || !std::ifstream(path))
    throw UserError("cannot open file", path);
}

}  // namespace

std::unique_ptr<ir::Program> parseFile(const std::string& path, const Options& options) {
  return parseFiles({path}, options);
}

std::unique_ptr<ir::Program> parseFiles(const std::vector<std::string>& paths,
                                        const Options& options) {
  for (const std::string& path : paths)
    checkReadable(path);
  return parse(paths, std::vector<const std::string*>(paths.size(), nullptr), options);
}

std::unique_ptr<ir::Program> parseSource(const std::string& source, const std::string& path,
                                         const Options& options) {
  return parse({path}, {&source}, options);
}

std::unique_ptr<ir::Program>
parseSources(const std::vector<std::pair<std::string, std::string>>& units,
             const Options& options) {
  std::vector<std::string> paths;
  std::vector<const std::string*> sources;
  for (const auto& [path, source] : units) {
    paths.push_back(path);
    sources.push_back(&source);
  }
  return parse(paths, sources, options);
}

std::vector<std::string> compileCommandsSources(const std::string& path) {
  std::unique_ptr<clang::tooling::CompilationDatabase> db = jsonDatabase(path);
  const std::string cwd = currentDirectory() + "/";
  std::vector<std::string> files;
  for (const clang::tooling::CompileCommand& c : db->getAllCompileCommands()) {
    llvm::SmallString<256> file(c.Filename);
    if (!llvm::sys::path::is_absolute(file)) {
      file = c.Directory;
      llvm::sys::path::append(file, c.Filename);
    }
    llvm::sys::path::remove_dots(file, /*remove_dot_dot=*/true);
    std::string name = file.str().str();
    if (name.rfind(cwd, 0) == 0) name = name.substr(cwd.size());  // shown as given nearby
    if (std::find(files.begin(), files.end(), name) == files.end()) files.push_back(name);
  }
  if (files.empty()) throw UserError("the compilation database lists no source file", path);
  return files;
}

}  // namespace culprit::frontend

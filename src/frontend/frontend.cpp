// Runs Clang's real frontend (driver, preprocessor, Sema) on one C file through ClangTool and
// hands the type-checked AST to the Lowerer.
//
// Command line: the file's entry in compile_commands.json when one is given and lists it,
// otherwise Options' -I/-D/-std; always `-x c`, Clang's resource directory, -fsigned-char (plain
// char is signed in culprit's model) and culprit's own <assert.h>, a virtual file in a virtual
// -isystem directory searched before the system headers, and its library prelude (prelude.h),
// force-included, with glibc's ctype macros off and no Clang builtins. Warnings are ignored (-w,
// with the diagnostics that Clang may turn into errors by default downgraded first, so K&R code,
// implicit int and implicit declarations parse). The first error becomes a UserError with Clang's
// message and location; nothing is ever printed. Errors thrown while lowering are carried out of
// Clang's callbacks (LLVM is built without exceptions) and rethrown once ClangTool has returned.
#include "frontend/frontend.h"
#include "frontend/lowering.h"
#include "frontend/prelude.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <exception>
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

/// What the AST consumer produces: a program, or the exception lowering threw.
struct Outcome {
  std::unique_ptr<ir::Program> program;
  std::exception_ptr failure;
};

class LowerConsumer : public clang::ASTConsumer {
public:
  LowerConsumer(const LowerOptions& options, Outcome& out) : options_(options), out_(out) {}
  void HandleTranslationUnit(clang::ASTContext& ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) return;
    try {
      out_.program = lowerTranslationUnit(ctx, options_);
    } catch (...) {
      out_.failure = std::current_exception();
    }
  }

private:
  const LowerOptions& options_;
  Outcome& out_;
};

/// Most macro expansions in one translation unit. A macro bomb (`#define A1 A0 A0`, ... 30
/// levels) would otherwise expand until memory runs out; ordinary programs, their system
/// headers included, stay far below.
constexpr unsigned kMaxMacroExpansions = 2'000'000;

/// Counts macro expansions; past kMaxMacroExpansions, reports a fatal error at the expansion
/// and turns macro expansion off, so that the tokens left are read once and parsing ends.
class ExpansionBound : public clang::PPCallbacks {
public:
  explicit ExpansionBound(clang::Preprocessor& pp) : pp_(pp) {}
  void MacroExpands(const clang::Token& name, const clang::MacroDefinition&, clang::SourceRange,
                    const clang::MacroArgs*) override {
    if (++count_ != kMaxMacroExpansions + 1) return;
    clang::DiagnosticsEngine& d = pp_.getDiagnostics();
    const unsigned id = d.getCustomDiagID(
        clang::DiagnosticsEngine::Fatal,
        "macro expansion too large: more than %0 macro expansions (a recursive macro bomb?)");
    d.Report(name.getLocation(), id) << kMaxMacroExpansions;
    pp_.SetMacroExpansionOnlyInDirectives();
  }

private:
  clang::Preprocessor& pp_;
  unsigned count_ = 0;
};

class LowerAction : public clang::ASTFrontendAction {
public:
  LowerAction(const LowerOptions& options, Outcome& out) : options_(options), out_(out) {}
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    ci.getPreprocessor().addPPCallbacks(std::make_unique<ExpansionBound>(ci.getPreprocessor()));
    return true;
  }
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&,
                                                        llvm::StringRef) override {
    return std::make_unique<LowerConsumer>(options_, out_);
  }

private:
  const LowerOptions& options_;
  Outcome& out_;
};

class LowerActionFactory : public clang::tooling::FrontendActionFactory {
public:
  LowerActionFactory(const LowerOptions& options, Outcome& out) : options_(options), out_(out) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<LowerAction>(options_, out_);
  }

private:
  const LowerOptions& options_;
  Outcome& out_;
};

/// Arguments culprit always adds, in front of the compile command's own.
std::vector<std::string> leadingArgs() {
  return {"-xc",
          "-resource-dir=" CULPRIT_CLANG_RESOURCE_DIR,
          "-isystem",
          kVirtualIncludeDir,
          "-fsigned-char",
          "-fno-builtin",
          "-D__NO_CTYPE",
          "-include",
          kPreludePath,
          "-fno-color-diagnostics",
          "-fno-caret-diagnostics",
          "-ferror-limit=1"};
}

/// Arguments that must win over the compile command's own, appended at the end.
std::vector<std::string> trailingArgs() {
  return {"-Wno-error",
          "-Wno-error=implicit-function-declaration",
          "-Wno-error=implicit-int",
          "-Wno-error=return-type",
          "-Wno-error=int-conversion",
          "-Wno-error=incompatible-pointer-types",
          "-w"};
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

/// The compile_commands.json entry for `path`, if Options name a database that lists it.
std::unique_ptr<clang::tooling::CompilationDatabase> jsonDatabase(const std::string& path,
                                                                  const Options& o) {
  if (o.compileCommands.empty()) return nullptr;
  std::string file = o.compileCommands;
  if (llvm::sys::fs::is_directory(file)) file += "/compile_commands.json";
  std::string error;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromFile(
      file, error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db) throw UserError("cannot read compilation database: " + error, file);
  llvm::SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  if (db->getCompileCommands(absolute).empty()) return nullptr;
  return db;
}

std::unique_ptr<ir::Program> parse(const std::string& path, const std::string* source,
                                   const Options& options) {
  std::unique_ptr<clang::tooling::CompilationDatabase> db = jsonDatabase(path, options);
  if (!db)
    db = std::make_unique<clang::tooling::FixedCompilationDatabase>(currentDirectory(),
                                                                    optionArgs(options));
  clang::tooling::ClangTool tool(*db, {path}, std::make_shared<clang::PCHContainerOperations>(),
                                 llvm::vfs::createPhysicalFileSystem());
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
  FirstErrorConsumer diagnostics(path);
  tool.setDiagnosticConsumer(&diagnostics);
  tool.setPrintErrorMessage(false);
  tool.setRestoreWorkingDir(false);

  LowerOptions lowerOptions{path, options.trusted, options.entry};
  Outcome outcome;
  LowerActionFactory factory(lowerOptions, outcome);
  tool.run(&factory);
  if (diagnostics.error) throw *diagnostics.error;
  if (outcome.failure) std::rethrow_exception(outcome.failure);
  if (!outcome.program) throw UserError("cannot parse file", path);
  return std::move(outcome.program);
}

}  // namespace

std::unique_ptr<ir::Program> parseFile(const std::string& path, const Options& options) {
  if (!llvm::sys::fs::is_regular_file(path) || !std::ifstream(path))
    throw UserError("cannot open file", path);
  return parse(path, nullptr, options);
}

std::unique_ptr<ir::Program> parseSource(const std::string& source, const std::string& path,
                                         const Options& options) {
  return parse(path, &source, options);
}

}  // namespace culprit::frontend

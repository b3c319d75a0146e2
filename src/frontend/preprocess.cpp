// The preprocessing pass before the parse: a bound on macro expansions, and a scan of the
// preprocessed tokens for K&R-style definitions of library functions (see preprocess.h).
#include "frontend/preprocess.h"

#include <clang/Basic/Builtins.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>

namespace culprit::frontend {

namespace {

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

/// Recognises `NAME ( [ident {, ident}] )` followed by `{`, a keyword or an identifier: the
/// head of a definition without a prototype (a call is never followed by those). Fed the
/// preprocessed tokens one by one.
class KnrDefinitionScanner {
public:
  explicit KnrDefinitionScanner(std::set<std::string>& found) : found_(found) {
    for (unsigned id = 1; id < clang::Builtin::FirstTSBuiltin; ++id)
      if (info_.isPredefinedLibFunction(id)) library_.insert(info_.getName(id));
  }

  void feed(const clang::Token& tok) {
    switch (state_) {
    case State::AfterName:
      if (tok.is(clang::tok::l_paren)) return set(State::ListStart);
      break;
    case State::ListStart:
      if (tok.is(clang::tok::identifier)) return set(State::AfterParam);
      if (tok.is(clang::tok::r_paren)) return set(State::AfterList);
      break;
    case State::AfterParam:
      if (tok.is(clang::tok::comma)) return set(State::AfterComma);
      if (tok.is(clang::tok::r_paren)) return set(State::AfterList);
      break;
    case State::AfterComma:
      if (tok.is(clang::tok::identifier)) return set(State::AfterParam);
      break;
    case State::AfterList:
      if (tok.is(clang::tok::l_brace) || tok.getIdentifierInfo() != nullptr) found_.insert(name_);
      break;
    case State::Idle: break;
    }
    state_ = State::Idle;
    if (tok.is(clang::tok::identifier) && library_.count(tok.getIdentifierInfo()->getName())) {
      name_ = tok.getIdentifierInfo()->getName().str();
      state_ = State::AfterName;
    }
  }

private:
  enum class State { Idle, AfterName, ListStart, AfterParam, AfterComma, AfterList };
  void set(State s) { state_ = s; }

  clang::Builtin::Context info_;
  std::set<llvm::StringRef> library_;
  std::set<std::string>& found_;
  State state_ = State::Idle;
  std::string name_;
};

/// Preprocesses a unit with the expansion bound, scanning its tokens (ClangTool::buildASTs,
/// which builds every unit's AST, takes no preprocessor callbacks).
class ScanningPreprocess : public clang::PreprocessorFrontendAction {
public:
  explicit ScanningPreprocess(PreprocessFindings& findings) : findings_(findings) {}

private:
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    ci.getPreprocessor().addPPCallbacks(std::make_unique<ExpansionBound>(ci.getPreprocessor()));
    return true;
  }

  void ExecuteAction() override {
    clang::Preprocessor& pp = getCompilerInstance().getPreprocessor();
    KnrDefinitionScanner scanner(findings_.knrLibraryDefinitions);
    clang::Token tok;
    pp.EnterMainSourceFile();
    do {
      pp.Lex(tok);
      scanner.feed(tok);
    } while (tok.isNot(clang::tok::eof));
  }

  PreprocessFindings& findings_;
};

class ScanningFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit ScanningFactory(PreprocessFindings& findings) : findings_(findings) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<ScanningPreprocess>(findings_);
  }

private:
  PreprocessFindings& findings_;
};

}  // namespace

std::unique_ptr<clang::tooling::FrontendActionFactory>
preprocessActions(PreprocessFindings& findings) {
  return std::make_unique<ScanningFactory>(findings);
}

}  // namespace culprit::frontend

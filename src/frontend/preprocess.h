// The preprocessing pass the frontend runs over each translation unit before Clang parses it
// (frontend.cpp): it bounds macro expansion and finds what the parse must be told about.
#pragma once

#include <memory>
#include <set>
#include <string>

#include <clang/Tooling/Tooling.h>

namespace culprit::frontend {

/// What the preprocessing pass found in one translation unit.
struct PreprocessFindings {
  /// Library functions (names Clang treats as library builtins) the unit defines without a
  /// prototype, K&R style: the parse must take them as plain functions (-fno-builtin-NAME).
  /// Clang 14 checks a call to a builtin such as strcpy or memcpy against the library's
  /// parameter list and reads past the call's arguments when the call has fewer than that,
  /// which a call to a K&R definition may have (it crashes).
  std::set<std::string> knrLibraryDefinitions;
};

/// Actions for ClangTool::run: preprocess each unit with the macro expansion bound (a fatal
/// error past it), recording their findings in `findings`.
std::unique_ptr<clang::tooling::FrontendActionFactory>
preprocessActions(PreprocessFindings& findings);

}  // namespace culprit::frontend

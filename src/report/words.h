// The words every report uses for the same things (text, JSON, SARIF, HTML, bench plots):
// feasibility verdicts, what a statement instance produces, a branch or switch decision, an
// angelic value, and escaping for XML/HTML/SVG.
#pragma once

#include "ir/ir.h"
#include "localize/technique.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace culprit::report {

/// "feasible", "infeasible", "unchecked".
const char* feasibilityName(localize::Feasibility f);

/// What statement `stmt` produces, in words: the variable it assigns ("lhs", "a[...]"),
/// "return value", "condition", or "value".
std::string producedName(const ir::Program& program, const ir::Stmt& stmt);
/// The C type of the value `stmt` produces (nullptr for a branch or an unknown one).
ir::TypeRef producedType(const ir::Program& program, const ir::Stmt& stmt);
/// `v`, a value `stmt` produced, in C's terms: floating values as numbers ("4.5"), not as bits.
std::string valueText(const ir::Program& program, const ir::Stmt& stmt, std::int64_t v);

/// A branch decision in words: "true"/"false"; for a switch (the arm index) the arm's labels,
/// "case 2 / case 3", "default", or "no case".
std::string decisionText(const ir::Stmt& stmt, std::int64_t decision);

/// An angelic value in words, without its place: "lhs = 31 (failing run: 41)", "condition
/// true (failing run: false)", "enters case 2 (failing run: default)".
std::string angelicValueText(const ir::Program& program, const localize::AngelicValue& a);
/// The value a non-branch angelic value replaces: the failing run's, or a macro constant's
/// #defined value (a macro's uses do not record it in the run).
std::optional<std::int64_t> originalValue(const ir::Program& program,
                                          const localize::AngelicValue& a);

/// How loudly a report shows an incompleteness reason (Result::incompleteReason, parts joined by
/// "; "). A bound on the enumeration the user chose (--max-size, --max-count, --max-deviations,
/// --max-refinements) is a Note: the results within the bound are all there. Anything else (a
/// timeout, the memory bound, an unwinding bound below the run, the whole-run budget, the solver
/// giving up) is a Warning: results the bound was meant to allow may be missing.
enum class Severity : std::uint8_t { Note, Warning };
Severity incompleteSeverity(std::string_view reason);
/// "note", "warning" (also the SARIF level).
const char* severityName(Severity s);
/// The files holding the program's own code: its first file, then every other file with a
/// statement of a function that is not trusted (a program of several files names them all).
std::vector<std::string> programFiles(const ir::Program& program);
/// programFiles joined with ", " ("?" for none): how a report's heading names the program.
std::string programName(const ir::Program& program);

/// `text` with & < > " ' replaced by entities (element content and quoted attributes).
std::string xmlEscape(std::string_view text);

}  // namespace culprit::report

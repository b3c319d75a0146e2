// sscanf of a string whose characters the program computes, by finite case analysis (private to
// encode/). The string's cells are terms; a case fixes what the scan depends on:
//  - Booleans and integer terms the cells compare with numerals (a stdin position the path
//    decides, the offset of a store at a computed index, a relaxed branch decision): each
//    takes a value or an interval between the numerals it is compared with, and the cells are
//    evaluated under those facts;
//  - characters still computed after that: each falls in a class of characters the scan cannot
//    tell apart (the NUL, the spaces, each character the format names or a number may use,
//    all others), and the scan runs on a representative. A computed character the scan copies
//    (%c, %s) is stored as its term, so a class stands for all its characters exactly.
// Cells are evaluated in order and split only where the scan looks: past the point where the
// scan stops, they only have to hold a NUL (ScanCase::terminates). The cases' conditions are
// exclusive and cover every value of the cells.
#pragma once

#include "encode/cint.h"
#include "exec/builtins.h"

#include <optional>
#include <string>
#include <vector>

namespace culprit::encode::detail {

/// A character of a scan's input the program computed: the term it is, of C type `kind`.
struct ScanChar {
  z3::expr value;
  ir::IntKind kind = ir::IntKind::Char;
};

/// One way a scanf-family call may read: where `when` holds, it converts `result` and stops
/// at `after` (stdin: the position it leaves). `chars`: the computed characters of its input,
/// by position (empty: none).
struct ScanCase {
  z3::expr when;
  exec::libc::Scanned result;
  std::size_t after = 0;
  std::vector<std::optional<ScanChar>> chars;
  /// Numeric conversions whose digits vary (EncodeOptions::freeStdin): item k's value as a
  /// term of kind Long, before its conversion to the item's kind (empty or nullopt: the
  /// item's own value).
  std::vector<std::optional<z3::expr>> values;
  /// Where `when` holds, the string is NUL-terminated within its object iff this holds (else
  /// the call is a runtime error); nullopt: it is.
  std::optional<z3::expr> terminates;
};

/// The cases of sscanf(cells..., format) for the cells (terms of kind `kind`) from the string's
/// start to the end of its object; nullopt when the cells depend on the path in a way the
/// analysis cannot split, or when there would be more than `maxCases` cases.
std::optional<std::vector<ScanCase>> scanComputed(const CInts& ints,
                                                  const std::vector<z3::expr>& cells,
                                                  ir::IntKind kind, const std::string& format,
                                                  std::size_t maxCases);

}  // namespace culprit::encode::detail

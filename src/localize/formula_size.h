// The size of a formula once bit-blasted, estimated on its terms: what a program formula's
// first solver query has to build before it can search (pf's --formula-bits).
#pragma once

#include "encode/encode.h"

#include <cstdint>

namespace culprit::localize {

/// The hard clauses' distinct terms, by what bit-blasting them costs.
struct FormulaSize {
  std::uint64_t terms = 0;  ///< distinct terms (shared subterms counted once)
  /// Their bits: a bit-vector term its width, any other term (Boolean, integer) 1. Once
  /// bit-blasted, a formula has about a gate per bit of its terms (a multiplier more).
  std::uint64_t bits = 0;
};

FormulaSize formulaSize(const encode::Encoding& enc);

}  // namespace culprit::localize

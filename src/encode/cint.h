// C integer semantics over Z3 terms (private to encode/).
//
// BitVector mode is exact for the LP64 target: a value of kind K is a bit-vector of K's width
// (_Bool: 1 bit); signedness picks the operation (bvsdiv/bvsrem truncate like C, bvudiv/bvurem,
// bvashr/bvlshr, signed/unsigned comparisons); conversions extract or extend.
// Math mode uses unbounded integers. With checkOverflow (the default) it is exact too: signed
// results must stay in range (else the run has undefined behaviour, a runtime error), and
// everything C defines as modular is normalised with mod 2^w — unsigned arithmetic, conversions
// to narrower types or across signedness — while / and % truncate toward zero as in C, shifts by
// a constant are products/quotients by a power of two (>> floors, as gcc's arithmetic shift) and
// bitwise operators and variable shifts go through int2bv/bv2int of the type's width (slow in
// Z3). Without checkOverflow, signed arithmetic is mathematical: no wraparound.
// Operations on numerals are folded with the interpreter's own arithmetic (exec/arith.h):
// trace formulas of concrete runs stay constant without calling Z3's simplifier, whose setup
// costs about a millisecond per call.
// float and double are Z3 floating-point terms of IEEE binary32 and binary64 in either mode,
// with round-to-nearest-even as x86-64 computes them (cfloat.cpp); conversions between them and
// integers round (to floating) or truncate (to integer, defined only in range) as C does.
// Every operation also returns the condition under which C defines it (no division by zero, no
// INT_MIN / -1, shift amount in range; signed overflow when checkOverflow is set): the encoder
// makes it a hard runtime-error check, as the interpreter fails such runs.
#pragma once

#include "encode/encode.h"

#include <optional>

namespace culprit::encode::detail {

class CInts {
public:
  CInts(z3::context& ctx, Ints mode, bool checkOverflow)
      : ctx_(&ctx), mode_(mode), checkOverflow_(checkOverflow) {}

  z3::context& ctx() const { return *ctx_; }
  /// A floating-point sort was used (the solver then bit-blasts: see solve::kFloatLogic).
  bool usedFloats() const { return usedFloats_; }
  Ints mode() const { return mode_; }
  z3::sort sort(ir::IntKind k) const;
  /// The sort of cell offsets and indexes (64-bit vector, or integer).
  z3::sort indexSort() const;
  /// `v` (normalised to `k`) as a term.
  z3::expr literal(std::int64_t v, ir::IntKind k) const;
  z3::expr index(std::int64_t v) const;
  z3::expr fresh(const std::string& name, ir::IntKind k) const;

  z3::expr convert(const z3::expr& v, ir::IntKind from, ir::IntKind to) const;
  /// Where C defines `convert(v, from, to)`: a floating value converted to an integer kind must
  /// truncate into its range (true otherwise).
  z3::expr convertDefined(const z3::expr& v, ir::IntKind from, ir::IntKind to) const;
  /// math.h's `f` on floating operands of kind `k` (see exec::arith::math): exact in IEEE
  /// arithmetic for sqrt, fabs, floor, ceil, round, trunc, fmin, fmax and the classifications,
  /// folded on numerals for the others; nullopt for another function of a computed operand.
  std::optional<z3::expr> math(ir::MathFn f, ir::IntKind k, const z3::expr& a,
                               const z3::expr& b) const;
  /// `v` of kind `from` as an offset (sign- or zero-extended to 64 bits).
  z3::expr toIndex(const z3::expr& v, ir::IntKind from) const;
  /// `v != 0`.
  z3::expr truth(const z3::expr& v) const;
  /// 1 or 0 of kind `k`.
  z3::expr fromBool(const z3::expr& b, ir::IntKind k) const;

  struct Checked {
    z3::expr value;
    z3::expr defined;  ///< Boolean: the operation has defined behaviour
  };
  /// `a op b` computed in kind `k`; for shifts `b` has its own kind `bk`.
  Checked binary(ir::BinOp op, ir::IntKind k, const z3::expr& a, const z3::expr& b,
                 ir::IntKind bk) const;
  /// `a op b` for a comparison of operands of kind `k` (Boolean term).
  z3::expr compare(ir::BinOp op, ir::IntKind k, const z3::expr& a, const z3::expr& b) const;
  Checked unary(ir::UnOp op, ir::IntKind k, const z3::expr& a) const;

  /// Offset arithmetic, folding numerals.
  z3::expr indexAdd(const z3::expr& a, const z3::expr& b) const;
  z3::expr indexScale(const z3::expr& a, std::int64_t by) const;
  /// `a / by` for an `a` that is a multiple of `by` (an offset difference in elements).
  z3::expr indexExactDiv(const z3::expr& a, std::int64_t by) const;
  /// Unsigned `a / by` (a byte count in elements of `by` bytes) and `a * b`, folding numerals.
  z3::expr indexUDiv(const z3::expr& a, std::int64_t by) const;
  z3::expr indexMul(const z3::expr& a, const z3::expr& b) const;
  /// Index comparisons.
  z3::expr indexLess(const z3::expr& a, const z3::expr& b) const;  ///< unsigned a < b
  z3::expr indexInRange(const z3::expr& i, std::uint64_t lo, std::uint64_t hiExclusive) const;

  /// `v` is a value of kind `k` (always true for bit-vectors; a range constraint for integers,
  /// needed on free values for Math mode to stay exact).
  z3::expr valueOfKind(const z3::expr& v, ir::IntKind k) const;
  /// The term equals the normalised value `v` of kind `k`.
  z3::expr equals(const z3::expr& term, ir::IntKind k, std::int64_t v) const;
  /// Evaluates `term` in `model` (with completion), normalised to `k`.
  std::int64_t valueIn(const z3::model& model, const z3::expr& term, ir::IntKind k) const;
  /// The numeral `term` normalised to `k`, if it is one.
  std::optional<std::int64_t> numeral(const z3::expr& term, ir::IntKind k) const;

private:
  // Floating kinds (cfloat.cpp).
  z3::sort floatSort(ir::IntKind k) const;
  z3::expr floatLiteral(std::int64_t bits, ir::IntKind k) const;
  std::optional<std::int64_t> floatNumeral(const z3::expr& term, ir::IntKind k) const;
  z3::expr floatConvert(const z3::expr& v, ir::IntKind from, ir::IntKind to) const;
  Checked floatBinary(ir::BinOp op, ir::IntKind k, const z3::expr& a, const z3::expr& b) const;
  z3::expr floatCompare(ir::BinOp op, const z3::expr& a, const z3::expr& b) const;
  Checked floatUnary(ir::UnOp op, ir::IntKind k, const z3::expr& a) const;
  z3::expr rne() const;

  /// `a op b` on two numerals, computed by the interpreter's arithmetic (nullopt otherwise).
  std::optional<Checked> foldBinary(ir::BinOp op, ir::IntKind k, const z3::expr& a,
                                    const z3::expr& b, ir::IntKind bk) const;
  bool numeralIsZero(const z3::expr& v) const;
  z3::expr arith(ir::BinOp op, ir::IntKind k, const z3::expr& a, const z3::expr& b) const;
  /// p when bit-vector numeral `b` is 2^p, a positive divisor of its kind (p >= 1).
  std::optional<unsigned> powerOfTwo(const z3::expr& b, bool isSigned) const;
  /// `a / 2^p` or `a % 2^p` as C computes them (truncating), by shifts and masks.
  z3::expr byPowerOfTwo(ir::BinOp op, bool isSigned, const z3::expr& a, unsigned p) const;
  z3::expr mathDivide(ir::BinOp op, const z3::expr& a, const z3::expr& b) const;
  z3::expr mathBitwise(ir::BinOp op, ir::IntKind k, const z3::expr& a, const z3::expr& b,
                       ir::IntKind bk) const;
  Checked signedProduct(const z3::expr& a, const z3::expr& b) const;
  Checked constantProduct(const z3::expr& a, const z3::expr& c) const;
  /// Bits of `e` that carry its value: the source width of a sign extension, else its width.
  static unsigned significantBits(const z3::expr& e);
  Checked shift(ir::BinOp op, ir::IntKind k, const z3::expr& a, const z3::expr& b,
                ir::IntKind bk) const;
  /// Math mode: every value of `from` is a value of `to`.
  static bool fits(ir::IntKind from, ir::IntKind to);
  z3::expr power2(unsigned w) const;
  /// Math mode: C's modular conversion of `v` to `k`.
  z3::expr wrap(const z3::expr& v, ir::IntKind k) const;
  z3::expr overflowFree(ir::BinOp op, ir::IntKind k, const z3::expr& a, const z3::expr& b) const;
  z3::expr inRange(const z3::expr& v, ir::IntKind k) const;

  z3::context* ctx_;
  mutable bool usedFloats_ = false;
  Ints mode_;
  bool checkOverflow_;
};

/// The bit pattern of a floating-point numeral of kind `k`, if `t` is one (a NaN as x86-64's
/// default NaN: Z3 has only one).
std::optional<std::int64_t> floatBits(const z3::expr& t, ir::IntKind k);

/// Conjunction/disjunction that fold the constants true and false.
z3::expr conj(const z3::expr& a, const z3::expr& b);
z3::expr disj(const z3::expr& a, const z3::expr& b);
z3::expr imply(const z3::expr& a, const z3::expr& b);
/// Negation and equality that fold constants (numerals, true, false, identical terms).
z3::expr negate(const z3::expr& a);
z3::expr equal(const z3::expr& a, const z3::expr& b);
/// ite that folds a constant condition and equal branches.
z3::expr choose(const z3::expr& c, const z3::expr& t, const z3::expr& e);
bool sameTerm(const z3::expr& a, const z3::expr& b);

}  // namespace culprit::encode::detail

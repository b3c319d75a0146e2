// Helpers shared by the solver-layer tests: formulas kept as plain data (so an independent
// z3::solver can check them), loading them into a Session, a brute-force MCS oracle, and a
// seeded generator of small random formulas with Boolean and bit-vector side constraints.
#pragma once

#include "solve/session.h"

#include <z3++.h>

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace culprit::solve::testutil {

/// hard ∧ ⋀_i (selectors[i] → groups[i]); soft group i has weight weights[i].
struct Formula {
  std::vector<z3::expr> hard;
  std::vector<z3::expr> selectors;
  std::vector<z3::expr> groups;
  std::vector<Weight> weights;

  void addGroup(const z3::expr& selector, const z3::expr& group, Weight w = 1) {
    selectors.push_back(selector);
    groups.push_back(group);
    weights.push_back(w);
  }
  std::size_t size() const { return selectors.size(); }
};

/// A constraint z3 cannot settle quickly: factor a product of two 40-bit primes in 128 bits.
inline z3::expr hardFactoring(z3::context& ctx) {
  z3::expr p = ctx.bv_const("p", 64), q = ctx.bv_const("q", 64);
  z3::expr n = ctx.bv_val("1208925819335353221265601", 128);  // (2^40-87) * (2^40-167)
  return z3::zext(p, 64) * z3::zext(q, 64) == n && z3::ugt(p, ctx.bv_val(1, 64)) &&
         z3::ugt(q, ctx.bv_val(1, 64));
}

inline void load(Session& s, const Formula& f) {
  for (const z3::expr& h : f.hard)
    s.addHard(h);
  for (std::size_t i = 0; i < f.size(); ++i) {
    s.addHard(z3::implies(f.selectors[i], f.groups[i]));
    s.addSoft(f.selectors[i], f.weights[i]);
  }
}

/// Which subsets of soft groups are correction sets, by direct solving (no culprit code).
class BruteForce {
public:
  BruteForce(z3::context& ctx, const Formula& f) : f_(f), solver_(ctx) {
    for (const z3::expr& h : f.hard)
      solver_.add(h);
    for (std::size_t i = 0; i < f.size(); ++i)
      solver_.add(z3::implies(f.selectors[i], f.groups[i]));
  }

  /// Is hard ∧ (groups outside `mask`) satisfiable?
  bool corrects(std::uint32_t mask) {
    auto it = cache_.find(mask);
    if (it != cache_.end()) return it->second;
    z3::expr_vector assumptions(solver_.ctx());
    for (std::size_t i = 0; i < f_.size(); ++i)
      if (!(mask >> i & 1)) assumptions.push_back(f_.selectors[i]);
    bool sat = solver_.check(assumptions) == z3::sat;
    return cache_[mask] = sat;
  }

  bool isMcs(std::uint32_t mask) {
    if (!corrects(mask)) return false;
    for (std::size_t i = 0; i < f_.size(); ++i)
      if ((mask >> i & 1) && corrects(mask & ~(1u << i))) return false;
    return true;
  }

  /// All MCSs with at most `maxSize` groups (0: any size), as sorted id lists.
  std::set<std::vector<SoftId>> mcses(std::size_t maxSize) {
    std::set<std::vector<SoftId>> result;
    for (std::uint32_t mask = 0; mask < (1u << f_.size()); ++mask) {
      if (maxSize && static_cast<std::size_t>(__builtin_popcount(mask)) > maxSize) continue;
      if (isMcs(mask)) result.insert(toIds(mask));
    }
    return result;
  }

  static std::vector<SoftId> toIds(std::uint32_t mask) {
    std::vector<SoftId> ids;
    for (SoftId i = 0; i < 32; ++i)
      if (mask >> i & 1) ids.push_back(i);
    return ids;
  }
  static std::uint32_t toMask(const std::vector<SoftId>& ids) {
    std::uint32_t mask = 0;
    for (SoftId i : ids)
      mask |= 1u << i;
    return mask;
  }

private:
  const Formula& f_;
  z3::solver solver_;
  std::map<std::uint32_t, bool> cache_;
};

/// Soft groups a; ¬a ∨ b; ¬b; c; ¬c; ¬a (ids 0..5) over Booleans, no hard part. MUSes:
/// {0,5}, {0,1,2}, {3,4}; MCSs (their minimal hitting sets): {0,3}, {0,4}, {1,3,5}, {1,4,5},
/// {2,3,5}, {2,4,5}.
inline Formula handFormula(z3::context& ctx, std::vector<Weight> weights = {1, 1, 1, 1, 1, 1}) {
  z3::expr a = ctx.bool_const("a"), b = ctx.bool_const("b"), c = ctx.bool_const("c");
  std::vector<z3::expr> groups = {a, !a || b, !b, c, !c, !a};
  Formula f;
  for (std::size_t i = 0; i < groups.size(); ++i)
    f.addGroup(ctx.bool_const(("h" + std::to_string(i)).c_str()), groups[i], weights[i]);
  return f;
}

/// Random formula over `groups` soft groups: 3 Booleans and 3 bit-vectors of width 4; each
/// group is one or two clauses of 1–3 literals; 1–3 hard clauses (satisfiable on their own).
/// Weights are 1, or random in 1..4 when `weighted`.
inline Formula randomFormula(z3::context& ctx, std::mt19937& rng, std::size_t groups,
                             bool weighted) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::vector<z3::expr> b, x;
  for (int i = 0; i < 3; ++i) {
    b.push_back(ctx.bool_const(("b" + std::to_string(i)).c_str()));
    x.push_back(ctx.bv_const(("x" + std::to_string(i)).c_str(), 4));
  }
  auto atom = [&]() -> z3::expr {
    const z3::expr& u = x[pick(0, 2)];
    const z3::expr& v = x[pick(0, 2)];
    z3::expr c = ctx.bv_val(pick(0, 15), 4);
    switch (pick(0, 5)) {
    case 0: return b[pick(0, 2)];
    case 1: return u == c;
    case 2: return z3::ule(u, c);
    case 3: return u + v == c;
    case 4: return (u & c) == ctx.bv_val(pick(0, 15), 4);
    default: return u == v;
    }
  };
  auto literal = [&]() { return pick(0, 1) ? atom() : !atom(); };
  auto clause = [&]() {
    z3::expr_vector lits(ctx);
    for (int i = pick(1, 3); i > 0; --i)
      lits.push_back(literal());
    return z3::mk_or(lits);
  };
  for (;;) {
    Formula f;
    for (int i = pick(1, 3); i > 0; --i)
      f.hard.push_back(pick(0, 2) ? clause() : literal());
    z3::solver hardOnly(ctx);
    for (const z3::expr& h : f.hard)
      hardOnly.add(h);
    if (hardOnly.check() != z3::sat) continue;
    for (std::size_t i = 0; i < groups; ++i) {
      z3::expr sel = ctx.bool_const(("s" + std::to_string(i)).c_str());
      z3::expr group = pick(0, 3) ? (pick(0, 1) ? literal() : clause()) : clause() && clause();
      f.addGroup(sel, group, weighted ? static_cast<Weight>(pick(1, 4)) : 1);
    }
    return f;
  }
}

}  // namespace culprit::solve::testutil

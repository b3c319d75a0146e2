// MCS enumeration (all MCSs up to size 3) on formulas shaped like fault localization's:
// chains of 32-bit assignments v_k = f(v_{k-1}), each guarded by a selector, from a hard input
// to a hard, violated postcondition. Compared: culprit's engines ("maxsat", also with z3's
// QF_BV solver via SessionOptions::logic, and "cardinality") and the baseline a user would write,
// z3::optimize with one add_soft per group, re-solved after each blocking clause.
//
// Shape for n soft groups: a variable d whose last max(2, n/25) assignments follow a constant
// assignment (its earlier ones are overwritten), variables a, b, e, f, g with three such
// assignments each, and filler chains that reach no assertion. Postcondition (hard):
// d = c_d ∨ (a = c_a ∧ b = c_b) ∨ (e = c_e ∧ f = c_f ∧ g = c_g), every constant off by one.
// All steps after a constant assignment are bijections, so the MCSs are: each d step alone,
// each (a step, b step) pair and each (e, f, g) triple; n/25 + 9 + 27 of them.
#include "solve/mcs.h"

#include <benchmark/benchmark.h>
#include <z3++.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using culprit::solve::Session;

struct Chain {
  z3::expr value;         // the last SSA version
  std::uint32_t current;  // its concrete value on the failing run
};

struct Problem {
  std::vector<z3::expr> hard;
  std::vector<z3::expr> selectors;
  std::vector<z3::expr> groups;
  std::size_t expectedMcses = 0;
};

class Generator {
public:
  Generator(z3::context& ctx, std::uint32_t seed) : ctx_(ctx), rng_(seed) {}

  Problem make(std::size_t n) {
    const std::uint32_t input = 12345;
    z3::expr in = ctx_.bv_const("in", 32);
    problem_.hard.push_back(in == ctx_.bv_val(input, 32));
    const std::size_t dTail = std::max<std::size_t>(2, n / 25);
    Chain d = relevant("d", in, input, 4, dTail);
    std::vector<Chain> two, three;
    for (const char* v : {"a", "b"})
      two.push_back(relevant(v, in, input, 2, 3));
    for (const char* v : {"e", "f", "g"})
      three.push_back(relevant(v, in, input, 2, 3));
    for (int k = 0; problem_.selectors.size() < n; ++k) {
      Chain filler{in, input};
      std::string name = "w" + std::to_string(k);
      for (int i = 0; i < 20 && problem_.selectors.size() < n; ++i)
        step(name, filler, false);
    }
    auto fixed = [&](const Chain& c) { return c.value == ctx_.bv_val(c.current + 1, 32); };
    problem_.hard.push_back(fixed(d) || (fixed(two[0]) && fixed(two[1])) ||
                            (fixed(three[0]) && fixed(three[1]) && fixed(three[2])));
    problem_.expectedMcses = dTail + 9 + 27;
    return std::move(problem_);
  }

private:
  z3::context& ctx_;
  std::mt19937 rng_;
  Problem problem_;
  int versions_ = 0;

  /// `before` steps, a constant assignment, then `tail` - 1 more steps.
  Chain relevant(const std::string& name, const z3::expr& in, std::uint32_t input, int before,
                 std::size_t tail) {
    Chain c{in, input};
    for (int i = 0; i < before; ++i)
      step(name, c, false);
    step(name, c, true);
    for (std::size_t i = 1; i < tail; ++i)
      step(name, c, false);
    return c;
  }

  /// Appends the soft group v' = f(v) (a bijection) or v' = constant.
  void step(const std::string& name, Chain& c, bool constant) {
    z3::expr next = ctx_.bv_const((name + "_" + std::to_string(++versions_)).c_str(), 32);
    std::uint32_t k = rng_() | 1u;
    z3::expr kv = ctx_.bv_val(k, 32);
    z3::expr rhs = kv;
    if (constant) {
      c.current = k;
    } else {
      switch (rng_() % 4) {
      case 0: rhs = c.value + kv, c.current += k; break;
      case 1: rhs = c.value - kv, c.current -= k; break;
      case 2: rhs = c.value ^ kv, c.current ^= k; break;
      default: rhs = c.value * kv, c.current *= k; break;
      }
    }
    problem_.selectors.push_back(ctx_.bool_const(("sel_" + std::to_string(versions_)).c_str()));
    problem_.groups.push_back(next == rhs);
    c.value = next;
  }
};

constexpr std::size_t kMaxSize = 3;

void runEngine(benchmark::State& state, const char* engine, const char* logic = "") {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::size_t found = 0, queries = 0;
  for (auto _ : state) {
    state.PauseTiming();
    z3::context ctx;
    Problem p = Generator(ctx, 1).make(n);
    culprit::solve::SessionOptions options;
    options.logic = logic;
    auto session = std::make_unique<Session>(ctx, options);
    for (const z3::expr& h : p.hard)
      session->addHard(h);
    for (std::size_t i = 0; i < p.selectors.size(); ++i) {
      session->addHard(z3::implies(p.selectors[i], p.groups[i]));
      session->addSoft(p.selectors[i]);
    }
    state.ResumeTiming();
    auto e = culprit::solve::makeMcsEnumerator(engine, *session, {.maxSize = kMaxSize});
    culprit::solve::McsResult r = culprit::solve::enumerateMcses(*session, *e);
    found = r.mcses.size();
    queries = r.solver.queries;
    if (found != p.expectedMcses || !r.complete) state.SkipWithError("wrong MCS count");
    state.PauseTiming();
    e.reset();
    session.reset();
    state.ResumeTiming();
  }
  state.counters["mcses"] = static_cast<double>(found);
  state.counters["queries"] = static_cast<double>(queries);
}

void naiveOptimize(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::size_t found = 0, queries = 0;
  for (auto _ : state) {
    state.PauseTiming();
    z3::context ctx;
    Problem p = Generator(ctx, 1).make(n);
    state.ResumeTiming();
    z3::optimize opt(ctx);
    for (const z3::expr& h : p.hard)
      opt.add(h);
    for (std::size_t i = 0; i < p.selectors.size(); ++i) {
      opt.add(z3::implies(p.selectors[i], p.groups[i]));
      opt.add_soft(p.selectors[i], 1);
    }
    found = queries = 0;
    while (++queries, opt.check() == z3::sat) {
      z3::model m = opt.get_model();
      z3::expr_vector relaxed(ctx);
      for (const z3::expr& sel : p.selectors)
        if (m.eval(sel, true).is_false()) relaxed.push_back(sel);
      if (relaxed.size() > kMaxSize) break;
      ++found;
      opt.add(z3::mk_or(relaxed));
    }
    if (found != p.expectedMcses) state.SkipWithError("wrong MCS count");
  }
  state.counters["mcses"] = static_cast<double>(found);
  state.counters["queries"] = static_cast<double>(queries);
}

void BM_McsMaxSat(benchmark::State& state) { runEngine(state, "maxsat"); }
void BM_McsMaxSatQfBv(benchmark::State& state) { runEngine(state, "maxsat", "QF_BV"); }
void BM_McsCardinality(benchmark::State& state) { runEngine(state, "cardinality"); }
void BM_NaiveOptimize(benchmark::State& state) { naiveOptimize(state); }

}  // namespace

BENCHMARK(BM_McsMaxSat)->Arg(50)->Arg(200)->Arg(800)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_McsMaxSatQfBv)->Arg(50)->Arg(200)->Arg(800)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_McsCardinality)->Arg(50)->Arg(200)->Arg(800)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NaiveOptimize)->Arg(50)->Arg(200)->Arg(800)->Unit(benchmark::kMillisecond);

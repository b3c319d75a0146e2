// encode(), observe() and reading models back: angelic values and their instance keys.
#include "encode/encode.h"

#include "encode/symex.h"
#include "exec/arith.h"
#include "exec/host_stack.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <map>
#include <unordered_set>

namespace culprit::encode {

const char* familyName(Family f) {
  switch (f) {
  case Family::Program: return "program formula";
  case Family::TraceFlowSensitive: return "flow-sensitive trace formula";
  case Family::TraceFlowInsensitive: return "flow-insensitive trace formula";
  }
  return "?";
}

const std::string& NameSpace::prefix(z3::context& ctx) {
  if (prefix_.empty()) {
    const Z3_func_decl fresh = Z3_mk_fresh_func_decl(ctx, "e", 0, nullptr, Z3_mk_bool_sort(ctx));
    prefix_ = Z3_get_symbol_string(ctx, Z3_get_decl_name(ctx, fresh)) + std::string("!");
  }
  return prefix_;
}

std::uint32_t NameSpace::position(const std::string& key) {
  return positions_.try_emplace(key, static_cast<std::uint32_t>(positions_.size())).first->second;
}

namespace {
// Debugging aid (CULPRIT_FORMULA_STATS set): the formula's DAG size, and the statements whose
// hard clauses bring the most new terms, on stderr.
void printFormulaStats(const ir::Program& program, const Encoding& enc) {
  std::unordered_set<unsigned> seen;
  std::map<ir::StmtId, std::size_t> byStmt;
  std::map<std::string, std::size_t> ops, bitsByOp;
  std::vector<z3::expr> todo;
  for (const HardClause& h : enc.hard) {
    std::size_t fresh = 0;
    todo.push_back(h.clause);
    while (!todo.empty()) {
      z3::expr e = todo.back();
      todo.pop_back();
      if (!seen.insert(e.id()).second) continue;
      fresh += e.is_bv() ? e.get_sort().bv_size() : 1;
      if (e.is_app() && e.is_bool() && e.num_args() >= 1 && e.arg(0).is_bv())
        bitsByOp["cmp " + e.decl().name().str()] += e.arg(0).get_sort().bv_size();
      if (e.is_app() && e.is_bool() && !(e.num_args() >= 1 && e.arg(0).is_bv()))
        bitsByOp["bool " + e.decl().name().str()] += e.num_args();
      if (e.is_app() && e.is_bv() && e.num_args() >= 1)
        bitsByOp[e.decl().name().str()] += e.get_sort().bv_size();
      if (e.is_app() && e.num_args() >= 2) {
        const Z3_decl_kind k = e.decl().decl_kind();
        if (k == Z3_OP_BMUL || k == Z3_OP_BSDIV || k == Z3_OP_BSREM || k == Z3_OP_BUDIV ||
            k == Z3_OP_BUREM || k == Z3_OP_BSDIV_I || k == Z3_OP_BSREM_I || k == Z3_OP_MUL ||
            k == Z3_OP_DIV || k == Z3_OP_IDIV || k == Z3_OP_MOD || k == Z3_OP_REM) {
          bool constant = false;
          for (unsigned i = 0; i < e.num_args(); ++i)
            constant = constant || e.arg(i).is_numeral();
          ops[e.decl().name().str() + (e.is_bv() ? std::to_string(e.get_sort().bv_size()) : "") +
              (constant ? "c" : "")]++;
        }
      }
      if (e.is_app())
        for (unsigned i = 0; i < e.num_args(); ++i)
          todo.push_back(e.arg(i));
    }
    byStmt[h.stmt] += fresh;
  }
  std::vector<std::pair<std::size_t, ir::StmtId>> top;
  for (auto [s, n] : byStmt)
    top.emplace_back(n, s);
  std::sort(top.rbegin(), top.rend());
  std::fprintf(stderr, "formula: %zu hard clauses, %zu terms\n", enc.hard.size(), seen.size());
  for (const auto& [op, n] : bitsByOp)
    if (n > 500) std::fprintf(stderr, "  bits %s: %zu\n", op.c_str(), n);
  for (const auto& [op, n] : ops)
    std::fprintf(stderr, "  %s: %zu\n", op.c_str(), n);
  for (std::size_t i = 0; i < top.size() && i < 15; ++i)
    std::fprintf(stderr, "  %8zu %s\n", top[i].first,
                 top[i].second == ir::kNone
                     ? "(inputs)"
                     : program.where(program.stmt(top[i].second).range).c_str());
}
}  // namespace

Encoding encode(z3::context& ctx, const ir::Program& program, const exec::RunInput& input,
                const Expectation& expect, const EncodeOptions& options,
                const exec::RunResult* trace, NameSpace* names) {
  if (trace && trace->uninitialisedUse)
    throw EncodeError("the run's " + trace->message + " at " + program.where(trace->where) +
                      ": formulas do not model uninitialised values");
  NameSpace own;
  detail::Request request{&program, &input, &expect, &options, trace, names ? names : &own};
  auto attempt = [&](bool last) {
    Encoding enc(ctx);
    enc.family = options.family;
    request.lastStack = last;
    detail::SymExec(ctx, request, enc).run();
    // The executor checks the size every few statements; this catches the last ones.
    if (options.maxHard && enc.hard.size() > options.maxHard)
      throw EncodeBoundError(EncodeBoundError::Bound::Size,
                             "the formula holds " + std::to_string(enc.hard.size()) +
                                 " hard constraints, over " + std::to_string(options.maxHard));
    if (std::getenv("CULPRIT_FORMULA_STATS")) printFormulaStats(program, enc);
    return enc;
  };
  // The symbolic executor recurses with the program's calls. A recursion too deep for this
  // thread's stack (the corpus has one 4,000 calls deep; the main thread has 8 MB) is encoded
  // again on a thread with a large stack; creating one for every encoding would cost ~20 ms
  // each in page faults.
  try {
    return attempt(false);
  } catch (const detail::StackExhausted&) {
  }
  std::optional<Encoding> enc;
  if (!exec::onLargeStack([&] { enc.emplace(attempt(true)); }))
    throw EncodeError("calls nest too deep to encode (no thread for a larger stack)");
  return std::move(*enc);
}

std::optional<Observed> observe(const ir::Program& program, const exec::RunInput& input,
                                const exec::RunOptions& runOptions) {
  z3::context ctx;
  return observe(ctx, program, input, runOptions);
}

std::optional<Observed> observe(z3::context& ctx, const ir::Program& program,
                                const exec::RunInput& input, const exec::RunOptions& runOptions) {
  exec::RunOptions o = runOptions;
  o.trace = true;
  o.coverage = false;
  o.observer = nullptr;
  const exec::RunResult run = exec::run(program, input, o);
  if (run.verdict != exec::Verdict::Exited) return std::nullopt;
  EncodeOptions eo;
  eo.family = Family::TraceFlowSensitive;
  eo.relax = false;
  eo.entry = o.entry;
  eo.programName = o.programName;
  eo.nondetUninitialised = o.nondetUninitialised;
  Expectation none;
  none.assertions = false;
  const Encoding enc = encode(ctx, program, input, none, eo, &run);
  Observed obs;
  obs.exitStatus = run.exitStatus;
  z3::model empty(ctx);
  auto constant = [&](const z3::expr& term, ir::IntKind type) {
    if (term.is_fpa())
      if (std::optional<std::int64_t> bits = detail::floatBits(term.simplify(), type)) return *bits;
    const z3::expr v = term.is_numeral() ? term : term.simplify();
    if (!v.is_numeral())
      throw std::logic_error("output of a concrete run is not constant: " + v.to_string());
    return modelValue(empty, v, type);
  };
  for (const EncodedOutput& out : enc.outputs) {
    // A shape of a call printing strings through pointers with alternatives or of computed
    // lengths that the run did not print.
    if (out.reached.is_false() || (!out.reached.is_true() && out.reached.simplify().is_false()))
      continue;
    OutputEvent ev{out.key, {}};
    for (std::size_t j = 0; j < out.values.size(); ++j)
      ev.values.push_back(constant(out.values[j], out.types[j]));
    for (const KeyChar& c : out.chars)
      ev.key[c.pos] = static_cast<char>(constant(c.value, c.type));
    obs.events.push_back(std::move(ev));
  }
  return obs;
}

std::optional<std::size_t> firstWrongOutput(const std::vector<OutputEvent>& observed,
                                            const std::vector<OutputEvent>& expected) {
  const auto [o, e] =
      std::mismatch(observed.begin(), observed.end(), expected.begin(), expected.end());
  if (o == observed.end() && e == expected.end()) return std::nullopt;
  return static_cast<std::size_t>(o - observed.begin());
}

std::int64_t modelValue(const z3::model& model, const z3::expr& v, ir::IntKind type) {
  const z3::expr e = v.is_numeral() ? v : model.eval(v, true);
  if (e.is_bool()) return e.is_true() ? 1 : 0;
  if (e.is_fpa()) {
    if (std::optional<std::int64_t> bits = detail::floatBits(e, type)) return *bits;
    return detail::floatBits(e.simplify(), type).value_or(0);
  }
  if (!e.is_numeral()) return 0;
  if (e.is_bv()) {
    std::uint64_t u = 0;
    e.is_numeral_u64(u);
    const unsigned w = e.get_sort().bv_size();
    if (ir::isSigned(type) && w < 64 && ((u >> (w - 1)) & 1)) u |= ~std::uint64_t{0} << w;
    return exec::arith::convert(static_cast<std::int64_t>(u), type);
  }
  std::int64_t i = 0;
  if (!e.is_numeral_i64(i)) {
    std::uint64_t wrapped = 0;
    const std::string s = e.get_decimal_string(0);
    for (char c : s)
      if (c >= '0' && c <= '9') wrapped = wrapped * 10 + static_cast<std::uint64_t>(c - '0');
    if (!s.empty() && s[0] == '-') wrapped = ~wrapped + 1;
    i = static_cast<std::int64_t>(wrapped);
  }
  return exec::arith::convert(i, type);
}

z3::expr valueWithin(const z3::expr& v, ir::IntKind type, std::int64_t lo, std::int64_t hi) {
  z3::context& ctx = v.ctx();
  const int w = exec::arith::bits(type);
  const bool isSigned = exec::arith::signedKind(type);
  // Unsigned 64-bit values above INT64_MAX are beyond what int64 bounds can name: the range
  // then stops at INT64_MAX.
  const __int128 min = isSigned ? -(static_cast<__int128>(1) << (w - 1)) : 0;
  const __int128 max = std::min<__int128>(isSigned ? (static_cast<__int128>(1) << (w - 1)) - 1
                                                   : (static_cast<__int128>(1) << w) - 1,
                                          INT64_MAX);
  const auto low = static_cast<std::int64_t>(std::max<__int128>(lo, min));
  const auto high = static_cast<std::int64_t>(std::min<__int128>(hi, max));
  if (low > high) return ctx.bool_val(false);
  if (v.is_bool()) return ctx.bool_val(low <= 1 && high >= 0);
  if (v.is_fpa()) return ctx.bool_val(true);  // integer distances say nothing of floats
  if (v.is_int()) return v >= ctx.int_val(low) && v <= ctx.int_val(high);
  const unsigned width = v.get_sort().bv_size();
  const z3::expr l = ctx.bv_val(static_cast<std::uint64_t>(low), width);
  const z3::expr h = ctx.bv_val(static_cast<std::uint64_t>(high), width);
  if (isSigned) return z3::sge(v, l) && z3::sle(v, h);
  return z3::uge(v, l) && z3::ule(v, h);
}

namespace {

/// Occurrence of each instance of the given statements on the model's path.
std::map<std::uint32_t, std::uint32_t> occurrences(const Encoding& enc, const z3::model& model,
                                                   const std::vector<bool>& wanted) {
  std::map<ir::StmtId, std::vector<std::pair<std::uint32_t, std::uint32_t>>> byStmt;
  for (std::uint32_t i = 0; i < enc.instances.size(); ++i) {
    const Instance& inst = enc.instances[i];
    if (inst.origin.stmt < wanted.size() && wanted[inst.origin.stmt])
      byStmt[inst.origin.stmt].emplace_back(inst.origin.copy, i);
  }
  std::map<std::uint32_t, std::uint32_t> occ;
  for (auto& [stmt, copies] : byStmt) {
    std::sort(copies.begin(), copies.end());
    std::uint32_t n = 0;
    for (const auto& [copy, index] : copies) {
      if (!model.eval(enc.instances[index].reached, true).is_true()) continue;
      occ[index] = enc.family == Family::Program ? n : copy;
      ++n;
    }
  }
  return occ;
}

}  // namespace

std::vector<AngelicInstance> angelicValues(const Encoding& enc, const z3::model& model,
                                           std::span<const std::uint32_t> groups) {
  std::vector<bool> wanted;
  for (std::uint32_t g : groups) {
    const ir::StmtId s = enc.groups.at(g).stmt;
    if (wanted.size() <= s) wanted.resize(s + 1, false);
    wanted[s] = true;
  }
  const std::map<std::uint32_t, std::uint32_t> occ = occurrences(enc, model, wanted);
  std::vector<AngelicInstance> out;
  for (std::uint32_t g : groups)
    for (std::uint32_t index : enc.groups[g].instances) {
      auto it = occ.find(index);
      if (it == occ.end()) continue;  // not on the model's path
      const Instance& inst = enc.instances[index];
      AngelicInstance a;
      a.key = {inst.origin.stmt, it->second};
      a.kind = inst.kind;
      a.iteration = inst.origin.iteration;
      a.group = g;
      a.value = modelValue(model, inst.value, inst.type);
      out.push_back(a);
    }
  return out;
}

}  // namespace culprit::encode

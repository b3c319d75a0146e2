// encode(), observe() and reading models back: angelic values and their instance keys.
#include "encode/encode.h"

#include "encode/symex.h"
#include "exec/arith.h"
#include "exec/host_stack.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <map>

namespace culprit::encode {

const char* familyName(Family f) {
  switch (f) {
  case Family::Program: return "program formula";
  case Family::TraceFlowSensitive: return "flow-sensitive trace formula";
  case Family::TraceFlowInsensitive: return "flow-insensitive trace formula";
  }
  return "?";
}

NameSpace::NameSpace() {
  static std::atomic<std::uint64_t> next{0};
  prefix_ = "e" + std::to_string(next++) + "!";
}

std::uint32_t NameSpace::position(const std::string& key) {
  return positions_.try_emplace(key, static_cast<std::uint32_t>(positions_.size())).first->second;
}

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

// Symbolic executor: the oracle. Output events matched against the expected ones, the exit
// status, the unwinding bound and assertion violations.
#include "encode/symex.h"

namespace culprit::encode::detail {

void SymExec::emitOutput(State& st, std::string key, std::vector<z3::expr> values,
                         std::vector<ir::IntKind> kinds) {
  std::vector<OutputShape> one;
  one.push_back(OutputShape{ctx_.bool_val(true), std::move(key), {}});
  emitOutputs(st, std::move(one), values, kinds);
}

void SymExec::emitOutputs(State& st, std::vector<OutputShape> shapes,
                          const std::vector<z3::expr>& values,
                          const std::vector<ir::IntKind>& kinds) {
  if (st.dead()) return;
  const z3::expr index = st.outCount;
  st.outCount = ints_.indexAdd(st.outCount, ints_.index(1));
  stopAfterOutput(index);
  for (OutputShape& shape : shapes) {
    if (shape.cond.is_false()) continue;
    EncodedOutput o{conj(st.guard, shape.cond), index, std::move(shape.key), values, kinds,
                    std::move(shape.chars)};
    if (expect_.output) {
      const std::vector<OutputEvent>& want = *expect_.output;
      if (std::optional<std::int64_t> n = ints_.numeral(index, ir::IntKind::Long)) {
        const bool inRange = *n >= 0 && static_cast<std::size_t>(*n) < want.size();
        require(st,
                imply(shape.cond, inRange ? matchesEvent(o, want[static_cast<std::size_t>(*n)])
                                          : ctx_.bool_val(false)),
                HardKind::Oracle);
      } else {
        require(st,
                imply(shape.cond,
                      ints_.indexLess(index, ints_.index(static_cast<std::int64_t>(want.size())))),
                HardKind::Oracle);
        for (std::size_t i = 0; i < want.size(); ++i)
          require(st,
                  imply(conj(shape.cond, equal(index, ints_.index(static_cast<std::int64_t>(i)))),
                        matchesEvent(o, want[i])),
                  HardKind::Oracle);
      }
    }
    out_.outputs.push_back(std::move(o));
  }
}

void SymExec::stopAfterOutput(const z3::expr& index) {
  if (!traceMode_ || !opt_.stopAfterOutput || failingKey_ || current_.empty()) return;
  const std::optional<std::int64_t> n = ints_.numeral(index, ir::IntKind::Long);
  if (!n || static_cast<std::uint64_t>(*n) != *opt_.stopAfterOutput) return;
  current_.back().failing = true;
  out_.stoppedAtOutput = true;
}

z3::expr SymExec::emitMatched(State& st, const std::function<z3::expr(std::size_t)>& matches,
                              const std::vector<z3::expr>& values,
                              const std::vector<ir::IntKind>& kinds) {
  const z3::expr index = st.outCount;
  if (st.dead()) return index;
  st.outCount = ints_.indexAdd(st.outCount, ints_.index(1));
  stopAfterOutput(index);
  const std::vector<OutputEvent>& want = *expect_.output;
  auto event = [&](std::size_t i) {
    z3::expr all = ctx_.bool_val(want[i].values.size() == values.size());
    for (std::size_t j = 0; j < values.size() && !all.is_false(); ++j)
      all = conj(all, ints_.equals(values[j], kinds[j], want[i].values[j]));
    return all.is_false() ? all : conj(all, matches(i));
  };
  auto record = [&](std::size_t i, const z3::expr& when) {
    out_.outputs.push_back(
        EncodedOutput{conj(st.guard, when), index, want[i].key, values, kinds, {}});
  };
  if (std::optional<std::int64_t> n = ints_.numeral(index, ir::IntKind::Long)) {
    const bool inRange = *n >= 0 && static_cast<std::size_t>(*n) < want.size();
    require(st, inRange ? event(static_cast<std::size_t>(*n)) : ctx_.bool_val(false),
            HardKind::Oracle);
    if (inRange) record(static_cast<std::size_t>(*n), ctx_.bool_val(true));
    return index;
  }
  require(st, ints_.indexLess(index, ints_.index(static_cast<std::int64_t>(want.size()))),
          HardKind::Oracle);
  for (std::size_t i = 0; i < want.size(); ++i) {
    const z3::expr when = equal(index, ints_.index(static_cast<std::int64_t>(i)));
    if (when.is_false()) continue;
    require(st, imply(when, event(i)), HardKind::Oracle);
    record(i, when);
  }
  return index;
}

z3::expr SymExec::matchesEvent(const EncodedOutput& o, const OutputEvent& want) const {
  if (o.key.size() != want.key.size() || o.values.size() != want.values.size())
    return ctx_.bool_val(false);
  if (o.chars.empty() && o.key != want.key) return ctx_.bool_val(false);
  z3::expr all = ctx_.bool_val(true);
  if (!o.chars.empty()) {
    std::string key = o.key;  // the expected characters where the program computes them
    for (const KeyChar& c : o.chars)
      key[c.pos] = want.key[c.pos];
    if (key != want.key) return ctx_.bool_val(false);
    for (const KeyChar& c : o.chars)
      all = conj(all, ints_.equals(c.value, c.type, static_cast<unsigned char>(want.key[c.pos])));
  }
  for (std::size_t j = 0; j < o.values.size(); ++j)
    all = conj(all, ints_.equals(o.values[j], o.types[j], want.values[j]));
  return all;
}

void SymExec::terminate(State& st, const z3::expr& status) {
  if (st.dead()) return;
  const z3::expr low = ints_.mode() == Ints::Math ? z3::mod(status, ctx_.int_val(256))
                                                  : z3::zext(status.extract(7, 0), 24);
  if (expect_.output)
    require(st, st.outCount == ints_.index(static_cast<std::int64_t>(expect_.output->size())),
            HardKind::Oracle);
  if (expect_.exitStatus)
    require(st, ints_.equals(low, ir::IntKind::Int, *expect_.exitStatus), HardKind::Oracle);
  out_.exitStatus = choose(st.guard, low, out_.exitStatus);
  kill(st);
}

void SymExec::unwindingHit(State& st) {
  if (st.dead()) return;
  out_.unwindingHit = disj(out_.unwindingHit, st.guard);
  hard(negate(st.guard), HardKind::Unwinding);
  kill(st);
}

void SymExec::violation(State& st, const z3::expr& when) {
  if (st.dead()) return;
  const z3::expr v = conj(st.guard, when);
  out_.violation = disj(out_.violation, v);
  if (expect_.assertions && !v.is_false()) hard(negate(v), HardKind::Oracle);
}

}  // namespace culprit::encode::detail

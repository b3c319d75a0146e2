// Symbolic executor: states. Killing, forking and narrowing a state, and merging states at
// joins with ite (phi) over values, objects and path conditions.
#include "encode/symex.h"

namespace culprit::encode::detail {

void SymExec::kill(State& st) const { st.guard = ctx_.bool_val(false); }

State SymExec::fork(const State& st, const z3::expr& literal) const {
  State s = st;
  narrow(s, literal);
  return s;
}

void SymExec::narrow(State& st, const z3::expr& literal) const {
  st.guard = conj(st.guard, literal);
  st.local = conj(st.local, literal);
}

Val SymExec::mergeVal(const z3::expr& c, const Val& a, const Val& b) const {
  if (!a.isPointer() && !b.isPointer()) return Val{choose(c, a.v, b.v), nullptr};
  if (a.ptr == b.ptr || c.is_true()) return a;
  if (c.is_false()) return b;
  // One alternative per object (the conditions of a value's alternatives exclude each other),
  // so that merging in a loop does not multiply them.
  auto alts = std::make_shared<PtrAlts>();
  auto addAlt = [&](const z3::expr& cond, ObjId obj, const z3::expr& offset) {
    if (cond.is_false()) return;  // a dead alternative
    for (PtrAlt& have : *alts)
      if (have.obj == obj) {
        have.offset = sameTerm(have.offset, offset) ? offset : choose(cond, offset, have.offset);
        have.cond = disj(have.cond, cond);
        return;
      }
    alts->push_back(PtrAlt{cond, obj, offset});
  };
  auto add = [&](const Val& v, const z3::expr& when) {
    if (!v.isPointer()) {  // an integer 0 stored where a pointer lives: null
      addAlt(when, kNullObject, ints_.index(0));
      return;
    }
    for (const PtrAlt& alt : *v.ptr)
      addAlt(conj(when, alt.cond), alt.obj, alt.offset);
  };
  add(a, c);
  add(b, negate(c));
  return Val{ints_.index(0), std::move(alts)};
}

ObjState SymExec::mergeObj(const z3::expr& c, const ObjState& a, const ObjState& b) const {
  if (!a.live) return b;
  if (!b.live) return a;
  ObjState m;
  m.live = true;
  if (a.freed || b.freed)
    m.freed =
        choose(c, a.freed.value_or(ctx_.bool_val(false)), b.freed.value_or(ctx_.bool_val(false)));
  if (a.array) {
    m.array = choose(c, *a.array, *b.array);
    return m;
  }
  m.cells.reserve(a.cells.size());
  for (std::size_t i = 0; i < a.cells.size(); ++i)
    m.cells.push_back(mergeVal(c, a.cells[i], b.cells[i]));
  return m;
}

State SymExec::merge2(State&& a, State&& b, const std::optional<z3::expr>& split,
                      const PathCondition& parent) const {
  if (b.dead()) return std::move(a);
  if (a.dead()) return std::move(b);
  z3::expr c = a.local, guard = disj(a.guard, b.guard), local = disj(a.local, b.local);
  if (split && sameTerm(a.guard, conj(parent.guard, *split)) &&
      sameTerm(b.guard, conj(parent.guard, negate(*split)))) {
    c = *split;
    guard = parent.guard;
    local = parent.local;
  }
  State m{guard,
          {},
          choose(c, a.outCount, b.outCount),
          choose(c, a.nondetPos, b.nondetPos),
          choose(c, a.stdinPos, b.stdinPos),
          local,
          {}};
  const std::size_t streams = std::max(a.streams.size(), b.streams.size());
  for (std::size_t h = 0; h < streams; ++h) {
    const SymStream x = h < a.streams.size() ? a.streams[h] : initialStream(h);
    const SymStream y = h < b.streams.size() ? b.streams[h] : initialStream(h);
    m.streams.push_back(SymStream{choose(c, x.pos, y.pos), choose(c, x.eof, y.eof),
                                  choose(c, x.error, y.error), choose(c, x.pushed, y.pushed),
                                  choose(c, x.open, y.open)});
  }
  const std::size_t n = std::max(a.objs.size(), b.objs.size());
  a.objs.resize(n);
  b.objs.resize(n);
  m.objs.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const bool same =
        a.objs[i].live && b.objs[i].live && a.objs[i].array.has_value() == false &&
        !a.objs[i].freed && !b.objs[i].freed && a.objs[i].cells.size() == b.objs[i].cells.size() &&
        std::equal(a.objs[i].cells.begin(), a.objs[i].cells.end(), b.objs[i].cells.begin(),
                   [](const Val& x, const Val& y) { return x.ptr == y.ptr && sameTerm(x.v, y.v); });
    m.objs.push_back(same ? std::move(a.objs[i]) : mergeObj(c, a.objs[i], b.objs[i]));
  }
  return m;
}

State SymExec::merge(std::vector<State>&& states) const {
  std::size_t first = 0;
  while (first < states.size() && states[first].dead())
    ++first;
  if (first == states.size()) return std::move(states.front());
  State acc = std::move(states[first]);
  for (std::size_t i = first + 1; i < states.size(); ++i) {
    if (states[i].dead()) continue;
    const PathCondition p = pathOf(states[i]);
    acc = merge2(std::move(states[i]), std::move(acc), std::nullopt, p);
  }
  return acc;
}

}  // namespace culprit::encode::detail

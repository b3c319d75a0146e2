// Symbolic executor: states. Killing, forking and narrowing a state, and merging states at
// joins with ite (phi) over values, objects and path conditions.
#include "encode/symex.h"

#include <unordered_map>

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

const z3::expr& SymExec::objectTag(ObjId obj) const {
  if (obj >= objectTags_.size()) objectTags_.resize(obj + 1);
  if (!objectTags_[obj]) objectTags_[obj] = ints_.index(obj);
  return *objectTags_[obj];
}

z3::expr SymExec::tagOf(const Val& v) const {
  if (!v.isPointer()) return objectTag(kNullObject);
  const PtrAlts& alts = *v.ptr;
  if (alts.size() == 1) return objectTag(alts.front().obj);
  // A value merged before: its conditions are `tag == object` for one tag.
  std::optional<z3::expr> common;
  for (const PtrAlt& alt : alts) {
    std::uint64_t obj = 0;
    if (!alt.cond.is_app() || alt.cond.decl().decl_kind() != Z3_OP_EQ ||
        !alt.cond.arg(1).is_numeral_u64(obj) || obj != alt.obj ||
        (common && !sameTerm(*common, alt.cond.arg(0)))) {
      common.reset();
      break;
    }
    common = alt.cond.arg(0);
  }
  if (common) return *common;
  // Otherwise the objects in turn (the last one where no condition holds, as load reads it),
  // made once per value: a cell's value is read by many loads.
  auto cached = tagCache_.find(v.ptr.get());
  if (cached != tagCache_.end()) return cached->second.second;
  z3::expr acc = objectTag(alts.back().obj);
  for (std::size_t i = alts.size() - 1; i-- > 0;)
    acc = choose(alts[i].cond, objectTag(alts[i].obj), acc);
  tagCache_.emplace(v.ptr.get(), std::make_pair(v.ptr, acc));
  return acc;
}

Val SymExec::mergeVal(const z3::expr& c, const Val& a, const Val& b) const {
  if (!a.isPointer() && !b.isPointer()) return Val{choose(c, a.v, b.v), nullptr};
  if (a.ptr == b.ptr || c.is_true()) return a;
  if (c.is_false()) return b;
  return mergeMany({{c, a}, {ctx_.bool_val(true), b}});
}

Val SymExec::mergeMany(const std::vector<std::pair<z3::expr, Val>>& options) const {
  const Val& last = options.back().second;
  bool pointers = false;
  for (const auto& [c, v] : options)
    pointers = pointers || v.isPointer();
  if (!pointers) {
    z3::expr acc = last.v;
    for (std::size_t i = options.size() - 1; i-- > 0;)
      acc = choose(options[i].first, options[i].second.v, acc);
    return intVal(acc);
  }
  // A pointer: which object it designates is one term (the tag), chosen among the options'
  // tags; each object it may designate is the alternative `tag == object`, at the offset the
  // options that designate it give. Terms grow with the options plus the objects, not with
  // their product.
  z3::expr tag = tagOf(last);
  for (std::size_t i = options.size() - 1; i-- > 0;)
    tag = choose(options[i].first, tagOf(options[i].second), tag);
  std::vector<ObjId> order;
  std::unordered_map<ObjId, z3::expr> offsets;
  for (std::size_t i = options.size(); i-- > 0;) {
    const z3::expr& c = options[i].first;
    const Val& v = options[i].second;
    auto put = [&](ObjId obj, const z3::expr& offset) {
      auto it = offsets.find(obj);
      if (it == offsets.end()) {
        order.push_back(obj);
        offsets.emplace(obj, offset);
      } else {
        it->second = choose(c, offset, it->second);
      }
    };
    if (!v.isPointer()) {
      put(kNullObject, objectTag(kNullObject));  // an integer 0 where a pointer lives: null
      continue;
    }
    // Within one value, an object listed twice (not made here) takes its first offset whose
    // condition holds.
    std::unordered_map<ObjId, z3::expr> own;
    std::vector<ObjId> ownOrder;
    for (std::size_t k = v.ptr->size(); k-- > 0;) {
      const PtrAlt& alt = (*v.ptr)[k];
      if (alt.cond.is_false()) continue;
      auto [it, fresh] = own.try_emplace(alt.obj, alt.offset);
      if (fresh)
        ownOrder.push_back(alt.obj);
      else
        it->second = choose(alt.cond, alt.offset, it->second);
    }
    for (ObjId obj : ownOrder)
      put(obj, own.at(obj));
  }
  auto alts = std::make_shared<PtrAlts>();
  for (std::size_t i = order.size(); i-- > 0;) {  // the order of the options
    const ObjId obj = order[i];
    const z3::expr cond = order.size() == 1 ? ctx_.bool_val(true) : equal(tag, objectTag(obj));
    if (!cond.is_false()) alts->push_back(PtrAlt{cond, obj, offsets.at(obj)});
  }
  if (alts->empty()) return nullPointer();
  return Val{objectTag(kNullObject), std::move(alts)};
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
  // Starts from a's cells (shared) and writes only the cells the sides disagree on.
  work(a.cells.size());
  m.cells = a.cells;
  for (std::size_t i = 0; i < a.cells.size(); ++i) {
    const Val& x = a.cells[i];
    const Val& y = b.cells[i];
    if (x.ptr != y.ptr || !sameTerm(x.v, y.v)) m.cells[i] = mergeVal(c, x, y);
  }
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
    const bool same = a.objs[i].live && b.objs[i].live && a.objs[i].array.has_value() == false &&
                      !a.objs[i].freed && !b.objs[i].freed &&
                      (a.objs[i].cells.shares(b.objs[i].cells) ||
                       (a.objs[i].cells.size() == b.objs[i].cells.size() &&
                        std::equal(a.objs[i].cells.begin(), a.objs[i].cells.end(),
                                   b.objs[i].cells.begin(), [](const Val& x, const Val& y) {
                                     return x.ptr == y.ptr && sameTerm(x.v, y.v);
                                   })));
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

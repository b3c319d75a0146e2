// Symbolic executor: formatted, line and string input (scanf, gets, fgets on stdin, sscanf),
// strings read from memory, puts and fputs.
//  - stdin holds the test's bytes; the read position may depend on the path (Program family).
//    What a call reads is then tabulated over every position (byPosition, ScanCase), as for
//    getchar.
//  - Every write of what was read goes through the pointer's alternatives, after a hard runtime
//    check that the cells lie inside a writable object: exactly where the interpreter fails.
//  - sscanf of a string whose characters the program computes goes through a finite case
//    analysis (string_cases.h); beyond kMaxScanCases cases it is an EncodeError.
//  - A string is read from memory as its shapes (stringShapes): one per place it may start
//    (stringStarts) and length it may have, under the condition that its NUL is there. A printed
//    string whose characters the program computed becomes an output event whose key holds a
//    placeholder for each such character (KeyChar); the oracle compares them with the expected
//    characters.
#include "encode/symex.h"

#include <algorithm>
#include <unordered_map>

namespace culprit::encode::detail {
namespace {

constexpr std::size_t kMaxShapes = 1024;         ///< shapes of one string
constexpr std::size_t kMaxShapeChars = 1 << 18;  ///< characters over the shapes of one string
constexpr std::size_t kMaxFoldNodes = 256;       ///< ite nodes of an array term folded
constexpr std::size_t kMaxScanCases = 4096;      ///< cases of sscanf of a computed string

/// Reads cells of a Z3 array term by folding its stores at numeral offsets, constant arrays and
/// the ite of merged states; what it cannot fold stays a select.
class ArrayFold {
public:
  ArrayFold(const CInts& ints, const z3::expr& array) : ints_(ints) { root_ = build(array); }

  z3::expr at(std::uint64_t i) {
    int budget = 64;  // ite nodes visited per read
    return read(root_, i, budget);
  }

private:
  enum class Tail : std::uint8_t { Constant, Ite, Opaque };
  /// A run of stores at numeral offsets, then its tail.
  struct Node {
    std::unordered_map<std::uint64_t, z3::expr> stores;  ///< the latest store at each offset
    Tail tail = Tail::Opaque;
    z3::expr term;  ///< Constant: the value; Ite: the condition; Opaque: the array
    z3::expr head;  ///< the node's whole array term
    std::size_t left = 0, right = 0;
  };

  std::size_t build(const z3::expr& array) {
    if (auto it = memo_.find(array.id()); it != memo_.end()) return it->second;
    std::unordered_map<std::uint64_t, z3::expr> stores;
    z3::expr a = array;
    while (a.is_app() && a.decl().decl_kind() == Z3_OP_STORE && a.num_args() == 3) {
      const std::optional<std::int64_t> off = ints_.numeral(a.arg(1), ir::IntKind::Long);
      if (!off) break;
      stores.try_emplace(static_cast<std::uint64_t>(*off), a.arg(2));
      a = a.arg(0);
    }
    Node n{std::move(stores), Tail::Opaque, a, array};
    const Z3_decl_kind kind = a.is_app() ? a.decl().decl_kind() : Z3_OP_UNINTERPRETED;
    if (kind == Z3_OP_CONST_ARRAY) {
      n.tail = Tail::Constant;
      n.term = a.arg(0);
    } else if (kind == Z3_OP_ITE && ites_ < kMaxFoldNodes) {
      ++ites_;
      n.tail = Tail::Ite;
      n.term = a.arg(0);
      n.left = build(a.arg(1));
      n.right = build(a.arg(2));
    }
    nodes_.push_back(std::move(n));
    return memo_[array.id()] = nodes_.size() - 1;
  }

  z3::expr read(std::size_t node, std::uint64_t i, int& budget) {
    const Node& n = nodes_[node];
    if (auto it = n.stores.find(i); it != n.stores.end()) return it->second;
    switch (n.tail) {
    case Tail::Constant: return n.term;
    case Tail::Ite:
      if (budget-- > 0) {
        const z3::expr c = n.term;
        const std::size_t l = n.left, r = n.right;
        const z3::expr whenTrue = read(l, i, budget);
        return choose(c, whenTrue, read(r, i, budget));
      }
      return z3::select(n.head, ints_.index(static_cast<std::int64_t>(i)));
    case Tail::Opaque: break;
    }
    return z3::select(n.term, ints_.index(static_cast<std::int64_t>(i)));
  }

  const CInts& ints_;
  std::vector<Node> nodes_;
  std::unordered_map<unsigned, std::size_t> memo_;
  std::size_t root_ = 0, ites_ = 0;
};

}  // namespace

// ---------------------------------------------------------------------------------------------
// Helpers

z3::expr SymExec::byPosition(const z3::expr& pos, std::size_t limit,
                             const std::function<z3::expr(std::size_t)>& of,
                             const z3::expr& otherwise) const {
  if (std::optional<std::int64_t> at = ints_.numeral(pos, ir::IntKind::Long))
    return *at >= 0 && static_cast<std::size_t>(*at) < limit ? of(static_cast<std::size_t>(*at))
                                                             : otherwise;
  return positionSwitch(pos, limit, of, otherwise);
}

z3::expr SymExec::byCase(const std::vector<ScanCase>& cases,
                         const std::function<z3::expr(std::size_t)>& of) const {
  z3::expr acc = of(cases.size() - 1);
  for (std::size_t i = cases.size() - 1; i-- > 0;)
    acc = choose(cases[i].when, of(i), acc);
  return acc;
}

std::function<z3::expr(std::uint64_t)> SymExec::cellReader(const State& st, ObjId obj) const {
  const ObjectInfo& info = objects_[obj];
  if (info.kind == ObjKind::Literal)
    return [this, &info](std::uint64_t i) {
      const int c = i < info.text.size() ? static_cast<unsigned char>(info.text[i]) : 0;
      return ints_.literal(c, ir::IntKind::Char);
    };
  if (obj >= st.objs.size() || !st.objs[obj].live || info.pointerCells)
    return [this, &info](std::uint64_t) { return ints_.literal(0, info.cell); };
  const ObjState& os = st.objs[obj];
  if (os.array) {
    auto fold = std::make_shared<ArrayFold>(ints_, *os.array);
    return [fold](std::uint64_t i) { return fold->at(i); };
  }
  return [&os](std::uint64_t i) { return os.cells[i].v; };
}

std::vector<StringStart> SymExec::stringStarts(const Val& p, State& st, bool allowNull,
                                               const ir::Expr& at, const char* what) {
  std::vector<StringStart> out;
  const PtrAlts alts =
      p.isPointer() ? *p.ptr : PtrAlts{PtrAlt{ctx_.bool_val(true), kNullObject, ints_.index(0)}};
  for (const PtrAlt& alt : alts) {
    if (alt.cond.is_false()) continue;
    if (alt.obj == kNullObject) {
      if (allowNull)
        out.push_back(StringStart{alt.cond, kNullObject, 0, 0, ir::IntKind::Char, true});
      else
        require(st, negate(alt.cond), HardKind::RuntimeCheck);
      continue;
    }
    const ObjectInfo& info = objects_[alt.obj];
    if (info.pointerCells)
      throw EncodeError(std::string(what) + " of a string in an array of pointers at " +
                        prog_.where(at.range));
    const ir::IntKind kind =
        info.kind == ObjKind::Literal || info.mixed ? ir::IntKind::Char : info.cell;
    // Objects of structs: a string lies in cells of a char type; another type ends it.
    auto charCell = [&](std::uint64_t i) {
      if (!info.mixed) return true;
      const ir::TypeRef t = info.mixed->cellType(i % info.mixed->cellCount());
      return t->isInt() && ir::bitWidth(t->intKind) == 8;
    };
    // A char array written as such (`t[i].name`): the string ends within it, as it must for
    // cells of other types to follow (a struct's next member).
    const bool isArray = at.kind == ir::ExprKind::Cast && !at.ops.empty() &&
                         at.ops[0]->type->isArray() && at.ops[0]->type->elem->isInt();
    auto add = [&](const z3::expr& cond, std::uint64_t from) {
      std::uint64_t end = isArray ? std::min(info.size, from + at.ops[0]->type->length) : info.size;
      for (std::uint64_t i = from; i < end; ++i)
        if (!charCell(i)) end = i;
      out.push_back(StringStart{cond, alt.obj, from, end, kind, false});
    };
    // The offsets the string may start at: inside the object or just past it (then it is not
    // NUL-terminated within its object); anywhere else is a runtime error.
    if (std::optional<std::int64_t> off = ints_.numeral(alt.offset, ir::IntKind::Long)) {
      if (*off < 0 || static_cast<std::uint64_t>(*off) > info.size) {
        require(st, negate(alt.cond), HardKind::RuntimeCheck);
        continue;
      }
      add(alt.cond, static_cast<std::uint64_t>(*off));
    } else {
      require(st, imply(alt.cond, ints_.indexInRange(alt.offset, 0, info.size + 1)),
              HardKind::RuntimeCheck);
      for (std::uint64_t o = 0; o <= info.size; ++o)
        if (o == info.size || charCell(o))
          add(conj(alt.cond, alt.offset == ints_.index(static_cast<std::int64_t>(o))), o);
    }
  }
  return out;
}

std::vector<StringShape> SymExec::stringShapes(const Val& p, State& st, bool allowNull,
                                               const ir::Expr& at, const char* what) {
  std::vector<StringShape> out;
  std::size_t chars = 0;
  auto add = [&](StringShape s) {
    chars += s.chars.size();
    if (out.size() >= kMaxShapes || chars > kMaxShapeChars)
      throw EncodeError(std::string(what) +
                        " of a string whose length the program computes (too many possible "
                        "lengths) at " +
                        prog_.where(at.range));
    out.push_back(std::move(s));
  };
  std::unordered_map<ObjId, std::function<z3::expr(std::uint64_t)>> readers;
  for (const StringStart& s : stringStarts(p, st, allowNull, at, what)) {
    if (s.isNull) {
      add(StringShape{s.cond, {}, ir::IntKind::Char, true, true});
      continue;
    }
    auto reader = readers.try_emplace(s.obj).first;
    if (!reader->second) reader->second = cellReader(st, s.obj);
    z3::expr nonNul = s.cond;  // the characters so far are not NUL
    std::vector<z3::expr> text;
    bool ended = false;
    for (std::uint64_t i = s.from; i < s.end && !ended; ++i) {
      const z3::expr c = reader->second(i);
      const std::optional<std::int64_t> n = ints_.numeral(c, s.kind);
      if (n && *n == 0) {
        add(StringShape{nonNul, text, s.kind});
        ended = true;
      } else if (!n) {  // the string may end here
        add(StringShape{conj(nonNul, negate(ints_.truth(c))), text, s.kind});
        nonNul = conj(nonNul, ints_.truth(c));
      }
      text.push_back(c);
    }
    if (!ended) add(StringShape{nonNul, std::move(text), s.kind, false});
  }
  return out;
}

void SymExec::writeCells(State& st, const Val& ptr, const z3::expr& when, const z3::expr& count,
                         std::uint64_t maxCount,
                         const std::function<z3::expr(std::uint64_t)>& value) {
  if (st.dead() || when.is_false()) return;
  auto within = [&](const z3::expr& i, std::uint64_t size) {
    if (std::optional<std::int64_t> n = ints_.numeral(i, ir::IntKind::Long))
      return ctx_.bool_val(*n >= 0 && static_cast<std::uint64_t>(*n) < size);
    return ints_.indexInRange(i, 0, size);
  };
  const std::optional<std::int64_t> fixed = ints_.numeral(count, ir::IntKind::Long);
  const z3::expr last = ints_.indexAdd(count, ints_.index(-1));
  const PtrAlts alts = ptr.isPointer()
                           ? *ptr.ptr
                           : PtrAlts{PtrAlt{ctx_.bool_val(true), kNullObject, ints_.index(0)}};
  for (const PtrAlt& alt : alts) {
    const z3::expr writes = conj(alt.cond, when);
    if (writes.is_false()) continue;
    const ObjectInfo& info = objects_[alt.obj];
    if (alt.obj == kNullObject || info.kind == ObjKind::Literal || info.pointerCells) {
      require(st, negate(writes), HardKind::RuntimeCheck);
      continue;
    }
    const z3::expr inside =
        conj(within(alt.offset, info.size), within(ints_.indexAdd(alt.offset, last), info.size));
    require(st, imply(writes, inside), HardKind::RuntimeCheck);
    const std::uint64_t n = std::min(maxCount, info.size);
    for (std::uint64_t j = 0; j < n; ++j) {
      if (fixed && static_cast<std::int64_t>(j) >= *fixed) break;
      const z3::expr jx = ints_.index(static_cast<std::int64_t>(j));
      const z3::expr cond = fixed ? writes : conj(writes, ints_.indexLess(jx, count));
      writeCell(st, alt.obj, ints_.indexAdd(alt.offset, jx), intVal(value(j)), cond);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// scanf, sscanf

z3::expr SymExec::storeScanned(const ir::Expr& e, std::size_t first,
                               const std::vector<Val>& targets, const std::vector<ScanCase>& cases,
                               State& st) {
  const std::string name = ir::builtinName(e.builtin);
  for (const ScanCase& c : cases) {
    if (!c.result.error.empty())
      throw EncodeError(name + ": " + c.result.error + " at " + prog_.where(e.range));
    if (c.result.items.size() > targets.size())  // too few arguments: a runtime error
      require(st, negate(c.when), HardKind::RuntimeCheck);
  }
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const exec::libc::ScanItem* item = nullptr;  // the k-th conversion, where a case makes it
    for (const ScanCase& c : cases)
      if (k < c.result.items.size()) {
        item = &c.result.items[k];
        break;
      }
    if (!item) continue;
    const ir::Expr& op = *e.ops[first + k];
    const ir::TypeRef cell = op.type->isPointer() ? op.type->elem : nullptr;
    if (!targets[k].isPointer() || !cell || !cell->isInt())
      throw EncodeError(name + " argument is not a pointer to an integer at " +
                        prog_.where(op.range));
    const ir::IntKind ck = cell->intKind;
    auto itemOf = [&](std::size_t i) -> const exec::libc::ScanItem* {
      const auto& items = cases[i].result.items;
      return k < items.size() ? &items[k] : nullptr;
    };
    const z3::expr made = byCase(cases, [&](std::size_t i) { return ctx_.bool_val(itemOf(i)); });
    if (item->conversion != 'c' && item->conversion != 's') {
      const z3::expr v = byCase(cases, [&](std::size_t i) {
        const exec::libc::ScanItem* it = itemOf(i);
        if (it && k < cases[i].values.size() && cases[i].values[k])  // digits that vary
          return ints_.convert(ints_.convert(*cases[i].values[k], ir::IntKind::Long, it->kind),
                               it->kind, ck);
        return ints_.literal(it ? it->value : 0, ck);
      });
      writeCells(st, targets[k], made, ints_.index(1), 1, [&](std::uint64_t) { return v; });
      continue;
    }
    // %c stores the characters read, %s the characters and a NUL.
    const std::size_t nul = item->conversion == 's' ? 1 : 0;
    std::uint64_t maxCount = 0;
    for (std::size_t i = 0; i < cases.size(); ++i)
      if (itemOf(i)) maxCount = std::max<std::uint64_t>(maxCount, itemOf(i)->text.size() + nul);
    const z3::expr count = byCase(cases, [&](std::size_t i) {
      return ints_.index(itemOf(i) ? static_cast<std::int64_t>(itemOf(i)->text.size() + nul) : 0);
    });
    writeCells(st, targets[k], made, count, maxCount, [&](std::uint64_t j) {
      return byCase(cases, [&](std::size_t i) {
        const exec::libc::ScanItem* it = itemOf(i);
        if (!it || j >= it->text.size()) return ints_.literal(0, ck);
        // A character the program computed is stored as its term.
        const std::vector<std::optional<ScanChar>>& computed = cases[i].chars;
        if (const std::size_t at = it->from + j; at < computed.size() && computed[at])
          return ints_.convert(computed[at]->value, computed[at]->kind, ck);
        return ints_.literal(static_cast<unsigned char>(it->text[j]), ck);
      });
    });
  }
  return byCase(
      cases, [&](std::size_t i) { return ints_.literal(cases[i].result.returnValue, kindOf(e)); });
}

Val SymExec::scanf(const ir::Expr& e, State& st) { return scanStream(e, 0, 0, st); }

Val SymExec::scanStream(const ir::Expr& e, std::size_t h, std::size_t fmt, State& st) {
  const std::optional<std::string> format = concreteString(eval(*e.ops[fmt], st), st);
  if (!format) throw EncodeError("scanf with a computed format at " + prog_.where(e.range));
  std::vector<Val> targets;
  for (std::size_t k = fmt + 1; k < e.ops.size(); ++k)
    targets.push_back(eval(*e.ops[k], st));
  if (st.dead()) return zeroValue(e.type);
  const PushedInput in = withPushback(st, h, e, "fscanf");
  const std::string& data = *in.data;
  const z3::expr pos = in.pos;
  const std::optional<std::int64_t> at = ints_.numeral(pos, ir::IntKind::Long);
  const std::size_t first = at ? static_cast<std::size_t>(*at) : 0;
  const std::size_t last = at ? first : data.size();
  std::vector<ScanCase> cases;
  for (std::size_t p = first; p <= last; ++p) {
    std::size_t q = p;
    exec::libc::Scanned r = exec::libc::scan(*format, data, q);
    const z3::expr when =
        at ? ctx_.bool_val(true) : pos == ints_.index(static_cast<std::int64_t>(p));
    cases.push_back(ScanCase{when, std::move(r), q, {}, {}, std::nullopt});
  }
  freeScan(h, *format, in, cases, e, st);
  const z3::expr result = storeScanned(e, fmt + 1, targets, cases, st);
  consumePushed(st, h, in, byCase(cases, [&](std::size_t i) {
                  return ints_.index(static_cast<std::int64_t>(cases[i].after));
                }));
  SymStream& s = stream(st, h);
  s.eof = disj(s.eof, byCase(cases, [&](std::size_t i) {
                 return ctx_.bool_val(cases[i].after >= data.size());
               }));
  return intVal(result);
}

Val SymExec::sscanf(const ir::Expr& e, State& st) {
  // Every argument is evaluated before sscanf reads its input through the pointer.
  const Val source = eval(*e.ops[0], st);
  const std::optional<std::string> format = concreteString(eval(*e.ops[1], st), st);
  if (!format) throw EncodeError("sscanf with a computed format at " + prog_.where(e.range));
  std::vector<Val> targets;
  for (std::size_t k = 2; k < e.ops.size(); ++k)
    targets.push_back(eval(*e.ops[k], st));
  if (st.dead()) return zeroValue(e.type);
  std::vector<ScanCase> cases;
  if (std::optional<std::string> text = concreteString(source, st)) {
    std::size_t pos = 0;
    exec::libc::Scanned r = exec::libc::scan(*format, *text, pos);
    cases.push_back(ScanCase{ctx_.bool_val(true), std::move(r), pos, {}, {}, std::nullopt});
    return intVal(storeScanned(e, 2, targets, cases, st));
  }
  // A string whose characters the program computes: a case per way the scan can go.
  auto computed = [&](const std::vector<z3::expr>& cells, ir::IntKind kind, const z3::expr& when) {
    std::optional<std::vector<ScanCase>> split =
        scanComputed(ints_, cells, kind, *format, kMaxScanCases);
    if (!split)
      throw EncodeError("sscanf of a string computed by the program at " + prog_.where(e.range));
    for (ScanCase& c : *split) {
      c.when = conj(when, c.when);
      // Not NUL-terminated within its object: a runtime error.
      if (c.terminates) require(st, imply(c.when, *c.terminates), HardKind::RuntimeCheck);
      if (!c.terminates || !c.terminates->is_false()) cases.push_back(std::move(c));
    }
  };
  if (source.isPointer() && source.ptr->size() == 1 && source.ptr->front().cond.is_true()) {
    const PtrAlt& alt = source.ptr->front();
    const ObjectInfo& info = objects_[alt.obj];
    const std::optional<std::int64_t> off = ints_.numeral(alt.offset, ir::IntKind::Long);
    if (alt.obj != kNullObject && !info.pointerCells && off && *off >= 0 &&
        static_cast<std::uint64_t>(*off) < info.size) {
      const auto read = cellReader(st, alt.obj);
      std::vector<z3::expr> cells;
      for (std::uint64_t i = static_cast<std::uint64_t>(*off); i < info.size; ++i)
        cells.push_back(read(i));
      computed(cells, info.kind == ObjKind::Literal ? ir::IntKind::Char : info.cell,
               ctx_.bool_val(true));
      if (cases.empty()) return zeroValue(e.type);  // every case is a runtime error
      return intVal(storeScanned(e, 2, targets, cases, st));
    }
  }
  for (StringShape& s : stringShapes(source, st, false, e, "sscanf")) {
    if (!s.terminated) {  // not NUL-terminated within its object: a runtime error
      require(st, negate(s.cond), HardKind::RuntimeCheck);
      continue;
    }
    std::string input;
    bool constant = true;
    for (const z3::expr& c : s.chars) {
      const std::optional<std::int64_t> n = ints_.numeral(c, s.kind);
      constant = constant && n.has_value();
      input += static_cast<char>(n.value_or(0));
    }
    if (!constant) {
      s.chars.push_back(ints_.literal(0, s.kind));
      computed(s.chars, s.kind, s.cond);
      continue;
    }
    std::size_t pos = 0;
    exec::libc::Scanned r = exec::libc::scan(*format, input, pos);
    cases.push_back(ScanCase{s.cond, std::move(r), pos, {}, {}, std::nullopt});
  }
  if (cases.empty()) return zeroValue(e.type);  // every shape is a runtime error
  return intVal(storeScanned(e, 2, targets, cases, st));
}

// ---------------------------------------------------------------------------------------------
// gets, fgets

// glibc: gets reads up to the newline, which it consumes and drops; fgets(buf, n, stream) reads
// at most n - 1 characters, up to and including the newline. Both store a NUL after what they
// read and return buf, or NULL (leaving buf alone) when the input ends before any character.
// fgets with n <= 0 returns NULL without reading; with n == 1 it stores the NUL and returns buf.
Val SymExec::getLine(const ir::Expr& e, State& st) {
  const bool gets = e.builtin == ir::Builtin::Gets;
  const Val buf = eval(*e.ops[0], st);
  const Val n = gets ? intVal(ints_.literal(0, ir::IntKind::Int)) : eval(*e.ops[1], st);
  if (st.dead()) return zeroValue(e.type);
  return readLine(0, buf, *e.ops[0], n, gets ? nullptr : e.ops[1].get(), gets, st);
}

Val SymExec::readLine(std::size_t h, const Val& buf, const ir::Expr& bufOp, const Val& n,
                      const ir::Expr* nOp, bool gets, State& st) {
  const PushedInput in = withPushback(st, h, bufOp, gets ? "gets" : "fgets");
  const std::string& data = *in.data;
  const std::size_t size = data.size();
  const z3::expr pos = in.pos;
  const std::optional<std::int64_t> at = ints_.numeral(pos, ir::IntKind::Long);
  auto idx = [&](std::uint64_t v) { return ints_.index(static_cast<std::int64_t>(v)); };
  // From position p < size: the characters stored before the NUL, and those consumed.
  auto lineEnd = [&](std::size_t p) { return std::min(data.find('\n', p), size); };
  auto consumed = [&](std::size_t p) { return std::min(lineEnd(p) + 1, size) - p; };
  auto stored = [&](std::size_t p) { return gets ? lineEnd(p) - p : consumed(p); };
  // From p: the line has no newline (reading it runs out of input).
  auto open = [&](std::size_t p) { return ctx_.bool_val(lineEnd(p) == size); };
  z3::expr ranOut = byPosition(pos, size, open, ctx_.bool_val(true));
  std::uint64_t maxCount = 0;
  if (at && static_cast<std::size_t>(*at) < size) maxCount = stored(static_cast<std::size_t>(*at));
  if (!at)
    for (std::size_t p = 0; p < size; ++p)
      maxCount = std::max<std::uint64_t>(maxCount, stored(p));
  z3::expr read =
      at ? ctx_.bool_val(static_cast<std::size_t>(*at) < size) : ints_.indexLess(pos, idx(size));
  z3::expr written = read;  // a NUL is stored
  z3::expr count = byPosition(
      pos, size, [&](std::size_t p) { return idx(stored(p)); }, idx(0));
  z3::expr advance = byPosition(
      pos, size, [&](std::size_t p) { return idx(consumed(p)); }, idx(0));
  z3::expr tried = ctx_.bool_val(true);  // it reads (fgets with n > 1)
  if (!gets) {
    const ir::IntKind nk = kindOf(*nOp);
    const z3::expr positive = ints_.compare(ir::BinOp::Gt, nk, n.v, ints_.literal(0, nk));
    const z3::expr one = ints_.compare(ir::BinOp::Eq, nk, n.v, ints_.literal(1, nk));
    tried = conj(positive, negate(one));
    read = conj(tried, read);
    written = disj(one, read);
    const z3::expr limit = ints_.indexAdd(ints_.toIndex(n.v, nk), idx(-1));  // n - 1
    const std::optional<std::int64_t> fixedLimit = ints_.numeral(limit, ir::IntKind::Long);
    const std::optional<std::int64_t> fixedCount = ints_.numeral(count, ir::IntKind::Long);
    if (fixedLimit && fixedCount)
      count = *fixedLimit < *fixedCount ? limit : count;
    else
      count = choose(ints_.indexLess(limit, count), limit, count);
    // Stopping at n - 1 characters does not run out of input.
    ranOut = conj(ranOut, ints_.indexLess(count, limit));
    count = choose(read, count, idx(0));
    advance = count;
    if (fixedLimit && *fixedLimit >= 0)
      maxCount = std::min(maxCount, static_cast<std::uint64_t>(*fixedLimit));
  }
  const ir::TypeRef cell = bufOp.type->isPointer() ? bufOp.type->elem : nullptr;
  const ir::IntKind ck = cell && cell->isInt() ? cell->intKind : ir::IntKind::Char;
  const std::optional<std::int64_t> fixedCount = ints_.numeral(count, ir::IntKind::Long);
  writeCells(st, buf, written, ints_.indexAdd(count, idx(1)), maxCount + 1, [&](std::uint64_t j) {
    const z3::expr c = byPosition(
        pos, size,
        [&](std::size_t p) {
          return p + j < size ? inputByte(h, data, in.joinedAt, p + j, ck) : ints_.literal(0, ck);
        },
        ints_.literal(0, ck));
    if (fixedCount) return static_cast<std::int64_t>(j) < *fixedCount ? c : ints_.literal(0, ck);
    return choose(ints_.indexLess(idx(j), count), c, ints_.literal(0, ck));
  });
  consumePushed(st, h, in, ints_.indexAdd(pos, choose(read, advance, idx(0))));
  // Reading ran out of input: at its end already, or on a last line without a newline.
  SymStream& s = stream(st, h);
  s.eof = disj(s.eof, conj(tried, disj(negate(ints_.indexLess(pos, idx(size))), ranOut)));
  if (written.is_true()) return buf;
  if (written.is_false()) return nullPointer();
  return mergeVal(written, buf, nullPointer());
}

// ---------------------------------------------------------------------------------------------
// puts, fputs

Val SymExec::putString(const ir::Expr& e, State& st, bool newline, bool toStdout, std::size_t arg) {
  const Val p = eval(*e.ops[arg], st);
  const ir::IntKind k = kindOf(e);
  const std::string suffix = newline ? "\n" : "";
  // puts returns the characters written, glibc's fputs 1.
  auto result = [&](std::size_t n) {
    return ints_.literal(newline ? static_cast<std::int64_t>(n + 1) : 1, k);
  };
  if (std::optional<std::string> s = concreteString(p, st)) {
    if (toStdout) emitOutput(st, *s + suffix, {}, {});
    return intVal(result(s->size()));
  }
  if (st.dead()) return zeroValue(e.type);
  if (toStdout && expect_.output) return putExpected(e, st, p, newline);
  std::vector<OutputShape> shapes;
  z3::expr value = ints_.literal(0, k);
  for (const StringShape& s : stringShapes(p, st, false, e, newline ? "puts" : "fputs")) {
    if (!s.terminated) {  // not NUL-terminated within its object: a runtime error
      require(st, negate(s.cond), HardKind::RuntimeCheck);
      continue;
    }
    OutputShape o{s.cond, {}, {}};
    for (std::size_t j = 0; j < s.chars.size(); ++j) {
      if (std::optional<std::int64_t> c = ints_.numeral(s.chars[j], s.kind)) {
        o.key += static_cast<char>(*c);
      } else {
        o.chars.push_back(KeyChar{o.key.size(), s.chars[j], s.kind});
        o.key += '?';
      }
    }
    o.key += suffix;
    value = choose(s.cond, result(s.chars.size()), value);
    shapes.push_back(std::move(o));
  }
  if (toStdout) emitOutputs(st, std::move(shapes), {}, {});
  return intVal(value);
}

}  // namespace culprit::encode::detail

// Symbolic executor, part 4: library functions and verification intrinsics.
//  - Output (printf, fprintf to stdout, puts, fputs, putchar) becomes an output event: the
//    constant part (format, string arguments; for events without integer arguments the whole
//    text) as its key, the integer arguments as terms. The oracle compares events, not text.
//    Characters of string arguments the program computes are terms too (KeyChar), and a
//    string whose length it computes gives one event shape per length (symex_stdio.cpp); to
//    stdout under an output oracle it is compared with the expected text instead
//    (symex_expected.cpp).
//  - Inputs are hard: argv strings and stdin are the test's bytes, atoi/strtol/getchar of them
//    are computed here with the interpreter's libc model (exec/builtins.h), scanf, sscanf,
//    gets and fgets in symex_stdio.cpp. When the position read depends on the path (Program
//    family), the result is tabulated over every possible position. atoi/strtol (base 10) of a
//    string whose characters the program computes reads its cells as glibc's strtol does
//    (parseComputed).
//  - assert/__assert_fail/reach_error/abort add to Encoding::violation (and, when the oracle
//    demands it, forbid it); assume is a hard constraint on the path; exit ends the path.
#include "encode/symex.h"

#include "exec/arith.h"
#include "exec/builtins.h"

#include <algorithm>
#include <climits>
#include <functional>

namespace culprit::encode::detail {

namespace {

constexpr std::size_t kMaxPrintShapes = 4096;  ///< shapes of one printf call

}  // namespace

Val SymExec::callBuiltin(const ir::Expr& e, State& st) {
  const Val none = zeroValue(e.type);
  switch (e.builtin) {
  case ir::Builtin::Printf: return printf(e, st, 0, true);
  case ir::Builtin::Fprintf:
    return printf(e, st, !e.ops.empty() && ir::isStringExpr(*e.ops[0]) ? 0 : 1, e.stream == 1);
  case ir::Builtin::Puts: return putString(e, st, true, true);
  case ir::Builtin::Putchar: {
    const Val c = eval(*e.ops[0], st);
    const z3::expr byte = ints_.convert(c.v, kindOf(*e.ops[0]), ir::IntKind::UChar);
    emitOutput(st, "%c", {byte}, {ir::IntKind::UChar});
    return intVal(ints_.convert(byte, ir::IntKind::UChar, kindOf(e)));
  }
  case ir::Builtin::Atoi:
  case ir::Builtin::Atol:
  case ir::Builtin::Atoll:
  case ir::Builtin::Strtol: return stringToInt(e, st);
  case ir::Builtin::Atof:
    return parsedString(e, st, eval(*e.ops[0], st), kindOf(e), [&](const std::string& s) {
      return ints_.literal(exec::arith::fromDouble(exec::libc::parseDouble(s), kindOf(e)),
                           kindOf(e));
    });
  case ir::Builtin::Math: {
    const ir::IntKind k = kindOf(*e.ops[0]);
    const z3::expr a = eval(*e.ops[0], st).v;
    const z3::expr b = e.ops.size() > 1 ? eval(*e.ops[1], st).v : a;
    const auto f = static_cast<ir::MathFn>(e.value);
    if (std::optional<z3::expr> r = ints_.math(f, k, a, b)) return intVal(*r);
    // A trace knows the failing run's operands: the result is fixed to what the run computed,
    // and the encoding says so (a relaxed statement upstream no longer changes it).
    if (traceMode_)
      if (std::optional<z3::expr> r = ints_.math(f, k, concreteValue(a), concreteValue(b))) {
        const std::string site =
            std::string("math function '") + ir::mathName(f) + "' at " + prog_.where(e.range);
        if (std::find(out_.concretized.begin(), out_.concretized.end(), site) ==
            out_.concretized.end())
          out_.concretized.push_back(site);
        return intVal(*r);
      }
    throw EncodeError(std::string("math function '") + ir::mathName(f) +
                      "' of a computed value (exact: sqrt, fabs, floor, ceil, round, trunc, "
                      "fmin, fmax, isnan, isinf, isfinite) at " +
                      prog_.where(e.range));
  }
  case ir::Builtin::Scanf: return scanf(e, st);
  case ir::Builtin::Getchar: return getchar(e, st);
  case ir::Builtin::Exit: {
    const Val status = eval(*e.ops[0], st);
    terminate(st, ints_.convert(status.v, kindOf(*e.ops[0]), ir::IntKind::Int));
    return none;
  }
  case ir::Builtin::Assert: {
    const z3::expr c = truthOf(eval(*e.ops[0], st));
    violation(st, negate(c));
    if (!expect_.assertions && !st.dead()) narrow(st, c);
    return none;
  }
  case ir::Builtin::Abort:
  case ir::Builtin::AssertFail:
  case ir::Builtin::ReachError:
    violation(st, ctx_.bool_val(true));
    kill(st);
    return none;
  case ir::Builtin::Nondet: return nondet(e, st);
  case ir::Builtin::Assume:
    require(st, truthOf(eval(*e.ops[0], st)), HardKind::Assumption);
    return none;
  case ir::Builtin::Gets:
  case ir::Builtin::Fgets: return getLine(e, st);
  case ir::Builtin::Sscanf: return sscanf(e, st);
  case ir::Builtin::Fputs: return putString(e, st, false, e.stream == 1);
  case ir::Builtin::Malloc:
  case ir::Builtin::Calloc:
  case ir::Builtin::VlaAlloc: return allocate(e, st);
  case ir::Builtin::Free: return release(e, st);
  case ir::Builtin::Memset: return memset(e, st);
  case ir::Builtin::Memcpy: return memcpy(e, st);
  case ir::Builtin::Qsort: return qsort(e, st);
  case ir::Builtin::Bsearch: return bsearch(e, st);
  case ir::Builtin::None: break;
  default: return streamCall(e, st);
  }
  throw EncodeError("unknown library function at " + prog_.where(e.range));
}

std::optional<std::string> SymExec::concreteString(const Val& p, const State& st) const {
  if (!p.isPointer() || p.ptr->size() != 1) return std::nullopt;
  const PtrAlt& alt = p.ptr->front();
  const std::optional<std::int64_t> off = ints_.numeral(alt.offset, ir::IntKind::Long);
  const ObjectInfo& info = objects_[alt.obj];
  if (!off || *off < 0 || alt.obj == kNullObject || static_cast<std::uint64_t>(*off) > info.size)
    return std::nullopt;
  if (info.kind == ObjKind::Literal) return info.text.substr(static_cast<std::size_t>(*off));
  if (alt.obj >= st.objs.size() || !st.objs[alt.obj].live || info.pointerCells) return std::nullopt;
  std::string s;
  const auto read = cellReader(st, alt.obj);
  for (std::uint64_t i = static_cast<std::uint64_t>(*off); i < info.size; ++i) {
    const std::optional<std::int64_t> c = ints_.numeral(read(i), info.cell);
    if (!c) return std::nullopt;
    if (*c == 0) return s;
    s += static_cast<char>(*c);
  }
  return std::nullopt;
}

Val SymExec::printf(const ir::Expr& e, State& st, std::size_t first, bool toStdout) {
  if (first >= e.ops.size())
    throw EncodeError("printf without a format at " + prog_.where(e.range));
  const std::optional<std::string> format = concreteString(eval(*e.ops[first], st), st);
  if (!format) throw EncodeError("printf with a computed format at " + prog_.where(e.range));
  // As in C (and the interpreter), every argument is evaluated before printf reads a string
  // through its pointer: a later argument's side effects on a buffer are visible.
  std::vector<Val> evaluated;
  for (std::size_t k = first + 1; k < e.ops.size(); ++k)
    evaluated.push_back(eval(*e.ops[k], st));
  std::string key = *format;
  std::vector<z3::expr> values;
  std::vector<ir::IntKind> kinds;
  std::vector<exec::libc::FormatArg> args;
  std::vector<ComputedString> computed;
  bool constant = true;
  for (std::size_t k = first + 1; k < e.ops.size(); ++k) {
    const ir::Expr& op = *e.ops[k];
    const Val& v = evaluated[k - first - 1];
    exec::libc::FormatArg a;
    if (ir::isStringExpr(op) || op.type->isPointer()) {
      a.isPointer = true;
      if (std::optional<std::string> text = concreteString(v, st)) {
        a.text = *text;
        key += std::string(1, '\0') + *text;
      } else if (!st.dead()) {
        computed.push_back(ComputedString{args.size(), v, &op});
      }
    } else {
      const std::optional<std::int64_t> n = ints_.numeral(v.v, kindOf(op));
      constant = constant && n.has_value();
      a.value = n.value_or(0);
      a.isFloating = op.type->isFloat();
      values.push_back(v.v);
      kinds.push_back(kindOf(op));
    }
    args.push_back(std::move(a));
  }
  if (!computed.empty()) {
    if (toStdout && expect_.output)
      if (std::optional<Val> r =
              printExpected(e, st, *format, args, computed, values, kinds, constant))
        return *r;
    std::vector<std::pair<std::size_t, std::vector<StringShape>>> shapes;
    for (const ComputedString& c : computed)
      shapes.emplace_back(c.arg, stringShapes(c.value, st, true, *c.op, "printf"));
    return printShapes(e, st, *format, args, shapes, values, kinds, toStdout, constant);
  }
  const exec::libc::Formatted f = exec::libc::format(*format, args);
  if (values.empty()) key = f.text;
  if (toStdout) emitOutput(st, std::move(key), std::move(values), std::move(kinds));
  if (constant && f.error.empty())
    return intVal(ints_.literal(static_cast<std::int64_t>(f.text.size()), kindOf(e)));
  return freeValue(e.type);
}

Val SymExec::printShapes(
    const ir::Expr& e, State& st, const std::string& format,
    std::vector<exec::libc::FormatArg> args,
    const std::vector<std::pair<std::size_t, std::vector<StringShape>>>& computed,
    const std::vector<z3::expr>& values, const std::vector<ir::IntKind>& kinds, bool toStdout,
    bool constant) {
  // One output shape per combination of the computed strings' shapes.
  std::size_t combinations = 1;
  for (const auto& c : computed) {
    combinations *= c.second.size();
    if (combinations > kMaxPrintShapes)
      throw EncodeError("printf of strings whose lengths the program computes (too many "
                        "combinations) at " +
                        prog_.where(e.range));
  }
  struct Hole {
    std::size_t arg, at;
    z3::expr value;
    ir::IntKind type;
  };
  std::vector<OutputShape> shapes;
  z3::expr length = ints_.literal(0, kindOf(e));
  for (std::size_t n = 0; n < combinations; ++n) {
    z3::expr cond = ctx_.bool_val(true);
    std::vector<Hole> holes;
    for (std::size_t i = 0, rest = n; i < computed.size(); ++i) {
      const auto& [arg, options] = computed[i];
      const StringShape& s = options[rest % options.size()];
      rest /= options.size();
      cond = conj(cond, s.cond);
      exec::libc::FormatArg& a = args[arg];
      a.isNull = s.isNull;
      a.terminated = s.terminated;
      a.text.clear();
      for (const z3::expr& c : s.chars) {
        if (std::optional<std::int64_t> x = ints_.numeral(c, s.kind)) {
          a.text += static_cast<char>(*x);
        } else {
          holes.push_back(Hole{arg, a.text.size(), c, s.kind});
          a.text += '?';
        }
      }
    }
    if (cond.is_false()) continue;
    const exec::libc::Formatted f = exec::libc::format(format, args);
    if (!f.error.empty()) {  // e.g. a string not NUL-terminated: a runtime error
      require(st, negate(cond), HardKind::RuntimeCheck);
      continue;
    }
    OutputShape o{cond, {}, {}};
    if (values.empty()) {
      // The key is the text: find where each computed character lands (a precision may cut
      // it off) by printing it as another placeholder.
      o.key = f.text;
      for (const Hole& h : holes) {
        std::vector<exec::libc::FormatArg> moved = args;
        moved[h.arg].text[h.at] = '!';
        const std::string other = exec::libc::format(format, moved).text;
        for (std::size_t i = 0; i < other.size() && i < o.key.size(); ++i)
          if (other[i] != o.key[i]) {
            o.chars.push_back(KeyChar{i, h.value, h.type});
            break;
          }
      }
    } else {
      o.key = format;
      for (std::size_t arg = 0; arg < args.size(); ++arg) {
        if (!args[arg].isPointer) continue;
        o.key += '\0';
        for (const Hole& h : holes)
          if (h.arg == arg) o.chars.push_back(KeyChar{o.key.size() + h.at, h.value, h.type});
        o.key += args[arg].isNull ? "(null)" : args[arg].text;
      }
    }
    length =
        choose(cond, ints_.literal(static_cast<std::int64_t>(f.text.size()), kindOf(e)), length);
    shapes.push_back(std::move(o));
  }
  if (toStdout) emitOutputs(st, std::move(shapes), values, kinds);
  return constant ? intVal(length) : freeValue(e.type);
}

z3::expr SymExec::positionSwitch(const z3::expr& pos, std::size_t limit,
                                 const std::function<z3::expr(std::size_t)>& at,
                                 const z3::expr& otherwise) const {
  z3::expr acc = otherwise;
  for (std::size_t p = limit; p-- > 0;)
    acc = choose(pos == ints_.index(static_cast<std::int64_t>(p)), at(p), acc);
  return acc;
}

Val SymExec::stringToInt(const ir::Expr& e, State& st) {
  const Val p = eval(*e.ops[0], st);
  int base = 10;
  if (e.builtin == ir::Builtin::Strtol && e.ops.size() >= 2) {
    const Val b = eval(*e.ops.back(), st);
    const std::optional<std::int64_t> n = ints_.numeral(b.v, kindOf(*e.ops.back()));
    if (!n) throw EncodeError("strtol with a computed base at " + prog_.where(e.range));
    base = static_cast<int>(*n);
  }
  const ir::IntKind k = kindOf(e);
  if (opt_.symbolicInputs && base == 10 && p.isPointer() && p.ptr->size() == 1) {
    const PtrAlt& at = p.ptr->front();
    const ObjectInfo& info = objects_[at.obj];
    const std::optional<std::int64_t> offset = ints_.numeral(at.offset, ir::IntKind::Long);
    if (info.kind == ObjKind::ArgvString && offset == 0 && info.name != "argv[0]") {
      const auto index = static_cast<std::uint32_t>(std::stoul(info.name.substr(5)));
      return intVal(symbolicInput(false, index, k));
    }
  }
  std::function<z3::expr()> computed;  // base 10 only: digits of cells the program computes
  if (base == 10) computed = [&] { return parseComputed(p, k, st, e); };
  return parsedString(
      e, st, p, k,
      [&](const std::string& s) { return ints_.literal(exec::libc::parseLong(s, base), k); },
      computed);
}

Val SymExec::parsedString(const ir::Expr& e, State& st, const Val& p, ir::IntKind k,
                          const std::function<z3::expr(const std::string&)>& parse,
                          const std::function<z3::expr()>& computed) {
  const char* name = ir::builtinName(e.builtin);
  if (std::optional<std::string> s = concreteString(p, st)) return intVal(parse(*s));
  if (!p.isPointer())
    throw EncodeError(std::string(name) + " of a null pointer at " + prog_.where(e.range));
  // Each alternative's whole object as text, read once (nullopt: characters it computes).
  std::vector<std::optional<std::string>> texts;
  for (const PtrAlt& alt : *p.ptr)
    texts.push_back(alt.obj == kNullObject ? std::optional<std::string>("")
                                           : concreteString(pointerTo(alt.obj), st));
  const bool wholeTexts =
      std::all_of(texts.begin(), texts.end(), [](const auto& t) { return t.has_value(); });
  if (!wholeTexts && computed) return intVal(computed());
  if (!wholeTexts)
    throw EncodeError(std::string(name) + " of a string computed by the program at " +
                      prog_.where(e.range));
  z3::expr acc = ints_.literal(0, k);
  for (std::size_t a = p.ptr->size(); a-- > 0;) {
    const PtrAlt& alt = (*p.ptr)[a];
    if (alt.obj == kNullObject) {  // atoi(NULL) is a runtime error
      require(st, negate(alt.cond), HardKind::RuntimeCheck);
      continue;
    }
    const std::string& text = *texts[a];
    const z3::expr v = positionSwitch(
        alt.offset, objects_[alt.obj].size,
        [&](std::size_t i) { return parse(text.substr(std::min(i, text.size()))); },
        ints_.literal(0, k));
    acc = choose(alt.cond, v, acc);
  }
  return intVal(acc);
}

// exec/builtins.cpp's parseDigits over the cells of each place the string may start: leading
// spaces, a sign, the digits right after them; the magnitude saturated at long's range as glibc
// does. Bit-vectors: 68 bits, where a magnitude beyond 2^63 stays at 2^63 + 1 (the next digit
// cannot bring it back), so that 2^63 + 1 times 10 plus 9 still fits.
z3::expr SymExec::parseComputed(const Val& p, ir::IntKind k, State& st, const ir::Expr& e) {
  const bool math = ints_.mode() == Ints::Math;
  z3::expr acc = ints_.literal(0, k);
  const std::vector<StringStart> starts = stringStarts(p, st, false, e, "atoi");
  for (auto s = starts.rbegin(); s != starts.rend(); ++s) {
    const std::uint64_t n = s->end - s->from;
    constexpr unsigned w = 68;
    auto wide = [&](std::int64_t v) { return math ? ctx_.int_val(v) : ctx_.bv_val(v, w); };
    auto lit = [&](char c) { return ints_.literal(c, s->kind); };
    const auto read = cellReader(st, s->obj);
    z3::expr terminated = ctx_.bool_val(false);
    z3::expr lead = ctx_.bool_val(true), afterSign = ctx_.bool_val(false);
    z3::expr run = ctx_.bool_val(false), negative = ctx_.bool_val(false);
    z3::expr magnitude = wide(0);
    const z3::expr beyond = wide(INT64_MAX) + wide(2);
    for (std::uint64_t j = 0; j < n && !terminated.is_true(); ++j) {
      const z3::expr c = read(s->from + j);
      terminated = disj(terminated, equal(c, lit('\0')));
      const z3::expr space =
          disj(equal(c, lit(' ')), conj(ints_.compare(ir::BinOp::Ge, s->kind, c, lit('\t')),
                                        ints_.compare(ir::BinOp::Le, s->kind, c, lit('\r'))));
      const z3::expr digit = conj(ints_.compare(ir::BinOp::Ge, s->kind, c, lit('0')),
                                  ints_.compare(ir::BinOp::Le, s->kind, c, lit('9')));
      const z3::expr first = conj(lead, negate(space));  // the first character after spaces
      const z3::expr counted = conj(digit, disj(first, disj(afterSign, run)));
      const z3::expr minus = equal(c, lit('-'));
      negative = disj(negative, conj(first, minus));
      afterSign = conj(first, disj(minus, equal(c, lit('+'))));
      z3::expr d = ints_.convert(c, s->kind, ir::IntKind::Long);
      d = math ? d - 48 : z3::zext(d, w - 64) - wide(48);
      z3::expr next = magnitude * wide(10) + d;
      if (!math) next = choose(z3::ugt(magnitude, beyond), beyond, next);
      magnitude = choose(counted, next, magnitude);
      run = counted;
      lead = conj(lead, space);
    }
    // Not NUL-terminated within its object: a runtime error.
    require(st, imply(s->cond, terminated), HardKind::RuntimeCheck);
    const z3::expr limit = choose(negative, wide(0) + wide(INT64_MAX) + wide(1), wide(INT64_MAX));
    const z3::expr over = math ? magnitude > limit : z3::ugt(magnitude, limit);
    z3::expr value = choose(negative, wide(0) - magnitude, magnitude);
    if (!math) value = value.extract(63, 0);
    const z3::expr saturated = choose(negative, ints_.literal(INT64_MIN, ir::IntKind::Long),
                                      ints_.literal(INT64_MAX, ir::IntKind::Long));
    value = choose(over, saturated, value);
    acc = choose(s->cond, ints_.convert(value, ir::IntKind::Long, k), acc);
  }
  return acc;
}

Val SymExec::getchar(const ir::Expr& e, State& st) {
  if (st.dead()) return zeroValue(e.type);
  return readChar(0, kindOf(e), st);
}

Val SymExec::readChar(std::size_t h, ir::IntKind k, State& st) {
  const std::string& data = streamData(h);
  SymStream& s = stream(st, h);
  const z3::expr pushed = s.pushed;
  const bool none = ints_.numeral(pushed, ir::IntKind::Int) == -1;
  const z3::expr takesPushed =
      none ? ctx_.bool_val(false) : negate(equal(pushed, ints_.literal(-1, ir::IntKind::Int)));
  z3::expr& posRef = streamPos(st, h);
  const z3::expr pos = posRef;
  auto byteAt = [&](std::size_t i) {
    return i < data.size() ? inputByte(h, data, std::nullopt, i, k) : ints_.literal(-1, k);
  };
  z3::expr value = ints_.literal(-1, k), next = pos, atEnd = ctx_.bool_val(true);
  if (std::optional<std::int64_t> at = ints_.numeral(pos, ir::IntKind::Long)) {
    const auto p = static_cast<std::size_t>(*at);
    next = ints_.index(static_cast<std::int64_t>(std::min(p + 1, data.size())));
    value = byteAt(p);
    atEnd = ctx_.bool_val(p >= data.size());
  } else {
    const z3::expr len = ints_.index(static_cast<std::int64_t>(data.size()));
    const z3::expr more = ints_.indexLess(pos, len);
    next = choose(more, ints_.indexAdd(pos, ints_.index(1)), pos);
    value = positionSwitch(pos, data.size(), byteAt, ints_.literal(-1, k));
    atEnd = negate(more);
  }
  posRef = choose(takesPushed, pos, next);
  SymStream& t = stream(st, h);  // streamPos may have grown the table
  t.eof = disj(t.eof, conj(negate(takesPushed), atEnd));
  t.pushed = ints_.literal(-1, ir::IntKind::Int);
  return intVal(choose(takesPushed, ints_.convert(pushed, ir::IntKind::Int, k), value));
}

Val SymExec::nondet(const ir::Expr& e, State& st) {
  if (st.dead()) return zeroValue(e.type);
  return intVal(nondetValue(kindOf(e), st));
}

z3::expr SymExec::nondetValue(ir::IntKind k, State& st) {
  if (opt_.symbolicNondet) {
    const z3::expr v =
        ints_.fresh(names_.prefix(ctx_) + "nondet!" + std::to_string(out_.nondet.size()), k);
    const z3::expr typed = ints_.valueOfKind(v, k);
    if (!typed.is_true()) out_.hard.push_back(HardClause{typed, HardKind::Input, ir::kNone});
    out_.nondet.push_back(NondetCall{v, st.guard, k});
    return v;
  }
  const std::vector<std::int64_t>& values = input_.nondet;
  const z3::expr pos = st.nondetPos;
  st.nondetPos = ints_.indexAdd(pos, ints_.index(1));
  auto valueAt = [&](std::size_t i) { return ints_.literal(values[i], k); };
  if (std::optional<std::int64_t> at = ints_.numeral(pos, ir::IntKind::Long)) {
    const auto p = static_cast<std::size_t>(*at);
    return p < values.size() ? valueAt(p) : ints_.literal(0, k);
  }
  return positionSwitch(pos, values.size(), valueAt, ints_.literal(0, k));
}

}  // namespace culprit::encode::detail

// Symbolic executor, part 2: statements, loops (unwound to the bound, or as far as the trace
// went), switch, return/break/continue, and inlined calls. Instances are numbered exactly as
// the interpreter numbers occurrences: at the start of each executable statement.
#include "encode/symex.h"
#include "exec/host_stack.h"
#include "ir/sized_call.h"

#include <algorithm>

namespace culprit::encode::detail {

namespace {

/// Trace families follow the run as long as it went; this only guards against a runaway.
constexpr unsigned kTraceIterationLimit = 1u << 30;

}  // namespace

void SymExec::exec(const ir::Stmt& s, State& st) {
  if (st.dead()) return;
  const PathCondition before = pathOf(st);
  switch (s.kind) {
  case ir::StmtKind::Block: block(s.children, st); break;
  case ir::StmtKind::Expr: exprStmt(s, st); break;
  case ir::StmtKind::Decl: decl(s, st); break;
  case ir::StmtKind::If: ifStmt(s, st); break;
  case ir::StmtKind::While:
  case ir::StmtKind::DoWhile:
  case ir::StmtKind::For: loop(s, st); break;
  case ir::StmtKind::Switch: switchStmt(s, st); break;
  case ir::StmtKind::Return: returnStmt(s, st); break;
  case ir::StmtKind::Break:
  case ir::StmtKind::Continue:
  case ir::StmtKind::Empty: jump(s, st); break;
  case ir::StmtKind::Macro: break;  // in no body: its uses read macroValue()
  }
  restoreGuard(st, before);
}

void SymExec::restoreGuard(State& st, const PathCondition& before) const {
  // Trace families follow one path: code after a statement is not controlled by the guards
  // inside it, so the guard goes back to what it was (unless the path ended inside).
  if (traceMode_ && !st.dead()) setPath(st, before);
}

void SymExec::block(const std::vector<ir::StmtPtr>& stmts, State& st) {
  for (const ir::StmtPtr& s : stmts) {
    if (st.dead()) return;
    exec(*s, st);
  }
}

void SymExec::exprStmt(const ir::Stmt& s, State& st) {
  if (!s.isExecutable()) {
    if (s.expr) eval(*s.expr, st);
    return;
  }
  beginInstance(s);
  const ir::Expr* top = ir::withoutVoidCast(s.expr.get());
  if (top && ir::assignsInteger(*top)) {
    evalStore(*top, st, /*produces=*/true);
  } else if (const ir::Expr* sized = ir::sizedCall(s)) {
    const ir::Expr* saved = sizedCall_;  // a recursive call comes back here
    sizedCall_ = sized;
    eval(*s.expr, st);
    sizedCall_ = saved;
  } else if (s.expr) {
    eval(*s.expr, st);
  }
  endInstance(st);
}

void SymExec::decl(const ir::Stmt& s, State& st) {
  const bool counted = s.isExecutable();
  if (counted) beginInstance(s);
  const ir::Var& var = prog_.vars[s.var];
  const ObjId obj = objectOf(s.var);
  if (!s.expr) {
    if (opt_.nondetUninitialised && !st.dead() && var.storage != ir::Var::Storage::Global)
      nondetObject(obj, var.type, st);
  } else if (var.type->isAggregate()) {
    initialize(obj, var.type, *s.expr, st);
  } else {
    const ir::Expr& init = *s.expr;
    const bool braced = init.kind == ir::ExprKind::InitList;
    const ir::Expr& e = braced && !init.ops.empty() ? *init.ops[0] : init;
    const ir::Expr* saved = sizedCall_;  // `T *p = bsearch(..., count, ...)`: see exprStmt
    if (counted) sizedCall_ = ir::sizedCall(s);
    Val v = braced && init.ops.empty() ? zeroOf(objects_[obj]) : eval(e, st);
    sizedCall_ = saved;
    v = convertVal(v, kindOf(e), var.type);
    if (counted && var.type->isInt()) v.v = produce(st, v.v, var.type->intKind);
    store(PtrAlts{PtrAlt{ctx_.bool_val(true), obj, ints_.index(0)}}, v, st);
  }
  if (counted) endInstance(st);
}

void SymExec::nondetObject(ObjId obj, ir::TypeRef t, State& st) {
  if (objects_[obj].useArray) return nondetArray(obj, st);
  work(objects_[obj].size);
  for (std::uint64_t j = 0; j < objects_[obj].size; ++j) {
    const ir::TypeRef cell = t->cellType(j);
    if (!cell->isInt()) continue;  // a pointer keeps its null, as in the interpreter
    const z3::expr at = ints_.index(static_cast<std::int64_t>(j));
    writeCell(st, obj, at, intVal(nondetValue(cell->intKind, st)), ctx_.bool_val(true));
  }
}

void SymExec::nondetArray(ObjId obj, State& st) {
  const ObjectInfo& info = objects_[obj];
  const ir::IntKind k = info.cell;
  const z3::sort elem = ints_.literal(0, k).get_sort();
  if (opt_.symbolicNondet) {  // one array constant: its cells are the nondet values
    const z3::expr a = ctx_.constant(
        (names_.prefix(ctx_) + "nondet!array!" + std::to_string(out_.nondet.size())).c_str(),
        ctx_.array_sort(ints_.indexSort(), elem));
    for (std::uint64_t j = 0; j < info.size; ++j) {
      const z3::expr v = z3::select(a, ints_.index(static_cast<std::int64_t>(j)));
      const z3::expr typed = ints_.valueOfKind(v, k);
      if (!typed.is_true()) out_.hard.push_back(HardClause{typed, HardKind::Input, ir::kNone});
      out_.nondet.push_back(NondetCall{v, st.guard, k});
    }
    st.objs[obj].array = a;
    return;
  }
  // The run's values: a constant array of the most frequent one, stored over where others are
  // (a counterexample's array is mostly one value; a store per cell made z3 crawl).
  std::vector<z3::expr> values;
  std::map<std::int64_t, std::uint64_t> counts;
  for (std::uint64_t j = 0; j < info.size; ++j) {
    values.push_back(nondetValue(k, st));
    if (std::optional<std::int64_t> n = ints_.numeral(values.back(), k)) ++counts[*n];
  }
  std::int64_t base = 0;
  std::uint64_t most = 0;
  for (const auto& [v, n] : counts)
    if (n > most) base = v, most = n;
  z3::expr a = z3::const_array(ints_.indexSort(), ints_.literal(base, k));
  for (std::uint64_t j = 0; j < info.size; ++j)
    if (ints_.numeral(values[j], k) != base)
      a = z3::store(a, ints_.index(static_cast<std::int64_t>(j)), values[j]);
  st.objs[obj].array = a;
}

Decision SymExec::branch(const ir::Stmt& s, State& st) {
  if (!s.isExecutable()) return silentBranch(s, st);
  beginInstance(s);
  z3::expr cond = ctx_.bool_val(true);
  if (s.expr) cond = truthOf(eval(*s.expr, st));
  Decision d = decide(st, cond);
  endInstance(st);
  if (st.dead()) return {};
  return d;
}

/// A condition the frontend added (goto elimination, role None): neither traced, relaxed nor
/// filtered by exploration. Its flags are constants along one path, so a trace formula always
/// finds it decided.
Decision SymExec::silentBranch(const ir::Stmt& s, State& st) {
  const z3::expr cond = s.expr ? truthOf(eval(*s.expr, st)) : ctx_.bool_val(true);
  if (st.dead()) return {};
  if (traceMode_ && !cond.is_true() && !cond.is_false())
    throw std::logic_error("undecided added condition in a trace at " + prog_.where(s.range));
  Decision d;
  if (!cond.is_false()) d.whenTrue = cond;
  if (!cond.is_true()) d.whenFalse = negate(cond);
  return d;
}

void SymExec::ifStmt(const ir::Stmt& s, State& st) {
  const Decision d = branch(s, st);
  if (st.dead()) return;
  const ir::Stmt* thenS = s.thenS.get();
  const ir::Stmt* elseS = s.elseS.get();
  auto mode = [&](std::int32_t side, const ir::Stmt* body) {
    return s.isExecutable() ? sideMode(side, SideKind::IfSide, body) : SideMode::Encode;
  };
  const SideMode thenMode = d.whenTrue ? mode(1, thenS) : SideMode::Drop;
  const SideMode elseMode = d.whenFalse ? mode(0, elseS) : SideMode::Drop;
  auto run = [&](State& side, SideMode mode, const ir::Stmt* body, std::int32_t decision) {
    if (mode == SideMode::Cut)
      havoc(side, effects_.ofSide(body).writes, decision);
    else if (body)
      exec(*body, side);
  };
  const bool thenKept = thenMode != SideMode::Drop, elseKept = elseMode != SideMode::Drop;
  if (!thenKept || !elseKept) {  // one side only
    if (!thenKept && !elseKept) return kill(st);
    narrow(st, thenKept ? *d.whenTrue : *d.whenFalse);
    run(st, thenKept ? thenMode : elseMode, thenKept ? thenS : elseS, thenKept ? 1 : 0);
    return;
  }
  const PathCondition parent = pathOf(st);
  State t = fork(st, *d.whenTrue);
  run(t, thenMode, thenS, 1);
  narrow(st, *d.whenFalse);
  run(st, elseMode, elseS, 0);
  st = merge2(std::move(t), std::move(st), d.whenTrue, parent);
}

unsigned SymExec::iterationBound(const ir::Stmt* loop) const {
  if (traceMode_) return kTraceIterationLimit;
  if (!loop) return opt_.unwind;
  if (auto it = opt_.loopUnwindByDepth.find(loop->id);
      it != opt_.loopUnwindByDepth.end() && !it->second.empty()) {
    unsigned below = 0;  // other frames of the loop's function under the current one
    for (const Frame& f : frames_)
      below += f.fn == frames_.back().fn;
    return it->second[std::min<std::size_t>(below - 1, it->second.size() - 1)];
  }
  if (auto it = opt_.loopUnwind.find(loop->id); it != opt_.loopUnwind.end()) return it->second;
  return opt_.unwind;
}

unsigned SymExec::recursionBound(const ir::Function& fn) const {
  if (traceMode_) return kTraceIterationLimit;
  if (auto it = opt_.recursionUnwind.find(fn.id); it != opt_.recursionUnwind.end())
    return it->second;
  return opt_.unwind;
}

void SymExec::loop(const ir::Stmt& s, State& st) {
  if (s.kind == ir::StmtKind::For && s.init) exec(*s.init, st);
  Frame& frame = frames_.back();
  const std::uint32_t saved = frame.iteration;
  frame.loops.emplace_back();
  frame.iters.push_back(0);
  std::vector<State> exits;
  for (std::uint32_t k = 1; !st.dead(); ++k) {
    frames_.back().iteration = k;
    frames_.back().iters.back() = k;
    if (!loopIteration(s, st, k, exits)) break;
  }
  exits.push_back(std::move(st));
  frames_.back().loops.pop_back();
  frames_.back().iters.pop_back();
  frames_.back().iteration = saved;
  st = merge(std::move(exits));
}

/// One iteration k of loop `s`; false when no state continues to iteration k + 1.
bool SymExec::loopIteration(const ir::Stmt& s, State& st, std::uint32_t k,
                            std::vector<State>& exits) {
  const bool testFirst = s.kind != ir::StmtKind::DoWhile;
  const unsigned bound = iterationBound(&s);
  auto test = [&](bool beyondBound) {
    const Decision d = branch(s, st);
    if (st.dead()) return;
    if (d.whenFalse) exits.push_back(fork(st, *d.whenFalse));
    if (!d.whenTrue) {
      kill(st);
      return;
    }
    // Beyond the bound the program formula assumes no further iteration, explored or not.
    const SideMode next =
        beyondBound || !s.isExecutable() ? SideMode::Encode : sideMode(1, SideKind::LoopRest, &s);
    if (next == SideMode::Cut) {  // the remaining iterations end at the loop's exit
      State rest = fork(st, *d.whenTrue);
      havoc(rest, effects_.ofLoopRest(s).writes, 1);
      exits.push_back(std::move(rest));
    }
    if (next != SideMode::Encode) return kill(st);
    narrow(st, *d.whenTrue);
    if (beyondBound) unwindingHit(st);
  };
  if (testFirst) {
    test(k > bound);
    if (st.dead()) return false;
  }
  exec(*s.body, st);
  LoopContext& lc = frames_.back().loops.back();
  for (State& b : lc.breaks)
    exits.push_back(std::move(b));
  lc.breaks.clear();
  std::vector<State> next = std::move(lc.continues);
  lc.continues.clear();
  next.push_back(std::move(st));
  st = merge(std::move(next));
  if (s.kind == ir::StmtKind::For && s.step) exec(*s.step, st);
  if (!testFirst) test(k >= bound);
  return !st.dead();
}

z3::expr SymExec::naturalArm(const ir::Stmt& s, const z3::expr& v) const {
  // The first arm listing the value, else the default arm, else -1 (as the interpreter).
  const ir::IntKind k = kindOf(*s.expr);
  auto index = [&](std::size_t a) {
    return ints_.literal(static_cast<std::int64_t>(a), ir::IntKind::Int);
  };
  z3::expr arm = ints_.literal(-1, ir::IntKind::Int);
  for (std::size_t a = 0; a < s.arms.size(); ++a)
    if (s.arms[a].isDefault) arm = index(a);
  for (std::size_t a = s.arms.size(); a-- > 0;)
    for (auto it = s.arms[a].values.rbegin(); it != s.arms[a].values.rend(); ++it)
      arm = choose(ints_.compare(ir::BinOp::Eq, k, v, ints_.literal(*it, k)), index(a), arm);
  return arm;
}

void SymExec::switchStmt(const ir::Stmt& s, State& st) {
  const bool counted = s.isExecutable();
  if (counted) beginInstance(s);
  const z3::expr natural = naturalArm(s, eval(*s.expr, st).v);
  std::int32_t tracedArm = -1;
  const z3::expr d = counted ? decideArm(st, natural, &tracedArm) : natural;
  if (counted && !traceMode_ && !st.dead()) recordBranch(st, d, true);
  if (counted) endInstance(st);
  if (st.dead()) return;
  auto armIs = [&](std::size_t a) {
    if (opt_.family == Family::TraceFlowInsensitive) return ctx_.bool_val(true);
    return equal(d, ints_.literal(static_cast<std::int64_t>(a), ir::IntKind::Int));
  };
  std::vector<bool> enter(s.arms.size());  // before the arms record branch points of their own
  for (std::size_t a = 0; a < s.arms.size(); ++a) {
    const auto arm = static_cast<std::int32_t>(a);
    enter[a] = traceMode_
                   ? counted && tracedArm == arm
                   : !counted || sideMode(arm, SideKind::SwitchArm, nullptr) == SideMode::Encode;
  }
  frames_.back().loops.push_back(LoopContext{{}, {}, /*isSwitch=*/true});
  std::vector<State> exits;
  State fall{ctx_.bool_val(false), {},        st.outCount, st.nondetPos, st.stdinPos,
             ctx_.bool_val(false), st.streams};
  z3::expr anyArm = ctx_.bool_val(false);
  for (std::size_t a = 0; a < s.arms.size(); ++a) {
    anyArm = disj(anyArm, armIs(a));
    State entry = enter[a] ? merge2(fork(st, armIs(a)), std::move(fall), std::nullopt, pathOf(st))
                           : std::move(fall);
    block(s.arms[a].body, entry);
    LoopContext& lc = frames_.back().loops.back();
    for (State& b : lc.breaks)
      exits.push_back(std::move(b));
    lc.breaks.clear();
    fall = std::move(entry);
  }
  exits.push_back(std::move(fall));
  if (!traceMode_)
    exits.push_back(fork(st, negate(anyArm)));
  else if (tracedArm < 0)
    exits.push_back(fork(st, opt_.family == Family::TraceFlowInsensitive ? ctx_.bool_val(true)
                                                                         : negate(anyArm)));
  frames_.back().loops.pop_back();
  st = merge(std::move(exits));
}

void SymExec::pendingContinue(State&& st) {
  for (auto it = frames_.back().loops.rbegin(); it != frames_.back().loops.rend(); ++it)
    if (!it->isSwitch) {
      it->continues.push_back(std::move(st));
      return;
    }
}

void SymExec::returnStmt(const ir::Stmt& s, State& st) {
  const bool counted = s.isExecutable();
  if (counted) beginInstance(s);
  const ir::TypeRef t = frames_.back().fn->ret;
  Val v = intVal(ints_.literal(0, ir::IntKind::Int));
  if (s.expr) {
    v = eval(*s.expr, st);
    if (!t->isVoid()) {
      v = convertVal(v, kindOf(*s.expr), t);
      if (counted && t->isInt()) v.v = produce(st, v.v, t->intKind);
    }
  }
  if (counted) endInstance(st);
  if (st.dead()) return;
  Frame& f = frames_.back();
  f.returns.push_back(std::move(st));
  f.returnValues.push_back(v);
  st.objs.clear();  // moved from: only its guard is read from now on
  kill(st);
}

void SymExec::jump(const ir::Stmt& s, State& st) {
  if (s.isExecutable()) {
    beginInstance(s);
    endInstance(st);
  }
  if (st.dead() || s.kind == ir::StmtKind::Empty) return;
  std::vector<LoopContext>& loops = frames_.back().loops;
  if (loops.empty())
    throw EncodeError("break or continue outside a loop at " + prog_.where(s.range));
  if (s.kind == ir::StmtKind::Break)
    loops.back().breaks.push_back(std::move(st));
  else
    pendingContinue(std::move(st));
  st.objs.clear();
  kill(st);
}

// ---------------------------------------------------------------------------------------------
// Calls

ObjId SymExec::objectOf(ir::VarId v) const {
  const ir::Var& var = prog_.vars[v];
  if (var.storage == ir::Var::Storage::Global) return globals_[var.slot];
  return frames_.back().slots[var.slot];
}

Val SymExec::callUser(const ir::Expr& e, State& st) {
  const ir::Function& fn = prog_.functions[e.callee];
  if (!fn.body) throw EncodeError("call to '" + fn.name + "', which has no definition");
  std::vector<Val> args;
  for (const ir::ExprPtr& op : e.ops)
    args.push_back(eval(*op, st));
  if (st.dead()) return zeroValue(fn.ret);
  unsigned depth = 0;
  for (const Frame& f : frames_)
    depth += f.fn == &fn;
  if (depth > recursionBound(fn)) {
    unwindingHit(st);
    return zeroValue(fn.ret);
  }
  if (opt_.callTree && callsOutsideTree() > opt_.callTree->slack) {
    const std::pair<ir::StmtId, ir::FuncId> cut{current_.back().origin.stmt, fn.id};
    if (std::find(out_.cutCalls.begin(), out_.cutCalls.end(), cut) == out_.cutCalls.end())
      out_.cutCalls.push_back(cut);
    unwindingHit(st);
    return zeroValue(fn.ret);
  }
  return enterCall(fn, args, st);
}

unsigned SymExec::callsOutsideTree() const {
  if (!opt_.callTree || traceMode_ || current_.empty()) return 0;
  const Frame& caller = frames_.back();
  if (caller.outsideCalls) return caller.outsideCalls + 1;  // the tree is closed under prefixes
  std::vector<ir::StmtId> calls = caller.context;
  calls.push_back(current_.back().origin.stmt);
  return opt_.callTree->made.contains(calls) ? 0 : 1;
}

std::string SymExec::positionKey(ir::StmtId stmt) const {
  std::string key = frames_.back().position;
  for (std::uint32_t k : frames_.back().iters)
    key += std::to_string(k) + ",";
  return key + "/" + std::to_string(stmt);
}

void SymExec::checkStack(const ir::Function& fn) {
  const char* here = static_cast<const char*>(__builtin_frame_address(0));
  if (!stackFloor_) stackFloor_ = exec::hostStackFloor(here, 1 << 20);
  if (reinterpret_cast<std::uintptr_t>(here) >= reinterpret_cast<std::uintptr_t>(stackFloor_))
    return;
  if (!lastStack_) throw StackExhausted{};
  throw EncodeError("calls of '" + fn.name + "' nest too deep to encode");
}

Val SymExec::enterCall(const ir::Function& fn, const std::vector<Val>& args, State& st) {
  checkStack(fn);
  const Frame& caller = frames_.back();
  Frame f;
  f.fn = &fn;
  f.trusted = fn.trusted;
  f.context = caller.context;
  f.outerIters = caller.outerIters;
  f.outerIters.insert(f.outerIters.end(), caller.iters.begin(), caller.iters.end());
  if (!traceMode_) {
    const ir::StmtId site = current_.empty() ? ir::kNone : current_.back().origin.stmt;
    const std::uint32_t ordinal = current_.empty() ? rootCalls_++ : current_.back().calls++;
    f.position = positionKey(site) + "." + std::to_string(ordinal) + ">";
  }
  f.outsideCalls = callsOutsideTree();
  if (!current_.empty()) f.context.push_back(current_.back().origin.stmt);
  for (ir::VarId v : fn.frame) {
    const ObjId id = newObject(varObject(v));
    f.slots.push_back(id);
    initObject(id, st, zeroOf(objects_[id]));
  }
  for (std::size_t k = 0; k < fn.params.size() && k < args.size(); ++k) {
    const ObjId id = f.slots[prog_.vars[fn.params[k]].slot];
    st.objs[id].cells[0] = args[k];
  }
  const PathCondition before = pathOf(st);
  st.local = ctx_.bool_val(true);  // local guards start over in the callee
  frames_.push_back(std::move(f));
  exec(*fn.body, st);
  Frame done = std::move(frames_.back());
  frames_.pop_back();
  done.returns.push_back(std::move(st));
  done.returnValues.push_back(zeroValue(fn.ret));
  Val result = done.returnValues.back();
  for (std::size_t i = done.returns.size() - 1; i-- > 0;)
    if (!done.returns[i].dead())
      result = mergeVal(done.returns[i].local, done.returnValues[i], result);
  st = merge(std::move(done.returns));
  st.local = conj(before.local, st.local);
  // The callee's variables, and those of the calls it made, are dead: frames nest, so they
  // are the variables created since this frame's first one (string literals need no state;
  // heap blocks live on).
  if (!done.slots.empty() && done.slots.front() < st.objs.size()) {
    std::size_t keep = done.slots.front();
    for (std::size_t id = keep; id < st.objs.size(); ++id)
      if (objects_[id].kind == ObjKind::Var)
        st.objs[id] = ObjState{};
      else
        keep = id + 1;
    st.objs.resize(keep);
  }
  restoreGuard(st, before);
  return result;
}

}  // namespace culprit::encode::detail

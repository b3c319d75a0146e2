// Symbolic executor, part 1: setup, instances and their clauses. See symex.h for the overall
// scheme; the oracle's clauses are in symex_oracle.cpp, merging states in symex_merge.cpp.
#include "encode/symex.h"

#include "exec/arith.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>

namespace culprit::encode::detail {

namespace {
std::uint64_t traceKey(ir::StmtId s, std::uint32_t occurrence) {
  return std::uint64_t{s} << 32 | occurrence;
}

/// The process's resident set in bytes (0 where /proc is not there).
std::uint64_t residentBytes() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t size = 0, resident = 0;
  if (!(statm >> size >> resident)) return 0;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}
}  // namespace

SymExec::SymExec(z3::context& ctx, const Request& r, Encoding& out)
    : ctx_(ctx), prog_(*r.program), input_(*r.input), expect_(*r.expect), opt_(*r.options),
      trace_(r.trace), out_(out), ints_(ctx, r.options->ints, r.options->checkOverflow),
      traceMode_(r.options->family != Family::Program), runValues_(ctx), names_(*r.names),
      effects_(*r.program), lastStack_(r.lastStack) {
  out_.exitStatus = ints_.literal(0, ir::IntKind::Int);
  copies_.assign(prog_.stmts.size(), 0);
  if (opt_.maxMemoryMb) {
    residentAtStart_ = residentBytes();
    z3AtStart_ = Z3_get_estimated_alloc_size();
  }
}

void SymExec::checkBounds() const {
  if (opt_.deadline && std::chrono::steady_clock::now() > *opt_.deadline)
    throw EncodeBoundError(EncodeBoundError::Bound::Time,
                           "the time limit ran out while the formula was being built, at " +
                               std::to_string(begun_) + " statement instances");
  if (opt_.maxHard && out_.hard.size() > opt_.maxHard)
    throw EncodeBoundError(EncodeBoundError::Bound::Size,
                           "the formula outgrew " + std::to_string(opt_.maxHard) +
                               " hard constraints while it was being built, at " +
                               std::to_string(begun_) + " statement instances");
  if (!opt_.maxMemoryMb) return;
  const std::uint64_t resident = residentBytes();
  const std::uint64_t z3 = Z3_get_estimated_alloc_size();
  const std::uint64_t used = (z3 > z3AtStart_ ? z3 - z3AtStart_ : 0) +
                             (resident > residentAtStart_ ? resident - residentAtStart_ : 0);
  if (used > opt_.maxMemoryMb << 20)
    throw EncodeBoundError(EncodeBoundError::Bound::Memory,
                           "the formula outgrew " + std::to_string(opt_.maxMemoryMb) +
                               " MB while it was being built, at " + std::to_string(begun_) +
                               " statement instances");
}

void SymExec::work(std::uint64_t cells) const {
  work_ += cells;
  if (work_ < kWorkPerCheck) return;
  work_ = 0;
  checkBounds();
}

// ---------------------------------------------------------------------------------------------
// Setup

void SymExec::run() {
  if (traceMode_) indexTrace();
  const ir::Function* entry = prog_.findFunction(opt_.entry);
  if (!entry || !entry->body) throw EncodeError("no function '" + opt_.entry + "' to encode");
  objects_.push_back(ObjectInfo{});  // the null object
  setUpFreeStdin();
  const z3::expr zero = ints_.index(0);
  State st{ctx_.bool_val(true), {}, zero, zero, zero, ctx_.bool_val(true), {}};
  setUpGlobals(st);
  std::vector<Val> args = entryArguments(*entry, st);
  Frame root;
  frames_.push_back(root);
  const Val result = enterCall(*entry, args, st);
  frames_.pop_back();
  z3::expr status = ints_.literal(0, ir::IntKind::Int);
  if (entry->ret && entry->ret->isInt())
    status = ints_.convert(result.v, entry->ret->intKind, ir::IntKind::Int);
  terminate(st, status);
  out_.usesFloats = ints_.usedFloats();
}

ObjId SymExec::newObject(ObjectInfo info) {
  info.useArray = (info.kind == ObjKind::Var || info.kind == ObjKind::Heap) && !info.pointerCells &&
                  !info.mixed && info.size > 1 && info.size > opt_.expandArraysUpTo;
  out_.usesArrays = out_.usesArrays || info.useArray;
  objects_.push_back(std::move(info));
  return static_cast<ObjId>(objects_.size() - 1);
}

void SymExec::initObject(ObjId id, State& st, const Val& fill) {
  if (st.objs.size() <= id) st.objs.resize(objects_.size());
  ObjState& os = st.objs[id];
  const ObjectInfo& info = objects_[id];
  os.live = true;
  os.cells.clear();
  os.array.reset();
  if (info.useArray) {
    os.array = z3::const_array(ints_.indexSort(), fill.v);
  } else if (info.mixed) {
    os.cells.reserve(info.size);
    for (std::uint64_t j = 0; j < info.size; ++j)
      os.cells.push_back(zeroAt(info, j));
  } else {
    os.cells.assign(info.size, fill);
  }
}

Val SymExec::zeroAt(const ObjectInfo& info, std::uint64_t j) const {
  if (!info.mixed) return zeroOf(info);
  return zeroValue(info.mixed->cellType(j % info.mixed->cellCount()));
}

bool SymExec::sameShape(const Val& cell, const Val& v) {
  if (cell.isPointer() || v.isPointer()) return cell.isPointer() && v.isPointer();
  return z3::eq(cell.v.get_sort(), v.v.get_sort());
}

ObjectInfo SymExec::varObject(ir::VarId v) const {
  const ir::Var& var = prog_.vars[v];
  ObjectInfo info;
  info.kind = ObjKind::Var;
  info.name = var.name;
  info.size = var.type->cellCount();
  if (const auto bound = opt_.varCells.find(v); bound != opt_.varCells.end())
    info.size = std::min(info.size, std::max<std::uint64_t>(1, bound->second));
  const ir::TypeRef cell = var.type->scalarType();
  info.pointerCells = cell->isPointer();
  if (cell->isInt()) info.cell = cell->intKind;
  if (!var.type->uniformCells()) info.mixed = cell;
  return info;
}

Val SymExec::zeroOf(const ObjectInfo& info) const {
  if (info.pointerCells) return nullPointer();
  return intVal(ints_.literal(0, info.cell));
}

void SymExec::setUpGlobals(State& st) {
  globals_.assign(prog_.globals.size(), kNullObject);
  for (ir::VarId g : prog_.globals) {
    const ObjId id = newObject(varObject(g));
    globals_[prog_.vars[g].slot] = id;
    initObject(id, st, zeroOf(objects_[id]));
  }
  for (ir::VarId g : prog_.globals)
    if (const ir::Expr* init = prog_.vars[g].init.get())
      initialize(globals_[prog_.vars[g].slot], prog_.vars[g].type, *init, st);
}

Val SymExec::setUpArgv(State& st) {
  const std::size_t argc = input_.args.size() + 1;
  std::vector<ObjId> strings;
  for (std::size_t k = 0; k < argc; ++k) {
    ObjectInfo info;
    info.kind = ObjKind::ArgvString;
    info.name = "argv[" + std::to_string(k) + "]";
    info.cell = ir::IntKind::Char;
    info.text = k == 0 ? opt_.programName : input_.args[k - 1];
    info.size = info.text.size() + 1;
    const ObjId id = newObject(info);
    initObject(id, st, intVal(ints_.literal(0, ir::IntKind::Char)));
    for (std::size_t c = 0; c < info.text.size(); ++c)
      st.objs[id].cells[c] =
          intVal(ints_.literal(static_cast<unsigned char>(info.text[c]), ir::IntKind::Char));
    strings.push_back(id);
  }
  ObjectInfo table;
  table.kind = ObjKind::Argv;
  table.name = "argv";
  table.pointerCells = true;
  table.size = argc + 1;
  const ObjId argv = newObject(table);
  initObject(argv, st, nullPointer());
  for (std::size_t k = 0; k < argc; ++k)
    st.objs[argv].cells[k] = pointerTo(strings[k]);
  return pointerTo(argv);
}

std::vector<Val> SymExec::entryArguments(const ir::Function& fn, State& st) {
  std::vector<Val> args;
  const std::size_t n = fn.params.size();
  if (fn.name == "main") {
    if (n >= 1)
      args.push_back(intVal(
          ints_.literal(static_cast<std::int64_t>(input_.args.size() + 1), ir::IntKind::Int)));
    if (n >= 2) args.push_back(setUpArgv(st));
    while (args.size() < n)
      args.push_back(nullPointer());
    return args;
  }
  if (input_.entryArgs.size() != n)
    throw EncodeError("entry function '" + fn.name + "' takes " + std::to_string(n) +
                      " arguments, the test gives " + std::to_string(input_.entryArgs.size()));
  for (std::size_t k = 0; k < n; ++k) {
    const ir::TypeRef t = prog_.vars[fn.params[k]].type;
    if (!t->isInt()) throw EncodeError("entry function with a non-integer parameter");
    if (opt_.symbolicInputs) {
      const auto index = static_cast<std::uint32_t>(k);
      args.push_back(intVal(symbolicInput(true, index, t->intKind)));
    } else {
      args.push_back(intVal(ints_.literal(input_.entryArgs[k], t->intKind)));
    }
  }
  return args;
}

z3::expr SymExec::symbolicInput(bool entryArgument, std::uint32_t index, ir::IntKind k) {
  for (const SymbolicInput& in : out_.inputs)
    if (in.entryArgument == entryArgument && in.index == index && in.type == k) return in.value;
  const std::string n = names_.prefix(ctx_) + (entryArgument ? "arg!" : "argv!") +
                        std::to_string(index) + "!" + std::to_string(static_cast<int>(k));
  const z3::expr v = ints_.fresh(n, k);
  const z3::expr typed = ints_.valueOfKind(v, k);
  if (!typed.is_true()) out_.hard.push_back(HardClause{typed, HardKind::Input, ir::kNone});
  out_.inputs.push_back(SymbolicInput{entryArgument, index, v, k});
  return v;
}

void SymExec::indexTrace() {
  if (!trace_) throw EncodeError("a trace formula needs the run's trace");
  if (trace_->verdict == exec::Verdict::StepLimit)
    throw EncodeError("the failing run hit the step limit: its trace formula is not encoded");
  for (std::size_t i = 0; i < trace_->trace.size(); ++i) {
    const exec::InstanceKey& k = trace_->trace[i].key;
    traceIndex_[traceKey(k.stmt, k.occurrence)] = i;
  }
  if (trace_->failed() && trace_->verdict != exec::Verdict::StepLimit && !trace_->trace.empty())
    failingKey_ = trace_->trace.back().key;
}

// ---------------------------------------------------------------------------------------------
// Instances and clauses

void SymExec::beginInstance(const ir::Stmt& s) {
  Current c;
  c.stmt = &s;
  c.origin.stmt = s.id;
  c.origin.copy = copies_[s.id]++;
  c.origin.iteration = frames_.back().iteration;
  c.origin.callContext = frames_.back().context;
  c.failing = failingKey_ && failingKey_->stmt == s.id && failingKey_->occurrence == c.origin.copy;
  c.order = begun_++;
  if (begun_ % 64 == 0) checkBounds();
  c.tag = traceMode_ ? std::to_string(c.origin.copy)
                     : "p" + std::to_string(names_.position(positionKey(s.id)));
  current_.push_back(std::move(c));
}

std::string SymExec::name(const char* kind, const std::string& suffix) const {
  std::string n = names_.prefix(ctx_) + kind;
  if (!current_.empty())
    n += "!" + std::to_string(current_.back().origin.stmt) + "!" + current_.back().tag;
  return n + "!" + suffix;
}

void SymExec::endInstance(State& st) {
  const bool failing = current_.back().failing;
  current_.pop_back();
  if (failing) {
    out_.truncated = true;
    kill(st);
  }
}

namespace {
/// `e` (under casts) reads an input: atoi/atol/atoll/strtol, getchar or a nondet value.
bool readsInput(const ir::Expr* e) {
  while (e && e->kind == ir::ExprKind::Cast && !e->ops.empty())
    e = e->ops[0].get();
  if (!e || e->kind != ir::ExprKind::Call) return false;
  switch (e->builtin) {
  case ir::Builtin::Atoi:
  case ir::Builtin::Atol:
  case ir::Builtin::Atoll:
  case ir::Builtin::Strtol:
  case ir::Builtin::Getchar:
  case ir::Builtin::Nondet: return true;
  default: return false;
  }
}

/// An assignment or initialised declaration whose value is an input read as such.
bool isInputStatement(const ir::Stmt& s) {
  if (s.role != ir::StmtRole::Assign || !s.expr) return false;
  if (s.kind == ir::StmtKind::Decl) return readsInput(s.expr.get());
  const ir::Expr* e = s.expr.get();
  while (e->kind == ir::ExprKind::Cast && e->type->isVoid())
    e = e->ops[0].get();
  return e->kind == ir::ExprKind::Assign && readsInput(e->ops[1].get());
}
}  // namespace

bool SymExec::relaxable() const {
  if (!opt_.relax || frames_.back().trusted || current_.empty()) return false;
  return !(opt_.hardInputStatements && isInputStatement(*current_.back().stmt));
}

std::uint32_t SymExec::groupFor(const Origin& origin) {
  const bool perStatement = opt_.granularity == Granularity::Statement;
  if (perStatement) {
    auto it = statementGroup_.find(origin.stmt);
    if (it != statementGroup_.end()) return it->second;
  }
  std::string name = names_.prefix(ctx_) + "s!" + std::to_string(origin.stmt);
  if (!perStatement) name += "!" + current_.back().tag;
  out_.groups.push_back(SoftGroup{ctx_.bool_const(name.c_str()), origin.stmt, {}});
  const auto id = static_cast<std::uint32_t>(out_.groups.size() - 1);
  if (perStatement) statementGroup_[origin.stmt] = id;
  return id;
}

const exec::TraceEntry* SymExec::traced(const Origin& o) const {
  if (!trace_) return nullptr;
  auto it = traceIndex_.find(traceKey(o.stmt, o.copy));
  return it == traceIndex_.end() ? nullptr : &trace_->trace[it->second];
}

void SymExec::addInstance(Instance inst, State& st) {
  (void)st;
  const auto index = static_cast<std::uint32_t>(out_.instances.size());
  if (inst.group != ir::kNone) out_.groups[inst.group].instances.push_back(index);
  out_.instances.push_back(std::move(inst));
}

z3::expr SymExec::produce(State& st, const z3::expr& natural, ir::IntKind k) {
  if (st.dead()) return natural;
  const Current& c = current_.back();
  const exec::TraceEntry* entry = traceMode_ ? traced(c.origin) : nullptr;
  if (!relaxable()) {
    const z3::expr& v = natural;  // numerals are folded as they are built
    std::optional<std::int64_t> n = ints_.numeral(v, k);
    if (entry && entry->hasValue && n && !exec::arith::sameValue(k, *n, entry->value))
      throw std::logic_error("encoder and interpreter disagree on the value of " +
                             prog_.where(c.stmt->range));
    return v;
  }
  // Named after the value it stands for, so that encoding the same instance with the same
  // value again (an incremental encoder's next pass) gives the same constant.
  const z3::expr v = ints_.fresh(name("v", std::to_string(natural.id())), k);
  const std::uint32_t group = groupFor(c.origin);
  z3::expr clause = v == natural;
  if (opt_.family == Family::TraceFlowSensitive) clause = imply(st.guard, clause);
  hard(imply(out_.groups[group].selector, clause), HardKind::Definition, &v);
  const z3::expr typed = ints_.valueOfKind(v, k);
  // An angelic value is a value of its C type (the natural one is, by construction).
  if (!typed.is_true()) hard(out_.groups[group].selector || typed, HardKind::Definition, &v);
  addInstance(Instance{c.origin, InstanceKind::Value, st.guard, v, k, group}, st);
  if (entry && entry->hasValue) rememberConcrete(v, ints_.literal(entry->value, k));
  return v;
}

z3::expr SymExec::macroValue(const ir::Expr& e) {
  const ir::IntKind k = e.type->intKind;
  const z3::expr literal = ints_.literal(e.value, k);
  if (!opt_.relax || !opt_.relaxMacros || e.macro >= prog_.macros.size()) return literal;
  const ir::MacroConstant& mc = prog_.macros[e.macro];
  if (mc.stmt == ir::kNone || mc.type != e.type) return literal;
  auto known = macroValues_.find(e.macro);
  if (known != macroValues_.end()) return known->second;
  // One value for the whole run, defined where no statement is current: its clauses belong to
  // the macro's statement, and it is reached wherever a use is (the model's value is used only
  // if some use is on the path; replay forces it at every use).
  const std::string id = std::to_string(mc.stmt);
  const z3::expr v = ints_.fresh((names_.prefix(ctx_) + "m!" + id).c_str(), k);
  auto it = statementGroup_.find(mc.stmt);
  std::uint32_t group = 0;
  if (it != statementGroup_.end()) {
    group = it->second;
  } else {
    out_.groups.push_back(
        SoftGroup{ctx_.bool_const((names_.prefix(ctx_) + "s!" + id).c_str()), mc.stmt, {}});
    group = static_cast<std::uint32_t>(out_.groups.size() - 1);
    statementGroup_[mc.stmt] = group;
  }
  const z3::expr& sel = out_.groups[group].selector;
  out_.hard.push_back(HardClause{imply(sel, v == literal), HardKind::Definition, mc.stmt, v.id()});
  const z3::expr typed = ints_.valueOfKind(v, k);
  if (!typed.is_true())
    out_.hard.push_back(HardClause{sel || typed, HardKind::Definition, mc.stmt, v.id()});
  Instance inst{Origin{mc.stmt, 0, 0, {}}, InstanceKind::Value, ctx_.bool_val(true), v, k, group};
  const auto index = static_cast<std::uint32_t>(out_.instances.size());
  out_.groups[group].instances.push_back(index);
  out_.instances.push_back(std::move(inst));
  macroValues_.emplace(e.macro, v);
  return v;
}

Decision SymExec::decide(State& st, const z3::expr& cond) {
  Decision d;
  if (st.dead()) return d;
  const Current& c = current_.back();
  const exec::TraceEntry* entry = traceMode_ ? traced(c.origin) : nullptr;
  if (traceMode_ && (!entry || entry->decision < 0)) return d;  // the run failed here
  if (traceMode_ && opt_.goal && c.origin.stmt == opt_.goal->stmt &&
      c.origin.copy == opt_.goal->occurrence) {  // the formula ends here
    require(st, opt_.goal->decision ? cond : negate(cond), HardKind::Oracle);
    kill(st);
    return d;
  }
  const z3::expr yes = ctx_.bool_val(true);
  if (opt_.family == Family::TraceFlowInsensitive) {
    (entry->decision ? d.whenTrue : d.whenFalse) = yes;
    return d;
  }
  z3::expr b = cond;
  if (relaxable()) {
    b = ctx_.bool_const(name("b", std::to_string(cond.id())).c_str());
    const std::uint32_t group = groupFor(c.origin);
    z3::expr clause = b == cond;
    if (opt_.family == Family::TraceFlowSensitive) clause = imply(st.guard, clause);
    hard(imply(out_.groups[group].selector, clause), HardKind::Definition, &b);
    addInstance(Instance{c.origin, InstanceKind::Branch, st.guard, b, ir::IntKind::Int, group}, st);
    if (entry) rememberConcrete(b, ctx_.bool_val(entry->decision != 0));
  } else {
    if (entry && (b.is_true() || b.is_false()) && b.is_true() != (entry->decision != 0))
      throw std::logic_error("encoder and interpreter disagree on the branch at " +
                             prog_.where(c.stmt->range));
  }
  if (traceMode_) {
    if (entry->decision)
      d.whenTrue = b;
    else
      d.whenFalse = negate(b);
    return d;
  }
  recordBranch(st, b, false);
  if (!b.is_false()) d.whenTrue = b;
  if (!b.is_true()) d.whenFalse = negate(b);
  return d;
}

z3::expr SymExec::decideArm(State& st, const z3::expr& natural, std::int32_t* tracedArm) {
  const Current& c = current_.back();
  const exec::TraceEntry* entry = traceMode_ ? traced(c.origin) : nullptr;
  *tracedArm = entry ? entry->decision : -1;
  if (st.dead() || !relaxable() || opt_.family == Family::TraceFlowInsensitive) return natural;
  const z3::expr d = ints_.fresh(name("d", std::to_string(natural.id())), ir::IntKind::Int);
  const std::uint32_t group = groupFor(c.origin);
  z3::expr clause = d == natural;
  if (opt_.family == Family::TraceFlowSensitive) clause = imply(st.guard, clause);
  hard(imply(out_.groups[group].selector, clause), HardKind::Definition, &d);
  // Relaxed, the switch still selects an arm some value of its expression selects: one with a
  // case label or the default, and none only where there is no default. Unbounded, the
  // decision took "no arm" past a default (bench/siemens v12: arm 8 of 3, leaving `cap`
  // unassigned), which the formula read as a fix and no replay could follow.
  z3::expr selectable = ctx_.bool_val(false);
  bool hasDefault = false;
  for (std::size_t a = 0; a < c.stmt->arms.size(); ++a) {
    const ir::SwitchArm& arm = c.stmt->arms[a];
    hasDefault = hasDefault || arm.isDefault;
    if (arm.isDefault || !arm.values.empty())
      selectable =
          disj(selectable, d == ints_.literal(static_cast<std::int64_t>(a), ir::IntKind::Int));
  }
  if (!hasDefault) selectable = disj(selectable, d == ints_.literal(-1, ir::IntKind::Int));
  hard(selectable, HardKind::Definition, &d);
  addInstance(Instance{c.origin, InstanceKind::Switch, st.guard, d, ir::IntKind::Int, group}, st);
  if (entry) rememberConcrete(d, ints_.literal(entry->decision, ir::IntKind::Int));
  return d;
}

void SymExec::recordBranch(const State& st, const z3::expr& decision, bool isSwitch) {
  lastBranch_ = static_cast<std::uint32_t>(out_.branches.size());
  lastBranchName_ = std::to_string(current_.back().origin.stmt) + "!" + current_.back().tag;
  const Current& c = current_.back();
  out_.branches.push_back(BranchPoint{c.origin.stmt, c.origin.copy, c.order, branchSite(), st.guard,
                                      decision, isSwitch, 0, 0});
}

BranchSite SymExec::branchSite() const {
  const Frame& f = frames_.back();
  BranchSite site{current_.back().origin.stmt, static_cast<std::uint32_t>(f.context.size())};
  site.insert(site.end(), f.context.begin(), f.context.end());
  site.insert(site.end(), f.outerIters.begin(), f.outerIters.end());
  site.insert(site.end(), f.iters.begin(), f.iters.end());
  return site;
}

namespace {
/// A branch side with nothing to execute: taking it changes nothing but the path.
bool isEmpty(const ir::Stmt* s) {
  if (!s || s->kind == ir::StmtKind::Empty) return true;
  if (s->kind != ir::StmtKind::Block) return false;
  return std::all_of(s->children.begin(), s->children.end(),
                     [](const ir::StmtPtr& c) { return isEmpty(c.get()); });
}
}  // namespace

SideMode SymExec::sideMode(std::int32_t decision, SideKind kind, const ir::Stmt* stmt) {
  if (!filtering() || (kind == SideKind::IfSide && isEmpty(stmt))) return SideMode::Encode;
  BranchPoint& bp = out_.branches[lastBranch_];
  if (opt_.explored->has(bp.site, decision)) return SideMode::Encode;
  bp.unencoded |= sideBit(decision);
  if (opt_.unexplored != Unexplored::Cut || kind == SideKind::SwitchArm) return SideMode::Drop;
  const Effects& e =
      kind == SideKind::LoopRest ? effects_.ofLoopRest(*stmt) : effects_.ofSide(stmt);
  if (e.escapes) return SideMode::Drop;
  bp.cut |= sideBit(decision);
  return SideMode::Cut;
}

void SymExec::havoc(State& st, const std::set<ir::VarId>& writes, std::int32_t decision) {
  for (ir::VarId v : writes) {
    const ObjId obj = objectOf(v);
    if (obj >= st.objs.size() || !st.objs[obj].live) continue;
    ObjState& os = st.objs[obj];
    const ObjectInfo& info = objects_[obj];
    // Named after the branch instance, side and object: the same in every pass.
    const std::string base = names_.prefix(ctx_) + "h!" + lastBranchName_ + "!" +
                             std::to_string(decision) + "!" + std::to_string(obj) + "!";
    if (os.array) {
      os.array = ctx_.constant((base + "a").c_str(), os.array->get_sort());
      continue;
    }
    for (std::size_t i = 0; i < os.cells.size(); ++i)
      os.cells[i] = intVal(ints_.fresh(base + std::to_string(i), info.cell));
  }
}

void SymExec::require(const State& st, const z3::expr& cond, HardKind kind) {
  if (st.dead()) return;
  z3::expr clause = imply(st.guard, cond);
  // A runtime check of a statement that produces a value belongs to that statement: relaxed,
  // the statement is another one that may not make the faulty access at all (its value is
  // the angelic one). So a failure whose runtime error sits in the faulty statement is
  // explained by that statement, not declared beyond repair. Not for the instance a trace
  // formula stops at: the trace ends inside it, so it never gets a value of its own to relax.
  if (kind == HardKind::RuntimeCheck && !clause.is_true() && relaxable() &&
      !current_.back().failing && current_.back().stmt->producesValue())
    clause = imply(out_.groups[groupFor(current_.back().origin)].selector, clause);
  if (!clause.is_true()) hard(clause, kind);
}

void SymExec::hard(const z3::expr& clause, HardKind kind, const z3::expr* defines) {
  const ir::StmtId stmt = current_.empty() ? ir::kNone : current_.back().origin.stmt;
  out_.hard.push_back(HardClause{clause, kind, stmt, defines ? defines->id() : 0});
}

void SymExec::rememberConcrete(const z3::expr& var, const z3::expr& value) {
  z3::func_decl decl = var.decl();
  z3::expr v = value;
  runValues_.add_const_interp(decl, v);
}

z3::expr SymExec::concreteValue(const z3::expr& term) const {
  // Evaluated in a model of the remembered values: a substitution would rebuild the map of
  // every value remembered so far at each call (quadratic in the trace's length).
  return runValues_.eval(term).simplify();
}

std::optional<bool> SymExec::concreteTruth(const z3::expr& cond) const {
  if (cond.is_true() || cond.is_false()) return cond.is_true();
  const z3::expr c = concreteValue(cond);
  if (c.is_true()) return true;
  if (c.is_false()) return false;
  return std::nullopt;
}

}  // namespace culprit::encode::detail

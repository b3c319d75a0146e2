// Statement execution. Every executable statement (Stmt::isExecutable) runs as one instance:
// begin() counts the step and numbers the occurrence, the statement does its own work
// (evaluates its expression, or its condition and decision), and end() records the instance
// before any child statement runs. Branch decisions go through Observer::decide (hijack); the
// value of an assignment, initialised declaration, return, memset/memcpy byte count or bsearch
// count (ir::sizedCall) goes through
// Observer::overrideValue (angelic value) before it is stored or returned.
//
// Loops number their iterations from 1; the condition evaluated at the start of iteration k,
// the body and the for-step of that iteration all carry iteration k.
#include "exec/machine.h"
#include "ir/sized_call.h"

#include <tuple>
#include <utility>

namespace culprit::exec::detail {
Flow Machine::exec(const ir::Stmt& s) {
  switch (s.kind) {
  case ir::StmtKind::Block: return block(s.children);
  case ir::StmtKind::Expr: return exprStmt(s);
  case ir::StmtKind::Decl: return decl(s);
  case ir::StmtKind::If: return ifStmt(s);
  case ir::StmtKind::While: return whileLoop(s);
  case ir::StmtKind::DoWhile: return doWhileLoop(s);
  case ir::StmtKind::For: return forLoop(s);
  case ir::StmtKind::Switch: return switchStmt(s);
  case ir::StmtKind::Return: return returnStmt(s);
  case ir::StmtKind::Macro: return Flow::Normal;  // in no body: its uses are its hits
  case ir::StmtKind::Break:
  case ir::StmtKind::Continue:
  case ir::StmtKind::Empty:
    if (s.isExecutable()) {
      begin(s);
      end(false, 0, -1, false);
    }
    if (s.kind == ir::StmtKind::Empty) return Flow::Normal;
    return s.kind == ir::StmtKind::Break ? Flow::Break : Flow::Continue;
  }
  return Flow::Normal;
}

Flow Machine::block(const std::vector<ir::StmtPtr>& stmts) {
  for (const ir::StmtPtr& s : stmts) {
    const Flow f = exec(*s);
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

Flow Machine::exprStmt(const ir::Stmt& s) {
  if (!s.isExecutable()) {
    if (s.expr) eval(*s.expr);
    return Flow::Normal;
  }
  begin(s);
  const ir::Expr* top = ir::withoutVoidCast(s.expr.get());
  if (top && ir::assignsInteger(*top)) {
    Produced p;
    evalStore(*top, &p);
    end(true, p.value, -1, p.overridden);
  } else if (const ir::Expr* sized = ir::sizedCall(s)) {
    Produced p;
    const auto saved = std::pair{sizedCall_, sizeProduced_};  // a recursive call comes back here
    sizedCall_ = sized;
    sizeProduced_ = &p;
    eval(*s.expr);
    std::tie(sizedCall_, sizeProduced_) = saved;
    end(true, p.value, -1, p.overridden);
  } else {
    if (s.expr) eval(*s.expr);
    end(false, 0, -1, false);
  }
  return Flow::Normal;
}

Flow Machine::decl(const ir::Stmt& s) {
  const bool counted = s.isExecutable();
  if (counted) begin(s);
  const ir::Var& var = program_.vars[s.var];
  if (!s.expr) {
    declareUninitialised(s.var);
    if (counted) end(false, 0, -1, false);
    return Flow::Normal;
  }
  const Place p = varPlace(s.var);
  if (var.type->isAggregate()) {
    initialize(p, var.type, *s.expr);
    if (counted) end(false, 0, -1, false);
    return Flow::Normal;
  }
  const ir::Expr& init = *s.expr;
  const bool braced = init.kind == ir::ExprKind::InitList;
  const ir::Expr& e = braced && !init.ops.empty() ? *init.ops[0] : init;
  Produced produced;
  if (const ir::Expr* sized = counted ? ir::sizedCall(s) : nullptr) {
    // `T *p = bsearch(..., count, ...)`: the count is the value (see exprStmt)
    const auto saved = std::pair{sizedCall_, sizeProduced_};
    sizedCall_ = sized;
    sizeProduced_ = &produced;
    const Value v = eval(e);
    std::tie(sizedCall_, sizeProduced_) = saved;
    store(p, convertTo(v, var.type, e), e);
    end(true, produced.value, -1, produced.overridden);
    return Flow::Normal;
  }
  Value v = braced && init.ops.empty() ? Value{} : counted ? evalForced(e) : eval(e);
  v = settle(convertTo(v, var.type, e), var.type, counted ? &produced : nullptr);
  store(p, v, e);
  if (counted) end(var.type->isInt(), produced.value, -1, produced.overridden);
  return Flow::Normal;
}

bool Machine::branch(const ir::Stmt& s) {
  if (!s.isExecutable()) return !s.expr || condition(*s.expr).truthy();
  begin(s);
  const std::int32_t natural = !s.expr || evalForced(*s.expr, /*decision=*/true).truthy() ? 1 : 0;
  std::int32_t decision = natural;
  if (observer_) decision = observer_->decide(key_, natural) != 0 ? 1 : 0;
  if (options_.coverage) result_.branchHits[s.id] |= std::uint64_t{1} << decision;
  end(false, 0, decision, decision != natural);
  return decision != 0;
}

Flow Machine::ifStmt(const ir::Stmt& s) {
  if (branch(s)) return s.thenS ? exec(*s.thenS) : Flow::Normal;
  return s.elseS ? exec(*s.elseS) : Flow::Normal;
}

void Machine::enterIteration(std::uint32_t parentContext, std::uint32_t k) {
  if (k > options_.stepLimit) {  // a loop whose iterations run no executable statement
    inProgress_ = false;
    halt(Verdict::StepLimit, kStatusRuntimeError,
         "step limit of " + std::to_string(options_.stepLimit) + " statements exceeded",
         stmt_ ? &stmt_->range : nullptr);
  }
  iteration_ = k;
  if (tracing_) loopContext_ = loopContexts_.child(parentContext, k);
}

namespace {
/// Restores the enclosing loop's iteration and context when a loop statement finishes.
class LoopScope {
public:
  LoopScope(std::uint32_t& iteration, std::uint32_t& context)
      : iteration_(iteration), context_(context), savedIteration_(iteration),
        savedContext_(context) {}
  ~LoopScope() {
    iteration_ = savedIteration_;
    context_ = savedContext_;
  }
  LoopScope(const LoopScope&) = delete;
  LoopScope& operator=(const LoopScope&) = delete;
  std::uint32_t parent() const { return savedContext_; }

private:
  std::uint32_t &iteration_, &context_;
  const std::uint32_t savedIteration_, savedContext_;
};
}  // namespace

Flow Machine::whileLoop(const ir::Stmt& s) {
  LoopScope scope(iteration_, loopContext_);
  for (std::uint32_t k = 1;; ++k) {
    enterIteration(scope.parent(), k);
    if (!branch(s)) return Flow::Normal;
    const Flow f = exec(*s.body);
    if (f == Flow::Break) return Flow::Normal;
    if (f == Flow::Return) return f;
  }
}

Flow Machine::doWhileLoop(const ir::Stmt& s) {
  LoopScope scope(iteration_, loopContext_);
  for (std::uint32_t k = 1;; ++k) {
    enterIteration(scope.parent(), k);
    const Flow f = exec(*s.body);
    if (f == Flow::Break) return Flow::Normal;
    if (f == Flow::Return) return f;
    if (!branch(s)) return Flow::Normal;
  }
}

Flow Machine::forLoop(const ir::Stmt& s) {
  if (s.init) exec(*s.init);
  LoopScope scope(iteration_, loopContext_);
  for (std::uint32_t k = 1;; ++k) {
    enterIteration(scope.parent(), k);
    if (!branch(s)) return Flow::Normal;
    const Flow f = exec(*s.body);
    if (f == Flow::Break) return Flow::Normal;
    if (f == Flow::Return) return f;
    if (s.step) exec(*s.step);
  }
}

std::int32_t Machine::chooseArm(const ir::Stmt& s, std::int64_t value) const {
  std::int32_t fallback = -1;
  for (std::size_t a = 0; a < s.arms.size(); ++a) {
    for (std::int64_t v : s.arms[a].values)
      if (v == value) return static_cast<std::int32_t>(a);
    if (s.arms[a].isDefault) fallback = static_cast<std::int32_t>(a);
  }
  return fallback;
}

Flow Machine::switchStmt(const ir::Stmt& s) {
  const bool counted = s.isExecutable();
  if (counted) begin(s);
  const std::int32_t natural = chooseArm(s, condition(*s.expr).i);
  std::int32_t arm = natural;
  if (counted) {
    if (observer_) arm = observer_->decide(key_, natural);
    if (arm < -1 || arm >= static_cast<std::int32_t>(s.arms.size())) arm = -1;
    if (options_.coverage && arm >= 0 && arm < 62)
      result_.branchHits[s.id] |= std::uint64_t{1} << (arm + 2);
    end(false, 0, arm, arm != natural);
  }
  if (arm < 0) return Flow::Normal;
  for (std::size_t a = static_cast<std::size_t>(arm); a < s.arms.size(); ++a) {
    const Flow f = block(s.arms[a].body);
    if (f == Flow::Break) return Flow::Normal;
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

Flow Machine::returnStmt(const ir::Stmt& s) {
  const bool counted = s.isExecutable();
  if (counted) begin(s);
  if (!s.expr) {
    if (counted) end(false, 0, -1, false);
    return Flow::Return;
  }
  const ir::TypeRef t = function_->ret;
  Value v = counted ? evalForced(*s.expr) : eval(*s.expr);
  Produced produced;
  if (!t->isVoid()) {
    v = settle(convertTo(v, t, *s.expr), t, counted ? &produced : nullptr);
    if (depth_ == 1 && t->isInt()) checkDefined(v, *s.expr, "as the exit status");
    returned_ = v;
  }
  if (counted) end(t->isInt(), produced.value, -1, produced.overridden);
  return Flow::Return;
}

}  // namespace culprit::exec::detail

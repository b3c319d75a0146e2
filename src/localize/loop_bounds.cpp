// Loop bounds from a run: see loop_bounds.h.
//
// A trace entry records the iteration of the innermost loop enclosing its statement in the
// same call (a loop's own test counts as the iteration it starts). The innermost loop of each
// statement is read off the IR once; the test that ends a while/for loop at iteration k follows
// k - 1 bodies.
#include "localize/loop_bounds.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace culprit::localize {
namespace {

bool isLoop(const ir::Stmt& s) {
  return s.kind == ir::StmtKind::While || s.kind == ir::StmtKind::For ||
         s.kind == ir::StmtKind::DoWhile;
}

/// innermost[stmt]: the loop statement whose body (or step) holds `stmt`, kNone outside loops;
/// a loop statement maps to itself. enclosing[loop]: the loop around a loop statement (kNone
/// for an outermost one, in its function).
struct LoopNest {
  std::vector<ir::StmtId> innermost, enclosing;
  explicit LoopNest(const ir::Program& program)
      : innermost(program.stmts.size(), ir::kNone), enclosing(program.stmts.size(), ir::kNone) {
    for (const ir::Function& f : program.functions)
      walk(f.body.get(), ir::kNone);
  }
  void walk(const ir::Stmt* s, ir::StmtId loop) {
    if (!s) return;
    if (isLoop(*s)) {
      innermost[s->id] = s->id;
      enclosing[s->id] = loop;
      walk(s->init.get(), loop);
      walk(s->step.get(), s->id);
      walk(s->body.get(), s->id);
      return;
    }
    innermost[s->id] = loop;
    for (const ir::StmtPtr& c : s->children)
      walk(c.get(), loop);
    walk(s->thenS.get(), loop);
    walk(s->elseS.get(), loop);
    for (const ir::SwitchArm& arm : s->arms)
      for (const ir::StmtPtr& c : arm.body)
        walk(c.get(), loop);
  }
};

/// Bodies of the loop a trace entry counts (0 for an entry outside loops), as loopIterations
/// reads them: the test ending a while/for loop at iteration k follows k - 1 bodies.
unsigned bodiesOf(const ir::Program& program, const std::vector<ir::StmtId>& innermost,
                  const exec::TraceEntry& e, ir::StmtId& loop) {
  loop = e.key.stmt < innermost.size() ? innermost[e.key.stmt] : ir::kNone;
  if (loop == ir::kNone) return 0;
  unsigned k = e.iteration;
  const ir::Stmt& s = program.stmt(e.key.stmt);
  if (e.key.stmt == loop && s.kind != ir::StmtKind::DoWhile && e.decision == 0 && k > 0) --k;
  return k;
}

/// How many other frames of `fn` are active below the frame of an entry in `context`.
unsigned depthIn(const ir::Program& program, const exec::RunResult& run, std::uint32_t context,
                 ir::FuncId fn) {
  unsigned depth = 0;
  if (context < run.callContexts.size())
    for (ir::StmtId site : run.callContexts[context])
      depth += program.stmt(site).func == fn;
  return depth;
}

}  // namespace

std::unordered_map<ir::StmtId, unsigned> loopIterations(const ir::Program& program,
                                                        const exec::RunResult& run) {
  const std::vector<ir::StmtId> innermost = LoopNest(program).innermost;
  std::unordered_map<ir::StmtId, unsigned> bodies;
  for (const exec::TraceEntry& e : run.trace) {
    ir::StmtId loop = ir::kNone;
    const unsigned k = bodiesOf(program, innermost, e, loop);
    if (loop == ir::kNone) continue;
    unsigned& most = bodies[loop];
    most = std::max(most, k);
  }
  return bodies;
}

std::unordered_map<ir::StmtId, unsigned> runLoopBounds(const ir::Program& program,
                                                       const exec::RunResult& run, unsigned slack,
                                                       unsigned unwind) {
  const std::unordered_map<ir::StmtId, unsigned> ran = loopIterations(program, run);
  // The run says nothing about a loop of the program's own code it never reached. A fix that
  // reaches it walks the run's data, so an outermost one gets the most bodies any loop of the
  // run made (prefixsum-v2: the fix reaches a loop over the array the run read), plus the slack
  // and at most `unwind`; one nested in another unreached loop gets the slack alone (rle-v1:
  // an unreached decoder nested three deep under --unwind 14 was 3/4 of the formula).
  unsigned mostRan = 0;
  for (const auto& [loop, bodies] : ran)
    if (program.functions[program.stmt(loop).func].library.empty())
      mostRan = std::max(mostRan, bodies);
  const unsigned outermostUnreached = std::max(std::min(mostRan + slack, unwind), slack);
  const LoopNest nest(program);
  std::unordered_map<ir::StmtId, unsigned> bounds;
  for (const ir::Stmt* s : program.stmts)
    if (s && isLoop(*s)) {
      auto it = ran.find(s->id);
      const bool library = !program.functions[s->func].library.empty();
      const ir::StmtId outer = nest.enclosing[s->id];
      if (it == ran.end())
        bounds[s->id] = library                                      ? std::max(unwind, slack)
                        : outer != ir::kNone && !ran.contains(outer) ? slack
                                                                     : outermostUnreached;
      else
        bounds[s->id] = std::max(it->second + slack, library ? unwind : 0u);
    }
  return bounds;
}

std::vector<ir::StmtId> raiseToGoldenLoops(const ir::Program& program, const ir::Program& golden,
                                           const exec::RunResult& goldenRun, unsigned slack,
                                           std::unordered_map<ir::StmtId, unsigned>& bounds) {
  // (function, line) of the golden's own loops -> the most bodies it ran there.
  std::map<std::pair<std::string, unsigned>, unsigned> ran;
  for (const auto& [loop, bodies] : loopIterations(golden, goldenRun)) {
    const ir::Stmt& s = golden.stmt(loop);
    const ir::Function& f = golden.functions[s.func];
    if (!f.library.empty()) continue;
    unsigned& most = ran[{f.name, s.range.line}];
    most = std::max(most, bodies);
  }
  std::vector<ir::StmtId> raised;
  for (auto& [loop, bound] : bounds) {
    const ir::Stmt& s = program.stmt(loop);
    const ir::Function& f = program.functions[s.func];
    if (!f.library.empty()) continue;
    auto it = ran.find({f.name, s.range.line});
    if (it == ran.end() || it->second + slack <= bound) continue;
    bound = it->second + slack;
    raised.push_back(loop);
  }
  std::sort(raised.begin(), raised.end());
  return raised;
}

std::unordered_map<ir::FuncId, unsigned> recursionDepths(const ir::Program& program,
                                                         const exec::RunResult& run) {
  // An entry runs in a frame of its statement's function, called from the sites of its call
  // context (a context alone does not tell the frame: sq and sum called from one frame share it).
  std::set<std::pair<std::uint32_t, ir::FuncId>> stacks;
  for (const exec::TraceEntry& e : run.trace)
    if (e.callContext < run.callContexts.size())
      stacks.emplace(e.callContext, program.stmt(e.key.stmt).func);
  std::unordered_map<ir::FuncId, unsigned> depths;
  std::unordered_map<ir::FuncId, unsigned> frames;
  for (const auto& [context, top] : stacks) {
    frames.clear();
    for (ir::StmtId site : run.callContexts[context])
      ++frames[program.stmt(site).func];
    ++frames[top];
    for (const auto& [fn, n] : frames) {
      unsigned& most = depths[fn];
      most = std::max(most, n - 1);
    }
  }
  return depths;
}

namespace {

void calleesOf(const ir::Expr* e, std::vector<ir::FuncId>& out) {
  if (!e) return;
  if (e->kind == ir::ExprKind::Call && e->callee != ir::kNone) out.push_back(e->callee);
  for (const ir::ExprPtr& op : e->ops)
    calleesOf(op.get(), out);
}

}  // namespace

std::vector<ir::FuncId> recursiveFunctions(const ir::Program& program) {
  std::vector<std::vector<ir::FuncId>> calls(program.functions.size());
  for (const ir::Stmt* s : program.stmts)
    if (s && s->func < calls.size()) calleesOf(s->expr.get(), calls[s->func]);
  std::vector<ir::FuncId> recursive;
  for (ir::FuncId f = 0; f < calls.size(); ++f) {
    std::vector<bool> seen(calls.size());
    std::vector<ir::FuncId> todo = calls[f];
    bool cycle = false;
    while (!todo.empty() && !cycle) {
      const ir::FuncId g = todo.back();
      todo.pop_back();
      if (g >= calls.size() || seen[g]) continue;
      seen[g] = true;
      cycle = g == f;
      todo.insert(todo.end(), calls[g].begin(), calls[g].end());
    }
    if (cycle) recursive.push_back(f);
  }
  return recursive;
}

std::unordered_map<ir::FuncId, unsigned> runRecursionBounds(const ir::Program& program,
                                                            const exec::RunResult& run,
                                                            unsigned slack, unsigned unwind) {
  const std::unordered_map<ir::FuncId, unsigned> ran = recursionDepths(program, run);
  unsigned deepest = 0;
  for (const auto& [fn, depth] : ran)
    deepest = std::max(deepest, depth);
  std::unordered_map<ir::FuncId, unsigned> bounds;
  for (ir::FuncId fn : recursiveFunctions(program)) {
    auto it = ran.find(fn);
    bounds[fn] =
        it != ran.end() ? it->second + slack : std::max(std::min(deepest + slack, unwind), slack);
  }
  return bounds;
}

DepthBounds loopIterationsByDepth(const ir::Program& program, const exec::RunResult& run) {
  const std::vector<ir::StmtId> innermost = LoopNest(program).innermost;
  std::vector<bool> recursive(program.functions.size());
  for (ir::FuncId fn : recursiveFunctions(program))
    recursive[fn] = true;
  DepthBounds bodies;
  for (const exec::TraceEntry& e : run.trace) {
    ir::StmtId loop = ir::kNone;
    const unsigned k = bodiesOf(program, innermost, e, loop);
    if (loop == ir::kNone) continue;
    const ir::FuncId fn = program.stmt(loop).func;
    if (!recursive[fn]) continue;
    const unsigned depth = depthIn(program, run, e.callContext, fn);
    std::vector<unsigned>& most = bodies[loop];
    if (most.size() <= depth) most.resize(depth + 1, 0);
    most[depth] = std::max(most[depth], k);
  }
  return bodies;
}

DepthBounds runLoopDepthBounds(const ir::Program& program, const exec::RunResult& run,
                               unsigned slack,
                               const std::unordered_map<ir::StmtId, unsigned>& bounds) {
  DepthBounds out = loopIterationsByDepth(program, run);
  for (auto it = out.begin(); it != out.end();) {
    const auto whole = bounds.find(it->first);
    if (!program.functions[program.stmt(it->first).func].library.empty() || whole == bounds.end()) {
      it = out.erase(it);
      continue;
    }
    for (unsigned& b : it->second)
      b = std::min(b + slack, whole->second);
    it->second.push_back(std::min(slack, whole->second));  // every deeper frame
    ++it;
  }
  return out;
}

bool withinLoopDepthBounds(const ir::Program& program, const exec::RunResult& run,
                           const DepthBounds& bounds) {
  for (const auto& [loop, ran] : loopIterationsByDepth(program, run)) {
    auto it = bounds.find(loop);
    if (it == bounds.end() || it->second.empty()) continue;
    for (std::size_t d = 0; d < ran.size(); ++d)
      if (ran[d] > it->second[std::min(d, it->second.size() - 1)]) return false;
  }
  return true;
}

std::string describeLoopDepthBounds(const ir::Program& program, const DepthBounds& bounds,
                                    std::size_t most) {
  std::vector<ir::StmtId> loops;
  for (const auto& [loop, byDepth] : bounds)
    loops.push_back(loop);
  std::sort(loops.begin(), loops.end(), [&](ir::StmtId a, ir::StmtId b) {
    const ir::SourceRange &ra = program.stmt(a).range, &rb = program.stmt(b).range;
    return std::tie(ra.file, ra.line, ra.col, a) < std::tie(rb.file, rb.line, rb.col, b);
  });
  std::string out;
  for (std::size_t i = 0; i < loops.size(); ++i) {
    if (i == most) return out + ", ...";
    out += fmt::format("{}{} {}", i ? ", " : "", program.where(program.stmt(loops[i]).range),
                       fmt::join(bounds.at(loops[i]), "/"));
  }
  return out;
}

std::string describeRecursionBounds(const ir::Program& program,
                                    const std::unordered_map<ir::FuncId, unsigned>& bounds) {
  std::vector<std::pair<ir::FuncId, unsigned>> own;
  for (const auto& [fn, bound] : bounds)
    if (program.functions[fn].library.empty()) own.emplace_back(fn, bound);
  std::sort(own.begin(), own.end(), [&](const auto& a, const auto& b) {
    const ir::SourceRange &ra = program.functions[a.first].range,
                          &rb = program.functions[b.first].range;
    return std::tie(ra.file, ra.line, ra.col, a.first) <
           std::tie(rb.file, rb.line, rb.col, b.first);
  });
  std::string out;
  for (const auto& [fn, bound] : own)
    out +=
        fmt::format("{}{} {} {}", out.empty() ? "" : ", ",
                    program.where(program.functions[fn].range), program.functions[fn].name, bound);
  return out;
}

std::string describeLoopBounds(const ir::Program& program,
                               const std::unordered_map<ir::StmtId, unsigned>& bounds,
                               std::size_t most) {
  std::vector<std::pair<ir::StmtId, unsigned>> own;
  for (const auto& [stmt, bound] : bounds) {
    const ir::Stmt& s = program.stmt(stmt);
    if (program.functions[s.func].library.empty()) own.emplace_back(stmt, bound);
  }
  std::sort(own.begin(), own.end(), [&](const auto& a, const auto& b) {
    const ir::SourceRange &ra = program.stmt(a.first).range, &rb = program.stmt(b.first).range;
    return std::tie(ra.file, ra.line, ra.col, a.first) <
           std::tie(rb.file, rb.line, rb.col, b.first);
  });
  std::string out;
  for (std::size_t i = 0; i < own.size(); ++i) {
    if (i == most) return out + ", ...";
    const ir::Stmt& loop = program.stmt(own[i].first);
    // A loop the frontend formed from a backward goto (role None) is named after the goto.
    const std::string at = program.where(loop.range);
    out += (i ? ", " : "") + (loop.isExecutable() ? at : "loop formed by the goto at " + at) + " " +
           std::to_string(own[i].second);
  }
  return out;
}

}  // namespace culprit::localize

// Loop bounds from a run: see loop_bounds.h.
//
// A trace entry records the iteration of the innermost loop enclosing its statement in the
// same call (a loop's own test counts as the iteration it starts). The innermost loop of each
// statement is read off the IR once; the test that ends a while/for loop at iteration k follows
// k - 1 bodies.
#include "localize/loop_bounds.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace culprit::localize {
namespace {

bool isLoop(const ir::Stmt& s) {
  return s.kind == ir::StmtKind::While || s.kind == ir::StmtKind::For ||
         s.kind == ir::StmtKind::DoWhile;
}

/// innermost[stmt]: the loop statement whose body (or step) holds `stmt`, kNone outside loops;
/// a loop statement maps to itself.
void innermostLoops(const ir::Stmt* s, ir::StmtId loop, std::vector<ir::StmtId>& innermost) {
  if (!s) return;
  if (isLoop(*s)) {
    innermost[s->id] = s->id;
    innermostLoops(s->init.get(), loop, innermost);
    innermostLoops(s->step.get(), s->id, innermost);
    innermostLoops(s->body.get(), s->id, innermost);
    return;
  }
  innermost[s->id] = loop;
  for (const ir::StmtPtr& c : s->children)
    innermostLoops(c.get(), loop, innermost);
  innermostLoops(s->thenS.get(), loop, innermost);
  innermostLoops(s->elseS.get(), loop, innermost);
  for (const ir::SwitchArm& arm : s->arms)
    for (const ir::StmtPtr& c : arm.body)
      innermostLoops(c.get(), loop, innermost);
}

}  // namespace

std::unordered_map<ir::StmtId, unsigned> loopIterations(const ir::Program& program,
                                                        const exec::RunResult& run) {
  std::vector<ir::StmtId> innermost(program.stmts.size(), ir::kNone);
  for (const ir::Function& f : program.functions)
    innermostLoops(f.body.get(), ir::kNone, innermost);
  std::unordered_map<ir::StmtId, unsigned> bodies;
  for (const exec::TraceEntry& e : run.trace) {
    if (e.key.stmt >= innermost.size() || innermost[e.key.stmt] == ir::kNone) continue;
    const ir::StmtId loop = innermost[e.key.stmt];
    unsigned k = e.iteration;
    const ir::Stmt& s = program.stmt(e.key.stmt);
    if (e.key.stmt == loop && s.kind != ir::StmtKind::DoWhile && e.decision == 0 && k > 0) --k;
    unsigned& most = bodies[loop];
    most = std::max(most, k);
  }
  return bodies;
}

std::unordered_map<ir::StmtId, unsigned> runLoopBounds(const ir::Program& program,
                                                       const exec::RunResult& run, unsigned slack,
                                                       unsigned unwind) {
  const std::unordered_map<ir::StmtId, unsigned> ran = loopIterations(program, run);
  std::unordered_map<ir::StmtId, unsigned> bounds;
  for (const ir::Stmt* s : program.stmts)
    if (s && isLoop(*s)) {
      auto it = ran.find(s->id);
      const bool library = !program.functions[s->func].library.empty();
      if (it == ran.end())
        // The run says nothing about an unreached loop of the program's own code: a fix that
        // reaches it gets the slack, as a reached loop gets beyond its run (an unreached
        // decoder nested three deep under --unwind 14 was 3/4 of a contest formula).
        bounds[s->id] = library ? std::max(unwind, slack) : slack;
      else
        bounds[s->id] = std::max(it->second + slack, library ? unwind : 0u);
    }
  return bounds;
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

// The technique registry. The built-in techniques are listed in techniques/techniques.def (one
// line each) rather than by static registrars, so that linking from static libraries can never
// drop one; registerTechnique adds others (tests, extensions) through the same checks.
#include "localize/task.h"
#include "localize/technique.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace culprit::localize {

#define CULPRIT_TECHNIQUE(factory) TechniqueInfo factory();
#include "localize/techniques/techniques.def"
#undef CULPRIT_TECHNIQUE

namespace {

/// `t` with its own options among the options it reads.
TechniqueInfo& withOwnOptions(TechniqueInfo& t) {
  for (const OptionSpec& o : t.ownOptions)
    if (std::find(t.options.begin(), t.options.end(), o.name) == t.options.end())
      t.options.push_back(o.name);
  return t;
}

std::deque<TechniqueInfo>& registry() {
  static std::deque<TechniqueInfo> all = [] {
    std::deque<TechniqueInfo> builtIn;
#define CULPRIT_TECHNIQUE(factory)                                                                 \
  builtIn.push_back(factory());                                                                    \
  withOwnOptions(builtIn.back());
#include "localize/techniques/techniques.def"
#undef CULPRIT_TECHNIQUE
    return builtIn;
  }();
  return all;
}

}  // namespace

const std::deque<TechniqueInfo>& techniques() { return registry(); }

const TechniqueInfo* findTechnique(const std::string& name) {
  for (const TechniqueInfo& t : techniques())
    if (t.name == name) return &t;
  return nullptr;
}

const TechniqueInfo& registerTechnique(TechniqueInfo technique) {
  if (technique.name.empty() || findTechnique(technique.name))
    throw std::invalid_argument("technique name '" + technique.name + "' is empty or taken");
  for (const OptionSpec& o : technique.ownOptions)
    if (findOption(o.name))
      throw std::invalid_argument("technique " + technique.name + ": option '" + o.name +
                                  "' is declared already");
  registry().push_back(std::move(withOwnOptions(technique)));
  return registry().back();
}

std::string techniqueNames() {
  std::string s;
  for (const TechniqueInfo& t : techniques())
    s += (s.empty() ? "" : "|") + t.name;
  return s;
}

std::string countersText(const Result& result) {
  const TechniqueInfo* t = findTechnique(result.technique);
  if (t && t->countersText) return t->countersText(result.stats);
  std::string out;
  for (const Counter& c : result.stats.counters)
    if (c.value) out += fmt::format(", {} {}", c.name, c.value);
  return out;
}

TechniqueInfo formulaTechnique(std::string name, std::string help,
                               const std::vector<std::string>& extraOptions,
                               std::function<Result(const Problem&)> run) {
  TechniqueInfo t;
  t.name = std::move(name);
  t.help = std::move(help);
  t.kind = TechniqueKind::Diagnoses;
  t.scope = TechniqueScope::FailingTest;
  t.takesCounterexample = true;
  t.options = {"ints",       "granularity",   "suspect-inputs", "max-size",     "max-count",
               "timeout",    "total-timeout", "max-memory",     "query-rlimit", "weights",
               "mcs-engine", "order",         "rank-tests",     "macro-sites",  "whole-trace"};
  t.options.insert(t.options.end(), extraOptions.begin(), extraOptions.end());
  t.run = [run = std::move(run), technique = t.name](const Problem& p) {
    if (p.results && p.failingTest >= 0 &&
        static_cast<std::size_t>(p.failingTest) < p.results->results.size())
      if (std::optional<std::string> why =
              unencodableRun(*p.program, p.results->results[p.failingTest].run)) {
        Result r;
        r.technique = technique;
        addNote(r, "not encoded: " + *why);
        return r;
      }
    return run(p);
  };
  return t;
}

}  // namespace culprit::localize

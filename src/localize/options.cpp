// The option table (see options.h). A new option is one entry here, a field in FormulaOptions,
// and its name in the `options` list of the techniques that read it (registry.cpp).
#include "localize/options.h"

#include "ir/error.h"
#include "localize/technique.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

namespace culprit::localize {
namespace {

using Setter = std::function<std::string(FormulaOptions&, const std::string&)>;
using Getter = std::function<std::string(const FormulaOptions&)>;

std::string shortNumber(double v) {
  std::ostringstream out;  // 0.5, 60: no trailing zeros
  out << v;
  return out.str();
}

OptionSpec unsignedOption(std::string name, std::string category, std::string help,
                          unsigned FormulaOptions::*field,
                          unsigned most = std::numeric_limits<unsigned>::max()) {
  Setter set = [field, most](FormulaOptions& o, const std::string& v) -> std::string {
    unsigned n = 0;
    const auto [end, error] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (error != std::errc() || end != v.data() + v.size() || v.empty())
      return "'" + v + "' is not a non-negative integer";
    if (n > most) return "'" + v + "' is out of range (at most " + std::to_string(most) + ")";
    o.*field = n;
    return "";
  };
  Getter get = [field](const FormulaOptions& o) { return std::to_string(o.*field); };
  return {std::move(name), std::move(category), std::move(help), {}, false, "N", set, get};
}

OptionSpec secondsOption(std::string name, std::string category, std::string help,
                         double FormulaOptions::*field) {
  Setter set = [field](FormulaOptions& o, const std::string& v) -> std::string {
    std::size_t used = 0;
    double d = 0;
    try {
      d = std::stod(v, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != v.size() || v.empty() || !std::isfinite(d) || d < 0)
      return "'" + v + "' is not a non-negative number of seconds";
    o.*field = d;
    return "";
  };
  Getter get = [field](const FormulaOptions& o) { return shortNumber(o.*field); };
  return {std::move(name), std::move(category), std::move(help), {}, false, "SECONDS", set, get};
}

/// An option with named values: `values[i]` stands for `meanings[i]`.
template <class T>
OptionSpec choiceOption(std::string name, std::string category, std::string help,
                        T FormulaOptions::*field, std::vector<std::string> values,
                        std::vector<T> meanings) {
  Setter set = [field, values, meanings](FormulaOptions& o, const std::string& v) -> std::string {
    for (std::size_t i = 0; i < values.size(); ++i)
      if (values[i] == v) {
        o.*field = meanings[i];
        return "";
      }
    std::string known;
    for (const std::string& c : values)
      known += (known.empty() ? "" : ", ") + c;
    return "'" + v + "' is not one of " + known;
  };
  Getter get = [field, values, meanings](const FormulaOptions& o) {
    for (std::size_t i = 0; i < values.size(); ++i)
      if (meanings[i] == o.*field) return values[i];
    return std::string();
  };
  std::string valueName;
  for (const std::string& v : values)
    valueName += (valueName.empty() ? "{" : ",") + v;
  return {std::move(name),
          std::move(category),
          std::move(help),
          values,
          false,
          valueName + "}",
          set,
          get};
}

OptionSpec flagOption(std::string name, std::string category, std::string help,
                      bool FormulaOptions::*field) {
  Setter set = [field](FormulaOptions& o, const std::string& v) -> std::string {
    if (v == "true" || v == "1" || v.empty()) {
      o.*field = true;
    } else if (v == "false" || v == "0") {
      o.*field = false;
    } else {
      return "'" + v + "' is not true or false";
    }
    return "";
  };
  Getter get = [field](const FormulaOptions& o) { return o.*field ? "true" : "false"; };
  return {std::move(name), std::move(category), std::move(help), {}, true, "", set, get};
}

std::vector<std::string> mcsEngineNames() {
  return {"maxsat", "cardinality"};  // solve::mcsEnumerators(), default first
}

std::vector<OptionSpec> makeSpecs() {
  using O = FormulaOptions;
  const std::string encoding = "formula encoding", bounds = "bounds", solving = "solving",
                    demand = "on-demand techniques (ofc, agx)";
  std::vector<OptionSpec> all;
  all.push_back(
      unsignedOption("unwind", encoding, "loop and recursion unwinding bound", &O::unwind));
  all.push_back(choiceOption("loop-bounds", encoding,
                             "pf, ofc, agx: unwind every loop to --unwind (uniform), or each loop "
                             "to the "
                             "iterations the failing run made there plus --loop-slack (run; "
                             "recursion keeps --unwind)",
                             &O::loopBounds, {"uniform", "run"},
                             {O::LoopBounds::Uniform, O::LoopBounds::Run}));
  all.push_back(unsignedOption("loop-slack", encoding,
                               "with --loop-bounds run: iterations allowed beyond the failing "
                               "run's, per loop",
                               &O::loopSlack));
  all.push_back(choiceOption("ints", encoding,
                             "exact C integers as bit-vectors (bv) or range-checked integers "
                             "(math); auto: math for programs that multiply or divide two "
                             "variables and use no bitwise operators, bv otherwise",
                             &O::ints, {"auto", "bv", "math"},
                             {O::Ints::Auto, O::Ints::BitVector, O::Ints::Math}));
  all.push_back(choiceOption("granularity", encoding,
                             "soft groups: one per statement or per executed instance",
                             &O::granularity, {"statement", "instance"},
                             {O::Granularity::Statement, O::Granularity::Instance}));
  all.push_back(flagOption("suspect-inputs", encoding,
                           "statements that only read an input are suspects too (default: "
                           "trusted)",
                           &O::suspectInputs));
  all.push_back(
      unsignedOption("max-size", bounds, "largest diagnosis size (0: no bound)", &O::maxSize));
  all.push_back(unsignedOption("max-count", bounds, "most diagnoses (0: no bound)", &O::maxCount));
  all.push_back(
      secondsOption("timeout", bounds, "seconds per failing test (0: none)", &O::timeoutSeconds));
  all.push_back(unsignedOption("max-memory", bounds,
                               "solver memory bound per run in MB (0: none); past it the "
                               "report is incomplete",
                               &O::maxMemoryMb));
  all.push_back(choiceOption("weights", solving,
                             "clause weighting from spectra: ochiai, tarantula or dstar "
                             "(none: unweighted)",
                             &O::weights, {"none", "ochiai", "tarantula", "dstar"},
                             std::vector<std::string>{"", "ochiai", "tarantula", "dstar"}));
  std::vector<std::string> engines = mcsEngineNames();
  all.push_back(choiceOption("mcs-engine", solving,
                             "MCS enumeration: maxsat (BugAssist: MaxSAT, block, repeat) or "
                             "cardinality (Liffiton-Sakallah: all of size k before k+1)",
                             &O::mcsEngine, engines, engines));
  all.push_back(choiceOption("expand", demand,
                             "ofc: explore the branch sides the MCSs' models take (paths) or "
                             "only those of conditions in an MCS (conditions, as in the paper)",
                             &O::expand, {"paths", "conditions"},
                             {O::Expand::Paths, O::Expand::Conditions}));
  all.push_back(unsignedOption("max-refinements", demand,
                               "most ofc iterations or agx refinements (0: no bound)",
                               &O::maxRefinements));
  all.push_back(choiceOption("refine-session", demand,
                             "agx: after a refinement keep the solver session (keep: cores "
                             "and blocks survive, stale clauses too) or start a new one with "
                             "the latest formula and the accepted MCSs blocked (rebuild)",
                             &O::refineSession, {"keep", "rebuild"},
                             {O::RefineSession::Keep, O::RefineSession::Rebuild}));
  all.push_back(unsignedOption("max-deviations", "LocFaults",
                               "locfaults: most branch conditions deviated at once (0-4)",
                               &O::maxDeviations, 4));
  all.push_back(unsignedOption("rounds", "SAT-TAR",
                               "sattar: most rounds of test selection (0: until three rounds "
                               "change nothing)",
                               &O::rounds));
  all.push_back(flagOption("muc-only", "SAT-TAR",
                           "sattar: rank by the MUC and the failing run alone (no generated "
                           "tests; the paper's pure-MUC baseline)",
                           &O::mucOnly));
  return all;
}

}  // namespace

const std::vector<OptionSpec>& optionSpecs() {
  static const std::vector<OptionSpec> all = makeSpecs();
  return all;
}

const OptionSpec* findOption(std::string_view name) {
  for (const OptionSpec& o : optionSpecs())
    if (o.name == name) return &o;
  return nullptr;
}

std::string setOption(FormulaOptions& options, std::string_view name, const std::string& value) {
  const OptionSpec* spec = findOption(name);
  if (!spec) return "unknown option '" + std::string(name) + "'";
  std::string error = spec->set(options, value);
  return error.empty() ? "" : spec->name + ": " + error;
}

void TechniqueVariant::apply(FormulaOptions& options) const {
  for (const auto& [name, value] : settings)
    setOption(options, name, value);
}

TechniqueVariant parseVariant(const std::string& text) {
  TechniqueVariant v;
  v.label = text;
  std::size_t colon = text.find(':');
  v.technique = text.substr(0, colon);
  const TechniqueInfo* info = findTechnique(v.technique);
  if (!info)
    throw UserError("unknown technique '" + v.technique + "' (known: " + techniqueNames() + ")");
  FormulaOptions scratch;
  while (colon != std::string::npos) {
    const std::size_t start = colon + 1;
    colon = text.find(':', start);
    const std::string setting =
        text.substr(start, colon == std::string::npos ? colon : colon - start);
    const std::size_t eq = setting.find('=');
    const std::string name = setting.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : setting.substr(eq + 1);
    const auto& declared = info->options;
    if (std::find(declared.begin(), declared.end(), name) == declared.end())
      throw UserError("technique variant '" + text + "': " + v.technique + " has no option '" +
                      name + "'");
    const OptionSpec* spec = findOption(name);
    if (eq == std::string::npos && !(spec && spec->flag))
      throw UserError("technique variant '" + text + "': write " + name + "=VALUE");
    if (std::string error = setOption(scratch, name, value); !error.empty())
      throw UserError("technique variant '" + text + "': " + error);
    v.settings.emplace_back(name, value);
  }
  return v;
}

}  // namespace culprit::localize

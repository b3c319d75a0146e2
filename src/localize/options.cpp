// The option table (see options.h). A new shared option is one entry here, a field in
// FormulaOptions, and its name in the `options` list of the techniques that read it; an option
// of one technique is declared in that technique's file (ownUnsignedOption and friends).
#include "localize/options.h"

#include "ir/error.h"
#include "localize/technique.h"
#include "solve/mcs.h"

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

/// `v` as a number up to `most` into `n`; an error message, "" when it is one.
std::string parseUnsigned(const std::string& v, unsigned most, unsigned& n) {
  const auto [end, error] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (error != std::errc() || end != v.data() + v.size() || v.empty())
    return "'" + v + "' is not a non-negative integer";
  if (n > most) return "'" + v + "' is out of range (at most " + std::to_string(most) + ")";
  return "";
}

/// `v` as a switch's value into `on`; an error message, "" when it is one.
std::string parseFlag(const std::string& v, bool& on) {
  if (v == "true" || v == "1" || v.empty()) {
    on = true;
  } else if (v == "false" || v == "0") {
    on = false;
  } else {
    return "'" + v + "' is not true or false";
  }
  return "";
}

/// The index of `v` in `values` into `i`; an error message, "" when it is one of them.
std::string parseChoice(const std::string& v, const std::vector<std::string>& values,
                        std::size_t& i) {
  for (i = 0; i < values.size(); ++i)
    if (values[i] == v) return "";
  std::string known;
  for (const std::string& c : values)
    known += (known.empty() ? "" : ", ") + c;
  return "'" + v + "' is not one of " + known;
}

std::string choiceValueName(const std::vector<std::string>& values) {
  std::string valueName;
  for (const std::string& v : values)
    valueName += (valueName.empty() ? "{" : ",") + v;
  return valueName + "}";
}

OptionSpec unsignedOption(std::string name, std::string category, std::string help,
                          unsigned FormulaOptions::*field,
                          unsigned most = std::numeric_limits<unsigned>::max(),
                          unsigned least = 0) {
  Setter set = [field, most, least](FormulaOptions& o, const std::string& v) -> std::string {
    unsigned n = 0;
    std::string error = parseUnsigned(v, most, n);
    if (error.empty() && n < least)
      error = "'" + v + "' is out of range (at least " + std::to_string(least) + ")";
    if (error.empty()) o.*field = n;
    return error;
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
    constexpr double kMostSeconds = 1e6;  // solver timeouts are 32-bit milliseconds
    if (d > kMostSeconds) return "'" + v + "' is out of range (at most 1000000 seconds; 0: none)";
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
    std::size_t i = 0;
    std::string error = parseChoice(v, values, i);
    if (error.empty()) o.*field = meanings[i];
    return error;
  };
  Getter get = [field, values, meanings](const FormulaOptions& o) {
    for (std::size_t i = 0; i < values.size(); ++i)
      if (meanings[i] == o.*field) return values[i];
    return std::string();
  };
  std::string valueName = choiceValueName(values);
  return {
      std::move(name), std::move(category), std::move(help), values, false, valueName, set, get};
}

OptionSpec flagOption(std::string name, std::string category, std::string help,
                      bool FormulaOptions::*field) {
  Setter set = [field](FormulaOptions& o, const std::string& v) -> std::string {
    bool on = false;
    std::string error = parseFlag(v, on);
    if (error.empty()) o.*field = on;
    return error;
  };
  Getter get = [field](const FormulaOptions& o) { return o.*field ? "true" : "false"; };
  return {std::move(name), std::move(category), std::move(help), {}, true, "", set, get};
}

std::vector<std::string> mcsEngineNames() {
  std::vector<std::string> names;
  for (const solve::McsEnumeratorInfo& e : solve::mcsEnumerators())
    names.emplace_back(e.name);
  return names;
}

/// The --mcs-engine help: each registered engine with its own one-line help.
std::string mcsEngineHelp() {
  std::string help = "MCS enumeration engine";
  const char* sep = ": ";
  for (const solve::McsEnumeratorInfo& e : solve::mcsEnumerators()) {
    help += sep;
    help += e.name;
    help += " (";
    help += e.help;
    help += ")";
    sep = "; ";
  }
  return help;
}

std::vector<OptionSpec> makeSpecs() {
  using O = FormulaOptions;
  const std::string encoding = "formula encoding", bounds = "bounds", solving = "solving";
  std::vector<OptionSpec> all;
  all.push_back(unsignedOption("unwind", encoding, "loop and recursion unwinding bound", &O::unwind,
                               std::numeric_limits<unsigned>::max(), 1));
  all.push_back(choiceOption("loop-bounds", encoding,
                             "pf, ofc, agx, cfaults: unwind each loop to the iterations the "
                             "failing run made there, and each recursive function to the depth "
                             "it reached, plus --loop-slack (run, the default; library loops "
                             "keep at least --unwind), or every loop and recursion to --unwind "
                             "(uniform, as BugAssist does)",
                             &O::loopBounds, {"run", "uniform"},
                             {O::LoopBounds::Run, O::LoopBounds::Uniform}));
  all.push_back(unsignedOption("loop-slack", encoding,
                               "with --loop-bounds run: iterations allowed beyond the failing "
                               "run's, per loop",
                               &O::loopSlack));
  all.push_back(unsignedOption("call-slack", encoding,
                               "with --loop-bounds run: pf's program formula inlines a call the "
                               "failing run never made from there only this many calls deep; "
                               "deeper ones are assumed not to happen",
                               &O::callSlack));
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
  all.push_back(choiceOption("macro-sites", encoding,
                             "a #define of one integer used by several statements is a repair "
                             "site of its own, one value for all its uses (auto: on for "
                             "cfaults, off for the per-test techniques)",
                             &O::macroSites, {"auto", "on", "off"},
                             {O::MacroSites::Auto, O::MacroSites::On, O::MacroSites::Off}));
  all.push_back(flagOption("suspect-inputs", encoding,
                           "statements that only read an input are suspects too (default: "
                           "trusted)",
                           &O::suspectInputs));
  all.push_back(
      flagOption("whole-trace", encoding,
                 "trace formulas encode the whole failing run (default: they end with "
                 "the run's first wrong output event when it printed as many as expected; "
                 "later output and the exit status are left to replay)",
                 &O::wholeTrace));
  all.push_back(
      unsignedOption("max-size", bounds, "largest diagnosis size (0: no bound)", &O::maxSize));
  all.push_back(unsignedOption("max-count", bounds, "most diagnoses (0: no bound)", &O::maxCount));
  all.push_back(
      secondsOption("timeout", bounds, "seconds per failing test (0: none)", &O::timeoutSeconds));
  all.push_back(secondsOption("total-timeout", bounds,
                              "seconds for the whole run, all failing tests together (0: none); "
                              "each test gets what is left, at most --timeout",
                              &O::totalTimeoutSeconds));
  all.push_back(unsignedOption("max-memory", bounds,
                               "solver memory bound per run in MB (0: none); past it the "
                               "report is incomplete",
                               &O::maxMemoryMb));
  all.push_back(unsignedOption("query-rlimit", bounds,
                               "budget of every solver query in z3 resource units, the same "
                               "on every machine (0: none); a query past it is cut and the "
                               "report names it and is incomplete",
                               &O::queryRlimit));
  all.push_back(choiceOption("weights", solving,
                             "clause weighting from spectra: ochiai, tarantula or dstar "
                             "(none: unweighted)",
                             &O::weights, {"none", "ochiai", "tarantula", "dstar"},
                             std::vector<std::string>{"", "ochiai", "tarantula", "dstar"}));
  std::vector<std::string> engines = mcsEngineNames();
  all.push_back(
      choiceOption("mcs-engine", solving, mcsEngineHelp(), &O::mcsEngine, engines, engines));
  const std::string ranking = "ranking";
  all.push_back(choiceOption("order", ranking,
                             "order of diagnoses: evidence (feasible first, then smaller, then "
                             "fewer statements that only forward a value or run under a "
                             "condition that is a diagnosis itself explaining as many failing "
                             "tests, then more failing tests "
                             "explained, then spectrum suspiciousness) or enumeration (as the "
                             "solver found them)",
                             &O::order, {"evidence", "enumeration"},
                             {O::Order::Evidence, O::Order::Enumeration}));
  all.push_back(unsignedOption("rank-tests", ranking,
                               "with --order evidence: other failing tests (most different "
                               "first) each diagnosis is checked on",
                               &O::rankTests, 64));
  return all;
}

}  // namespace

const std::vector<OptionSpec>& optionSpecs() {
  static const std::vector<OptionSpec> all = makeSpecs();
  return all;
}

std::vector<const OptionSpec*> everyOption() {
  std::vector<const OptionSpec*> all;
  auto add = [&all](const OptionSpec& spec) {
    if (std::none_of(all.begin(), all.end(),
                     [&](const OptionSpec* o) { return o->name == spec.name; }))
      all.push_back(&spec);
  };
  for (const OptionSpec& o : optionSpecs())
    add(o);
  for (const TechniqueInfo& t : techniques())
    for (const OptionSpec& o : t.ownOptions)
      add(o);
  return all;
}

const OptionSpec* findOption(std::string_view name) {
  for (const OptionSpec& o : optionSpecs())
    if (o.name == name) return &o;
  for (const TechniqueInfo& t : techniques())
    for (const OptionSpec& o : t.ownOptions)
      if (o.name == name) return &o;
  return nullptr;
}

namespace {

/// An own option: `parse` turns a value into its canonical text (or an error message).
OptionSpec ownOption(std::string name, std::string category, std::string help,
                     std::string byDefault,
                     std::function<std::string(const std::string&, std::string&)> parse) {
  Setter set = [name, parse](FormulaOptions& o, const std::string& v) {
    std::string canonical;
    std::string error = parse(v, canonical);
    if (error.empty()) o.own[name] = canonical;
    return error;
  };
  Getter get = [name, byDefault](const FormulaOptions& o) {
    auto it = o.own.find(name);
    return it == o.own.end() ? byDefault : it->second;
  };
  return {std::move(name), std::move(category), std::move(help), {}, false, "N", set, get};
}

}  // namespace

OptionSpec ownUnsignedOption(std::string name, std::string category, std::string help,
                             unsigned byDefault, unsigned most) {
  return ownOption(std::move(name), std::move(category), std::move(help), std::to_string(byDefault),
                   [most](const std::string& v, std::string& out) {
                     unsigned n = 0;
                     std::string error = parseUnsigned(v, most, n);
                     out = std::to_string(n);
                     return error;
                   });
}

OptionSpec ownChoiceOption(std::string name, std::string category, std::string help,
                           std::vector<std::string> values) {
  OptionSpec spec = ownOption(std::move(name), std::move(category), std::move(help), values.at(0),
                              [values](const std::string& v, std::string& out) {
                                std::size_t i = 0;
                                std::string error = parseChoice(v, values, i);
                                if (error.empty()) out = values[i];
                                return error;
                              });
  spec.valueName = choiceValueName(values);
  spec.choices = std::move(values);
  return spec;
}

OptionSpec ownFlagOption(std::string name, std::string category, std::string help) {
  OptionSpec spec = ownOption(std::move(name), std::move(category), std::move(help), "false",
                              [](const std::string& v, std::string& out) {
                                bool on = false;
                                std::string error = parseFlag(v, on);
                                out = on ? "true" : "false";
                                return error;
                              });
  spec.flag = true;
  spec.valueName = "";
  return spec;
}

unsigned ownUnsigned(const FormulaOptions& options, const OptionSpec& spec) {
  return static_cast<unsigned>(std::stoul(spec.get(options)));
}

bool ownFlag(const FormulaOptions& options, const OptionSpec& spec) {
  return spec.get(options) == "true";
}

std::string ownText(const FormulaOptions& options, const OptionSpec& spec) {
  return spec.get(options);
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

// Repair's shared options: see options.h. Each is parsed into a localize::FormulaOptions that
// holds repair's current values, then read back into RepairOptions.
#include "repair/options.h"

#include <array>
#include <cassert>
#include <cctype>
#include <stdexcept>
#include <utility>

namespace culprit::repair {
namespace {

constexpr unsigned kMaxUnwind = 10000;

using LocalizeInts = localize::FormulaOptions::Ints;
constexpr std::array<std::pair<RepairOptions::Ints, LocalizeInts>, 3> kInts = {{
    {RepairOptions::Ints::Auto, LocalizeInts::Auto},
    {RepairOptions::Ints::BitVector, LocalizeInts::BitVector},
    {RepairOptions::Ints::Math, LocalizeInts::Math},
}};

localize::FormulaOptions formulaOptions(const RepairOptions& r) {
  localize::FormulaOptions f;
  f.unwind = r.unwind;
  f.timeoutSeconds = r.timeoutSeconds;
  f.ints = localizeInts(r.ints);
  return f;
}

void readBack(const localize::FormulaOptions& f, RepairOptions& r) {
  r.unwind = f.unwind;
  r.timeoutSeconds = f.timeoutSeconds;
  for (const auto& [ours, theirs] : kInts)
    if (theirs == f.ints) r.ints = ours;
}

const SharedOption* findShared(std::string_view name) {
  for (const SharedOption& o : sharedOptions())
    if (o.spec->name == name) return &o;
  return nullptr;
}

}  // namespace

const std::vector<SharedOption>& sharedOptions() {
  static const std::vector<SharedOption> all = [] {
    const std::vector<std::pair<std::string, std::string>> ours = {
        {"ints", ""},
        {"unwind", "loop iterations and recursion depth of the program formulas (1-" +
                       std::to_string(kMaxUnwind) + ")"},
        {"timeout", "seconds for the whole search (0: none); repairs found so far are reported "
                    "as incomplete"},
    };
    std::vector<SharedOption> out;
    for (const auto& [name, help] : ours) {
      const localize::OptionSpec* spec = localize::findOption(name);
      assert(spec && "repair shares an option localize does not declare");
      out.push_back({spec, help.empty() ? spec->help : help});
    }
    return out;
  }();
  return all;
}

std::string setSharedOption(RepairOptions& options, std::string_view name,
                            const std::string& value) {
  const SharedOption* option = findShared(name);
  if (!option) return "unknown option '" + std::string(name) + "'";
  localize::FormulaOptions f = formulaOptions(options);
  if (std::string error = option->spec->set(f, value); !error.empty())
    return option->spec->name + ": " + error;
  if (name == "unwind" && (f.unwind < 1 || f.unwind > kMaxUnwind))
    return option->spec->name + ": '" + value + "' is out of range (1 to " +
           std::to_string(kMaxUnwind) + ")";
  readBack(f, options);
  return "";
}

std::string sharedOptionValue(const RepairOptions& options, std::string_view name) {
  const SharedOption* option = findShared(name);
  return option ? option->spec->get(formulaOptions(options)) : "";
}

std::string parseInputRange(const std::string& text, RepairOptions::InputRange& range) {
  const auto number = [](const std::string& t, std::int64_t& out) {
    if (t.empty()) return false;
    std::size_t used = 0;
    try {
      out = std::stoll(t, &used, 10);
    } catch (const std::exception&) {
      return false;
    }
    return used == t.size() && !std::isspace(static_cast<unsigned char>(t[0]));
  };
  const std::string bad =
      "'" + text + "' is not LO:HI or N=LO:HI (whole numbers, LO <= HI, N >= 1)";
  RepairOptions::InputRange r;
  std::string bounds = text;
  if (const std::size_t eq = text.find('='); eq != std::string::npos) {
    std::int64_t arg = 0;
    if (!number(text.substr(0, eq), arg) || arg < 1 || arg > 1'000'000) return bad;
    r.arg = static_cast<unsigned>(arg);
    bounds = text.substr(eq + 1);
  }
  const std::size_t colon = bounds.find(':', 1);  // LO may be negative
  if (colon == std::string::npos || !number(bounds.substr(0, colon), r.lo) ||
      !number(bounds.substr(colon + 1), r.hi) || r.lo > r.hi)
    return bad;
  range = r;
  return "";
}

localize::FormulaOptions::Ints localizeInts(RepairOptions::Ints ints) {
  for (const auto& [ours, theirs] : kInts)
    if (ours == ints) return theirs;
  return LocalizeInts::BitVector;
}

}  // namespace culprit::repair

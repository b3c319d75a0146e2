// Typed options of the techniques. Each option is declared once with its name, category, help
// text, value type and default: the options every formula technique shares in options.cpp
// (fields of FormulaOptions), a technique's own options in its file under techniques/ (values
// in FormulaOptions::own, read with ownUnsigned/ownFlag/ownText). The name is both the
// command-line flag (`--max-size 2`) and the key of a technique variant
// (`pf:max-size=2:weights=ochiai`, as culprit bench accepts it), so the CLI, the bench and
// `culprit localize --help` never list options of their own.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace culprit::localize {

/// Options of the formula-based techniques (ignored by spectrum-based ones).
struct FormulaOptions {
  /// Auto: encode::preferredInts of the program.
  enum class Ints { Auto, BitVector, Math };
  enum class Granularity { Statement, Instance };
  /// Program formulas (pf, ofc, agx, cfaults): each loop unwound to the bodies the failing run
  /// ran there plus `loopSlack` (Run, the default), or every loop to `unwind` (Uniform).
  enum class LoopBounds { Uniform, Run };
  /// A `#define` of one integer literal used by two or more statements as a repair site of its
  /// own (one value for all its uses): On, Off, or Auto (on for cfaults, whose one formula
  /// shares the constant between the failing tests; off for the per-test techniques, where it
  /// measured fewer faults ranked first on bench/siemens).
  enum class MacroSites { Auto, On, Off };
  Ints ints = Ints::Auto;
  Granularity granularity = Granularity::Statement;
  unsigned unwind = 10;  ///< loop/recursion unwinding bound of the program formula
  LoopBounds loopBounds = LoopBounds::Run;
  unsigned loopSlack = 2;  ///< LoopBounds::Run: iterations beyond the failing run's
  /// LoopBounds::Run, pf's program formula: calls inlined outside the
  /// failing run's call tree along one call chain (encode::CallTree::slack).
  unsigned callSlack = 2;
  unsigned maxSize = 3;        ///< MCS size bound (0: none)
  unsigned maxCount = 0;       ///< number of diagnoses bound (0: none)
  double timeoutSeconds = 60;  ///< per (program, failing test)
  /// The whole run's budget (0: none): each failing test gets at most what is left of it
  /// (and at most timeoutSeconds); tests it leaves no time for are reported as not run.
  double totalTimeoutSeconds = 0;
  std::string weights;  ///< clause weighting from a spectrum formula ("" = none)
  /// Statements that only store an input (`x = atoi(argv[1])`, `v = __VERIFIER_nondet_int()`)
  /// are soft groups too. Off by default: like the input itself they are hard, as in the papers.
  bool suspectInputs = false;
  MacroSites macroSites = MacroSites::Auto;
  /// Trace formulas keep the whole run: the output after the first wrong output event and the
  /// exit status too (default: the formula ends with the first wrong event).
  bool wholeTrace = false;
  /// Solver memory bound in MB for one run (growth of z3's memory); past it, enumeration stops
  /// with the diagnoses found so far, marked incomplete. 0: no bound.
  unsigned maxMemoryMb = 400;
  /// Budget of every solver query in z3 resource units (0: none): a query past it answers
  /// unknown (no restarts); the report names the queries cut and is incomplete.
  unsigned queryRlimit = 0;
  std::string mcsEngine = "maxsat";  ///< solve's MCS enumeration engine
  /// How diagnoses are ordered: by evidence (localize/rank.h) or as enumerated (the papers').
  enum class Order { Evidence, Enumeration };
  Order order = Order::Evidence;
  unsigned rankTests = 4;  ///< other failing tests each diagnosis is checked on when ranking
  /// Values of the options techniques declare in their own files (TechniqueInfo::ownOptions),
  /// by option name, as validated text; an option not set here has its declared default.
  std::map<std::string, std::string, std::less<>> own;
};

/// One declared option.
struct OptionSpec {
  std::string name;      ///< flag `--name` and variant key `name=value`
  std::string category;  ///< heading in --help
  std::string help;
  std::vector<std::string> choices;  ///< allowed values (empty: a number or free text)
  bool flag = false;                 ///< a switch: `--name` alone on the command line
  std::string valueName;             ///< what --help shows for the value ("N", "SECONDS")
  /// Parses `value` into the option; returns an error message ("" when it was accepted).
  std::function<std::string(FormulaOptions&, const std::string& value)> set;
  /// The option's value as text (`--help` shows the default).
  std::function<std::string(const FormulaOptions&)> get;
};

/// The shared options, in --help order.
const std::vector<OptionSpec>& optionSpecs();
/// The shared options, then the own options of every registered technique (each name once).
std::vector<const OptionSpec*> everyOption();
/// A shared option, or an own option of a registered technique.
const OptionSpec* findOption(std::string_view name);

/// A technique's own option (stored in FormulaOptions::own): a non-negative integer up to
/// `most`, a choice among `values` (the first is the default), or a switch (default false).
OptionSpec ownUnsignedOption(std::string name, std::string category, std::string help,
                             unsigned byDefault, unsigned most = 0xffffffffu);
OptionSpec ownChoiceOption(std::string name, std::string category, std::string help,
                           std::vector<std::string> values);
OptionSpec ownFlagOption(std::string name, std::string category, std::string help);
/// The value of the own option `spec` in `options` (its default when unset).
unsigned ownUnsigned(const FormulaOptions& options, const OptionSpec& spec);
bool ownFlag(const FormulaOptions& options, const OptionSpec& spec);
std::string ownText(const FormulaOptions& options, const OptionSpec& spec);

/// Sets option `name` to `value`; returns an error message, "" on success.
std::string setOption(FormulaOptions& options, std::string_view name, const std::string& value);

/// A technique with option settings: "pf", "pf:weights=ochiai:max-size=2".
struct TechniqueVariant {
  std::string technique;  ///< the registered technique's name
  std::string label;      ///< the whole text, as runs are keyed and tables show it
  std::vector<std::pair<std::string, std::string>> settings;
  /// Applies the settings (already validated by parseVariant).
  void apply(FormulaOptions& options) const;
};

/// Parses and validates a variant: the technique must be registered and each setting an option
/// it declares with a valid value. Throws UserError.
TechniqueVariant parseVariant(const std::string& text);

}  // namespace culprit::localize

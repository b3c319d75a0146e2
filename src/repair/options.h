// The options `culprit repair` shares with `culprit localize` (--ints, --unwind, --timeout):
// spelled, parsed and described by localize's option table (localize/options.h), so that both
// subcommands accept the same values and say the same things of bad ones. Repair keeps its own
// defaults (RepairOptions: bit-vectors, unwind 10, 300 s), its own help where the meaning
// differs (the timeout bounds the whole search) and a narrower range for --unwind (1-10000).
#pragma once

#include "localize/options.h"
#include "repair/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace culprit::repair {

struct SharedOption {
  const localize::OptionSpec* spec = nullptr;  ///< localize's: name, value name, parser
  std::string help;                            ///< what the option means to repair
};

/// --ints, --unwind, --timeout, in --help order.
const std::vector<SharedOption>& sharedOptions();

/// Sets shared option `name` to `value` as `culprit localize` spells it (`math`, `8`, `60`);
/// returns an error message that starts with the option's name, "" on success.
std::string setSharedOption(RepairOptions& options, std::string_view name,
                            const std::string& value);

/// Option `name` of `options` as the table spells it (`bv`, `10`, `300`).
std::string sharedOptionValue(const RepairOptions& options, std::string_view name);

/// Parses an --input-range value, `LO:HI` (every input number) or `N=LO:HI` (argument N, from 1),
/// into `range`; returns an error message, "" on success.
std::string parseInputRange(const std::string& text, RepairOptions::InputRange& range);

/// RepairOptions::ints as localize states it (localize::resolveInts gives the encoder's).
localize::FormulaOptions::Ints localizeInts(RepairOptions::Ints ints);

}  // namespace culprit::repair

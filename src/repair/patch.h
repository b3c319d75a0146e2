// A repair as a patch: the changed lines of the source and a unified diff against it.
#pragma once

#include "repair/result.h"

#include <map>
#include <string>

namespace culprit::repair {

/// The lines a repair changes (file index, line) -> new text.
std::map<std::pair<std::uint32_t, std::uint32_t>, std::string>
changedLines(const ir::Program& program, const std::vector<Site>& sites, const Repair& repair);

/// The repair as a unified diff (`diff -u` style, 3 lines of context) against the sources as
/// the program read them.
std::string unifiedDiff(const ir::Program& program, const std::vector<Site>& sites,
                        const Repair& repair);

/// "line 11: `<` -> `<=`; line 14: `1` -> `0`".
std::string describe(const ir::Program& program, const std::vector<Site>& sites,
                     const Repair& repair);

}  // namespace culprit::repair

// Patches of repairs: see patch.h.
#include "repair/patch.h"

#include <algorithm>
#include <fmt/format.h>

namespace culprit::repair {
namespace {

bool blank(const std::string& line) { return line.find_first_not_of(" \t") == std::string::npos; }

}  // namespace

std::map<std::pair<std::uint32_t, std::uint32_t>, std::string>
changedLines(const ir::Program& program, const std::vector<Site>& sites, const Repair& repair) {
  std::vector<Mutation> byColumn = repair.mutations;
  // Right to left within a line, so that earlier columns stay valid.
  std::sort(byColumn.begin(), byColumn.end(), [&](const Mutation& a, const Mutation& b) {
    const Site &x = sites[a.site], &y = sites[b.site];
    return std::tie(x.file, x.line, y.col) < std::tie(y.file, y.line, x.col);
  });
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::string> lines;
  for (const Mutation& m : byColumn) {
    const Site& s = sites[m.site];
    auto key = std::make_pair(s.file, s.line);
    auto it = lines.find(key);
    if (it == lines.end()) it = lines.emplace(key, program.files[s.file].lines[s.line - 1]).first;
    it->second.replace(s.col - 1, s.endCol - s.col, alternativeText(s, m.alternative, &program));
  }
  return lines;
}

std::string unifiedDiff(const ir::Program& program, const std::vector<Site>& sites,
                        const Repair& repair) {
  const auto changed = changedLines(program, sites, repair);
  std::string out;
  std::uint32_t file = UINT32_MAX;
  const std::uint32_t context = 3;
  for (auto it = changed.begin(); it != changed.end();) {
    const std::uint32_t f = it->first.first;
    const auto& lines = program.files[f].lines;
    if (f != file) {
      file = f;
      out += fmt::format("--- {}\n+++ {}\n", program.files[f].path, program.files[f].path);
    }
    // One hunk: changed lines of this file whose contexts overlap.
    auto last = it;
    while (std::next(last) != changed.end() && std::next(last)->first.first == f &&
           std::next(last)->first.second <= last->first.second + 2 * context + 1)
      ++last;
    const std::uint32_t from = it->first.second > context ? it->first.second - context : 1;
    const std::uint32_t to = std::min<std::uint32_t>(static_cast<std::uint32_t>(lines.size()),
                                                     last->first.second + context);
    const std::uint32_t n = to - from + 1;
    // A line left blank by a deletion is removed.
    std::uint32_t removed = 0;
    std::string body;
    for (std::uint32_t l = from; l <= to; ++l) {
      auto c = changed.find({f, l});
      if (c == changed.end()) {
        body += " " + lines[l - 1] + "\n";
      } else {
        body += "-" + lines[l - 1] + "\n";
        if (blank(c->second) && !blank(lines[l - 1]))
          ++removed;
        else
          body += "+" + c->second + "\n";
      }
    }
    out += fmt::format("@@ -{},{} +{},{} @@\n", from, n, from, n - removed);
    out += body;
    it = std::next(last);
  }
  return out;
}

std::string describe(const ir::Program& program, const std::vector<Site>& sites,
                     const Repair& repair) {
  std::string out;
  for (const Mutation& m : repair.mutations) {
    const Site& s = sites[m.site];
    if (!out.empty()) out += "; ";
    ir::SourceRange at;
    at.file = s.file, at.line = s.line;
    if (s.cls == SiteClass::Deletion)
      out += fmt::format("{}:{}: `{}` deleted", program.where(at), s.col, s.original);
    else
      out += fmt::format("{}:{}: `{}` -> `{}`", program.where(at), s.col, s.original,
                         alternativeText(s, m.alternative, &program));
  }
  return out;
}

}  // namespace culprit::repair

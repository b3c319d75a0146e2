// What every SARIF 2.1.0 log culprit writes shares (sarif_report.cpp for `localize`,
// repair_sarif.cpp for `repair`): source files as URIs relative to the base id %SRCROOT%
// (originalUriBaseIds gives its absolute file URI), regions, the run's artifacts, stable
// partialFingerprints, and the log around one run.
#pragma once

#include "ir/ir.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace culprit::report::sarif {

using nlohmann::json;

/// The base id of every relative artifact URI.
inline constexpr const char* kSrcRoot = "%SRCROOT%";

/// Where the program's files are: %SRCROOT% is the deepest directory holding the working
/// directory and every source file, so that each file's URI is relative to it (a path outside
/// it would need "..", which code-scanning tools do not resolve).
class Paths {
public:
  explicit Paths(const ir::Program& program);
  /// {"uri": relative URI, "uriBaseId": "%SRCROOT%", "index": file}.
  json artifactLocation(std::uint32_t file) const;
  /// {"%SRCROOT%": {"uri": "file:///.../"}}.
  json originalUriBaseIds() const;
  /// Every source file as a run artifact (role analysisTarget), indexed as artifactLocation.
  json artifacts() const;
  /// The relative URI of `file` (for fingerprints: independent of where the tree is checked out).
  const std::string& uri(std::uint32_t file) const { return uris_[file]; }

private:
  std::string root_;               ///< file URI of %SRCROOT%, ending in '/'
  std::vector<std::string> uris_;  ///< per file, relative to root_
};

/// A SARIF region of `r`: startLine, and the columns and end line when known.
json region(const ir::SourceRange& r);
/// {"physicalLocation": {artifactLocation, region with the line's text as snippet}}.
json location(const ir::Program& program, const Paths& paths, const ir::SourceRange& r);

/// A stable fingerprint of a line: the file's relative URI, the line's text without leading and
/// trailing blanks, and which occurrence of that text in the file it is, so that editing other
/// lines (shifting line numbers) does not change it. `extra` distinguishes results at one line.
std::string lineFingerprint(const ir::Program& program, const Paths& paths, std::uint32_t file,
                            std::uint32_t line, const std::string& extra = "");
/// A 16-hex-digit hash (FNV-1a, 64 bits) of `text`.
std::string hashText(const std::string& text);

/// A rule: id, name, short description, and `text` as full description and help (with
/// `markdown`); default level warning.
json rule(const std::string& id, const std::string& name, const std::string& shortText,
          const std::string& text, const std::string& markdown);

/// The whole log: $schema, version 2.1.0, and one run of culprit with its one `rule`, the
/// invocation's notifications, the base URI and artifacts of `paths`, `results` and the run's
/// `properties`.
std::string logText(const Paths& paths, json rule, json notifications, json results,
                    json properties);

}  // namespace culprit::report::sarif

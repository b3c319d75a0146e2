// The shared parts of culprit's SARIF logs: see sarif_log.h.
#include "report/sarif_log.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>

namespace culprit::report::sarif {
namespace {

namespace fs = std::filesystem;

/// A path (generic form) as a URI path: unreserved characters and '/' kept, the rest %XX.
std::string percentEncoded(const std::string& path) {
  std::string uri;
  for (const char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || std::string_view("/-._~").find(c) != std::string_view::npos)
      uri += c;
    else
      uri += fmt::format("%{:02X}", u);
  }
  return uri;
}

fs::path absoluteOf(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  return (ec ? fs::path(path) : p).lexically_normal();
}

/// The deepest directory holding both `a` and `b` (absolute, normal).
fs::path commonDirectory(const fs::path& a, const fs::path& b) {
  fs::path out;
  for (auto i = a.begin(), j = b.begin(); i != a.end() && j != b.end() && *i == *j; ++i, ++j)
    out /= *i;
  return out;
}

std::string trimmed(const std::string& s) {
  const std::size_t from = s.find_first_not_of(" \t\r");
  if (from == std::string::npos) return "";
  return s.substr(from, s.find_last_not_of(" \t\r") - from + 1);
}

}  // namespace

Paths::Paths(const ir::Program& program) {
  std::error_code ec;
  fs::path root = fs::current_path(ec).lexically_normal();
  std::vector<fs::path> files;
  for (const ir::SourceFile& f : program.files) {
    files.push_back(absoluteOf(f.path));
    root = commonDirectory(root, files.back().parent_path());
  }
  if (root.empty()) root = "/";
  std::string text = root.generic_string();
  if (!text.ends_with('/')) text += '/';
  root_ = "file://" + percentEncoded(text);
  for (const fs::path& f : files)
    uris_.push_back(percentEncoded(f.lexically_relative(root).generic_string()));
}

json Paths::artifactLocation(std::uint32_t file) const {
  return {{"uri", uris_[file]}, {"uriBaseId", kSrcRoot}, {"index", file}};
}

json Paths::originalUriBaseIds() const {
  return {{kSrcRoot,
           {{"uri", root_},
            {"description",
             {{"text", "the deepest directory holding the working directory and the sources"}}}}}};
}

json Paths::artifacts() const {
  json out = json::array();
  for (const std::string& uri : uris_)
    out.push_back({{"location", {{"uri", uri}, {"uriBaseId", kSrcRoot}}},
                   {"roles", {"analysisTarget"}},
                   {"sourceLanguage", "c"}});
  return out;
}

json region(const ir::SourceRange& r) {
  json j = {{"startLine", std::max(1u, r.line)}};
  if (r.col) j["startColumn"] = r.col;
  if (r.endLine >= r.line && r.endLine) j["endLine"] = r.endLine;
  if (r.endCol && (r.endLine > r.line || r.endCol > r.col)) j["endColumn"] = r.endCol;
  return j;
}

json location(const ir::Program& program, const Paths& paths, const ir::SourceRange& r) {
  json physical = {{"artifactLocation", paths.artifactLocation(r.file)}, {"region", region(r)}};
  physical["region"]["snippet"] = {{"text", program.sourceLine(r)}};
  return {{"physicalLocation", std::move(physical)}};
}

std::string hashText(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325u;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3u;
  }
  return fmt::format("{:016x}", h);
}

std::string lineFingerprint(const ir::Program& program, const Paths& paths, std::uint32_t file,
                            std::uint32_t line, const std::string& extra) {
  const std::vector<std::string>& lines = program.files[file].lines;
  const std::string text = line >= 1 && line <= lines.size() ? trimmed(lines[line - 1]) : "";
  std::size_t occurrence = 0;
  for (std::uint32_t l = 1; l < line && l <= lines.size(); ++l)
    occurrence += trimmed(lines[l - 1]) == text;
  return hashText(fmt::format("{}\n{}\n{}\n{}", paths.uri(file), text, occurrence, extra));
}

json rule(const std::string& id, const std::string& name, const std::string& shortText,
          const std::string& text, const std::string& markdown) {
  return {{"id", id},
          {"name", name},
          {"shortDescription", {{"text", shortText}}},
          {"fullDescription", {{"text", text}}},
          {"help", {{"text", text}, {"markdown", markdown}}},
          {"defaultConfiguration", {{"level", "warning"}}}};
}

std::string logText(const Paths& paths, json rule, json notifications, json results,
                    json properties) {
  json run = {
      {"tool",
       {{"driver",
         {{"name", "culprit"},
          {"version", CULPRIT_VERSION},
          {"rules", json::array({std::move(rule)})}}}}},
      {"invocations", json::array({{{"executionSuccessful", true},
                                    {"toolExecutionNotifications", std::move(notifications)}}})},
      {"originalUriBaseIds", paths.originalUriBaseIds()},
      {"artifacts", paths.artifacts()},
      {"results", std::move(results)},
      {"properties", std::move(properties)}};
  json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({std::move(run)})}};
  return log.dump(2) + "\n";
}

}  // namespace culprit::report::sarif

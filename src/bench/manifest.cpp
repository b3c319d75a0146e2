// Manifest loading: JSON parsing with file:line:col errors, shape validation naming the
// subject, includes resolved relative to the including manifest (each file loaded once, so a
// diamond of includes is fine; a cycle is an error), and scaling families.
#include "bench/manifest.h"

#include "ir/error.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

namespace culprit::bench {
namespace fs = std::filesystem;
using nlohmann::json;

bool scaleFromName(const std::string& name, std::string& family, double& scale) {
  static const std::regex pattern("^(.+)-n([0-9]+)$");
  std::smatch m;
  if (!std::regex_match(name, m, pattern)) return false;
  family = m[1].str();
  scale = std::stod(m[2].str());
  return true;
}

std::vector<std::string> missingFiles(const Subject& s) {
  std::vector<std::string> out;
  auto check = [&](const std::string& what, const std::string& path, bool directory) {
    if (path.empty()) return;
    bool ok = directory ? fs::is_directory(path) : fs::is_regular_file(path);
    if (!ok) out.push_back(what + " not found: " + path);
  };
  check("program file", s.program, false);
  check("golden program", s.golden, false);
  check("tests file", s.tests, false);
  check("expected-output directory", s.expected, true);
  return out;
}

namespace {

/// 1-based line and column of byte offset `pos` in `text`.
std::pair<unsigned, unsigned> lineCol(const std::string& text, std::size_t pos) {
  unsigned line = 1, col = 1;
  for (std::size_t i = 0; i < pos && i < text.size(); ++i) {
    if (text[i] == '\n')
      ++line, col = 1;
    else
      ++col;
  }
  return {line, col};
}

/// The line of the first occurrence of `"name"` in the text (0 when absent): where a subject
/// is, since JSON values carry no positions.
unsigned lineOfString(const std::string& text, const std::string& value) {
  std::size_t pos = text.find(json(value).dump());
  return pos == std::string::npos ? 0 : lineCol(text, pos).first;
}

std::string resolve(const fs::path& base, const std::string& p) {
  fs::path path(p);
  return (path.is_absolute() ? path : base / path).lexically_normal().string();
}

class Loader {
public:
  Manifest out;
  void load(const std::string& path, const std::string& from, unsigned fromLine);

private:
  std::vector<std::string> stack_;            ///< canonical paths being loaded (cycle detection)
  std::set<std::string> done_;                ///< canonical paths loaded
  std::map<std::string, std::string> where_;  ///< subject name -> file:line

  std::string path_, text_;
  [[noreturn]] void fail(const std::string& message, unsigned line = 0) const {
    throw UserError(message, path_, line);
  }
  void parseSubject(const json& j, std::size_t index);
  void checkKeys(const json& j, const std::set<std::string>& known, const std::string& what,
                 unsigned line);
};

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void Loader::checkKeys(const json& j, const std::set<std::string>& known, const std::string& what,
                       unsigned line) {
  for (const auto& [key, value] : j.items())
    if (!known.count(key))
      out.warnings.push_back(path_ + ":" + std::to_string(line) + ": warning: " + what +
                             ": unknown key '" + key + "' (ignored)");
}

void Loader::load(const std::string& path, const std::string& from, unsigned fromLine) {
  std::error_code ec;
  std::string canonical = fs::weakly_canonical(path, ec).string();
  if (done_.count(canonical)) return;
  for (const std::string& open : stack_)
    if (open == canonical) throw UserError("include cycle through " + path, from, fromLine);
  if (!fs::is_regular_file(path)) {
    if (from.empty()) throw UserError("cannot open manifest", path);
    throw UserError("included manifest not found: " + path, from, fromLine);
  }
  std::string savedPath = std::move(path_), savedText = std::move(text_);
  path_ = path;
  text_ = readText(path);
  json j;
  try {
    j = json::parse(text_);
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    std::size_t colon = what.find(": ", what.find("column"));
    auto [line, col] = lineCol(text_, e.byte ? e.byte - 1 : 0);
    throw UserError("malformed manifest: " +
                        (colon == std::string::npos ? what : what.substr(colon + 2)),
                    path_, line, col);
  }
  if (!j.is_object()) fail("a manifest is a JSON object with \"subjects\"", 1);
  checkKeys(j, {"name", "include", "subjects", "description"}, "manifest", 1);
  if (from.empty())
    out.name = j.contains("name") && j["name"].is_string() ? j["name"].get<std::string>()
                                                           : fs::path(path).stem().string();
  stack_.push_back(canonical);
  fs::path base = fs::path(path).parent_path();
  if (j.contains("include")) {
    const json& inc = j["include"];
    unsigned line = lineOfString(text_, "include");
    if (!inc.is_array()) fail("\"include\" must be an array of manifest paths", line);
    for (const json& p : inc) {
      if (!p.is_string()) fail("\"include\" must be an array of manifest paths", line);
      std::string target = resolve(base, p.get<std::string>());
      std::string includer = path_;
      unsigned at = lineOfString(text_, p.get<std::string>());
      load(target, includer, at ? at : line);
    }
  }
  if (j.contains("subjects")) {
    const json& subjects = j["subjects"];
    if (!subjects.is_array())
      fail("\"subjects\" must be an array", lineOfString(text_, "subjects"));
    for (std::size_t i = 0; i < subjects.size(); ++i)
      parseSubject(subjects[i], i);
  } else if (!j.contains("include")) {
    fail("manifest has neither \"subjects\" nor \"include\"", 1);
  }
  stack_.pop_back();
  done_.insert(canonical);
  path_ = std::move(savedPath);
  text_ = std::move(savedText);
}

void Loader::parseSubject(const json& j, std::size_t index) {
  std::string label = "subject #" + std::to_string(index + 1);
  if (!j.is_object()) fail(label + " is not a JSON object", lineOfString(text_, "subjects"));
  if (!j.contains("name") || !j["name"].is_string() || j["name"].get<std::string>().empty())
    fail(label + " has no \"name\"", lineOfString(text_, "subjects"));
  Subject s;
  s.name = j["name"].get<std::string>();
  s.manifest = path_;
  s.manifestLine = lineOfString(text_, s.name);
  label = "subject '" + s.name + "'";
  auto bad = [&](const std::string& why) { fail(label + ": " + why, s.manifestLine); };
  checkKeys(j,
            {"name", "program", "golden", "tests", "expected", "faulty_lines", "fault", "kind",
             "unwind", "entry", "trust", "scale", "bound", "family"},
            label, s.manifestLine);
  fs::path base = fs::path(path_).parent_path();
  auto path = [&](const char* key, bool required) -> std::string {
    if (!j.contains(key)) {
      if (required) bad(std::string("\"") + key + "\" is required");
      return "";
    }
    if (!j[key].is_string() || j[key].get<std::string>().empty())
      bad(std::string("\"") + key + "\" must be a non-empty path");
    return resolve(base, j[key].get<std::string>());
  };
  s.program = path("program", true);
  s.tests = path("tests", true);
  s.golden = path("golden", false);
  s.expected = path("expected", false);
  if (!s.golden.empty() && !s.expected.empty()) bad("give \"golden\" or \"expected\", not both");
  const json* lines = j.contains("faulty_lines") ? &j["faulty_lines"] : nullptr;
  if (!lines || !lines->is_array() || lines->empty())
    bad("\"faulty_lines\" must be a non-empty array of line numbers");
  for (const json& l : *lines) {
    if (!l.is_number_integer() || l.get<long long>() < 1)
      bad("\"faulty_lines\" must hold positive line numbers, not " + l.dump());
    s.faultyLines.push_back(l.get<unsigned>());
  }
  if (j.contains("fault")) {
    if (!j["fault"].is_string()) bad("\"fault\" must be a string");
    s.fault = j["fault"].get<std::string>();
  }
  if (j.contains("kind")) {
    if (!j["kind"].is_string()) bad("\"kind\" must be a string");
    s.kind = j["kind"].get<std::string>();
  }
  if (j.contains("unwind")) {
    if (!j["unwind"].is_number_integer() || j["unwind"].get<long long>() < 1)
      bad("\"unwind\" must be a positive integer");
    s.unwind = j["unwind"].get<unsigned>();
  }
  if (j.contains("entry")) {
    if (!j["entry"].is_string()) bad("\"entry\" must be a function name");
    s.entry = j["entry"].get<std::string>();
  }
  if (j.contains("trust")) {
    if (!j["trust"].is_array()) bad("\"trust\" must be an array of function names");
    for (const json& f : j["trust"]) {
      if (!f.is_string()) bad("\"trust\" must be an array of function names");
      s.trusted.push_back(f.get<std::string>());
    }
  }
  if (j.contains("family")) {
    if (!j["family"].is_string()) bad("\"family\" must be a string");
    s.family = j["family"].get<std::string>();
  }
  std::string familyFromName;
  double scaleFromSuffix = 0;
  bool suffix = scaleFromName(s.name, familyFromName, scaleFromSuffix);
  for (const char* key : {"bound", "scale"})  // "scale" wins over "bound"
    if (j.contains(key)) {
      if (!j[key].is_number()) bad(std::string("\"") + key + "\" must be a number");
      s.scale = j[key].get<double>();
    }
  if (!s.scale && suffix) {
    s.scale = scaleFromSuffix;
  }
  if (s.scale && s.family.empty()) s.family = suffix ? familyFromName : s.name;
  std::string here = path_ + ":" + std::to_string(s.manifestLine);
  auto [it, fresh] = where_.emplace(s.name, here);
  if (!fresh) bad("declared twice (first at " + it->second + ")");
  out.subjects.push_back(std::move(s));
}

}  // namespace

Manifest loadManifest(const std::string& path) {
  Loader loader;
  loader.load(path, "", 0);
  loader.out.path = path;
  return std::move(loader.out);
}

}  // namespace culprit::bench

// Parsing of tests files: a small POSIX-like word splitter plus culprit's two directives
// (`< FILE` and `@nondet=`), recognised only where written unquoted, as a shell would: `'<'`,
// `"<"`, `\<` and `'@nondet=1'` are arguments. Errors become UserErrors carrying the tests
// file's line.
#include "testing/testcase.h"

#include "ir/error.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace culprit::testing {
namespace {

std::int64_t parseInteger(const std::string& word) {
  std::int64_t v = 0;
  const char* end = word.data() + word.size();
  auto [p, ec] = std::from_chars(word.data(), end, v);
  if (ec != std::errc() || p != end) throw std::invalid_argument("not an integer: '" + word + "'");
  return v;
}

std::vector<std::int64_t> parseNondet(const std::string& list) {
  std::vector<std::int64_t> values;
  std::stringstream ss(list);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) values.push_back(parseInteger(item));
  return values;
}

constexpr std::string_view kNondetDirective = "@nondet=";

bool needsQuotes(const std::string& w) {
  if (w.empty() || w.starts_with(kNondetDirective)) return true;  // an argument, not the directive
  for (char c : w)
    if (!(std::isalnum(static_cast<unsigned char>(c)) ||
          std::string_view("-_.,/:=+@").find(c) != std::string_view::npos))
      return true;
  return false;
}

}  // namespace

namespace {
/// The whole of a test's input file (`what` names it in messages: "stdin file", "file
/// argument"), at most `maxBytes`.
std::string readInputFile(const std::string& path, const char* what,
                          std::size_t maxBytes = kMaxStdinBytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument(fmt::format("cannot open {} '{}'", what, path));
  std::string data;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    data.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (data.size() > maxBytes)
      throw std::invalid_argument(
          maxBytes >= (1u << 20)
              ? fmt::format("{} '{}' holds more than {} MB", what, path, maxBytes >> 20)
              : fmt::format("{} '{}' holds more than {} bytes", what, path, maxBytes));
  }
  if (in.bad()) throw std::invalid_argument(fmt::format("cannot read {} '{}'", what, path));
  return data;
}
}  // namespace

std::string readStdinFile(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw std::invalid_argument("stdin file '" + path + "' is a directory");
  return readInputFile(path, "stdin file");
}

std::vector<Word> splitShellWords(const std::string& line) {
  std::vector<Word> words;
  Word cur;
  bool inWord = false, quoted = false;
  auto finish = [&] {
    if (inWord) words.push_back(std::move(cur));
    cur = Word{};
    inWord = quoted = false;
  };
  auto plain = [&](char c) {
    cur.text += c;
    if (!quoted) cur.plain = cur.text.size();
    inWord = true;
  };
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      finish();
    } else if (c == '\'') {
      auto close = line.find('\'', i + 1);
      if (close == std::string::npos) throw std::invalid_argument("unterminated single quote");
      cur.text += line.substr(i + 1, close - i - 1), i = close, inWord = quoted = true;
    } else if (c == '"') {
      ++i;
      for (; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size() &&
            std::string_view("\"\\$`").find(line[i + 1]) != std::string_view::npos)
          ++i;
        cur.text += line[i];
      }
      if (i >= line.size()) throw std::invalid_argument("unterminated double quote");
      inWord = quoted = true;
    } else if (c == '\\') {
      if (i + 1 >= line.size()) throw std::invalid_argument("trailing backslash");
      cur.text += line[++i], inWord = quoted = true;
    } else if (c == '<' && !inWord) {
      plain(c);
      finish();
    } else {
      plain(c);
    }
  }
  finish();
  return words;
}

std::vector<std::string> splitWords(const std::string& line) {
  std::vector<std::string> out;
  for (Word& w : splitShellWords(line))
    out.push_back(std::move(w.text));
  return out;
}

TestCase parseTestLine(const std::string& line, const std::string& baseDir, bool harnessMode) {
  TestCase tc;
  tc.text = line;
  std::vector<Word> words = splitShellWords(line);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i].text;
    // A directive only where its marker is unquoted: '<' and "@nondet=1" are arguments.
    if (w == "<" && words[i].plain == 1) {
      if (i + 1 >= words.size()) throw std::invalid_argument("'<' without a file name");
      std::filesystem::path p(words[++i].text);
      if (p.is_relative() && !baseDir.empty()) p = std::filesystem::path(baseDir) / p;
      tc.input.stdinData = readStdinFile(p.string());
    } else if (w.starts_with(kNondetDirective) && words[i].plain >= kNondetDirective.size()) {
      tc.input.nondet = parseNondet(w.substr(kNondetDirective.size()));
    } else if (harnessMode) {
      tc.input.entryArgs.push_back(parseInteger(w));
    } else {
      tc.input.args.push_back(w);
    }
  }
  return tc;
}

void attachFiles(exec::RunInput& input, const std::string& baseDir, std::size_t maxBytes) {
  input.fileDir = baseDir.empty() ? "." : baseDir;
  for (const std::string& arg : input.args) {
    if (arg.empty() || input.files.count(arg)) continue;
    std::filesystem::path p(arg);
    if (p.is_relative()) p = std::filesystem::path(input.fileDir) / p;
    std::error_code error;
    if (!std::filesystem::is_regular_file(p, error)) continue;
    if (!std::ifstream(p)) continue;  // unreadable: the program's fopen fails, as it would
    input.files[arg] = readInputFile(p.string(), "file argument", maxBytes);
  }
}

TestSuite loadTests(const std::string& path, bool harnessMode) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw UserError("the tests file is a directory", path);
  std::ifstream in(path);
  if (!in) throw UserError("cannot open tests file", path);
  TestSuite suite;
  suite.path = path;
  std::string baseDir = std::filesystem::path(path).parent_path().string();
  std::string line;
  unsigned lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    try {
      TestCase tc = parseTestLine(line, baseDir, harnessMode);
      if (!harnessMode) attachFiles(tc.input, baseDir);
      tc.index = static_cast<int>(suite.tests.size()) + 1;
      tc.fileLine = lineNo;
      suite.tests.push_back(std::move(tc));
    } catch (const std::invalid_argument& e) {
      throw UserError(std::string("malformed test line: ") + e.what(), path, lineNo);
    }
  }
  if (suite.tests.empty()) throw UserError("tests file holds no test", path);
  return suite;
}

std::string formatTestLine(const exec::RunInput& input, bool harnessMode) {
  std::string out;
  auto add = [&](const std::string& w) {
    if (!out.empty()) out += ' ';
    if (!needsQuotes(w)) {
      out += w;
      return;
    }
    out += '\'';
    for (char c : w)
      out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  };
  if (harnessMode)
    for (auto v : input.entryArgs)
      add(std::to_string(v));
  else
    for (const auto& a : input.args)
      add(a);
  if (!input.nondet.empty()) {
    std::string list;
    for (std::size_t i = 0; i < input.nondet.size(); ++i)
      list += (i ? "," : "") + std::to_string(input.nondet[i]);
    out += (out.empty() ? "" : " ") + std::string(kNondetDirective) + list;  // unquoted
  }
  return out;
}

}  // namespace culprit::testing

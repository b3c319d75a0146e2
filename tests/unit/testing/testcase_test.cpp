#include "ir/error.h"
#include "testing/testcase.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace culprit;
using namespace culprit::testing;

namespace {

std::string writeTemp(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / "culprit-testcase-test";
  std::filesystem::create_directories(dir);
  auto p = dir / name;
  std::ofstream(p) << text;
  return p.string();
}

}  // namespace

TEST(SplitWords, QuotesAndEscapes) {
  EXPECT_EQ(splitWords("a  b\tc"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(splitWords("'a b' \"c d\" e\\ f"), (std::vector<std::string>{"a b", "c d", "e f"}));
  EXPECT_EQ(splitWords("x'y'\"z\""), (std::vector<std::string>{"xyz"}));
  EXPECT_EQ(splitWords("\"a\\\"b\""), (std::vector<std::string>{"a\"b"}));
  EXPECT_EQ(splitWords("''"), (std::vector<std::string>{""}));
  EXPECT_THROW(splitWords("'open"), std::invalid_argument);
  EXPECT_THROW(splitWords("\"open"), std::invalid_argument);
  EXPECT_THROW(splitWords("end\\"), std::invalid_argument);
}

TEST(ParseTestLine, ArgsStdinAndNondet) {
  std::string in = writeTemp("in1.txt", "12 34\n");
  auto dir = std::filesystem::path(in).parent_path().string();
  TestCase t = parseTestLine("-x 5 < in1.txt @nondet=3,-4", dir, false);
  EXPECT_EQ(t.input.args, (std::vector<std::string>{"-x", "5"}));
  EXPECT_EQ(t.input.stdinData, "12 34\n");
  EXPECT_EQ(t.input.nondet, (std::vector<std::int64_t>{3, -4}));
  TestCase u = parseTestLine("1 <in1.txt", dir, false);
  EXPECT_EQ(u.input.stdinData, "12 34\n");
  EXPECT_THROW(parseTestLine("1 < missing.txt", dir, false), std::invalid_argument);
  EXPECT_THROW(parseTestLine("1 <", dir, false), std::invalid_argument);
}

TEST(ParseTestLine, QuotedDirectivesAreArguments) {
  std::string in = writeTemp("in3.txt", "7\n");
  auto dir = std::filesystem::path(in).parent_path().string();
  TestCase t = parseTestLine("2 '<' 3 \"<\" \\< '@nondet=1' @'nondet=2' x'<'", dir, false);
  EXPECT_EQ(t.input.args,
            (std::vector<std::string>{"2", "<", "3", "<", "<", "@nondet=1", "@nondet=2", "x<"}));
  EXPECT_TRUE(t.input.stdinData.empty());
  EXPECT_TRUE(t.input.nondet.empty());
  TestCase u = parseTestLine("'<' < in3.txt @nondet=4", dir, false);
  EXPECT_EQ(u.input.args, (std::vector<std::string>{"<"}));
  EXPECT_EQ(u.input.stdinData, "7\n");
  EXPECT_EQ(u.input.nondet, (std::vector<std::int64_t>{4}));
  // The file name after an unquoted '<' may itself be quoted.
  EXPECT_EQ(parseTestLine("< 'in3.txt'", dir, false).input.stdinData, "7\n");
  // formatTestLine quotes what would read as a directive, and the line reads back the same.
  exec::RunInput args;
  args.args = {"<", "@nondet=5", "a b"};
  const std::string line = formatTestLine(args);
  EXPECT_EQ(line, "'<' '@nondet=5' 'a b'");
  EXPECT_EQ(parseTestLine(line, dir, false).input.args, args.args);
}

TEST(ParseTestLine, ADirectoryAsStdinIsAnError) {
  auto dir = std::filesystem::path(writeTemp("in2.txt", "")).parent_path();
  std::filesystem::create_directories(dir / "sub");
  try {
    parseTestLine("1 < sub", dir.string(), false);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
  EXPECT_THROW(loadTests((dir / "sub").string()), UserError);
}

TEST(ParseTestLine, HarnessModeTakesIntegers) {
  TestCase t = parseTestLine("3 -7 0", "", true);
  EXPECT_EQ(t.input.entryArgs, (std::vector<std::int64_t>{3, -7, 0}));
  EXPECT_TRUE(t.input.args.empty());
  EXPECT_THROW(parseTestLine("3 x", "", true), std::invalid_argument);
}

TEST(LoadTests, SkipsCommentsAndNumbersTests) {
  std::string p = writeTemp("ok.tests", "# header\n1 2\n\n  # indented comment\n3 4\r\n");
  TestSuite s = loadTests(p);
  ASSERT_EQ(s.tests.size(), 2u);
  EXPECT_EQ(s.tests[0].index, 1);
  EXPECT_EQ(s.tests[0].fileLine, 2u);
  EXPECT_EQ(s.tests[1].index, 2);
  EXPECT_EQ(s.tests[1].fileLine, 5u);
  EXPECT_EQ(s.tests[1].input.args, (std::vector<std::string>{"3", "4"}));
}

TEST(LoadTests, MalformedLineNamesFileAndLine) {
  std::string p = writeTemp("bad.tests", "1 2\n'oops\n");
  try {
    loadTests(p);
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_EQ(e.file(), p);
    EXPECT_EQ(e.line(), 2u);
    EXPECT_NE(e.render().find("malformed test line"), std::string::npos);
  }
}

TEST(LoadTests, EmptyAndMissingFiles) {
  EXPECT_THROW(loadTests(writeTemp("empty.tests", "# nothing\n\n")), UserError);
  EXPECT_THROW(loadTests("/nonexistent/culprit.tests"), UserError);
}

TEST(FormatTestLine, RoundTrips) {
  exec::RunInput in;
  in.args = {"a b", "it's", "plain", ""};
  in.nondet = {1, -2};
  std::string line = formatTestLine(in);
  TestCase t = parseTestLine(line, "", false);
  EXPECT_EQ(t.input.args, in.args);
  EXPECT_EQ(t.input.nondet, in.nondet);
}

TEST(AttachFiles, ReadsFileArgumentsUpToTheLimit) {
  auto dir = std::filesystem::path(writeTemp("arg.txt", "0123456789")).parent_path();
  exec::RunInput input;
  input.args = {"arg.txt", "-v", "no-such-file"};
  attachFiles(input, dir.string(), 10);
  ASSERT_EQ(input.files.count("arg.txt"), 1u);
  EXPECT_EQ(input.files.at("arg.txt"), "0123456789");
  EXPECT_EQ(input.files.size(), 1u);  // neither the option nor the missing file
  exec::RunInput big;
  big.args = {"arg.txt"};
  try {
    attachFiles(big, dir.string(), 9);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("arg.txt' holds more than 9 bytes"), std::string::npos)
        << e.what();
  }
}

// Manifest loading: fields, paths relative to each manifest, includes, and the one-line
// errors for bad JSON and bad shapes.
#include "bench/manifest.h"
#include "ir/error.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace culprit;
using namespace culprit::bench;
namespace fs = std::filesystem;

namespace {

/// A fresh directory per test, removed afterwards.
class ManifestTest : public ::testing::Test {
protected:
  fs::path dir;
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir = fs::temp_directory_path() /
          ("culprit-manifest-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) {
    fs::path p = dir / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }
  /// The UserError loadManifest throws, rendered.
  std::string error(const std::string& path) {
    try {
      loadManifest(path);
    } catch (const UserError& e) {
      EXPECT_EQ(e.status(), kExitBadInput);
      return e.render();
    }
    ADD_FAILURE() << "no error for " << path;
    return "";
  }
};

const char* kSubject = R"({"name": "max-v1", "program": "max/v1.c", "golden": "max/golden.c",
  "tests": "max/tests.txt", "faulty_lines": [7], "fault": "< for >", "unwind": 4,
  "entry": "check", "kind": "condition"})";

}  // namespace

TEST_F(ManifestTest, FieldsAndPathsRelativeToTheManifest) {
  std::string path =
      write("sub/m.json", std::string(R"({"name": "mine", "subjects": [)") + kSubject + "]}");
  Manifest m = loadManifest(path);
  EXPECT_EQ(m.name, "mine");
  ASSERT_EQ(m.subjects.size(), 1u);
  const Subject& s = m.subjects[0];
  EXPECT_EQ(s.name, "max-v1");
  EXPECT_EQ(s.program, (dir / "sub/max/v1.c").string());
  EXPECT_EQ(s.golden, (dir / "sub/max/golden.c").string());
  EXPECT_EQ(s.tests, (dir / "sub/max/tests.txt").string());
  EXPECT_EQ(s.faultyLines, std::vector<unsigned>{7});
  EXPECT_EQ(s.fault, "< for >");
  EXPECT_EQ(s.kind, "condition");
  EXPECT_EQ(s.unwind, 4u);
  EXPECT_EQ(s.entry, "check");
  EXPECT_FALSE(s.scale);
  EXPECT_EQ(s.manifestLine, 1u);
  EXPECT_TRUE(m.warnings.empty());
}

TEST_F(ManifestTest, NameDefaultsToTheFileStem) {
  std::string path = write("corpus.json", std::string(R"({"subjects": [)") + kSubject + "]}");
  EXPECT_EQ(loadManifest(path).name, "corpus");
}

TEST_F(ManifestTest, IncludesResolveRelativeToTheIncludingManifest) {
  write("a/inner.json", R"({"name": "inner", "subjects": [
    {"name": "s1", "program": "p.c", "tests": "t.txt", "faulty_lines": [3]}]})");
  write("a/b/deep.json", R"({"subjects": [
    {"name": "s0", "program": "q.c", "tests": "t.txt", "faulty_lines": [1]}]})");
  write("a/mid.json", R"({"include": ["b/deep.json", "inner.json"]})");
  std::string top = write("top.json", R"({"name": "top", "include": ["a/mid.json", "a/inner.json"],
    "subjects": [{"name": "s2", "program": "r.c", "tests": "t.txt", "faulty_lines": [2]}]})");
  Manifest m = loadManifest(top);
  EXPECT_EQ(m.name, "top");
  ASSERT_EQ(m.subjects.size(), 3u);  // inner.json included twice (diamond): loaded once
  EXPECT_EQ(m.subjects[0].name, "s0");
  EXPECT_EQ(m.subjects[0].program, (dir / "a/b/q.c").string());
  EXPECT_EQ(m.subjects[1].name, "s1");
  EXPECT_EQ(m.subjects[1].program, (dir / "a/p.c").string());
  EXPECT_EQ(m.subjects[1].manifest, (dir / "a/inner.json").string());
  EXPECT_EQ(m.subjects[2].program, (dir / "r.c").string());
}

TEST_F(ManifestTest, IncludeCycleAndMissingIncludeAreErrors) {
  write("x.json", R"({"include": ["y.json"]})");
  std::string y = write("y.json", R"({"include": ["x.json"]})");
  EXPECT_NE(error(y).find("include cycle"), std::string::npos);
  std::string m = write("m.json", "{\n  \"include\": [\n    \"nope.json\"\n  ]\n}\n");
  EXPECT_EQ(error(m),
            m + ":3: error: included manifest not found: " + (dir / "nope.json").string());
}

TEST_F(ManifestTest, MalformedJsonGivesFileLineColumn) {
  std::string m = write("bad.json", "{\n  \"subjects\": [\n    {\"name\": \"a\",, }\n  ]\n}\n");
  std::string e = error(m);
  EXPECT_EQ(e.rfind(m + ":3:18: error: malformed manifest: ", 0), 0u) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos);
}

TEST_F(ManifestTest, MissingManifestFile) {
  EXPECT_EQ(error((dir / "none.json").string()),
            (dir / "none.json").string() + ": error: cannot open manifest");
}

TEST_F(ManifestTest, ShapeErrorsNameTheSubjectAndItsLine) {
  std::string m = write("m.json", "{\"subjects\": [\n"
                                  "  {\"name\": \"ok\", \"program\": \"p.c\", \"tests\": \"t\", "
                                  "\"faulty_lines\": [1]},\n"
                                  "  {\"name\": \"bad-one\", \"program\": \"p.c\", \"tests\": "
                                  "\"t\"}\n]}\n");
  EXPECT_EQ(error(m), m + ":3: error: subject 'bad-one': \"faulty_lines\" must be a non-empty "
                          "array of line numbers");
  m = write("m2.json", R"({"subjects": [{"name": "z", "program": "p.c", "tests": "t",
      "faulty_lines": [0]}]})");
  EXPECT_NE(error(m).find("subject 'z': \"faulty_lines\" must hold positive line numbers, not 0"),
            std::string::npos);
  m = write("m3.json", R"({"subjects": [{"name": "z", "tests": "t", "faulty_lines": [1]}]})");
  EXPECT_NE(error(m).find("subject 'z': \"program\" is required"), std::string::npos);
  m = write("m4.json", R"({"subjects": [{"program": "p.c"}]})");
  EXPECT_NE(error(m).find("subject #1 has no \"name\""), std::string::npos);
  m = write("m5.json", R"({"subjects": {}})");
  EXPECT_NE(error(m).find("\"subjects\" must be an array"), std::string::npos);
  m = write("m6.json", R"([1, 2])");
  EXPECT_NE(error(m).find("a manifest is a JSON object"), std::string::npos);
  m = write("m7.json", R"({"subjects": [{"name": "g", "program": "p.c", "tests": "t",
      "faulty_lines": [1], "golden": "g.c", "expected": "out"}]})");
  EXPECT_NE(error(m).find("subject 'g': give \"golden\" or \"expected\", not both"),
            std::string::npos);
}

TEST_F(ManifestTest, DuplicateSubjectNamesAcrossIncludes) {
  write("inc.json", R"({"subjects": [{"name": "dup", "program": "p.c", "tests": "t",
      "faulty_lines": [1]}]})");
  std::string m = write("m.json", R"({"include": ["inc.json"],
      "subjects": [{"name": "dup", "program": "p.c", "tests": "t", "faulty_lines": [1]}]})");
  std::string e = error(m);
  EXPECT_NE(e.find("subject 'dup': declared twice (first at " + (dir / "inc.json").string()),
            std::string::npos)
      << e;
}

TEST_F(ManifestTest, UnknownKeysAreWarnings) {
  std::string m = write("m.json", R"({"subjects": [{"name": "w", "program": "p.c", "tests": "t",
      "faulty_lines": [1], "colour": "red"}]})");
  Manifest manifest = loadManifest(m);
  ASSERT_EQ(manifest.warnings.size(), 1u);
  EXPECT_EQ(manifest.warnings[0], m + ":1: warning: subject 'w': unknown key 'colour' (ignored)");
}

TEST_F(ManifestTest, ScaleFromFieldBoundOrName) {
  std::string m = write("m.json", R"({"subjects": [
    {"name": "tcas-n20", "program": "p.c", "tests": "t", "faulty_lines": [1]},
    {"name": "loop-a", "program": "p.c", "tests": "t", "faulty_lines": [1], "bound": 30,
     "family": "loops"},
    {"name": "loop-b", "program": "p.c", "tests": "t", "faulty_lines": [1], "scale": 2.5},
    {"name": "plain", "program": "p.c", "tests": "t", "faulty_lines": [1], "family": "f"}]})");
  Manifest manifest = loadManifest(m);
  ASSERT_EQ(manifest.subjects.size(), 4u);
  EXPECT_EQ(manifest.subjects[0].scale, 20.0);
  EXPECT_EQ(manifest.subjects[0].family, "tcas");
  EXPECT_EQ(manifest.subjects[1].scale, 30.0);
  EXPECT_EQ(manifest.subjects[1].family, "loops");
  EXPECT_EQ(manifest.subjects[2].scale, 2.5);
  EXPECT_EQ(manifest.subjects[2].family, "loop-b");
  EXPECT_FALSE(manifest.subjects[3].scale);
  std::string family;
  double scale = 0;
  EXPECT_TRUE(scaleFromName("isqrt-n100", family, scale));
  EXPECT_EQ(family, "isqrt");
  EXPECT_EQ(scale, 100);
  EXPECT_FALSE(scaleFromName("isqrt-v1", family, scale));
  EXPECT_FALSE(scaleFromName("-n5", family, scale));
}

TEST_F(ManifestTest, MissingFilesAreListedPerSubject) {
  write("p.c", "int main(void) { return 0; }\n");
  fs::create_directories(dir / "out");
  Subject s;
  s.program = (dir / "p.c").string();
  s.tests = (dir / "t.txt").string();
  s.expected = (dir / "out").string();
  EXPECT_EQ(missingFiles(s), std::vector<std::string>{"tests file not found: " + s.tests});
  s.golden = (dir / "g.c").string();
  EXPECT_EQ(missingFiles(s).size(), 2u);
}

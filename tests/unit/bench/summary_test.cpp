// Reports derived from records: CSV quoting, the paper-style tables' cells, the problems and
// fault-class sections, scaling plots and the files written.
#include "bench/summary.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace culprit::bench;
namespace fs = std::filesystem;

namespace {

RunRecord ranked(const std::string& subject, const std::string& technique, double rank, double exam,
                 bool success, double ms = 1) {
  RunRecord r;
  r.key = {subject, technique, 0};
  r.metrics.ranking = true;
  r.metrics.executableLines = 10;
  r.metrics.found = true;
  r.metrics.rank = rank;
  r.metrics.exam = r.metrics.examAverage = exam;
  r.metrics.linesExamined = static_cast<std::size_t>(rank);
  r.metrics.faultLocalized = success;
  r.costs.totalMs = ms;
  return r;
}

RunRecord diagnosed(const std::string& subject, int test, bool fix, double ms = 100) {
  RunRecord r;
  r.key = {subject, "pf", test};
  r.metrics.executableLines = 10;
  r.metrics.diagnoses = 2;
  r.metrics.feasible = fix ? 1 : 0;
  r.metrics.found = true;
  r.metrics.rank = 1;
  r.metrics.exam = r.metrics.examAverage = 10;
  r.metrics.linesExamined = 1;
  r.metrics.faultLocalized = true;
  r.metrics.fixLocalized = fix;
  r.costs.totalMs = ms;
  return r;
}

BenchMeta meta() {
  BenchMeta m;
  m.name = "unit";
  m.manifest = "unit.json";
  m.techniques = {"ochiai", "pf"};
  m.timeoutSeconds = 60;
  m.subjects = {{"max-v1", "max", {}, {7}, "< for >", "condition"},
                {"sum-v1", "sum", {}, {3, 4}, "", "data"},
                {"gone", "", {}, {1}, "", ""}};
  m.problems = {{"gone", true, "program file not found: gone.c"},
                {"sum-v1", false, "faulty line 4 is not executable"}};
  return m;
}

std::vector<RunRecord> runs() {
  return {ranked("max-v1", "ochiai", 5, 50, false), diagnosed("max-v1", 2, true),
          ranked("sum-v1", "ochiai", 1, 10, true), diagnosed("sum-v1", 1, true),
          diagnosed("sum-v1", 3, false)};
}

}  // namespace

TEST(Table, MarkdownAndText) {
  Table t;
  t.header = {"name", "n"};
  t.rightAligned = {false, true};
  t.rows = {{"a", "1"}, {"long", "✓✓"}};
  EXPECT_EQ(t.markdown(), "| name | n |\n|---|---:|\n| a | 1 |\n| long | ✓✓ |\n");
  EXPECT_EQ(t.text(), "name   n\n--------\na      1\nlong  ✓✓\n");
}

TEST(Csv, HeaderAndQuoting) {
  RunRecord r = ranked("a,b", "ochiai", 2, 20, false);
  r.message = "said \"no\"";
  std::string csv = runsCsv({r});
  std::string header = csv.substr(0, csv.find('\n'));
  EXPECT_EQ(header.rfind("subject,technique,test,status,message,result,executable_lines", 0), 0u);
  EXPECT_NE(csv.find("\n\"a,b\",ochiai,,ok,\"said \"\"no\"\"\",ranking,10,"), std::string::npos)
      << csv;
  EXPECT_EQ(runsCsv({}).substr(0, 26), "subject,technique,test,sta");
  // The columns added last stay last, so older columns keep their positions.
  EXPECT_TRUE(header.ends_with(",lines_examined,cpu_ms,peak_rss_mb")) << header;
  std::string row = csv.substr(csv.find('\n') + 1);
  EXPECT_TRUE(row.ends_with(",2,,\n")) << row;  // lines examined; no CPU time or memory
}

// max-v1: ochiai rank 5, EXAM 50%, no success; pf one run, feasible all-faulty: ✓✓.
// sum-v1: ochiai rank 1, 10%, ✓; pf two runs, both fault-localized, one fix: 1 / 10.0% /
// 2/2 fix 1/2. gone: skipped. All runs: ochiai ranks (5 + 1) / 2 = 3, EXAM 30%, 1 of 2; pf
// rank 1, 10%, 3/3, fix 2/3.
TEST(SubjectTable, CellsAndTotals) {
  Table t = subjectTable(meta(), runs());
  ASSERT_EQ(t.header, (std::vector<std::string>{"subject", "lines", "faulty", "ochiai", "pf"}));
  ASSERT_EQ(t.rows.size(), 4u);
  EXPECT_EQ(t.rows[0],
            (std::vector<std::string>{"max-v1", "10", "7", "5 / 50.0% / ✗", "1 / 10.0% / ✓✓"}));
  EXPECT_EQ(t.rows[1], (std::vector<std::string>{"sum-v1", "10", "3,4", "1 / 10.0% / ✓",
                                                 "1 / 10.0% / 2/2 fix 1/2"}));
  EXPECT_EQ(t.rows[2], (std::vector<std::string>{"gone", "–", "1", "skipped", "skipped"}));
  EXPECT_EQ(t.rows[3], (std::vector<std::string>{"**all runs**", "", "", "3.0 / 30.0% / 1/2",
                                                 "1.0 / 10.0% / 3/3 fix 2/3"}));
}

TEST(SubjectTable, StatusNotes) {
  RunRecord err;
  err.key = {"max-v1", "pf", 1};
  err.status = RunStatus::Error;
  RunRecord slow = diagnosed("max-v1", 2, false);
  slow.status = RunStatus::Timeout;
  Table t = subjectTable(meta(), {err, slow});
  EXPECT_EQ(t.rows[0][4], "1 / 10.0% / 1/2 fix 0/2 (1 t/o, 1 err)");
}

// ochiai: 2 runs, 1 success (50%), EXAM (50 + 10) / 2 = 30%, rank 3, ranks 5 and 1: top-1
// and top-3 50%, top-5 100%, lines examined (5 + 1) / 2 = 3, 1 ms per run (so p50 and p90
// are 1 ms too; pf's runs take 100 ms each).
// pf: 3 runs, all fault-localized at rank 1 after 1 line, 2 fixes (66.7%), 2 diagnoses each,
// 2 feasible of 6 (33.3%).
TEST(TechniqueTable, Values) {
  Table t = techniqueTable(meta(), runs());
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.header[7], "top-1");
  EXPECT_EQ(t.header[10], "lines examined");
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{
                           "ochiai", "2",      "50.0%", "–", "30.0%", "30.0%", "3.0",  "50.0%",
                           "50.0%",  "100.0%", "3.0",   "–", "–",     "0.00",  "1.00", "1.00",
                           "1.00",   "0",      "0",     "0", "0",     "0"}));
  EXPECT_EQ(t.rows[1],
            (std::vector<std::string>{"pf",    "3",      "100.0%", "66.7%",  "10.0%", "10.0%",
                                      "1.0",   "100.0%", "100.0%", "100.0%", "1.0",   "2.0",
                                      "33.3%", "0.00",   "100.0",  "100.0",  "100.0", "0",
                                      "0",     "0",      "0",      "0"}));
  EXPECT_EQ(t.rows[0].size(), t.header.size());
}

namespace {

/// runs() and a fourth pf run on sum-v1 that never reaches the fault (EXAM 100%, 10 lines).
std::vector<RunRecord> runsWithAMiss() {
  std::vector<RunRecord> r = runs();
  RunRecord miss = diagnosed("sum-v1", 4, false);
  miss.metrics.found = miss.metrics.faultLocalized = false;
  miss.metrics.rank = miss.metrics.exam = miss.metrics.examAverage = std::nullopt;
  miss.metrics.linesExamined = std::nullopt;
  r.push_back(miss);
  return r;
}

}  // namespace

// pf on max-v1: 1 run at rank 1 after 1 line (10%). pf on sum-v1: 3 runs, 2 at rank 1 and
// the miss: fault and top-N 2/3, rank 1, EXAM (10 + 10 + 100) / 3 = 40%, lines (1 + 1 + 10)
// / 3 = 4. ochiai: one run per subject, ranks 5 and 1 (see TechniqueTable.Values).
TEST(VersionTable, RowPerSubjectAndTechnique) {
  Table t = versionTable(meta(), runsWithAMiss());
  ASSERT_EQ(t.header,
            (std::vector<std::string>{"subject", "technique", "runs", "fault loc.", "rank", "top-1",
                                      "top-3", "top-5", "EXAM", "lines examined"}));
  ASSERT_EQ(t.rows.size(), 4u);  // "gone" has no runs
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{"max-v1", "ochiai", "1", "0.0%", "5.0", "0.0%",
                                                 "0.0%", "100.0%", "50.0%", "5.0"}));
  EXPECT_EQ(t.rows[1], (std::vector<std::string>{"max-v1", "pf", "1", "100.0%", "1.0", "100.0%",
                                                 "100.0%", "100.0%", "10.0%", "1.0"}));
  EXPECT_EQ(t.rows[3], (std::vector<std::string>{"sum-v1", "pf", "3", "66.7%", "1.0", "66.7%",
                                                 "66.7%", "66.7%", "40.0%", "4.0"}));
}

// By version, pf's two versions weigh the same: fault and top-N (100 + 66.7) / 2 = 83.3%,
// EXAM (10 + 40) / 2 = 25%, lines (1 + 4) / 2 = 2.5; pooled over its 4 runs instead: 75%,
// (10 + 10 + 10 + 100) / 4 = 32.5%, 3.25 lines. ochiai has one run per version: as pooled.
TEST(VersionMeansTable, MeansOfVersionMeans) {
  std::vector<RunRecord> r = runsWithAMiss();
  Table t = versionMeansTable(meta(), r);
  ASSERT_EQ(t.header,
            (std::vector<std::string>{"technique", "versions", "fault loc.", "rank", "top-1",
                                      "top-3", "top-5", "EXAM", "lines examined"}));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{"ochiai", "2", "50.0%", "3.0", "50.0%", "50.0%",
                                                 "100.0%", "30.0%", "3.0"}));
  EXPECT_EQ(t.rows[1], (std::vector<std::string>{"pf", "2", "83.3%", "1.0", "83.3%", "83.3%",
                                                 "83.3%", "25.0%", "2.5"}));
  Table pooled = techniqueTable(meta(), r);
  EXPECT_EQ(pooled.rows[1][4], "32.5%");  // EXAM
  EXPECT_EQ(pooled.rows[1][7], "75.0%");  // top-1
}

TEST(KindTable, PerFaultClass) {
  Table t = kindTable(meta(), runs());
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{"condition", "1", "0/1 / 50.0%", "1/1 / 10.0%"}));
  EXPECT_EQ(t.rows[1], (std::vector<std::string>{"data", "1", "1/1 / 10.0%", "2/2 / 10.0%"}));
}

TEST(Markdown, SectionsAndProblems) {
  std::string md = summaryMarkdown(meta(), runs(), {"scaling-x.svg"});
  EXPECT_EQ(md.rfind("# Bench: unit\n", 0), 0u);
  for (const char* s :
       {"## Per subject", "## Per technique", "## Per technique, by version", "## Per version",
        "## Per fault class", "## Scaling", "![scaling-x.svg](scaling-x.svg)", "## Problems",
        "- `gone` (skipped): program file not found: gone.c",
        "- `sum-v1` (warning): faulty line 4 is not executable", "3 subjects (1 skipped)",
        "5 runs recorded"})
    EXPECT_NE(md.find(s), std::string::npos) << s;
}

TEST(Json, SummaryHoldsEveryTable) {
  nlohmann::json j = summaryJson(meta(), runs());
  EXPECT_EQ(j["runs"], 5);
  EXPECT_EQ(j["per_technique"][1]["technique"], "pf");
  EXPECT_EQ(j["per_technique"][1]["fix_localized"], 2);
  EXPECT_EQ(j["subjects"][1]["techniques"]["pf"]["runs"], 2);
  EXPECT_EQ(j["subjects"][2]["executable_lines"], nullptr);
  EXPECT_EQ(j["problems"].size(), 2u);
}

// Keys summary.json had before top-N, lines examined and by-version means are still there.
TEST(Json, NewKeysBesideTheOldOnes) {
  nlohmann::json j = summaryJson(meta(), runsWithAMiss());
  for (const char* key : {"name", "manifest", "techniques", "timeout_seconds", "shards", "runs",
                          "per_technique", "subjects", "problems"})
    EXPECT_TRUE(j.contains(key)) << key;
  const nlohmann::json& pf = j["per_technique"][1];
  for (const char* key : {"runs",          "ok",
                          "timeouts",      "errors",
                          "incomplete",    "fault_localized",
                          "fix_localized", "fault_rate",
                          "fix_rate",      "found",
                          "mean_exam",     "mean_exam_average",
                          "mean_rank",     "mean_diagnoses",
                          "diagnoses",     "feasible",
                          "precision",     "mean_solver_ms",
                          "mean_total_ms", "p50_total_ms",
                          "p90_total_ms",  "sum_total_ms",
                          "mean_soft",     "mean_hard",
                          "technique"})
    EXPECT_TRUE(pf.contains(key)) << key;
  EXPECT_EQ(pf["top_1"], 3);
  EXPECT_DOUBLE_EQ(pf["top_1_rate"].get<double>(), 75.0);
  EXPECT_EQ(pf["top_5"], 3);
  EXPECT_DOUBLE_EQ(pf["mean_lines_examined"].get<double>(), 3.25);
  const nlohmann::json& byVersion = pf["by_version"];
  EXPECT_EQ(byVersion["versions"], 2);
  EXPECT_DOUBLE_EQ(byVersion["top_3_rate"].get<double>(), 250.0 / 3);
  EXPECT_DOUBLE_EQ(byVersion["mean_exam"].get<double>(), 25.0);
  EXPECT_DOUBLE_EQ(byVersion["mean_lines_examined"].get<double>(), 2.5);
  EXPECT_DOUBLE_EQ(byVersion["mean_rank"].get<double>(), 1.0);
  // Per version: the subject's entry, by technique.
  const nlohmann::json& sumPf = j["subjects"][1]["techniques"]["pf"];
  EXPECT_EQ(sumPf["top_1"], 2);
  EXPECT_DOUBLE_EQ(sumPf["mean_lines_examined"].get<double>(), 4.0);
  EXPECT_TRUE(j["subjects"][0]["techniques"]["ochiai"]["top_3_rate"] == 0.0);
}

// Family "isqrt" at scales 10, 20 (ochiai and pf), "lone" at one scale: one plot. pf's y at
// scale 20 is the sum of its runs' times there: 300 + 500 = 800 ms (under 1 s: shown in ms).
TEST(Scaling, OnePlotPerFamilyWithTwoScales) {
  BenchMeta m;
  m.techniques = {"ochiai", "pf"};
  m.subjects = {{"isqrt-n10", "isqrt", 10.0, {1}, "", ""},
                {"isqrt-n20", "isqrt", 20.0, {1}, "", ""},
                {"lone-n5", "lone", 5.0, {1}, "", ""}};
  std::vector<RunRecord> r = {
      ranked("isqrt-n10", "ochiai", 1, 10, true, 2), ranked("isqrt-n20", "ochiai", 1, 10, true, 4),
      diagnosed("isqrt-n10", 1, true, 100),          diagnosed("isqrt-n20", 1, true, 300),
      diagnosed("isqrt-n20", 2, true, 500),          ranked("lone-n5", "ochiai", 1, 10, true)};
  auto plots = scalingPlots(m, r);
  ASSERT_EQ(plots.size(), 1u);
  EXPECT_EQ(plots[0].first, "scaling-isqrt.svg");
  const LinePlot& p = plots[0].second;
  ASSERT_EQ(p.series.size(), 2u);
  EXPECT_EQ(p.series[0].label, "ochiai");
  EXPECT_EQ(p.yLabel, "total time per subject (ms)");
  EXPECT_EQ(p.series[1].points, (std::vector<std::pair<double, double>>{{10, 100}, {20, 800}}));
  r[4].costs.totalMs = 1500;  // now 1.8 s at scale 20: seconds
  const LinePlot q = scalingPlots(m, r)[0].second;
  EXPECT_EQ(q.yLabel, "total time per subject (s)");
  EXPECT_DOUBLE_EQ(q.series[1].points[1].second, 1.8);
  EXPECT_FALSE(q.logY);
  r[0].costs.totalMs = 0.01;  // 1.8 s against 10 µs: a logarithmic axis
  EXPECT_TRUE(scalingPlots(m, r)[0].second.logY);
}

// Isolated runs have their CPU time: the plot shows it, not the wall time, once every run of
// the family has one (here pf at scale 20: 40 + 60 ms; ochiai 1 ms each).
TEST(Scaling, CpuTimeWhenEveryRunHasIt) {
  BenchMeta m;
  m.techniques = {"ochiai", "pf"};
  m.subjects = {{"isqrt-n10", "isqrt", 10.0, {1}, "", ""},
                {"isqrt-n20", "isqrt", 20.0, {1}, "", ""}};
  std::vector<RunRecord> r = {
      ranked("isqrt-n10", "ochiai", 1, 10, true, 2), ranked("isqrt-n20", "ochiai", 1, 10, true, 4),
      diagnosed("isqrt-n10", 1, true, 100), diagnosed("isqrt-n20", 1, true, 300),
      diagnosed("isqrt-n20", 2, true, 500)};
  const std::vector<double> cpu = {1, 1, 30, 40, 60};
  for (std::size_t i = 0; i + 1 < r.size(); ++i)
    r[i].costs.cpuMs = cpu[i];
  // One run without CPU time (--no-isolate): wall time for the whole plot.
  EXPECT_EQ(scalingPlots(m, r)[0].second.yLabel, "total time per subject (ms)");
  r.back().costs.cpuMs = cpu.back();
  const LinePlot p = scalingPlots(m, r)[0].second;
  EXPECT_EQ(p.yLabel, "CPU time per subject (ms)");
  EXPECT_EQ(p.series[0].points, (std::vector<std::pair<double, double>>{{10, 1}, {20, 1}}));
  EXPECT_EQ(p.series[1].points, (std::vector<std::pair<double, double>>{{10, 30}, {20, 100}}));
  EXPECT_TRUE(p.series[1].cut.empty());
}

// A scale where a run of the technique was stopped by the time limit is marked cut (its index
// in the series' points), so that the plot tells it from a run that finished; a bound other
// than time (incomplete) is not a cut.
TEST(Scaling, TimedOutRunsMarkTheirPointCut) {
  BenchMeta m;
  m.techniques = {"pf"};
  m.subjects = {{"sumeven-n10", "sumeven", 10.0, {1}, "", ""},
                {"sumeven-n20", "sumeven", 20.0, {1, 2}, "", ""},
                {"sumeven-n30", "sumeven", 30.0, {1}, "", ""}};
  std::vector<RunRecord> r = {
      diagnosed("sumeven-n10", 1, true, 100), diagnosed("sumeven-n20", 1, true, 300),
      diagnosed("sumeven-n20", 2, true, 500), diagnosed("sumeven-n30", 1, true, 900)};
  r[0].status = RunStatus::Incomplete;
  r[2].status = RunStatus::Timeout;
  const LinePlot p = scalingPlots(m, r)[0].second;
  ASSERT_EQ(p.series.size(), 1u);
  EXPECT_EQ(p.series[0].cut, (std::vector<std::size_t>{1}));
}

TEST(WriteReports, FilesAndStdoutTable) {
  fs::path dir = fs::temp_directory_path() / ("culprit-summary-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  std::string table = writeReports(dir.string(), meta(), runs());
  for (const char* f : {"runs.csv", "summary.json", "summary.md"})
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  EXPECT_EQ(table.rfind("technique  runs  fault loc.", 0), 0u) << table;
  EXPECT_NE(table.find("\npf "), std::string::npos);
  std::ifstream csv(dir / "runs.csv");
  std::string header, first;
  std::getline(csv, header);
  std::getline(csv, first);
  EXPECT_EQ(first.rfind("max-v1,ochiai,", 0), 0u);  // sorted: subject order, then technique
  fs::remove_all(dir);
}

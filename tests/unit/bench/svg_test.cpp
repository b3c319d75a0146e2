// The SVG renderer: nice ticks, and plots that parse back as well-formed XML with the expected
// structure (a polyline per series with its points in the plot area, axes, legend).
#include "bench/svg.h"

#include <cmath>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <map>
#include <regex>

using namespace culprit::bench;

namespace {

/// A minimal XML reader: checks that tags nest and close, attribute values are quoted and
/// text holds no raw '<' or unescaped '&'. Returns the count of each element name; "" on error.
std::map<std::string, int> parseXml(const std::string& xml, std::string& error) {
  std::map<std::string, int> count;
  std::vector<std::string> open;
  std::size_t i = 0;
  if (xml.rfind("<?xml", 0) == 0) i = xml.find("?>") + 2;
  static const std::regex tag(R"(<(/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(/?)>)");
  while (i < xml.size()) {
    std::size_t lt = xml.find('<', i);
    std::string text = xml.substr(i, lt == std::string::npos ? std::string::npos : lt - i);
    static const std::regex badAmp(R"(&(?!(amp|lt|gt|quot|apos);))");
    if (std::regex_search(text, badAmp) || text.find('>') != std::string::npos) {
      error = "bad text: " + text;
      return {};
    }
    if (lt == std::string::npos) break;
    std::size_t gt = xml.find('>', lt);
    std::smatch m;
    std::string t = xml.substr(lt, gt - lt + 1);
    if (gt == std::string::npos || !std::regex_match(t, m, tag)) {
      error = "bad tag: " + t;
      return {};
    }
    if (m[1] == "/") {
      if (open.empty() || open.back() != m[2]) {
        error = "unbalanced </" + m[2].str() + ">";
        return {};
      }
      open.pop_back();
    } else {
      ++count[m[2]];
      if (m[4] != "/") open.push_back(m[2]);
    }
    i = gt + 1;
  }
  if (!open.empty()) error = "unclosed <" + open.back() + ">";
  return count;
}

}  // namespace

TEST(NiceTicks, StepsOfOneTwoFive) {
  EXPECT_EQ(niceTicks(0, 100), (std::vector<double>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(niceTicks(10, 100), (std::vector<double>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(niceTicks(13, 61, 4), (std::vector<double>{0, 20, 40, 60, 80}));
  EXPECT_EQ(niceTicks(0, 1), (std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1}));
  std::vector<double> t = niceTicks(0, 0.037);
  EXPECT_EQ(t.front(), 0);
  EXPECT_GE(t.back(), 0.037);
  EXPECT_FALSE(niceTicks(5, 5).empty());  // degenerate range
}

TEST(DecadeTicks, PowersOfTenAroundTheRange) {
  EXPECT_EQ(decadeTicks(0.003, 250), (std::vector<double>{0.001, 0.01, 0.1, 1, 10, 100, 1000}));
  EXPECT_EQ(decadeTicks(1, 10), (std::vector<double>{1, 10}));
  EXPECT_EQ(decadeTicks(5, 5), (std::vector<double>{1, 10}));
}

TEST(Xml, Escape) {
  EXPECT_EQ(xmlEscape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
}

TEST(LinePlot, WellFormedWithAPolylinePerSeries) {
  LinePlot p;
  p.title = "Scaling: isqrt & <friends>";
  p.xLabel = "scale";
  p.yLabel = "total time (s)";
  p.series = {{"pf", {{10, 0.5}, {20, 1.5}, {30, 4}}}, {"o<chiai", {{10, 0.01}, {30, 0.02}}}};
  std::string svg = renderLinePlot(p);
  std::string error;
  auto count = parseXml(svg, error);
  ASSERT_EQ(error, "") << svg;
  EXPECT_EQ(count["svg"], 1);
  EXPECT_EQ(count["polyline"], 2);
  EXPECT_EQ(count["circle"], 5);
  EXPECT_GE(count["text"], 3 + 2);  // title, axis labels, legend entries (plus tick labels)
  EXPECT_NE(svg.find("Scaling: isqrt &amp; &lt;friends&gt;"), std::string::npos);
  EXPECT_NE(svg.find(">o&lt;chiai<"), std::string::npos);
  // Points lie inside the plot area: x in [70, 550], y in [40, 360] for a 720x420 canvas.
  std::smatch m;
  std::string rest = svg;
  static const std::regex points(R"(points="([^"]*)\")");
  int polylines = 0;
  while (std::regex_search(rest, m, points)) {
    ++polylines;
    std::string list = m[1];
    static const std::regex xy(R"(([\d.]+),([\d.]+))");
    for (auto it = std::sregex_iterator(list.begin(), list.end(), xy); it != std::sregex_iterator();
         ++it) {
      double x = std::stod((*it)[1]), y = std::stod((*it)[2]);
      EXPECT_GE(x, 70 - 0.05);
      EXPECT_LE(x, 550 + 0.05);
      EXPECT_GE(y, 40 - 0.05);
      EXPECT_LE(y, 360 + 0.05);
    }
    rest = m.suffix();
  }
  EXPECT_EQ(polylines, 2);
}

TEST(LinePlot, LogarithmicY) {
  LinePlot p;
  p.logY = true;
  p.series = {{"sbfl", {{10, 0.00002}, {20, 0.00003}}}, {"pf", {{10, 1.5}, {20, 9}}}};
  std::string svg = renderLinePlot(p), error;
  auto count = parseXml(svg, error);
  ASSERT_EQ(error, "");
  EXPECT_EQ(count["polyline"], 2);
  for (const char* tick : {">1e-05<", ">0.0001<", ">0.001<", ">0.01<", ">0.1<", ">1<", ">10<"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  // 1e-05 is the floor (y = 360), 10 the top (y = 40): 1.5 is at log10(1.5e5) / 6 of the way.
  double y = 360 - std::log10(1.5e5) / 6 * 320;
  EXPECT_NE(svg.find(fmt::format("cx=\"70.0\" cy=\"{:.1f}\"", y)), std::string::npos) << svg;
}

// A value the time limit cut is drawn hollow (white fill, the series' colour as stroke, a
// tooltip saying so), and the legend gets one more entry for that marker; without a cut value
// neither appears.
TEST(LinePlot, CutPointsHollowAndInTheLegend) {
  LinePlot p;
  p.series = {{"pf", {{10, 0.5}, {20, 1.5}, {30, 4}}, {2}}, {"agx", {{10, 0.2}, {30, 1}}}};
  std::string svg = renderLinePlot(p), error;
  auto count = parseXml(svg, error);
  ASSERT_EQ(error, "") << svg;
  EXPECT_EQ(count["circle"], 5 + 1);  // the points, and the legend's sample of the marker
  // pf is the first colour (#1f77b4): two filled points and one hollow, at x = 30 (the right end
  // of the plot area, 550).
  std::regex filled("<circle [^>]*fill=\"#1f77b4\"");
  EXPECT_EQ(
      std::distance(std::sregex_iterator(svg.begin(), svg.end(), filled), std::sregex_iterator()),
      2);
  EXPECT_NE(svg.find("<circle cx=\"550.0\" cy=\""), std::string::npos);
  EXPECT_NE(svg.find("fill=\"white\" stroke=\"#1f77b4\"><title>pf: cut by the time "
                     "limit</title></circle>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find(">cut by the time limit</text>"), std::string::npos);
  p.series[0].cut.clear();
  svg = renderLinePlot(p);
  EXPECT_EQ(svg.find("cut by the time limit"), std::string::npos);
  EXPECT_EQ(parseXml(svg, error)["circle"], 5);
}

TEST(LinePlot, EmptyPlotIsStillWellFormed) {
  std::string error;
  parseXml(renderLinePlot(LinePlot{}), error);
  EXPECT_EQ(error, "");
}

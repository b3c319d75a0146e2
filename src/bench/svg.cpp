// Line plots as plain SVG. The plot area is mapped from the data's range, widened to the outer
// ticks: linear (y from 0: the plots show times) or, on request, logarithmic in y with a tick
// per decade. The legend sits right of the plot area, one coloured sample line and label per
// series.
#include "bench/svg.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace culprit::bench {

std::vector<double> niceTicks(double lo, double hi, int target) {
  if (!(hi > lo)) hi = lo + 1;
  double raw = (hi - lo) / std::max(1, target);
  double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * magnitude >= raw) {
      step = m * magnitude;
      break;
    }
  std::vector<double> ticks;
  double first = std::floor(lo / step + 1e-9);
  for (double k = first;; ++k) {
    double t = std::stod(fmt::format("{:.12g}", k * step));  // 0.6, not 0.6000000000000001
    ticks.push_back(t == 0 ? 0.0 : t);
    if (t >= hi - step * 1e-9) break;
  }
  return ticks;
}

std::vector<double> decadeTicks(double lo, double hi) {
  int first = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
  int last = std::max(first + 1, static_cast<int>(std::ceil(std::log10(hi) - 1e-9)));
  std::vector<double> ticks;
  for (int e = first; e <= last; ++e)
    ticks.push_back(std::stod(fmt::format("1e{}", e)));
  return ticks;
}

namespace {

const char* const kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

std::string label(double v) { return fmt::format("{:g}", v); }

struct Frame {
  double left, top, width, height;  ///< plot area in pixels
  double x0, x1, y0, y1;            ///< data range shown
  bool logY;
  double px(double x) const { return left + (x - x0) / (x1 - x0) * width; }
  double py(double y) const {
    double t =
        logY ? (std::log10(std::max(y, y0)) - std::log10(y0)) / (std::log10(y1) - std::log10(y0))
             : (y - y0) / (y1 - y0);
    return top + height - t * height;
  }
};

void axes(std::string& svg, const Frame& f, const std::vector<double>& xt,
          const std::vector<double>& yt) {
  for (double x : xt) {
    double p = f.px(x);
    svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                       "stroke=\"#e0e0e0\"/>\n",
                       p, f.top, p, f.top + f.height);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", p,
                       f.top + f.height + 18, label(x));
  }
  for (double y : yt) {
    double p = f.py(y);
    svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                       "stroke=\"#e0e0e0\"/>\n",
                       f.left, p, f.left + f.width, p);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n",
                       f.left - 6, p + 4, label(y));
  }
  svg += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                     "fill=\"none\" stroke=\"#333333\"/>\n",
                     f.left, f.top, f.width, f.height);
}

void legend(std::string& svg, const LinePlot& plot, double x, double y) {
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const char* colour = kPalette[i % std::size(kPalette)];
    double row = y + 20.0 * static_cast<double>(i);
    svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                       "stroke=\"{}\" stroke-width=\"2\"/>\n",
                       x, row, x + 24, row, colour);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", x + 30, row + 4,
                       xmlEscape(plot.series[i].label));
  }
  if (std::none_of(plot.series.begin(), plot.series.end(),
                   [](const Series& s) { return !s.cut.empty(); }))
    return;
  const double row = y + 20.0 * static_cast<double>(plot.series.size());
  svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"white\" "
                     "stroke=\"#333333\"/>\n",
                     x + 12, row);
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">cut by the time limit</text>\n", x + 30,
                     row + 4);
}

}  // namespace

std::string renderLinePlot(const LinePlot& plot) {
  double xmin = INFINITY, xmax = -INFINITY, ymax = 0, yminPositive = INFINITY;
  for (const Series& s : plot.series)
    for (auto [x, y] : s.points) {
      xmin = std::min(xmin, x), xmax = std::max(xmax, x), ymax = std::max(ymax, y);
      if (y > 0) yminPositive = std::min(yminPositive, y);
    }
  if (!std::isfinite(xmin)) xmin = 0, xmax = 1;
  if (xmax <= xmin) xmax = xmin + 1;
  if (ymax <= 0) ymax = 1;
  bool logY = plot.logY && std::isfinite(yminPositive);
  std::vector<double> xt = niceTicks(xmin, xmax);
  std::vector<double> yt = logY ? decadeTicks(yminPositive, ymax) : niceTicks(0, ymax);
  Frame f{70,
          40,
          static_cast<double>(plot.width) - 70 - 170,
          static_cast<double>(plot.height) - 40 - 60,
          std::min(xmin, xt.front()),
          std::max(xmax, xt.back()),
          logY ? yt.front() : 0,
          std::max(ymax, yt.back()),
          logY};

  std::string svg = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n",
      plot.width, plot.height);
  svg += fmt::format("<text x=\"{:.1f}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}"
                     "</text>\n",
                     f.left + f.width / 2, xmlEscape(plot.title));
  axes(svg, f, xt, yt);
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n",
                     f.left + f.width / 2, f.top + f.height + 42, xmlEscape(plot.xLabel));
  svg += fmt::format("<text x=\"16\" y=\"{0:.1f}\" text-anchor=\"middle\" "
                     "transform=\"rotate(-90 16 {0:.1f})\">{1}</text>\n",
                     f.top + f.height / 2, xmlEscape(plot.yLabel));
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const char* colour = kPalette[i % std::size(kPalette)];
    std::string points;
    for (auto [x, y] : plot.series[i].points)
      points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", f.px(x), f.py(y));
    svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\">"
                       "<title>{}</title></polyline>\n",
                       colour, points, xmlEscape(plot.series[i].label));
    const Series& series = plot.series[i];
    for (std::size_t k = 0; k < series.points.size(); ++k) {
      const auto [x, y] = series.points[k];
      if (std::find(series.cut.begin(), series.cut.end(), k) == series.cut.end())
        svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"/>\n", f.px(x),
                           f.py(y), colour);
      else
        svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"white\" "
                           "stroke=\"{}\"><title>{}: cut by the time limit</title></circle>\n",
                           f.px(x), f.py(y), colour, xmlEscape(series.label));
    }
  }
  legend(svg, plot, f.left + f.width + 16, f.top + 10);
  svg += "</svg>\n";
  return svg;
}

}  // namespace culprit::bench

// A small SVG renderer for the bench's line plots (scaling studies: x = scale parameter,
// y = time, one polyline per technique). Plain SVG 1.1 text — axes, ticks, grid, markers,
// legend — readable by any browser without scripts or plugins.
#pragma once

#include "report/words.h"

#include <string>
#include <utility>
#include <vector>

namespace culprit::bench {

struct Series {
  std::string label;
  std::vector<std::pair<double, double>> points;  ///< (x, y), drawn in the given order
  /// Indexes into `points` of values the time limit cut (a run stopped by it, whose time is
  /// what it got until then): drawn hollow, and named in the legend.
  std::vector<std::size_t> cut = {};
};

struct LinePlot {
  std::string title, xLabel, yLabel;
  std::vector<Series> series;
  int width = 720, height = 420;
  bool logY = false;  ///< logarithmic y axis (decades); values <= 0 sit on the axis floor
};

/// "Nice" tick values (steps of 1, 2 or 5 times a power of ten) covering [lo, hi], about
/// `target` of them.
std::vector<double> niceTicks(double lo, double hi, int target = 5);

/// Powers of ten from below `lo` to above `hi` (both > 0), for a logarithmic axis.
std::vector<double> decadeTicks(double lo, double hi);

/// Escapes &, <, >, " and ' for XML text and attribute values (report/words.h).
using report::xmlEscape;

std::string renderLinePlot(const LinePlot& plot);

}  // namespace culprit::bench

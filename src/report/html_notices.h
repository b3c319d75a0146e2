// The incompleteness reasons and notes of an HTML report (html_report.cpp), each shown once:
// identical texts of several results are grouped with the failing tests they came from, and
// reasons are banners by severity (words.h: a bound the user chose is a mild note).
#pragma once

#include "report/model.h"
#include "report/words.h"

#include <string>
#include <vector>

namespace culprit::report::html {

/// "71&ndash;74, 80, 93": failing test numbers, runs of three or more as ranges.
std::string testList(std::vector<int> tests);

/// One text (an incompleteness reason or a note) with the results it came from.
struct Notice {
  std::string text;
  std::vector<int> tests;  ///< failing tests (1-based) of per-test results
  Severity severity = Severity::Note;
};

struct Notices {
  std::vector<Notice> incomplete, notes;  ///< incomplete: warnings first
  std::size_t perTest = 0;                ///< per-test results of the report
  /// The id of the banner of incompleteness reason `reason` ("incomplete-2"; "" when none).
  std::string anchor(const std::string& reason) const;
  /// "" for the suite's result, "every failing test", "failing tests 71&ndash;74".
  std::string whose(const Notice& n) const;
};

Notices collectNotices(const LocalizeModel& m);

/// The banners (or the "complete" one) and the list of notes.
std::string noticesHtml(const LocalizeModel& m, const Notices& n);

}  // namespace culprit::report::html

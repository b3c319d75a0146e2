// The notices of an HTML report: see html_notices.h.
#include "report/html_notices.h"

#include "report/html_page.h"

#include <algorithm>
#include <fmt/format.h>

namespace culprit::report::html {

std::string testList(std::vector<int> tests) {
  std::sort(tests.begin(), tests.end());
  std::string out;
  for (std::size_t i = 0; i < tests.size();) {
    std::size_t j = i;
    while (j + 1 < tests.size() && tests[j + 1] == tests[j] + 1)
      ++j;
    out += (out.empty() ? "" : ", ") + (j >= i + 2 ? fmt::format("{}&ndash;{}", tests[i], tests[j])
                                        : j == i + 1 ? fmt::format("{}, {}", tests[i], tests[j])
                                                     : std::to_string(tests[i]));
    i = j + 1;
  }
  return out;
}

std::string Notices::anchor(const std::string& reason) const {
  for (std::size_t i = 0; i < incomplete.size(); ++i)
    if (incomplete[i].text == reason) return fmt::format("incomplete-{}", i + 1);
  return "";
}

std::string Notices::whose(const Notice& n) const {
  if (n.tests.empty()) return "";
  if (perTest > 1 && n.tests.size() == perTest) return "every failing test";
  return fmt::format("failing test{} {}", n.tests.size() == 1 ? "" : "s", testList(n.tests));
}

Notices collectNotices(const LocalizeModel& m) {
  Notices out;
  out.perTest = m.outcome->perTest.size();
  auto add = [](std::vector<Notice>& list, const std::string& text, int test) {
    auto it =
        std::find_if(list.begin(), list.end(), [&](const Notice& n) { return n.text == text; });
    if (it == list.end()) it = list.insert(list.end(), Notice{text, {}, incompleteSeverity(text)});
    if (test) it->tests.push_back(test);
  };
  auto addResult = [&](const localize::Result& r, int test) {
    if (!r.complete) add(out.incomplete, r.incompleteReason, test);
    for (const std::string& note : r.notes)
      add(out.notes, note, test);
  };
  if (m.outcome->suite) addResult(*m.outcome->suite, 0);
  for (const localize::TestRun& t : m.outcome->perTest)
    addResult(t.result, m.results->results[t.test].index);
  // Warnings before notes; otherwise as first met.
  std::stable_sort(out.incomplete.begin(), out.incomplete.end(),
                   [](const Notice& a, const Notice& b) { return a.severity > b.severity; });
  return out;
}

std::string noticesHtml(const LocalizeModel& m, const Notices& n) {
  std::string out;
  for (std::size_t i = 0; i < n.incomplete.size(); ++i) {
    const Notice& x = n.incomplete[i];
    const std::string whose = n.whose(x);
    out += fmt::format("<div class=\"banner incomplete {}\" id=\"incomplete-{}\"><b>INCOMPLETE: "
                       "</b>{}{}</div>\n",
                       severityName(x.severity), i + 1, escape(x.text),
                       whose.empty()
                           ? ""
                           : fmt::format(" <span class=\"whose\">({}{})</span>", whose,
                                         x.tests.size() > 1 && x.tests.size() < n.perTest
                                             ? fmt::format(": {} of {}", x.tests.size(), n.perTest)
                                             : ""));
  }
  if (n.incomplete.empty())
    out += fmt::format("<div class=\"banner complete\">complete{}</div>\n",
                       m.outcome->suite ? "" : ": every enumeration finished");
  if (!n.notes.empty()) {
    out += "<ul class=\"notes\">\n";
    for (const Notice& x : n.notes) {
      const std::string whose = n.whose(x);
      out += "<li class=\"note\">note" + (whose.empty() ? "" : " (" + whose + ")") + ": " +
             escape(x.text) + "</li>\n";
    }
    out += "</ul>\n";
  }
  return out;
}

}  // namespace culprit::report::html

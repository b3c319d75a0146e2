// The two progress displays. The bar counts finished runs against the runs known so far (a
// subject's runs become known when it is loaded, since its failing tests decide them).
#include "bench/progress.h"

#include "report/status_line.h"

#include <cstdlib>
#include <fmt/format.h>
#include <mutex>
#include <set>

namespace culprit::bench {

std::string describeKey(const RunKey& key) {
  std::string s = key.subject + " / " + key.technique;
  if (key.test) s += " / test " + std::to_string(key.test);
  return s;
}

namespace {

std::string outcome(const RunRecord& r) {
  std::string s = runStatusName(r.status);
  if (r.status == RunStatus::Error) return s + ": " + r.message;
  if (r.metrics.rank) s += fmt::format(", rank {:g}", *r.metrics.rank);
  if (r.metrics.exam) s += fmt::format(", EXAM {:.1f}%", *r.metrics.exam);
  if (!r.metrics.found) s += ", faulty line not reached";
  if (r.metrics.diagnoses) s += fmt::format(", {} diagnoses", *r.metrics.diagnoses);
  return s + fmt::format(", {:.1f} ms", r.costs.totalMs);
}

std::string problemLine(const SubjectProblem& p) {
  return fmt::format("bench: subject '{}'{}: {}\n", p.subject, p.skipped ? " skipped" : "",
                     p.message);
}

class LineProgress : public Progress {
public:
  LineProgress(std::FILE* out, std::size_t subjects) : out_(out), subjects_(subjects) {}
  void subjectLoaded(const std::string& subject, std::size_t pending) override {
    std::lock_guard<std::mutex> lock(mutex_);
    known_ += pending;
    ++loaded_;
    print(fmt::format("bench: subject {}/{} {}: {} runs to do\n", loaded_, subjects_, subject,
                      pending));
  }
  void problem(const SubjectProblem& p) override {
    std::lock_guard<std::mutex> lock(mutex_);
    print(problemLine(p));
  }
  void runStarted(const RunKey&) override {}
  void runFinished(const RunRecord& r) override {
    std::lock_guard<std::mutex> lock(mutex_);
    ++done_;
    print(fmt::format("bench: [{}/{}] {}: {}\n", done_, known_, describeKey(r.key), outcome(r)));
  }
  void finish() override {}

private:
  void print(const std::string& s) {
    std::fputs(s.c_str(), out_);
    std::fflush(out_);
  }
  std::FILE* out_;
  std::mutex mutex_;
  std::size_t subjects_, loaded_ = 0, known_ = 0, done_ = 0;
};

class BarProgress : public Progress {
public:
  BarProgress(std::FILE* out, std::size_t subjects) : out_(out), subjects_(subjects) {}
  void subjectLoaded(const std::string&, std::size_t pending) override {
    std::lock_guard<std::mutex> lock(mutex_);
    known_ += pending;
    ++loaded_;
    draw(false);
  }
  void problem(const SubjectProblem& p) override {
    std::lock_guard<std::mutex> lock(mutex_);
    line_.print(problemLine(p));
    draw(true);
  }
  void runStarted(const RunKey& key) override {
    std::lock_guard<std::mutex> lock(mutex_);
    running_.insert(describeKey(key));
    draw(false);
  }
  void runFinished(const RunRecord& r) override {
    std::lock_guard<std::mutex> lock(mutex_);
    ++done_;
    running_.erase(describeKey(r.key));
    if (r.status != RunStatus::Ok)
      line_.print(fmt::format("bench: {}: {}\n", describeKey(r.key), outcome(r)));
    draw(r.status != RunStatus::Ok);
  }
  void finish() override {
    std::lock_guard<std::mutex> lock(mutex_);
    draw(true);
    std::fputs("\n", out_);
    std::fflush(out_);
  }

private:
  void draw(bool force) {
    double done = static_cast<double>(done_), known = static_cast<double>(known_);
    if (loaded_ < subjects_ && done >= known) known = done + 1;  // more runs may come
    std::string text = fmt::format("{}/{} runs, {}/{} subjects", done_, known_, loaded_, subjects_);
    if (!running_.empty()) text += "  " + *running_.begin();
    line_.draw(done, known, text, force);
  }
  std::FILE* out_;
  report::StatusLine line_{out_, true};
  std::mutex mutex_;
  std::size_t subjects_, loaded_ = 0, known_ = 0, done_ = 0;
  std::multiset<std::string> running_;
};

class SilentProgress : public Progress {
public:
  void subjectLoaded(const std::string&, std::size_t) override {}
  void problem(const SubjectProblem&) override {}
  void runStarted(const RunKey&) override {}
  void runFinished(const RunRecord&) override {}
  void finish() override {}
};

}  // namespace

std::unique_ptr<Progress> makeProgress(std::FILE* out, bool terminal, std::size_t subjects) {
  if (terminal) return std::make_unique<BarProgress>(out, subjects);
  return std::make_unique<LineProgress>(out, subjects);
}

std::unique_ptr<Progress> makeSilentProgress() { return std::make_unique<SilentProgress>(); }

}  // namespace culprit::bench

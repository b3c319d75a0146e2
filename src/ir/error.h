// Errors a user can cause (missing file, C syntax error, unsupported construct, malformed test
// line, bad option). They carry a location when there is one; cli/ turns them into one line
// `file:line:col: error: message` and an exit status.
#pragma once

#include <stdexcept>
#include <string>

namespace culprit {

/// Exit statuses of the `culprit` binary (documented in the README).
enum ExitStatus : int {
  kExitOk = 0,
  kExitFindings = 1,   ///< `test`: some test failed
  kExitBadInput = 2,   ///< missing file, syntax error, unsupported construct, bad option/test line
  kExitNoFailure = 3,  ///< asked to localize but no test fails
  kExitNoRepair = 4,   ///< `repair`: the search space holds no repair (or none found in time)
  kExitInternal = 70,  ///< a bug in culprit
};

class UserError : public std::runtime_error {
public:
  explicit UserError(const std::string& message, std::string file = "", unsigned line = 0,
                     unsigned col = 0, int status = kExitBadInput)
      : std::runtime_error(message), file_(std::move(file)), line_(line), col_(col),
        status_(status) {}
  const std::string& file() const { return file_; }
  unsigned line() const { return line_; }
  unsigned col() const { return col_; }
  int status() const { return status_; }
  /// `file:line:col: error: message` (parts without a value are left out).
  std::string render() const {
    std::string s;
    if (!file_.empty()) {
      s = file_ + ":";
      if (line_) s += std::to_string(line_) + ":";
      if (line_ && col_) s += std::to_string(col_) + ":";
      s += " ";
    }
    return s + "error: " + what();
  }

private:
  std::string file_;
  unsigned line_, col_;
  int status_;
};

}  // namespace culprit

// Generated programs for the repair property tests (search_test, synthesize_test).
#pragma once

#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace culprit::repair::test {

/// Straight-line programs with if/else over two argv inputs, printing one value.
class ProgramGenerator {
public:
  explicit ProgramGenerator(unsigned seed) : rng_(seed) {}
  // Every call of pick() is a statement of its own, or sequenced by `<<` (C++17): the operands
  // of `+` are evaluated in an unspecified order, which gcc and clang choose differently, and
  // the programs must be the same under both.
  std::string program() {
    std::ostringstream s;
    s << "#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char *argv[]) {\n"
         "  int x = atoi(argv[1]), y = atoi(argv[2]);\n";
    vars_ = {"x", "y"};
    for (int i = 0, n = pick(2, 4); i < n; ++i) {
      const std::string v = "v" + std::to_string(i);
      if (pick(0, 2) == 0)
        s << "  int " << v << " = " << var() << ";\n  if (" << var() << " " << relation() << " "
          << pick(-3, 3) << ")\n    " << v << " = " << expr() << ";\n";
      else
        s << "  int " << v << " = " << expr() << ";\n";
      vars_.push_back(v);
    }
    s << "  printf(\"%d\\n\", " << var() << ");\n  return 0;\n}\n";
    return s.str();
  }
  std::string test() {
    const int x = pick(-8, 8);
    const int y = pick(-8, 8);
    return std::to_string(x) + " " + std::to_string(y);
  }
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

private:
  std::mt19937 rng_;
  std::vector<std::string> vars_;
  std::string var() {
    return vars_[static_cast<std::size_t>(pick(0, static_cast<int>(vars_.size()) - 1))];
  }
  std::string relation() {
    return std::vector<std::string>{
        "<", "<=", ">", ">=", "==", "!="}[static_cast<std::size_t>(pick(0, 5))];
  }
  std::string expr() {
    std::ostringstream s;
    switch (pick(0, 3)) {
    case 0: s << var() << " + " << pick(1, 4); break;
    case 1: s << var() << " - " << var(); break;
    case 2: s << var() << " / " << pick(2, 3); break;
    default: s << pick(2, 3) << " * " << var(); break;
    }
    return s.str();
  }
};

}  // namespace culprit::repair::test

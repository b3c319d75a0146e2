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
  std::string test() { return std::to_string(pick(-8, 8)) + " " + std::to_string(pick(-8, 8)); }
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
    switch (pick(0, 3)) {
    case 0: return var() + " + " + std::to_string(pick(1, 4));
    case 1: return var() + " - " + var();
    case 2: return var() + " / " + std::to_string(pick(2, 3));
    default: return std::to_string(pick(2, 3)) + " * " + var();
    }
  }
};

}  // namespace culprit::repair::test

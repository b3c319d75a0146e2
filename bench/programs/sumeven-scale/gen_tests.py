"""sumeven-scale: sum of the even numbers in 1..n at bounds N = 10, 20, ..., 100.

Writes golden-nN.c, nN.c (faulty: the loop stops one early, `i < n` instead of `i <= n`, so
even n lose their last term) and tests-nN.txt for every N. n comes from argv and must lie in
[0, N], so the loop runs at most N times; the manifest's unwind is N + 2. The first test of each
file is n = N (a failing test: N is even).
"""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import dedup, write_file, write_tests

TEMPLATE = """#include <stdio.h>
#include <stdlib.h>

#define N @N@

/* Sum of the even numbers in 1..n, for n in [0, N]. */
int main(int argc, char *argv[]) {
  int n, i, s;
  if (argc != 2) {
    printf("usage: sumeven n\\n");
    return 2;
  }
  n = atoi(argv[1]);
  if (n < 0 || n > N) {
    printf("out of range\\n");
    return 1;
  }
  s = 0;
  for (i = 1; @COND@; i++) {
    if (i % 2 == 0)
      s = s + i;
  }
  printf("%d\\n", s);
  return 0;
}
"""

for n in range(10, 101, 10):
    text = TEMPLATE.replace("@N@", str(n))
    write_file(__file__, "golden-n%d.c" % n, text.replace("@COND@", "i <= n"))
    write_file(__file__, "n%d.c" % n, text.replace("@COND@", "i < n"))
    tests = [[n]] + [[v] for v in range(0, n + 1)]
    k = 1
    while len(dedup(tests)) < 50:
        tests += [[-k], [n + k]]
        k += 1
    write_tests(__file__, tests, ["sumeven-n%d: n (in range 0..%d)" % (n, n)], "tests-n%d.txt" % n)

"""isqrt-scale: scenario E at bounds N = 10, 20, ..., 100, for scaling studies.

Writes nN.c (faulty, assertion oracle: the program asserts res*res <= val < (res+1)*(res+1))
and tests-nN.txt for every N. val comes from argv and must lie in [0, N] (other values are
rejected before the loop, and those tests pass), so the loop runs at most sqrt(N) + 1 times;
the manifest's unwind is N + 2, as in the published scaling study, where val and the unwind
bound grow together. The first test of each file is val = N (the paper's configuration at
N = 50).
"""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import math
from testgen import dedup, write_file, write_tests

TEMPLATE = """#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define N @N@

/* Integer square root of val in [0, N] by summing odd numbers; asserts its result. */
int main(int argc, char *argv[]) {
  int val, i, v, res;
  if (argc != 2) {
    printf("usage: isqrt val\\n");
    return 2;
  }
  val = atoi(argv[1]);
  if (val < 0 || val > N) {
    printf("out of range\\n");
    return 0;
  }
  i = 1;
  v = 0;
  res = 0;
  while (v < val) {
    v = v + 2 * i + 1;
    i = i + 1;
  }
  res = i;
  assert(res * res <= val && (res + 1) * (res + 1) > val);
  printf("%d\\n", res);
  return 0;
}
"""

for n in range(10, 101, 10):
    write_file(__file__, "n%d.c" % n, TEMPLATE.replace("@N@", str(n)))
    step = max(1, n // 20)
    tests = [[n]]
    tests += [[v] for v in range(0, n + 1)
              if v % step == 0 or math.isqrt(v) ** 2 == v or math.isqrt(v + 1) ** 2 == v + 1]
    k = 1
    while len(dedup(tests)) < 50:
        tests += [[-k], [n + k]]
        k += 1
    write_tests(__file__, tests, ["isqrt-n%d: val (in range 0..%d)" % (n, n)], "tests-n%d.txt" % n)

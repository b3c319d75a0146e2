#include <assert.h>

/* Scenario A as the OFC paper states it: P(x, y) with the assertion as the oracle. */
void two_branches(int x, int y) {
  int a, b;
  if (x >= 0)
    a = x;
  else
    a = -x;
  if (y < 5)
    b = a + 1;
  else
    b = a + 2;
  assert(b <= a);
}

/* Trusted harness (--entry): the test line gives x and y. */
void harness(int x, int y) { two_branches(x, y); }

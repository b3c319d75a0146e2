#include <assert.h>

/* Scenario E (BugAssist, LocFaults): integer square root by summing odd numbers; line 13
   should be res = i - 1. */
void isqrt(int val) {
  int i, v, res;
  i = 1;
  v = 0;
  res = 0;
  while (v < val) {
    v = v + 2 * i + 1;
    i = i + 1;
  }
  res = i;
  assert(res * res <= val && (res + 1) * (res + 1) > val);
}

/* Trusted harness (--entry): the test line gives val. */
void harness(int val) { isqrt(val); }

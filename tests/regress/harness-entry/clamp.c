#include <assert.h>
int clamp(int x, int lo, int hi) {
  if (x < lo)
    return lo;
  if (x > hi)
    return lo;
  return x;
}
void check(int x, int lo, int hi) {
  int r = clamp(x, lo, hi);
  assert(r >= lo && r <= hi);
  assert(x < lo || x > hi || r == x);
  assert(x <= hi || r == hi);
}

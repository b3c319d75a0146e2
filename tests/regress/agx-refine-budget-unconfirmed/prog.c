#include <assert.h>

/* Every fix needs two statements: {7, 8} (x = 5, entered = 1) or {9, 11} (enter the side the
   failing run skips, x + 1 = 5). In the angelic program the side is free, so relaxing `a > 0`
   alone is a candidate, which no replay confirms (entering the side gives x = 1). */
void subject(int a) {
  int x = 0;
  int entered = 0;
  if (a > 0) {
    entered = 1;
    x = x + 1;
  }
  assert(entered && x == 5);
}

void harness(int a) { subject(a); }

#include <assert.h>

/* A branch side the failing run never takes (a > 0) writes x; a later branch on x decides
   the result. Relaxing `a > 0` alone does not correct the run: x = 1 is still not above 3. */
void subject(int a) {
  int out;
  int x = 0;
  if (a > 0)
    x = 1;
  if (x > 3)
    out = 1;
  else
    out = 0;
  assert(out == 1);
}

void harness(int a) { subject(a); }

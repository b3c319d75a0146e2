#include <assert.h>
void larger(int a, int b) {
  int m = a;
  if (b > a)
    m = a; /* fault: should be m = b */
  assert(m >= a && m >= b);
}

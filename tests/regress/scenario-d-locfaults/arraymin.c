#include <assert.h>

/* Scenario D (LocFaults): minimum of an array; line 9 should be i < length. */
int minimum(int tab[], int length) {
  int i;
  int min;
  min = tab[0];
  i = 1;
  while (i < length - 1) {
    if (tab[i] <= min)
      min = tab[i];
    /* next element */
    i = i + 1;
  }
  return min;
}

/* Trusted harness (--entry): the test line gives the array's four values. */
void harness(int a, int b, int c, int d) {
  int tab[4];
  int m;
  tab[0] = a;
  tab[1] = b;
  tab[2] = c;
  tab[3] = d;
  m = minimum(tab, 4);
  assert(a >= m && b >= m && c >= m && d >= m);
}

#include <assert.h>

/* Scenario C (LocFaults): AbsMinus, |i - j| through a flag k; line 10 should be k = k + 1. */
int absminus(int i, int j) {
  int k, result;
  /* the specification: */
  /* i < j gives j - i, else i - j */
  k = 0;
  if (i <= j)
    k = k + 2;
  if (k == 1 && i != j)
    result = j - i;
  else
    result = i - j;
  assert((i < j && result == j - i) || (i >= j && result == i - j));
  return result;
}

/* Trusted harness (--entry): the test line gives i and j. */
void harness(int i, int j) { absminus(i, j); }

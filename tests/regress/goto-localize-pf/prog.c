#include <stdio.h>
#include <stdlib.h>

/* Sums 1..n skipping to a penalty block at multiples of 7 (via goto), retried
   with a smaller n (backward goto). */
int main(int argc, char **argv) {
  int n, i, sum = 0, tries = 0;
  if (argc < 2) goto usage;
  n = atoi(argv[1]);
  if (n < 0 || n > 30) goto bad;
again:
  tries++;
  for (i = 1; i <= n; i++) {
    if (i % 7 == 0) goto penalty;
    sum += i;
  }
  goto out;
penalty:
  sum = sum + 3;
  n = n - 7;
  if (n > 0) goto again;
out:
  printf("sum %d tries %d\n", sum, tries);
  return 0;
bad:
  printf("bad %d\n", n);
  return 2;
usage:
  printf("usage\n");
  return 1;
}

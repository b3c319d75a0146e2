#include <stdio.h>
#include <stdlib.h>

/* Largest sum of a non-empty contiguous subarray (Kadane) of 1..8 integers. */
int maxsub(int a[], int n) {
  int i, cur, best;
  cur = a[0];
  best = a[0];
  for (i = 1; i < n; i++) {
    if (cur < 0)
      cur = a[i];
    else
      cur = cur + a[i];
    if (cur > best)
      best = cur;
  }
  return best;
}

int main(int argc, char *argv[]) {
  int a[8];
  int n, i;
  n = argc - 1;
  if (n < 1 || n > 8) {
    printf("usage: kadane v1 ... vn (n <= 8)\n");
    return 2;
  }
  for (i = 0; i < n; i++)
    a[i] = atoi(argv[i + 1]);
  printf("%d\n", maxsub(a, n));
  return 0;
}

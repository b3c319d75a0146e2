#include <stdio.h>
#include <stdlib.h>

/* Number of primes up to n (0 <= n <= 40) and the largest of them (0 if none). */
int is_prime(int k) {
  int d;
  if (k < 2)
    return 0;
  for (d = 2; d * d < k; d++) {
    if (k % d == 0)
      return 0;
  }
  return 1;
}

int main(int argc, char *argv[]) {
  int n, k, cnt, last;
  if (argc != 2) {
    printf("usage: primes n\n");
    return 2;
  }
  n = atoi(argv[1]);
  if (n < 0 || n > 40) {
    printf("out of range\n");
    return 1;
  }
  cnt = 0;
  last = 0;
  for (k = 2; k <= n; k++) {
    if (is_prime(k)) {
      cnt = cnt + 1;
      last = k;
    }
  }
  printf("%d %d\n", cnt, last);
  return 0;
}

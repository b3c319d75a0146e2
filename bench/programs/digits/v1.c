#include <stdio.h>
#include <stdlib.h>

/* Digit sum, digit count, reversal and palindrome test of |n| (|n| <= 99999). */
int main(int argc, char *argv[]) {
  int n, m, d, s, cnt, r;
  if (argc != 2) {
    printf("usage: digits n\n");
    return 2;
  }
  n = atoi(argv[1]);
  if (n < 0)
    n = -n;
  m = n;
  s = 0;
  cnt = 0;
  r = 0;
  while (m > 0) {
    d = m % 10;
    s = s + d;
    r = r * 10 + s;
    cnt = cnt + 1;
    m = m / 10;
  }
  if (n == 0)
    cnt = 1;
  printf("%d %d %d %d\n", s, cnt, r, r == n);
  return 0;
}

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Sum of 1..n; the loop bound is off by one (should be i <= n). */
int main(int argc, char *argv[]) {
  int n = atoi(argv[1]);
  int s = 0;
  int i;
  (void)argc;
  for (i = 1; i < n; i++)
    s = s + i;
  assert(s == n * (n + 1) / 2);
  printf("%d\n", s);
  return 0;
}

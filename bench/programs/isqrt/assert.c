#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Scenario E: integer square root of val >= 0 by summing odd numbers. */
int main(int argc, char *argv[]) {
  int val, i, v, res;
  if (argc != 2) {
    printf("usage: isqrt val\n");
    return 2;
  }
  val = atoi(argv[1]);
  if (val < 0) {
    printf("invalid\n");
    return 0;
  }
  i = 1;
  v = 0;
  res = 0;
  while (v < val) {
    v = v + 2 * i + 1;
    i = i + 1;
  }
  res = i;
  assert(res * res <= val && (res + 1) * (res + 1) > val);
  printf("%d\n", res);
  return 0;
}

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Scenario B: absolute value with a wrong boundary (should be x < 0). */
int main(int argc, char *argv[]) {
  int x, abs;
  (void)argc;
  x = atoi(argv[1]);
  abs = x;
  if (x < -1)
    abs = -x;
  assert(abs >= 0);
  printf("%d\n", abs);
  return 0;
}

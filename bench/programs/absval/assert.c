#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Scenario B: absolute value of x. */
int main(int argc, char *argv[]) {
  int x, av;
  if (argc != 2) {
    printf("usage: absval x\n");
    return 2;
  }
  x = atoi(argv[1]);
  av = x;
  if (x < -1)
    av = -x;
  assert(av >= 0);
  printf("%d\n", av);
  return 0;
}

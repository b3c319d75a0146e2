#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Scenario A: a = |x|; b is a - 1 when y < 5 and a + 2 otherwise. */
int main(int argc, char *argv[]) {
  int x, y, a, b;
  if (argc != 3) {
    printf("usage: twobranch x y\n");
    return 2;
  }
  x = atoi(argv[1]);
  y = atoi(argv[2]);
  if (x >= 0)
    a = x;
  else
    a = -x;
  if (y < 5)
    b = a + 1;
  else
    b = a + 2;
  printf("%d %d\n", a, b);
  return 0;
}

#include <stdio.h>
#include <stdlib.h>

/* Prints a value, then a table computed from it: the first line is already wrong. */
int main(int argc, char **argv) {
  int x, y, i, acc = 0;
  if (argc < 2) return 2;
  x = atoi(argv[1]);
  y = x * 2; /* fault: x * 3 */
  printf("y %d\n", y);
  for (i = 1; i <= 6; i++) {
    acc = acc * y + i;
    printf("row %d %d\n", i, acc % 1000);
  }
  return acc % 2;
}

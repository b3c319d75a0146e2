#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Scenario A exactly as published: assert(b <= a) fails on every input (both branches
   violate it), so this file is kept for reference and is not a corpus subject. */
int main(int argc, char *argv[]) {
  int x, y, a, b;
  if (argc != 3)
    return 2;
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
  assert(b <= a);
  return 0;
}

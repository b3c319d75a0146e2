#include <stdio.h>
#include <stdlib.h>
/* The deceleration of class 2 is 70, not 80: no level-1 mutation of 80 gives 70. */
int main(int argc, char *argv[]) {
  int cls = atoi(argv[1]);
  int dec = 50;
  if (cls == 2)
    dec = 80;
  printf("%d\n", dec);
  return 0;
}

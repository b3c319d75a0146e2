#include <stdio.h>
#include <stdlib.h>
/* Two wrong constants, each on its own path: 7 where 5 is meant, 30 where 13 is meant. */
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int r;
  if (a > 0)
    r = a * 7;
  else
    r = a - 30;
  printf("%d\n", r);
  return 0;
}

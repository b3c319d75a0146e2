#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int x = a * 3;
  int y = a + 2;
  int out;
  if (a > 5)
    out = x - 1;
  else
    out = y - 1;
  int r = out + 1;
  printf("%d\n", r);
  return 0;
}

#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int x = a * 2;
  int z = x + 1;
  int y = b;
  if (b > 10)
    y = b + 1;
  printf("%d %d\n", z, y);
  return 0;
}

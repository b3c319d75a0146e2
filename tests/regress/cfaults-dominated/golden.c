#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int x = a * 3;
  int p = x;
  int y = b + 2;
  int q = y;
  printf("%d %d\n", p, q);
  return 0;
}

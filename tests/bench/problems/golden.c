#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int m = a;
  if (b > a)
    m = b;
  printf("%d\n", m);
  return 0;
}

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int max = a;
  if (b > a)
    max = a;
  printf("%d\n", max);
  return 0;
}

#include <stdio.h>
#include <stdlib.h>
int g(int b) {
  if (b > 5)
    return 0;
  return b * 2;
}
int main(int argc, char *argv[]) {
  printf("%d\n", g(atoi(argv[1]) + 1));
  return 0;
}

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int x = atoi(argv[1]);
  int y = x * 2 + 1;
  printf("%d\n", y);
  return 0;
}

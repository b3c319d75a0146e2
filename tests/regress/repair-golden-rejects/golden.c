#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  if (argc != 3) {
    printf("usage: g X Y\n");
    return 1;
  }
  int x = atoi(argv[1]);
  printf("%d\n", x > atoi(argv[2]));
  return 0;
}

#include <stdio.h>
#include <stdlib.h>

#define SCALE 4
#define OFFSET 1

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int x = a * SCALE;
  int y = b * SCALE + OFFSET;
  printf("%d %d\n", x, y);
  return 0;
}

#include <stdio.h>
#include <stdlib.h>

int special(int x) {
  return x == 1 || x == 2 || x == 3;
}

int main(int argc, char **argv) {
  int x = argc > 1 ? atoi(argv[1]) : 0;
  double half = x / 2.0;
  if (special(x))
    printf("special\n");
  printf("done %d\n", half > 100.0);
  return 0;
}

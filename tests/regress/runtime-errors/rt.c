#include <stdio.h>
#include <stdlib.h>
int t[4];
int main(int argc, char *argv[]) {
  int i = atoi(argv[1]);
  int d = atoi(argv[2]);
  t[i] = 7;
  printf("%d\n", 100 / d);
  return 0;
}

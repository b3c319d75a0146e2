#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int m = atoi(argv[2]);
  int c = a - 1;
  if (c == 0) {
    printf("zero\n");
    return 0;
  }
  int k = 1;
  printf("%d\n", c * m + k);
  return 0;
}

#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int c = a + 2;
  if (c == 0) {
    printf("zero\n");
    return 0;
  }
  printf("%d\n", c * (c - 5));
  return 0;
}

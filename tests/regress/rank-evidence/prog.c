#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = a + 1;
  if (b > 3)
    b = 0;
  int c = b;
  printf("%d\n", c);
  return 0;
}

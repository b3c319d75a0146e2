#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int x = a * 2;
  int y = a + 1;
  if (a > 5)
    printf("%d\n", x);
  else
    printf("%d\n", y);
  return 0;
}

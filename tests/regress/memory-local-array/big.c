#include <stdio.h>
int main(void) {
  int a[1000000000];
  a[0] = 3;
  printf("%d\n", a[0]);
  return 0;
}

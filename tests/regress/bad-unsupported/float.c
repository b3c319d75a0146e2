#include <stdio.h>
int main(void) {
  int n = 3;
  double half = n / 2.0;
  printf("%d\n", n);
  return 0;
}

#include <stdio.h>
int main(void) {
  int n = 3;
  long double half = n / 2.0L;
  printf("%d\n", n);
  return 0;
}

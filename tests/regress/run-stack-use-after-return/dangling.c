#include <stdio.h>
int *f(void) { int local = 5; return &local; }
int g(void) { int other = 99; return other; }
int main(void) {
  int *p = f();
  g();
  printf("%d\n", *p);
  return 0;
}

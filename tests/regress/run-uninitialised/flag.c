#include <stdio.h>
int main(void) {
  int flag;
  struct { int a, b; } p;
  p.a = 1;
  printf("%d\n", p.a);
  if (p.b + flag)
    return 1;
  return 0;
}

#include <stdio.h>
#include <stdlib.h>

/* Triangle type of sides a, b, c: 0 none, 1 scalene, 2 isosceles, 3 equilateral. */
int classify(int a, int b, int c) {
  int t;
  if (a <= 0 || b <= 0 || c <= 0)
    return 0;
  if (a + b <= c || a + c <= b || b + c <= a)
    return 0;
  if (a == b && b == c)
    t = 3;
  else if (a == b || b == c || a == c)
    t = 2;
  else
    t = 1;
  return t;
}

int main(int argc, char *argv[]) {
  int a, b, c;
  if (argc != 4) {
    printf("usage: tritype a b c\n");
    return 2;
  }
  a = atoi(argv[1]);
  b = atoi(argv[2]);
  c = atoi(argv[3]);
  printf("%d\n", classify(a, b, c));
  return 0;
}

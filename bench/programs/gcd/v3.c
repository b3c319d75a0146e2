#include <stdio.h>
#include <stdlib.h>

/* Greatest common divisor (Euclid) and least common multiple of two positive integers. */
int gcd(int a, int b) {
  int t;
  while (b != 0) {
    t = a % b;
    a = b;
    b = t;
  }
  return a;
}

int main(int argc, char *argv[]) {
  int a, b, g, l;
  if (argc != 3) {
    printf("usage: gcd a b\n");
    return 2;
  }
  a = atoi(argv[1]);
  b = atoi(argv[2]);
  if (a <= 0 || b <= 0) {
    printf("invalid\n");
    return 1;
  }
  g = gcd(a, b);
  l = a / g * a;
  printf("%d %d\n", g, l);
  return 0;
}

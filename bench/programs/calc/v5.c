#include <stdio.h>
#include <stdlib.h>

/* A tiny calculator: op 0 add, 1 sub, 2 mul, 3 div, 4 mod, 5 max. */
int apply(int op, int a, int b) {
  int r;
  r = 0;
  switch (op) {
  case 0:
    r = a + b;
    break;
  case 1:
    r = a - b;
    break;
  case 2:
    r = a * b;
    break;
  case 3:
    r = a / b;
    break;
  case 4:
    r = a % b;
    break;
  default:
    r = -1;
  }
  return r;
}

int main(int argc, char *argv[]) {
  int op, a, b;
  if (argc != 4) {
    printf("usage: calc op a b\n");
    return 2;
  }
  op = atoi(argv[1]);
  a = atoi(argv[2]);
  b = atoi(argv[3]);
  if (op < 0 || op > 5) {
    printf("bad op\n");
    return 1;
  }
  if ((op == 3 || op == 4) && b == 0) {
    printf("division by zero\n");
    return 1;
  }
  printf("%d\n", apply(op, a, b));
  return 0;
}

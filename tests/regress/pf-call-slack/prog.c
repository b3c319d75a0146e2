#include <stdio.h>
#include <stdlib.h>

int deep(int x) { return x + 1; }

int leaf(int x) { return deep(x) * 3; }

int mid(int x) { return leaf(x) * 2; }

int main(int argc, char **argv) {
  int a = atoi(argv[1]);
  int r = a;
  if (a > 100)
    r = mid(a);
  r = r - 1;
  printf("%d\n", r);
  return 0;
}

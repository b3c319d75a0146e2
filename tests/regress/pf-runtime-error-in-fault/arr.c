#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a[4] = {5, 3, 8, 1};
  int k = atoi(argv[1]);
  int v = a[k - 1];
  printf("%d\n", v);
  return 0;
}

#include <stdio.h>

int main(int argc, char **argv) {
  int n = argc + 2;
  if (n > 4) goto skip;
  {
    int a[n];
    a[0] = n;
  skip:
    printf("%d\n", n);
  }
  return 0;
}

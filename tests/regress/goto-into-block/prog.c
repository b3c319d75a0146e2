#include <stdio.h>

int main(int argc, char **argv) {
  int n = argc;
  if (n > 2) goto inside;
  while (n < 10) {
    n = n * 2;
  inside:
    n++;
  }
  printf("%d\n", n);
  return 0;
}

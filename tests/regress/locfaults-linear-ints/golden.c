#include <stdio.h>
#include <stdlib.h>

#define N 20

/* Sum of the even numbers in 1..n, for n in [0, N]. */
int main(int argc, char *argv[]) {
  int n, i, s;
  if (argc != 2) {
    printf("usage: sumeven n\n");
    return 2;
  }
  n = atoi(argv[1]);
  if (n < 0 || n > N) {
    printf("out of range\n");
    return 1;
  }
  s = 0;
  for (i = 1; i <= n; i++) {
    if (i % 2 == 0)
      s = s + i;
  }
  printf("%d\n", s);
  return 0;
}

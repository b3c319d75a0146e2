#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Scenario C: AbsMinus, |i - j| computed through a flag k. */
int absminus(int i, int j) {
  int k, result;
  k = 0;
  if (i <= j)
    k = k + 2;
  if (k == 1 && i != j)
    result = j - i;
  else
    result = i - j;
  return result;
}

int main(int argc, char *argv[]) {
  int i, j;
  if (argc != 3) {
    printf("usage: absminus i j\n");
    return 2;
  }
  i = atoi(argv[1]);
  j = atoi(argv[2]);
  printf("%d\n", absminus(i, j));
  return 0;
}

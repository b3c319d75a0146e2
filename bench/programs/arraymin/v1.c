#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Scenario D: minimum of an array of 1..8 integers given on the command line. */
int minimum(int tab[], int length) {
  int i, min;
  min = tab[0];
  i = 1;
  while (i < length - 1) {
    if (tab[i] <= min)
      min = tab[i];
    i = i + 1;
  }
  return min;
}

int main(int argc, char *argv[]) {
  int tab[8];
  int n, k, m;
  n = argc - 1;
  if (n < 1 || n > 8) {
    printf("usage: arraymin v1 ... vn (n <= 8)\n");
    return 2;
  }
  for (k = 0; k < n; k++)
    tab[k] = atoi(argv[k + 1]);
  m = minimum(tab, n);
  printf("%d\n", m);
  return 0;
}

#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc - 1, i;
  int *a = malloc(n * sizeof(int));
  int best;
  for (i = 0; i < n; i++) a[i] = atoi(argv[i + 1]);
  best = a[0];
  for (i = 1; i < n - 1; i++)
    if (a[i] > best) best = a[i];
  printf("%d\n", best);
  free(a);
  return 0;
}

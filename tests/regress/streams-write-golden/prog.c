#include <stdio.h>

/* Writes the squares of 1..n to squares.txt and a summary to stdout. */
int main(int argc, char **argv) {
  int n = argc > 1 ? argv[1][0] - '0' : 3, i;
  FILE *out = fopen("squares.txt", "w");
  for (i = 1; i <= n; i++)
    fprintf(out, "%d %d\n", i, i * n);
  fputs("done\n", out);
  fclose(out);
  printf("%d lines\n", n);
  return 0;
}

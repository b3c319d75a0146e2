#include <stdio.h>

/* Sums the numbers of a file (or stdin) read through a FILE *. */
static int read_number(FILE *fp) {
  int c = getc(fp), n = 0;
  while (c >= '0' && c <= '9') {
    n = n * 10 + (c - '0');
    c = getc(fp);
  }
  ungetc(c, fp);
  return n;
}

int main(int argc, char **argv) {
  FILE *fp = argc > 1 ? fopen(argv[1], "r") : stdin;
  int c, sum = 0, count = 0;
  if (fp == NULL) {
    printf("cannot open\n");
    return 2;
  }
  while ((c = getc(fp)) != EOF) {
    if (c > '0' && c <= '9') {
      ungetc(c, fp);
      sum += read_number(fp);
      count++;
    }
  }
  printf("%d numbers, sum %d\n", count, sum);
  if (fp != stdin) fclose(fp);
  return 0;
}

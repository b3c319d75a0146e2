#include <stdio.h>

/* Prints its arguments, then how many characters standard input holds. */
int main(int argc, char **argv) {
  int i, n = 0;
  for (i = 1; i < argc; i++) printf("[%s]", argv[i]);
  while (getchar() != EOF) n++;
  printf(" stdin %d\n", n);
  return 0;
}

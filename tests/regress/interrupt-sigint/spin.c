#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  long n = atol(argv[1]), i = 0;
  while (i != n) /* n < 0: runs until the step limit */
    i++;
  printf("%ld\n", i);
  return 0;
}

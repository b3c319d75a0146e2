#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int n = atoi(argv[1]);
  printf("n = %d\n", n);
  if (n > 2) /* fault: the specification says n > 5 is large */
    printf("large\n");
  else
    printf("small\n");
  printf("done");
  return 0;
}

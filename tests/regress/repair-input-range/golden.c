#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int x = atoi(argv[1]);
  if (x > 37)
    printf("big\n");
  else
    printf("small\n");
  return 0;
}

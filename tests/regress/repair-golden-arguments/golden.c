#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int x = atoi(argv[1]);
  int y = atoi(argv[2]);
  if (x > 37 + y)
    printf("big\n");
  else
    printf("small\n");
  return 0;
}

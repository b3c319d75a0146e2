#include <stdio.h>
#include <stdlib.h>
/* golden */
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int r;
  if (a > 0)
    r = a * 5;
  else
    r = a - 13;
  printf("%d\n", r);
  return 0;
}

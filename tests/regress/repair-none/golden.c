#include <stdio.h>
#include <stdlib.h>
/* golden */
int main(int argc, char *argv[]) {
  int cls = atoi(argv[1]);
  int dec = 50;
  if (cls == 2)
    dec = 70;
  printf("%d\n", dec);
  return 0;
}

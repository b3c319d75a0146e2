#include <stdio.h>
#include <stdlib.h>
int safe(int x) { return x > 3; }
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  if (!safe(a))
    printf("stop\n");
  else
    printf("go\n");
  return 0;
}

#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  const char *s;
  s = "xy";
  int r = s[1] + n;
  printf("%d\n", r);
  return 0;
}

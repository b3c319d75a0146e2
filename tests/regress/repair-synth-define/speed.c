#include <stdio.h>
#include <stdlib.h>
#define PROCEED 0
#define SLOW 1
#define LIMIT 65
#define MARGIN 5

int check(int speed) {
  if (speed > LIMIT + MARGIN)
    return 2;
  if (speed > LIMIT)
    return SLOW;
  return PROCEED;
}

int main(int argc, char *argv[]) {
  int s = atoi(argv[1]);
  printf("%d\n", check(s));
  return 0;
}

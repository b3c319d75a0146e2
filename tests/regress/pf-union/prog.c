#include <stdio.h>
#include <stdlib.h>

union shape {
  int side[2];
  struct {
    int w, h;
  } rect;
};

/* Prints the area and the perimeter of a W x H rectangle. */
int main(int argc, char **argv) {
  union shape s;
  union shape *p = &s;
  p->rect.w = atoi(argv[1]);
  p->rect.h = atoi(argv[2]);
  int area = s.side[0] * s.side[1];
  int perim = 2 * (s.side[0] + s.side[0]);
  printf("%d %d\n", area, perim);
  return argc - 3;
}

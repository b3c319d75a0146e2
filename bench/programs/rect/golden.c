#include <stdio.h>
#include <stdlib.h>

/* Two axis-parallel rectangles (x, y, width, height): overlap area, and whether the
   second lies inside the first. */
int overlap(int a1, int a2, int b1, int b2) {
  int lo, hi;
  lo = a1;
  if (b1 > lo)
    lo = b1;
  hi = a2;
  if (b2 < hi)
    hi = b2;
  if (hi <= lo)
    return 0;
  return hi - lo;
}

int main(int argc, char *argv[]) {
  int x1, y1, w1, h1, x2, y2, w2, h2, area, inside;
  if (argc != 9) {
    printf("usage: rect x1 y1 w1 h1 x2 y2 w2 h2\n");
    return 2;
  }
  x1 = atoi(argv[1]);
  y1 = atoi(argv[2]);
  w1 = atoi(argv[3]);
  h1 = atoi(argv[4]);
  x2 = atoi(argv[5]);
  y2 = atoi(argv[6]);
  w2 = atoi(argv[7]);
  h2 = atoi(argv[8]);
  if (w1 <= 0 || h1 <= 0 || w2 <= 0 || h2 <= 0) {
    printf("invalid\n");
    return 1;
  }
  area = overlap(x1, x1 + w1, x2, x2 + w2) * overlap(y1, y1 + h1, y2, y2 + h2);
  inside = x1 <= x2 && y1 <= y2 && x2 + w2 <= x1 + w1 && y2 + h2 <= y1 + h1;
  printf("%d %d\n", area, inside);
  return 0;
}

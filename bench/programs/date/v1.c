#include <stdio.h>
#include <stdlib.h>

/* Day of the year of the date d/m/y (Gregorian calendar), or "invalid". */
int is_leap(int y) {
  if (y % 400 == 0)
    return 1;
  if (y % 100 == 0)
    return 0;
  if (y % 4 == 0)
    return 1;
  return 0;
}

int days_in_month(int m, int y) {
  switch (m) {
  case 2:
    if (is_leap(y))
      return 29;
    return 28;
  case 4: case 6: case 11:
    return 30;
  default:
    return 31;
  }
}

int main(int argc, char *argv[]) {
  int d, m, y, i, total;
  if (argc != 4) {
    printf("usage: dayofyear d m y\n");
    return 2;
  }
  d = atoi(argv[1]);
  m = atoi(argv[2]);
  y = atoi(argv[3]);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > days_in_month(m, y)) {
    printf("invalid\n");
    return 1;
  }
  total = d;
  for (i = 1; i < m; i++)
    total = total + days_in_month(i, y);
  printf("%d\n", total);
  return 0;
}

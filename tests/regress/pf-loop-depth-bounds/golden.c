#include <stdio.h>
#include <stdlib.h>

/* the sums 0 + ... + (n - 1), then up to n - 3, n - 5, ..., over d levels */
int walk(int d, int n)
{
  int i, s = 0;
  if (d == 0)
    return 0;
  for (i = 0; i < n; i++)
    s += i;
  return s + walk(d - 1, n - 2);
}

int main(int argc, char **argv)
{
  if (argc != 3)
    return 2;
  printf("%d\n", walk(atoi(argv[1]), atoi(argv[2])));
  return 0;
}

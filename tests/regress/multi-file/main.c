#include <stdio.h>
#include <stdlib.h>

#include "stats.h"

/* Negative scores count as 0 (main.c's clamp; stats.c has its own). */
static int clamp(int v) {
  if (v < 0)
    return 0;
  return v;
}

int main(int argc, char **argv) {
  struct summary s;
  int i;
  summary_init(&s);
  for (i = 1; i < argc; i++)
    summary_add(&s, clamp(atoi(argv[i])));
  printf("count %d\n", s.count);
  printf("min %d max %d\n", s.min, s.max);
  printf("mean %d range %d\n", summary_mean(&s), summary_range(&s));
  return s.count == 0;
}

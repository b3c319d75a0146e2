#include "stats.h"

#define CAP 1000

/* Scores above CAP count as CAP (this file's own clamp: main.c has another). */
static int clamp(int v) {
  if (v > CAP)
    return CAP;
  return v;
}

void summary_init(struct summary *s) {
  s->count = 0;
  s->total = 0;
  s->min = 0;
  s->max = 0;
}

void summary_add(struct summary *s, int v) {
  v = clamp(v);
  s->total += v;
  if (s->count == 0) {
    s->min = v;
    s->max = v;
  } else {
    if (v < s->min)
      s->min = v;
    if (v < s->max)
      s->max = v;
  }
  s->count++;
}

int summary_mean(const struct summary *s) {
  if (s->count == 0)
    return 0;
  return s->total / s->count;
}

int summary_range(const struct summary *s) { return s->max - s->min; }

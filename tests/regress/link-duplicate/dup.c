#include "../multi-file/stats.h"

/* A second definition of a function stats.c defines. */
void summary_add(struct summary *s, int v) {
  s->total += v;
  s->count++;
}

/* qsort and bsearch with comparators over ints, strings in a 2-D array and structs (ties
   broken by name). Usage: sorting N... (up to 20 numbers) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct player {
  char name[6];
  int points;
};

static int ascending(const void *a, const void *b) {
  const int *x = a, *y = b;
  return (*x > *y) - (*x < *y);
}

static int by_points(const void *a, const void *b) {
  const struct player *p = a, *q = b;
  if (p->points != q->points) return q->points - p->points;
  return strcmp(p->name, q->name);
}

static int words(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

int main(int argc, char **argv) {
  int v[20], n = 0, i, probe;
  char w[5][8] = {"pear", "fig", "apple", "kiwi", "date"};
  struct player t[5] = {{"ann", 3}, {"bo", 7}, {"cid", 3}, {"dee", 9}, {"al", 7}};
  const int *hit;
  for (i = 1; i < argc && n < 20; i++) v[n++] = atoi(argv[i]);
  qsort(v, n, sizeof(int), ascending);
  for (i = 0; i < n; i++) printf("%d%c", v[i], i + 1 < n ? ' ' : '\n');
  probe = n > 0 ? v[n / 2] + 1 : 0;
  hit = bsearch(&probe, v, n, sizeof v[0], ascending);
  printf("probe %d: %s\n", probe, hit != NULL ? "present" : "absent");
  if (n > 0) {
    hit = bsearch(&v[0], v, n, sizeof v[0], ascending);
    printf("first at %ld\n", (long)(hit - v));
  }
  qsort(w, 5, sizeof w[0], words);
  qsort(t, 5, sizeof t[0], by_points);
  for (i = 0; i < 5; i++) printf("%s %s:%d\n", w[i], t[i].name, t[i].points);
  return n;
}

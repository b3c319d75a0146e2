/* Pointer variables: walks, arithmetic, differences, comparisons, pointers to pointers,
   out-parameters, pointers returned from functions, arrays of pointers.
   Usage: pointers N...  (up to 16 numbers) */
#include <stdio.h>
#include <stdlib.h>

static int *max_of(int *a, int n) {
  int *best = a, *p;
  for (p = a + 1; p < a + n; p++)
    if (*p > *best) best = p;
  return best;
}

static void min_max(const int *a, int n, int *lo, int *hi) {
  const int *end = a + n;
  *lo = *hi = *a;
  while (++a != end) {
    if (*a < *lo) *lo = *a;
    if (*a > *hi) *hi = *a;
  }
}

static void swap(int **x, int **y) {
  int *t = *x;
  *x = *y;
  *y = t;
}

int main(int argc, char **argv) {
  int a[16], n = 0, lo, hi, *m, *first, *last;
  char **arg = argv + 1;
  while (*arg != NULL && n < 16) a[n++] = atoi(*arg++);
  if (n == 0) {
    puts("no numbers");
    return 1;
  }
  m = max_of(a, n);
  min_max(a, n, &lo, &hi);
  printf("max %d at %ld, min %d, max %d\n", *m, (long)(m - a), lo, hi);
  first = &a[0];
  last = a + n - 1;
  swap(&first, &last);
  printf("first %d last %d ordered %d\n", *first, *last, first > last);
  *m = 0;
  m[0] += 5;
  for (first = a; first <= a + n - 1; first += 2) printf(" %d", *first);
  putchar('\n');
  {
    int *slots[3] = {NULL, &lo, &hi};
    int k, nulls = 0;
    for (k = 0; k < 3; k++)
      if (!slots[k]) nulls++;
      else *slots[k] *= 2;
    printf("nulls %d lo %d hi %d\n", nulls, lo, hi);
  }
  return *max_of(a, n) % 7;
}

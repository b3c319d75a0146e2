/* diff: sanitize -- each mode makes one memory error that AddressSanitizer (or UBSan)
   reports; stdout is flushed before it. Usage: heap_errors MODE N */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0, n = argc > 2 ? atoi(argv[2]) : 4, i, s = 0;
  int *a = malloc(n * sizeof(int));
  for (i = 0; i < n; i++) a[i] = i + 1;
  printf("mode %d n %d\n", mode, n);
  fflush(stdout);
  switch (mode) {
  case 1: /* heap buffer overflow (read one past the end) */
    for (i = 0; i <= n; i++) s += a[i];
    break;
  case 2: /* use after free */
    free(a);
    s = a[0];
    break;
  case 3: /* double free */
    free(a);
    free(a);
    break;
  case 4: /* free of a pointer into the block */
    free(a + 1);
    break;
  case 5: { /* VLA with a non-positive bound */
    int v[n - 10];
    v[0] = 1;
    s = v[0];
    break;
  }
  case 6: { /* strcpy into a too small heap block */
    char *t = malloc(4);
    strcpy(t, "hello");
    s = t[0];
    free(t);
    break;
  }
  case 7: /* memset past the end */
    memset(a, 0, (n + 1) * sizeof(int));
    break;
  default:
    for (i = 0; i < n; i++) s += a[i];
  }
  printf("s %d\n", s);
  if (mode != 2 && mode != 3 && mode != 4) free(a);
  return 0;
}

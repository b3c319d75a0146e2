#include <stdio.h>
#include <stdlib.h>
struct team {
  char name[16];
  int solved;
};
int cmp(const void *a, const void *b) {
  const struct team *x = a;
  const struct team *y = b;
  return y->solved - x->solved;
}
int main(void) {
  struct team t[8];
  int n;
  if (scanf("%d", &n) != 1 || n < 1 || n > 8) return 1;
  for (int i = 0; i < n; i++)
    if (scanf("%15s %d", t[i].name, &t[i].solved) != 2) return 1;
  qsort(t, n, sizeof t[0], cmp);
  for (int i = 0; i < n; i++) printf("%d. %s\n", i + 1, t[i].name);
  return 0;
}

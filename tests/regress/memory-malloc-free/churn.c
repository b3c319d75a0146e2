#include <stdlib.h>
int main(void) {
  long total = 0;
  for (int i = 0; i < 2000; i++) {
    int *p = (int *)malloc(400000);
    p[0] = i;
    total += p[0];
    free(p);
  }
  return total == 1999000L ? 0 : 1;
}

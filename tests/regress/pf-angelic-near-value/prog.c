#include <stdio.h>

/* Prints the size class of the next number after n: big above 4. */
int main(void) {
  int n, k;
  if (scanf("%d", &n) != 1)
    return 1;
  k = n;
  if (k > 4)
    printf("big %d\n", k);
  else
    printf("small %d\n", k);
  return 0;
}

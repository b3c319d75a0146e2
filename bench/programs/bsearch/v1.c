#include <stdio.h>
#include <stdlib.h>

/* Binary search for key in a strictly increasing array given on the command line. */
int search(int a[], int n, int key) {
  int lo, hi, mid;
  lo = 0;
  hi = n - 1;
  while (lo < hi) {
    mid = (lo + hi) / 2;
    if (a[mid] == key)
      return mid;
    if (a[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

int main(int argc, char *argv[]) {
  int a[10];
  int n, i, key;
  n = argc - 2;
  if (n < 1 || n > 10) {
    printf("usage: bsearch key v1 ... vn (n <= 10)\n");
    return 2;
  }
  key = atoi(argv[1]);
  for (i = 0; i < n; i++)
    a[i] = atoi(argv[i + 2]);
  for (i = 1; i < n; i++) {
    if (a[i - 1] >= a[i]) {
      printf("not sorted\n");
      return 1;
    }
  }
  printf("%d\n", search(a, n, key));
  return 0;
}

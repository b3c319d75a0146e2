#include <stdio.h>
#include <stdlib.h>

/* Bubble sort of 1..8 integers given on the command line. */
void sort(int a[], int n) {
  int i, j, t;
  for (i = 0; i < n - 1; i++) {
    for (j = 0; j < n - 2 - i; j++) {
      if (a[j] > a[j + 1]) {
        t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
    }
  }
}

int main(int argc, char *argv[]) {
  int a[8];
  int n, i;
  n = argc - 1;
  if (n < 1 || n > 8) {
    printf("usage: sort v1 ... vn (n <= 8)\n");
    return 2;
  }
  for (i = 0; i < n; i++)
    a[i] = atoi(argv[i + 1]);
  sort(a, n);
  for (i = 0; i < n; i++)
    printf("%d ", a[i]);
  printf("\n");
  return 0;
}

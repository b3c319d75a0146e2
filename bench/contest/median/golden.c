#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Statistics of n integers: sorted order, median (lower middle for even
   n), smallest most frequent value, and the input order unchanged. */
int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a;
    int y = *(const int *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    int n;
    if (scanf("%d", &n) != 1 || n < 1 || n > 20) {
        puts("bad n");
        return 1;
    }
    int *a = malloc(n * sizeof *a);
    if (a == NULL)
        return 1;
    for (int i = 0; i < n; i++) {
        if (scanf("%d", a + i) != 1) {
            free(a);
            return 1;
        }
    }
    int sorted[n];
    memcpy(sorted, a, n * sizeof *a);
    qsort(sorted, n, sizeof sorted[0], cmp_int);
    printf("sorted:");
    for (int i = 0; i < n; i++)
        printf(" %d", sorted[i]);
    printf("\nmedian: %d\n", sorted[(n - 1) / 2]);
    int mode = sorted[0], best = 0, run = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && sorted[i] == sorted[i - 1])
            run++;
        else
            run = 1;
        if (run > best) {
            best = run;
            mode = sorted[i];
        }
    }
    printf("mode: %d (%d times)\n", mode, best);
    printf("input:");
    for (int *p = a; p < a + n; p++)
        printf(" %d", *p);
    printf("\n");
    free(a);
    return 0;
}

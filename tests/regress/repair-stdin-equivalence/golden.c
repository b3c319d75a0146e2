#include <stdio.h>

/* First line: how many numbers follow; prints how many of them exceed the limit 37. */
int main(void)
{
    int n, x, big = 0;
    if (scanf("%d", &n) != 1)
        return 1;
    for (int i = 0; i < n; i++) {
        if (scanf("%d", &x) != 1)
            return 1;
        if (x > 37)
            big++;
    }
    printf("%d of %d above the limit\n", big, n);
    return 0;
}

#include <stdio.h>
#include <stdlib.h>

/* For each r in 1..n, prints 1 + 2 + ... + r. */
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    for (int r = 1; r <= n; r++) {
        int s = 0;
        for (int k = 1; k < r; k++)
            s += k;
        printf("%d\n", s);
    }
    return 0;
}

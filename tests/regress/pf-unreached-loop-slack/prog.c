#include <stdio.h>
#include <stdlib.h>

/* "s N" prints 1 + 2 + ... + N; "p N" prints N! by repeated addition. The sum's loop stops
   one short (i < n instead of i <= n). */
int main(int argc, char **argv)
{
    int n = atoi(argv[2]);
    int r = 0;
    (void)argc;
    if (argv[1][0] == 's') {
        for (int i = 1; i < n; i++)
            r += i;
    } else {
        r = 1;
        for (int i = 2; i <= n; i++) {
            int m = 0;
            for (int k = 0; k < i; k++)
                m += r;
            r = m;
        }
    }
    printf("%d\n", r);
    return 0;
}

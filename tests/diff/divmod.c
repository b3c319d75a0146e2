/* divmod: truncating division and remainder versus floor and Euclidean
   variants, for pairs of numbers given on the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>

static int floor_div(int a, int b)
{
    int q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        q--;
    return q;
}

static int euclid_mod(int a, int b)
{
    int r = a % b;
    if (r < 0)
        r += (b < 0) ? -b : b;
    return r;
}

static void show_int(int a, int b)
{
    int q, r;

    if (b == 0) {
        fprintf(stderr, "divmod: division by zero (%d / 0)\n", a);
        exit(3);
    }
    if (a == -2147483647 - 1 && b == -1) {
        fprintf(stderr, "divmod: quotient overflows\n");
        exit(4);
    }
    q = a / b;
    r = a % b;
    assert(q * b + r == a);
    printf("%d / %d = %d, %d %% %d = %d", a, b, q, a, b, r);
    printf("; floor %d, mod %d", floor_div(a, b), euclid_mod(a, b));
    printf("; a>>1 = %d, a/2 = %d", a >> 1, a / 2);
    printf("; unsigned %u %% %u = %u\n", (unsigned)a, (unsigned)b,
           (unsigned)a % (unsigned)b);
}

static void show_long(long a, long b)
{
    long q, r;

    if (b == 0) {
        fprintf(stderr, "divmod: division by zero\n");
        exit(3);
    }
    if (b == -1 && a < -9223372036854775807L) {
        fprintf(stderr, "divmod: quotient overflows\n");
        exit(4);
    }
    q = a / b;
    r = a % b;
    printf("%ld / %ld = %ld, rem %ld, unsigned quotient %lu\n", a, b, q, r,
           (unsigned long)a / (unsigned long)b);
}

int main(int argc, char **argv)
{
    int i, first = 1, longmode = 0;

    if (argc > 1 && argv[1][0] == '-' && argv[1][1] == 'l') {
        longmode = 1;
        first = 2;
    }
    if ((argc - first) % 2 != 0 || argc == first) {
        puts("usage: divmod [-l] A B [A B ...]");
        return 1;
    }
    for (i = first; i < argc; i += 2) {
        if (longmode)
            show_long(atol(argv[i]), atol(argv[i + 1]));
        else
            show_int(atoi(argv[i]), atoi(argv[i + 1]));
    }
    return 0;
}

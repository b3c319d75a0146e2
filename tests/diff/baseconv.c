/* baseconv: convert numbers between bases 2..36.
   baseconv to BASE N...   |   baseconv from BASE DIGITS...   |   baseconv auto STR... */
#include <stdio.h>
#include <stdlib.h>

const char digit_chars[] = "0123456789abcdefghijklmnopqrstuvwxyz";
char buf[72];

static int digit_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

/* Writes the digits of n in base b into buf; returns the length. */
static int to_base(long n, int b)
{
    unsigned long u = n < 0 ? 0ul - (unsigned long)n : (unsigned long)n;
    char tmp[70];
    int len = 0, k = 0;

    do {
        tmp[len++] = digit_chars[u % b];
        u /= b;
    } while (u != 0);
    if (n < 0)
        buf[k++] = '-';
    while (len > 0)
        buf[k++] = tmp[--len];
    buf[k] = '\0';
    return k;
}

int main(int argc, char *argv[])
{
    int i, j, b, bad = 0;
    char mode;

    if (argc < 3) {
        puts("usage: baseconv to|from BASE ARGS... | auto ARGS...");
        return 64;
    }
    mode = argv[1][0];
    if (mode == 'a') {
        for (i = 2; i < argc; i++)
            printf("%s -> %ld\n", argv[i], strtol(argv[i], NULL, 0));
        return 0;
    }
    b = atoi(argv[2]);
    if (b < 2 || b > 36 || (mode != 't' && mode != 'f')) {
        fprintf(stderr, "bad base or mode\n");
        return 65;
    }
    for (i = 3; i < argc; i++) {
        if (mode == 't') {
            long n = strtol(argv[i], NULL, 10);
            int len = to_base(n, b);
            printf("%ld = %s (base %d, %d digit", n, buf, b, len);
            if (len != 1)
                putchar('s');
            puts(")");
            continue;
        }
        unsigned long v = 0;
        int neg = argv[i][0] == '-';
        for (j = neg; argv[i][j] != '\0'; j++) {
            int d = digit_value(argv[i][j]);
            if (d >= b) {
                printf("%s: invalid digit '%c' at %d\n", argv[i], argv[i][j], j);
                bad++;
                break;
            }
            v = v * b + d;
        }
        if (argv[i][j] == '\0')
            printf("%s (base %d) = %c%lu = %#lx = %#lo\n", argv[i], b,
                   neg ? '-' : '+', v, v, v);
    }
    return bad;
}

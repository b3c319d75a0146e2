/* roman: convert between Arabic and Roman numerals (1..3999).  Each argument
   that starts with a digit is converted to Roman, anything else is parsed as a
   Roman numeral, validated by converting it back. */
#include <stdio.h>
#include <stdlib.h>

static const int values[13] = { 1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1 };
static const char symbols[13][3] = { "M", "CM", "D", "CD", "C", "XC", "L", "XL",
                                     "X", "IX", "V", "IV", "I" };
static char out[20];

static int to_roman(int n)
{
    int i, k = 0;
    for (i = 0; i < 13; i++)
        while (n >= values[i]) {
            out[k++] = symbols[i][0];
            if (symbols[i][1])
                out[k++] = symbols[i][1];
            n -= values[i];
        }
    out[k] = '\0';
    return k;
}

static int value_of(char c)
{
    int v = 0;
    switch (c) {
    case 'm': case 'M': v += 500;   /* fall through */
    case 'd': case 'D': v += 400;   /* fall through */
    case 'c': case 'C': v += 50;    /* fall through */
    case 'l': case 'L': v += 40;    /* fall through */
    case 'x': case 'X': v += 5;     /* fall through */
    case 'v': case 'V': v += 4;     /* fall through */
    case 'i': case 'I': v += 1;
        break;
    default:
        v = -1;
    }
    return v;
}

static int from_roman(char s[])
{
    int total = 0, i, v, next;
    for (i = 0; s[i] != '\0'; i++) {
        v = value_of(s[i]);
        if (v < 0)
            return -1;
        next = s[i + 1] ? value_of(s[i + 1]) : 0;
        if (v < next)
            total -= v;
        else
            total += v;
    }
    return total;
}

int main(int argc, char *argv[])
{
    int i, j, n, bad = 0;

    for (i = 1; i < argc; i++) {
        if (argv[i][0] >= '0' && argv[i][0] <= '9') {
            n = atoi(argv[i]);
            if (n < 1 || n > 3999) {
                printf("%d: out of range\n", n);
                bad++;
                continue;
            }
            printf("%d = %s (%d chars)\n", n, out, to_roman(n));
            printf("%d = %s\n", n, out);
            continue;
        }
        n = from_roman(argv[i]);
        if (n <= 0 || n > 3999) {
            printf("%s: not a numeral\n", argv[i]);
            bad++;
            continue;
        }
        to_roman(n);
        for (j = 0; out[j] != '\0'; j++)
            if (out[j] != argv[i][j] && out[j] != argv[i][j] - 'a' + 'A')
                break;
        if (out[j] != '\0' || argv[i][j] != '\0')
            printf("%s = %d (non-canonical, canonical form %s)\n", argv[i], n, out);
        else
            printf("%s = %d\n", argv[i], n);
    }
    if (bad)
        exit(bad > 9 ? 9 : bad);
    return 0;
}

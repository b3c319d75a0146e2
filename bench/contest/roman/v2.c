#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

/* Roman numerals. "R 1994" prints MCMXCIV, "A mcmxciv" prints 1994
   (either case); out-of-range numbers and bad letters are reported. */
const char *sym[] = {"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"};
const int val[] = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};

void to_roman(int n, char *out)
{
    out[0] = '\0';
    for (int i = 0; i < 13; i++) {
        if (n >= val[i]) {
            strcat(out, sym[i]);
            n -= val[i];
        }
    }
}

int letter_value(char c)
{
    const char *letters = "IVXLCDM";
    static const int vals[] = {1, 5, 10, 50, 100, 500, 1000};
    const char *q = strchr(letters, toupper(c));
    if (c == '\0' || q == NULL)
        return -1;
    return vals[q - letters];
}

int from_roman(const char *s)
{
    int total = 0;
    for (const char *p = s; *p != '\0'; p++) {
        int v = letter_value(*p);
        int next = letter_value(p[1]);
        if (v < 0)
            return -1;
        if (v < next)
            total -= v;
        else
            total += v;
    }
    return total;
}

int main(void)
{
    char op;
    char arg[20];
    char out[20];
    while (scanf(" %c %19s", &op, arg) == 2) {
        if (op == 'R') {
            int n = atoi(arg);
            if (n < 1 || n > 3999) {
                printf("%s: out of range\n", arg);
                continue;
            }
            to_roman(n, out);
            printf("%d = %s\n", n, out);
        } else if (op == 'A') {
            int v = from_roman(arg);
            if (v < 0)
                printf("%s: bad numeral\n", arg);
            else
                printf("%s = %d\n", arg, v);
        } else {
            printf("bad op %c\n", op);
        }
    }
    return 0;
}

/* bignum: read lines of decimal digits from stdin with getchar, add them as
   arbitrary-precision numbers, and report each line's Luhn check and digital
   root.  Lines with other characters are rejected. */
#include <stdio.h>

#define MAXD 60

unsigned char total[MAXD + 1];   /* little-endian digits of the running sum */
unsigned char line[MAXD];
int total_len = 1;

void add_line(int len)
{
    int i, carry = 0;
    for (i = 0; i < MAXD + 1 && (i < len || i < total_len || carry); i++) {
        int s = total[i] + carry + (i < len ? line[len - 1 - i] : 0);
        total[i] = s % 10;
        carry = s / 10;
    }
    if (i > total_len)
        total_len = i;
}

int luhn_ok(int len)
{
    int i, sum = 0, dbl = 0;
    for (i = len - 1; i >= 0; i--, dbl = !dbl) {
        int d = line[i];
        if (dbl && (d *= 2) > 9)
            d -= 9;
        sum += d;
    }
    return sum % 10 == 0;
}

int digital_root(int len)
{
    int i, r = 0;
    for (i = 0; i < len; i++) {
        r += line[i];
        if (r >= 10)
            r = r % 10 + r / 10;
    }
    return r;
}

int main(void)
{
    int c, len = 0, bad = 0, lines = 0, rejected = 0, i;

    do {
        c = getchar();
        if (c >= '0' && c <= '9') {
            if (len == MAXD)
                bad = 1;
            else
                line[len++] = (unsigned char)(c - '0');
            continue;
        }
        if (c != '\n' && c != EOF) {
            bad = 1;
            continue;
        }
        if (len == 0 && !bad)
            continue;
        lines++;
        if (bad) {
            printf("line %d: rejected\n", lines);
            rejected++;
        } else {
            add_line(len);
            printf("line %d: %d digits, luhn ", lines, len);
            if (luhn_ok(len))
                printf("ok");
            else
                printf("bad");
            printf(", root %d\n", digital_root(len));
        }
        len = 0;
        bad = 0;
    } while (c != EOF);

    printf("sum = ");
    while (total_len > 1 && total[total_len - 1] == 0)
        total_len--;
    for (i = total_len - 1; i >= 0; i--)
        putchar('0' + total[i]);
    putchar('\n');
    return rejected;
}

#include <stdio.h>

/* Prints argv[1] (a decimal count) x's. */
int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    const char *s = argv[1];
    int cnt = 0;
    for (int i = 0; s[i] >= '0' && s[i] <= '9'; i++)
        cnt = cnt * 10 + (s[i] - '0');
    for (int k = 0; k < cnt; k++)
        putchar('x');
    putchar('\n');
    return 0;
}

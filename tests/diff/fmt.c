/* fmt: print each argument (an integer, or a string if it does not start
   with a digit or sign) through a battery of printf conversions. */
#include <stdio.h>
#include <stdlib.h>

static void number(long v)
{
    int i = (int)v;
    unsigned u = (unsigned)v;

    printf("[%d] [%i] [%5d] [%-5d] [%05d] [%+d] [% d] [%+05d] [%-+6d]\n",
           i, i, i, i, i, i, i, i, i);
    printf("[%.3d] [%8.3d] [%-8.3d] [%.0d] [%08.3d] [%+.2d] [% 07d]\n",
           i, i, i, i, i, i, i);
    printf("[%u] [%x] [%X] [%#x] [%#X] [%o] [%#o] [%#10x] [%-#10o] [%#.5x]\n",
           u, u, u, u, u, u, u, u, u, u);
    printf("[%ld] [%20ld] [%-20ld] [%lu] [%lx] [%#lo]\n", v, v, v,
           (unsigned long)v, (unsigned long)v, (unsigned long)v);
    printf("[%lld] [%llu] [%+lld] [%llX]\n", (long long)v, (unsigned long long)v,
           (long long)v, (unsigned long long)v);
    printf("[%hd] [%hu] [%hhd] [%hhu] [%hx] [%hhx] [%6hd] [%-4hhd]\n", i, i, i, i,
           i, i, i, i);
    if (v >= 32 && v < 127)
        printf("[%c] [%3c] [%-3c] [%c%c]\n", i, i, i, i, i + 1 < 127 ? i + 1 : '~');
    fprintf(stdout, "[%%] [%5s%%] [%-3d%%]\n", "pct", i % 1000);
}

static void text(char s[])
{
    printf("[%s] [%10s] [%-10s] [%.2s] [%5.1s] [%-6.3s] [%.0s]\n", s, s, s, s,
           s, s, s);
    printf("first [%c] second [%c]\n", s[0], s[0] ? s[1] : '-');
}

int main(int argc, char *argv[])
{
    int k;

    printf("%d args%c", argc - 1, '\n');
    for (k = 1; k < argc; k++) {
        char c = argv[k][0];
        printf("--- %s\n", argv[k]);
        if ((c >= '0' && c <= '9') || c == '-' || c == '+')
            number(atol(argv[k]));
        else
            text(argv[k]);
    }
    printf("%s|%5s|%-5s|%c|%3c|\n", "", "", "", 'x', 'y');
    printf("%d%s%u%%%c\n", -0, "mid", 0u, 'Z');
    puts("done");
    return k - 1;
}

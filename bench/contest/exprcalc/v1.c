#include <stdio.h>
#include <string.h>
#include <ctype.h>

/* Evaluates one integer expression per line with + - * / and the usual
   precedence (no parentheses); prints "error" for malformed lines. */
const char *p;

void skip_spaces(void)
{
    while (isspace(*p))
        p++;
}

int number(int *ok)
{
    int v = 0;
    skip_spaces();
    if (!isdigit(*p)) {
        *ok = 0;
        return 0;
    }
    while (isdigit(*p)) {
        v = v * 10 + (*p - '0');
        p++;
    }
    skip_spaces();
    return v;
}

int term(int *ok)
{
    int v = number(ok);
    while (*ok && (*p == '*' || *p == '/')) {
        char op = *p++;
        int r = number(ok);
        if (op == '*')
            v = v * r;
        else if (r == 0)
            *ok = 0;
        else
            v = v / r;
    }
    return v;
}

int expr(int *ok)
{
    int v = term(ok);
    while (*ok && (*p == '+' || *p == '-')) {
        char op = *p++;
        int r = term(ok);
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

int main(void)
{
    char line[64];
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *nl = strchr(line, '\n');
        if (nl != NULL)
            *nl = '\0';
        int ok = 1;
        p = line;
        int v = expr(&ok);
        if (!ok)
            printf("%s -> error\n", line);
        else
            printf("%s -> %d\n", line, v);
    }
    return 0;
}

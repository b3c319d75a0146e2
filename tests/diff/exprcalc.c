/* exprcalc: evaluate an integer expression given as one argument with a
   recursive-descent parser (expr -> term -> unary -> primary -> expr).
   Supports + - * / % ( ) unary - and comparison < >, and prints the result. */
#include <stdio.h>
#include <stdlib.h>

char src[128];
int pos;
int errors;

long expr(void);

void skip(void)
{
    while (src[pos] == ' ')
        pos++;
}

long primary(void)
{
    long v = 0;
    skip();
    if (src[pos] == '(') {
        pos++;
        v = expr();
        skip();
        if (src[pos] != ')')
            errors++;
        else
            pos++;
        return v;
    }
    if (src[pos] < '0' || src[pos] > '9') {
        errors++;
        return 0;
    }
    while (src[pos] >= '0' && src[pos] <= '9' && v < 100000000)
        v = v * 10 + (src[pos++] - '0');
    return v;
}

long unary(void)
{
    skip();
    if (src[pos] == '-') {
        pos++;
        return -unary();
    }
    if (src[pos] == '+') {
        ++pos;
        return unary();
    }
    return primary();
}

long term(void)
{
    long v = unary(), r;
    for (;;) {
        char op;
        skip();
        op = src[pos];
        if (op != '*' && op != '/' && op != '%')
            return v;
        pos++;
        r = unary();
        if (op == '*')
            v *= r;
        else if (r == 0) {
            printf("division by zero at column %d\n", pos);
            exit(3);
        } else
            v = op == '/' ? v / r : v % r;
    }
}

long sum(void)
{
    long v = term();
    for (skip(); src[pos] == '+' || src[pos] == '-'; skip()) {
        int plus = src[pos++] == '+';
        long r = term();
        v = plus ? v + r : v - r;
    }
    return v;
}

long expr(void)
{
    long v = sum();
    skip();
    while (src[pos] == '<' || src[pos] == '>') {
        char op = src[pos++];
        long r = sum();
        v = op == '<' ? v < r : v > r;
        skip();
    }
    return v;
}

int main(int argc, char *argv[])
{
    int i, a;
    long v;

    for (a = 1; a < argc; a++) {
        for (i = 0; argv[a][i] != '\0' && i < 127; i++)
            src[i] = argv[a][i];
        src[i] = '\0';
        pos = 0;
        errors = 0;
        v = expr();
        if (src[pos] != '\0')
            errors++;
        if (errors) {
            printf("%s: syntax error near column %d\n", src, pos + 1);
            return 2;
        }
        printf("%s = %ld\n", src, v);
    }
    return 0;
}

/* rpn: a reverse-Polish calculator over command-line tokens.  Numbers are
   parsed character by character; operators: + - x / % ^ and d(up) s(wap)
   n(egate) p(rint).  Errors exit with distinct statuses. */
#include <stdio.h>
#include <stdlib.h>

#define DEPTH 16
#define BOUND 1000000000000LL

long long stack[DEPTH];
int sp;

void push(long long v)
{
    if (sp == DEPTH) {
        puts("error: stack overflow");
        exit(5);
    }
    if (v > BOUND || v < -BOUND) {
        printf("error: %lld out of range\n", v);
        exit(4);
    }
    stack[sp++] = v;
}

long long pop(void)
{
    if (sp == 0) {
        puts("error: stack underflow");
        exit(2);
    }
    return stack[--sp];
}

long long mag(long long v) { return v < 0 ? -v : v; }

long long power(long long b, long long e)
{
    long long r = 1;
    if (e < 0)
        return 0;
    while (e-- > 0) {
        if (mag(r) > BOUND / (mag(b) + 1))
            return BOUND + 1;
        r *= b;
    }
    return r;
}

int main(int argc, char **argv)
{
    int i, j;
    long long a, b;

    for (i = 1; i < argc; i++) {
        char c = argv[i][0];
        if ((c >= '0' && c <= '9') || (c == '-' && argv[i][1] != '\0')) {
            long long v = 0;
            for (j = c == '-'; argv[i][j]; j++) {
                if (argv[i][j] < '0' || argv[i][j] > '9' || v > BOUND) {
                    printf("error: bad number %s\n", argv[i]);
                    exit(3);
                }
                v = v * 10 + (argv[i][j] - '0');
            }
            push(c == '-' ? -v : v);
            continue;
        }
        if (argv[i][1] != '\0') {
            printf("error: unknown token %s\n", argv[i]);
            exit(3);
        }
        switch (c) {
        case 'd': a = pop(); push(a); push(a); break;
        case 's': b = pop(); a = pop(); push(b); push(a); break;
        case 'n': push(-pop()); break;
        case 'p': printf("top = %lld\n", sp ? stack[sp - 1] : 0LL); break;
        case '+': b = pop(); a = pop(); push(a + b); break;
        case '-': b = pop(); a = pop(); push(a - b); break;
        case 'x': case '*':
            b = pop(); a = pop();
            if (a != 0 && mag(b) > BOUND / mag(a))
                push(BOUND + 1);
            push(a * b);
            break;
        case '/': case '%':
            b = pop(); a = pop();
            if (b == 0) {
                puts("error: division by zero");
                exit(6);
            }
            push(c == '/' ? a / b : a % b);
            break;
        case '^': b = pop(); a = pop(); push(power(a, b)); break;
        default:
            printf("error: unknown operator %c\n", c);
            exit(3);
        }
    }
    if (sp != 1) {
        printf("error: %d values left\n", sp);
        return 256 + sp;
    }
    printf("%lld\n", stack[0]);
    return 0;
}

#include <stdio.h>
#include <string.h>
#include <ctype.h>

/* Run-length coding. Each command is a letter and a word:
   E word  prints its encoding (aaab -> a3b), D code prints the decoding. */
void encode(const char *s)
{
    int n = strlen(s);
    int i = 0;
    while (i < n) {
        int j = i;
        while (j < n && s[j] == s[i])
            j++;
        putchar(s[i]);
        if (j - i > 2)
            printf("%d", j - i);
        i = j;
    }
    putchar('\n');
}

void decode(const char *s)
{
    const char *p = s;
    while (*p) {
        char c = *p++;
        int cnt = 0;
        while (isdigit(*p)) {
            cnt = cnt * 10 + (*p - '0');
            p++;
        }
        if (cnt == 0)
            cnt = 1;
        for (int k = 0; k < cnt; k++)
            putchar(c);
    }
    putchar('\n');
}

int main(void)
{
    char op;
    char buf[32];
    int done = 0;
    while (scanf(" %c %31s", &op, buf) == 2) {
        switch (op) {
        case 'E':
            encode(buf);
            break;
        case 'D':
            decode(buf);
            break;
        default:
            printf("unknown command %c\n", op);
            return 2;
        }
        done++;
    }
    printf("%d commands\n", done);
    return 0;
}

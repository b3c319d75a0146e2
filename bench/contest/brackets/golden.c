#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Checks that (), [] and {} are balanced on each input line; other
   characters are ignored. Reports the 1-based column of the first error. */
const char *OPEN = "([{";
const char *CLOSE = ")]}";

int check(const char *s, int *pos)
{
    int n = strlen(s);
    char *stack = malloc(n + 1);
    int top = 0;
    int ok = 1;
    if (stack == NULL)
        exit(1);
    for (int i = 0; i < n && ok; i++) {
        const char *q = strchr(CLOSE, s[i]);
        if (strchr(OPEN, s[i]) != NULL) {
            stack[top++] = s[i];
        } else if (q != NULL) {
            if (top == 0 || stack[top - 1] != OPEN[q - CLOSE]) {
                *pos = i + 1;
                ok = 0;
            } else {
                top--;
            }
        }
    }
    if (ok && top != 0) {
        *pos = n + 1;
        ok = 0;
    }
    free(stack);
    return ok;
}

int main(void)
{
    char line[64];
    int bad = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *nl = strchr(line, '\n');
        int pos = 0;
        if (nl != NULL)
            *nl = '\0';
        if (check(line, &pos)) {
            printf("ok: %s\n", line);
        } else {
            printf("error at %d: %s\n", pos, line);
            bad++;
        }
    }
    printf("%d bad\n", bad);
    return bad > 0;
}

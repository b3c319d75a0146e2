#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Word list with prefix search. Input: n and n words, then commands:
   "? pre" lists the words starting with pre, "t k" prints every word
   cut to its first k letters. */
int main(void)
{
    int n, m = 0;
    char buf[24];
    char cmd;
    if (scanf("%d", &n) != 1 || n < 1 || n > 20) {
        puts("bad count");
        return 1;
    }
    char **words = malloc(n * sizeof *words);
    if (words == NULL)
        return 1;
    for (int i = 0; i < n; i++) {
        if (scanf("%23s", buf) != 1)
            break;
        words[m] = malloc(strlen(buf) + 1);
        if (words[m] == NULL)
            exit(1);
        strcpy(words[m], buf);
        m++;
    }
    while (scanf(" %c %23s", &cmd, buf) == 2) {
        if (cmd == '?') {
            int len = strlen(buf), found = 0;
            printf("%s:", buf);
            for (int i = 0; i < m; i++) {
                if (strncmp(words[i], buf, len - 1) == 0) {
                    printf(" %s", words[i]);
                    found++;
                }
            }
            if (found == 0)
                printf(" none");
            printf("\n");
        } else if (cmd == 't') {
            int k = atoi(buf);
            if (k < 1 || k > 20) {
                printf("bad length %d\n", k);
                continue;
            }
            for (int i = 0; i < m; i++) {
                strncpy(buf, words[i], k);
                buf[k] = '\0';
                printf("%s%c", buf, i + 1 < m ? ' ' : '\n');
            }
        } else {
            printf("bad command %c\n", cmd);
        }
    }
    for (int i = 0; i < m; i++)
        free(words[i]);
    free(words);
    return 0;
}

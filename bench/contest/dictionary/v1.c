#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXW 20
#define LEN 16

/* Reads n words, sorts them and drops duplicates, then answers queries
   with the 1-based position of each query word in the sorted list. */
int cmp_word(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int main(void)
{
    char words[MAXW][LEN];
    char uniq[MAXW][LEN];
    char key[LEN];
    int n, m, k = 0;
    if (scanf("%d", &n) != 1 || n < 1 || n > MAXW) {
        puts("bad word count");
        return 1;
    }
    for (int i = 0; i < n; i++)
        if (scanf("%15s", words[i]) != 1)
            return 1;
    qsort(words, n, LEN, cmp_word);
    for (int i = 0; i < n; i++) {
        if (k == 0 || strcmp(uniq[k - 1], words[i]) != 0) {
            strcpy(uniq[k], words[i]);
            k++;
        }
    }
    printf("%d distinct:", k);
    for (int i = 0; i < k; i++)
        printf(" %s", uniq[i]);
    printf("\n");
    if (scanf("%d", &m) != 1)
        return 0;
    for (int i = 0; i < m; i++) {
        if (scanf("%15s", key) != 1)
            break;
        const char *hit = bsearch(key, uniq, k - 1, LEN, cmp_word);
        if (hit == NULL)
            printf("%s: missing\n", key);
        else
            printf("%s: %d\n", key, (int)(hit - (const char *)uniq) / LEN + 1);
    }
    return 0;
}

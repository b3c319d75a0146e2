#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

/* For each pair of words, tells whether they are anagrams of each other
   (letters only, case ignored) and otherwise how many letters differ. */
int main(void)
{
    int n;
    char a[32], b[32];
    int *cnt = calloc(26, sizeof *cnt);
    if (cnt == NULL)
        return 1;
    if (scanf("%d", &n) != 1) {
        free(cnt);
        return 1;
    }
    for (int t = 0; t < n; t++) {
        if (scanf("%31s %31s", a, b) != 2)
            break;
        memset(cnt, 0, 26);
        for (char *p = a; *p != '\0'; p++)
            if (isalpha(*p))
                cnt[tolower(*p) - 'a']++;
        for (char *p = b; *p != '\0'; p++)
            if (isalpha(*p))
                cnt[tolower(*p) - 'a']--;
        int diff = 0;
        for (int i = 0; i < 26; i++)
            diff += abs(cnt[i]);
        if (diff == 0)
            printf("%s %s: anagrams\n", a, b);
        else
            printf("%s %s: differ by %d\n", a, b, diff);
    }
    free(cnt);
    return 0;
}

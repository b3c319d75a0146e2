#include <stdio.h>
#include <string.h>
#include <ctype.h>

/* For each word: is it a palindrome, ignoring case and non-letters?
   Reports the longest palindrome at the end. */
int is_palindrome(const char *s)
{
    const char *a = s;
    const char *b = s + strlen(s) - 1;
    while (a < b) {
        if (!isalpha(*a)) {
            a++;
            continue;
        }
        if (!isalpha(*b)) {
            b--;
            continue;
        }
        if (*a != *b)
            return 0;
        a++;
        b--;
    }
    return 1;
}

int main(void)
{
    const char *answer[] = {"no", "yes"};
    char word[40];
    char best[40];
    int n, count = 0;
    if (scanf("%d", &n) != 1 || n < 0) {
        puts("bad input");
        return 1;
    }
    best[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (scanf("%39s", word) != 1)
            break;
        int p = is_palindrome(word);
        printf("%s %s\n", word, answer[p]);
        if (p) {
            count++;
            if (strlen(word) > strlen(best))
                strcpy(best, word);
        }
    }
    printf("%d palindromes\n", count);
    if (count > 0)
        printf("longest: %s\n", best);
    return 0;
}

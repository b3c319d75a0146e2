#include <stdio.h>
#include <string.h>
#include <ctype.h>

/* Counts lines, words, letters, digits and capitals of the text on stdin,
   and reports the first longest word. */
int main(void)
{
    char line[64];
    char longest[64] = "";
    int lines = 0, words = 0, letters = 0, digits = 0, upper = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *p = line;
        lines++;
        while (*p) {
            while (*p && isspace(*p))
                p++;
            if (*p == '\0')
                break;
            char *start = p;
            while (*p && !isspace(*p)) {
                if (isalpha(*p))
                    letters++;
                else if (isdigit(*p))
                    digits++;
                if (isupper(*p))
                    upper++;
                p++;
            }
            words++;
            int len = p - start;
            if (len >= (int)strlen(longest)) {
                strncpy(longest, start, len);
                longest[len] = '\0';
            }
        }
    }
    printf("lines %d words %d\n", lines, words);
    printf("letters %d digits %d upper %d\n", letters, digits, upper);
    printf("longest \"%s\" (%d)\n", longest, (int)strlen(longest));
    return 0;
}

#include <stdio.h>
#include <string.h>
#include <ctype.h>

/* Caesar cipher. First line: mode (e = encode, d = decode) and shift;
   every following line is transformed, letters keep their case. */
char shift_char(char c, int k)
{
    if (isupper(c))
        return 'A' + (c - 'A' + k) % 26;
    if (islower(c))
        return 'a' + (c - 'A' + k) % 26;
    return c;
}

int main(void)
{
    char mode;
    int k;
    char line[64];
    if (scanf(" %c %d", &mode, &k) != 2) {
        puts("bad header");
        return 1;
    }
    getchar();
    k %= 26;
    if (k < 0)
        k += 26;
    if (mode == 'd')
        k = (26 - k) % 26;
    else if (mode != 'e') {
        printf("unknown mode %c\n", mode);
        return 1;
    }
    int n = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *nl = strchr(line, '\n');
        if (nl != NULL)
            *nl = '\0';
        for (int i = 0; line[i] != '\0'; i++)
            line[i] = shift_char(line[i], k);
        n++;
        printf("%d: %s\n", n, line);
    }
    printf("%d lines, shift %d\n", n, k);
    return 0;
}

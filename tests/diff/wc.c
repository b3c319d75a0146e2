/* wc: count lines, words, characters, digits and the longest line of stdin
   with a getchar-driven state machine.  Options -l -w -c select counts. */
#include <stdio.h>

enum state { OUTSIDE, IN_WORD, IN_NUMBER };
typedef enum state state_t;

static long lines, words, chars, numbers, digits, longest;

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

int main(int argc, char *argv[])
{
    int c, i;
    state_t st = OUTSIDE;
    long cur = 0;
    _Bool want_l = 0, want_w = 0, want_c = 0;

    for (i = 1; i < argc; i++) {
        int j = 1;
        if (argv[i][0] != '-')
            return 2;
        while (argv[i][j]) {
            switch (argv[i][j++]) {
            case 'l': want_l = 1; break;
            case 'w': want_w = 1; break;
            case 'c': want_c = 1; break;
            default:
                fprintf(stderr, "wc: bad flag\n");
                return 2;
            }
        }
    }
    if (!want_l && !want_w && !want_c)
        want_l = want_w = want_c = 1;

    while ((c = getchar()) != EOF) {
        chars++;
        if (c == '\n') {
            lines++;
            if (cur > longest)
                longest = cur;
            cur = 0;
        } else {
            cur++;
        }
        if (c >= '0' && c <= '9')
            digits++;
        switch (st) {
        case OUTSIDE:
            if (is_space(c))
                break;
            words++;
            st = (c >= '0' && c <= '9') ? IN_NUMBER : IN_WORD;
            break;
        case IN_NUMBER:
            if (!(c >= '0' && c <= '9') && !is_space(c))
                st = IN_WORD;
            /* fall through */
        case IN_WORD:
            if (is_space(c)) {
                if (st == IN_NUMBER)
                    numbers++;
                st = OUTSIDE;
            }
            break;
        }
    }
    if (st == IN_NUMBER)
        numbers++;
    if (cur > longest)
        longest = cur;
    if (want_l)
        printf("%7ld", lines);
    if (want_w)
        printf("%7ld", words);
    if (want_c)
        printf("%7ld", chars);
    printf("  numbers=%ld digits=%ld longest=%ld\n", numbers, digits, longest);
    return words == 0 ? 1 : 0;
}

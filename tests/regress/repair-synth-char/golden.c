#include <stdio.h>

/* Shifts every lowercase letter of the input one place on (z wraps to a). */
int main(void)
{
    int c;
    while ((c = getchar()) != EOF) {
        if (c >= 'a' && c <= 'z')
            c = 'a' + (c - 'a' + 1) % 26;
        putchar(c);
    }
    return 0;
}

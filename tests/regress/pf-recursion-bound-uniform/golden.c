#include <stdio.h>
#include <stdlib.h>

/* Prints 1 + 2 + ... + n, summed recursively. */
static int sum(int n)
{
    if (n <= 0)
        return 0;
    return n + sum(n - 1);
}

int main(int argc, char **argv)
{
    printf("%d\n", sum(atoi(argv[1])));
    return 0;
}

#include <stdio.h>
#include <stdlib.h>

int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

int main(void)
{
    int a[5] = {2, 4, 6, 8, 10};
    int key;
    if (scanf("%d", &key) != 1)
        return 1;
    const int *hit = bsearch(&key, a, 5, sizeof a[0], cmp);
    if (hit == NULL)
        printf("missing\n");
    else
        printf("at %d\n", (int)(hit - a));
    return 0;
}

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Contest scoreboard: more problems solved first, then lower penalty,
   then name. Teams with equal solved and penalty share a rank. */
struct team {
    char name[16];
    int solved;
    int penalty;
};

int cmp_team(const void *a, const void *b)
{
    const struct team *x = a;
    const struct team *y = b;
    if (x->solved != y->solved)
        return y->solved - x->solved;
    if (x->penalty != y->penalty)
        return x->penalty - y->penalty;
    return strcmp(x->name, y->name);
}

int main(void)
{
    struct team t[20];
    int n;
    if (scanf("%d", &n) != 1 || n < 1 || n > 20) {
        puts("bad team count");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        if (scanf("%15s %d %d", t[i].name, &t[i].solved, &t[i].penalty) != 3) {
            printf("bad line %d\n", i + 1);
            return 1;
        }
    }
    qsort(t, n, sizeof t[0], cmp_team);
    int rank = 1;
    for (int i = 0; i < n; i++) {
        if (i > 0 && (t[i].solved != t[i - 1].solved || t[i].penalty != t[i - 1].penalty))
            rank++;
        printf("%d. %s %d %d\n", rank, t[i].name, t[i].solved, t[i].penalty);
    }
    return 0;
}

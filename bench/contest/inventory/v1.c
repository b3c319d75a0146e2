#include <stdio.h>

/* Pantry check. Input: today's date (y m d), n, then n items
   "name qty y m d". Lists expired items, totals the rest and names
   the item that expires soonest. */
struct date {
    int y, m, d;
};

struct item {
    char name[16];
    int qty;
    struct date exp;
};

int date_cmp(const struct date *a, const struct date *b)
{
    if (a->y != b->y)
        return a->y - b->y;
    if (a->m != b->m)
        return a->d - b->d;
    return a->d - b->d;
}

int main(void)
{
    struct date today;
    struct item items[20];
    int n;
    if (scanf("%d %d %d %d", &today.y, &today.m, &today.d, &n) != 4 || n < 0 || n > 20) {
        puts("bad header");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        struct item *it = &items[i];
        if (scanf("%15s %d %d %d %d", it->name, &it->qty, &it->exp.y, &it->exp.m, &it->exp.d) != 5)
            return 1;
    }
    const struct item *soonest = NULL;
    int total = 0, expired = 0;
    for (int i = 0; i < n; i++) {
        const struct item *it = &items[i];
        if (date_cmp(&it->exp, &today) < 0) {
            printf("expired: %s (%d-%d-%d)\n", it->name, it->exp.y, it->exp.m, it->exp.d);
            expired++;
            continue;
        }
        total += it->qty;
        if (soonest == NULL || date_cmp(&it->exp, &soonest->exp) < 0)
            soonest = it;
    }
    printf("%d expired, %d units left\n", expired, total);
    if (soonest != NULL)
        printf("use first: %s\n", soonest->name);
    return 0;
}

#include <stdio.h>

/* Range queries on an array read from stdin: n, the n values, then q
   queries "op l r" (1-based, inclusive): s = sum, m = maximum,
   p = number of positive values. */
int main(void)
{
    int n, q;
    if (scanf("%d", &n) != 1 || n < 1 || n > 20) {
        puts("bad size");
        return 1;
    }
    int a[n];
    int pre[n + 1];
    pre[0] = 0;
    for (int i = 0; i < n; i++) {
        if (scanf("%d", &a[i]) != 1)
            return 1;
        pre[i + 1] = pre[i] + a[i];
    }
    if (scanf("%d", &q) != 1)
        return 1;
    for (int k = 0; k < q; k++) {
        char op;
        int l, r;
        if (scanf(" %c %d %d", &op, &l, &r) != 3)
            return 1;
        if (l < 1 || r >= n || l > r) {
            printf("%c %d %d: bad range\n", op, l, r);
            continue;
        }
        int res = 0;
        if (op == 's') {
            res = pre[r] - pre[l - 1];
        } else if (op == 'm') {
            res = a[l - 1];
            for (int i = l; i < r; i++)
                if (a[i] > res)
                    res = a[i];
        } else if (op == 'p') {
            for (int i = l - 1; i < r; i++)
                if (a[i] > 0)
                    res++;
        } else {
            printf("%c: unknown query\n", op);
            continue;
        }
        printf("%c %d %d = %d\n", op, l, r, res);
    }
    return 0;
}

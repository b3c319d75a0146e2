/* matrix: small square-matrix operations on command-line entries.
   matrix OP N e11 e12 ... eNN   with OP one of show det mul pow trans rot magic. */
#include <stdio.h>
#include <stdlib.h>

#define MAXN 4
typedef long row_t[MAXN];

row_t weights[MAXN] = { { 1, 2, 0, -1 }, { 0, 1, 3 }, { 2 }, { -1, 0, 0, 1 } };
long mat[MAXN][MAXN];

void print(long m[][MAXN], int n)
{
    int i, j;
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++) {
            if (j)
                putchar(' ');
            printf("%6ld", m[i][j]);
        }
        putchar('\n');
    }
}

long row_sum(long r[], int n)
{
    long s = 0;
    while (n-- > 0)
        s += r[n];
    return s;
}

long det(long m[][MAXN], int n, int depth)
{
    static long minor[MAXN][MAXN][MAXN];
    long d = 0, sign = 1;
    int col, i, j, k;

    if (n == 1)
        return m[0][0];
    for (col = 0; col < n; col++, sign = -sign) {
        for (i = 1; i < n; i++)
            for (j = 0, k = 0; j < n; j++)
                if (j != col)
                    minor[depth][i - 1][k++] = m[i][j];
        d += sign * m[0][col] * det(minor[depth], n - 1, depth + 1);
    }
    return d;
}

void multiply(long a[][MAXN], long b[][MAXN], long out[][MAXN], int n, long mod)
{
    long t[MAXN][MAXN];
    int i, j, k;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            t[i][j] = 0;
            for (k = 0; k < n; k++) {
                t[i][j] += a[i][k] * b[k][j];
                if (mod)
                    t[i][j] %= mod;
            }
        }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            out[i][j] = t[i][j];
}

int main(int argc, char *argv[])
{
    int n, i, j;
    char op;
    long res[MAXN][MAXN];

    if (argc < 3)
        return 2;
    op = argv[1][0];
    n = atoi(argv[2]);
    if (n < 1 || n > MAXN || argc < 3 + n * n) {
        printf("need N in 1..%d and N*N entries\n", MAXN);
        return 2;
    }
    for (i = 0; i < n * n; i++)
        mat[i / n][i % n] = atol(argv[3 + i]);
    switch (op) {
    case 's': print(mat, n); break;
    case 'd': printf("det = %ld\n", det(mat, n, 0)); break;
    case 'm': multiply(mat, weights, res, n, 0); print(res, n); break;
    case 'p': {
        int e = argc > 3 + n * n ? atoi(argv[3 + n * n]) : 2;
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                res[i][j] = i == j;
        while (e-- > 0)
            multiply(res, mat, res, n, 1000003L);
        print(res, n);
        break;
    }
    case 't': case 'r':
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                res[j][op == 't' ? i : n - 1 - i] = mat[i][j];
        print(res, n);
        break;
    case 'g': {
        long target = row_sum(mat[0], n), d1 = 0, d2 = 0;
        int magic = 1;
        for (i = 0; i < n; i++) {
            long cs = 0;
            for (j = 0; j < n; j++)
                cs += mat[j][i];
            magic = magic && row_sum(mat[i], n) == target && cs == target;
            d1 += mat[i][i];
            d2 += mat[i][n - 1 - i];
        }
        magic = magic && d1 == target && d2 == target;
        if (!magic)
            printf("not ");
        printf("magic (sum %ld)\n", target);
        return !magic;
    }
    default:
        fprintf(stderr, "unknown op\n");
        return 3;
    }
    return 0;
}

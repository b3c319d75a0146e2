/* primes: sieve of Eratosthenes over a global table; lists primes, twin
   primes and Goldbach decompositions. */
#include <stdio.h>
#include <stdlib.h>

#define LIMIT 2000

char composite[LIMIT + 1];
int primes[400];
int nprimes = 0;

void sieve(int n)
{
    composite[0] = composite[1] = 1;
    for (int i = 2; i * i <= n; i++) {
        if (composite[i])
            continue;
        for (int j = i * i; j <= n; j += i)
            composite[j] = 1;
    }
    for (int i = 2; i <= n; i++)
        if (!composite[i])
            primes[nprimes++] = i;
}

int goldbach(int n)
{
    for (int k = 0; k < nprimes; k++) {
        int p = primes[k];
        if (p > n / 2)
            break;
        if (!composite[n - p])
            return p;
    }
    return 0;
}

int main(int argc, char *argv[])
{
    if (argc < 2) {
        fprintf(stderr, "usage: primes N [EVEN...]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    if (n < 2 || n > LIMIT) {
        printf("N must be in 2..%d\n", LIMIT);
        return 3;
    }
    sieve(n);
    int twins = 0, col = 0;
    for (int k = 0; k < nprimes; k++) {
        printf("%5d", primes[k]);
        if (++col == 10) {
            putchar('\n');
            col = 0;
        }
        if (k > 0 && primes[k] - primes[k - 1] == 2)
            twins++;
    }
    if (col != 0)
        putchar('\n');
    printf("%d primes <= %d, %d twin pairs, largest gap", nprimes, n, twins);
    int gap = 0, at = 0;
    for (int k = 1; k < nprimes; k++)
        if (primes[k] - primes[k - 1] > gap) {
            gap = primes[k] - primes[k - 1];
            at = primes[k - 1];
        }
    printf(" %d after %d\n", gap, at);
    for (int i = 2; i < argc; i++) {
        int e = atoi(argv[i]);
        if (e < 4 || e > n || e % 2 != 0) {
            printf("%-6d skipped\n", e);
            continue;
        }
        int p = goldbach(e);
        printf("%-6d= %d + %d\n", e, p, e - p);
    }
    return nprimes % 100;
}

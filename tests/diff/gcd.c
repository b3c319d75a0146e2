/* gcd: number theory in old-style (K&R) C: gcd, lcm, extended Euclid,
   modular exponentiation and Euler's totient. */
#include <stdio.h>
#include <stdlib.h>

long ext_x, ext_y;

int gcd(a, b)
int a, b;
{
    if (b == 0)
        return a < 0 ? -a : a;
    return gcd(b, a % b);
}

long lcm(a, b)
long a, b;
{
    long g;
    if (a == 0 || b == 0)
        return 0;
    g = gcd((int)a, (int)b);
    return (a < 0 ? -a : a) / g * (b < 0 ? -b : b);
}

long ext_gcd(a, b)
long a, b;
{
    long g, t;
    if (b == 0) {
        ext_x = 1;
        ext_y = 0;
        return a;
    }
    g = ext_gcd(b, a % b);
    t = ext_x;
    ext_x = ext_y;
    ext_y = t - (a / b) * ext_y;
    return g;
}

unsigned long long powmod(base, e, m)
unsigned long long base, e, m;
{
    unsigned long long r = 1 % m;
    base %= m;
    while (e > 0) {
        if (e & 1)
            r = r * base % m;
        base = base * base % m;
        e >>= 1;
    }
    return r;
}

int phi(n)
int n;
{
    int result = n, p;
    for (p = 2; p * p <= n; p++) {
        if (n % p)
            continue;
        while (n % p == 0)
            n /= p;
        result -= result / p;
    }
    if (n > 1)
        result -= result / n;
    return result;
}

main(argc, argv)
int argc;
char *argv[];
{
    int a, b, g;
    long la, lb;

    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: gcd A B [MOD]\n");
        exit(64);
    }
    a = atoi(argv[1]);
    b = atoi(argv[2]);
    la = a;
    lb = b;
    g = gcd(a, b);
    printf("gcd(%d, %d) = %d\n", a, b, g);
    printf("lcm = %ld\n", lcm(la, lb));
    if (a > 0 && b > 0) {
        long d = ext_gcd(la, lb);
        printf("%ld*%ld + %ld*%ld = %ld\n", la, ext_x, lb, ext_y, d);
        printf("phi(%d) = %d, phi(%d) = %d\n", a, phi(a), b, phi(b));
    }
    if (argc == 4) {
        unsigned long long m = (unsigned long long)atol(argv[3]);
        if (m == 0) {
            puts("modulus must be positive");
            exit(65);
        }
        printf("%d^%d mod %llu = %llu\n", a, b, m,
               powmod((unsigned long long)a, (unsigned long long)b, m));
    }
    return g > 255 ? 255 : g;
}

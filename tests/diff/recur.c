/* recur: recursion and mutual recursion: parity by mutual descent,
   Hofstadter's Female/Male sequences, Ackermann, memoised Fibonacci,
   Collatz lengths and the Tower of Hanoi. */
#include <stdio.h>
#include <stdlib.h>

int is_odd(int n);
int male(int n);

int is_even(int n)
{
    if (n == 0)
        return 1;
    return is_odd(n - 1);
}

int is_odd(int n)
{
    return n == 0 ? 0 : is_even(n - 1);
}

int female(int n) { return n == 0 ? 1 : n - male(female(n - 1)); }
int male(int n) { return n == 0 ? 0 : n - female(male(n - 1)); }

int ackermann(int m, int n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

long long fib(int n)
{
    static long long memo[93];
    static int calls;
    calls++;
    if (n < 2)
        return n;
    if (memo[n] == 0)
        memo[n] = fib(n - 1) + fib(n - 2);
    if (n == 92)
        printf("(fib calls so far: %d)\n", calls);
    return memo[n];
}

int collatz(long n)
{
    return n == 1 ? 0 : 1 + collatz(n % 2 ? 3 * n + 1 : n / 2);
}

int moves;

void hanoi(int n, char from, char to, char via, int verbose)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to, verbose);
    moves++;
    if (verbose)
        printf("disk %d: %c -> %c\n", n, from, to);
    hanoi(n - 1, via, to, from, verbose);
}

int main(int argc, char *argv[])
{
    int i, n;

    if (argc != 3) {
        puts("usage: recur WHAT N");
        return 1;
    }
    n = atoi(argv[2]);
    switch (argv[1][0]) {
    case 'p':
        if (is_even(n < 0 ? -n : n))
            printf("%d is even\n", n);
        else
            printf("%d is odd\n", n);
        break;
    case 'h':
        for (i = 0; i <= n; i++)
            printf("%d%c", female(i), i == n ? '\n' : ' ');
        for (i = 0; i <= n; i++)
            printf("%d%c", male(i), i == n ? '\n' : ' ');
        break;
    case 'a':
        printf("A(%d, %d) = %d\n", n / 10, n % 10, ackermann(n / 10, n % 10));
        break;
    case 'f':
        printf("fib(%d) = %lld\n", n, fib(n));
        printf("fib(%d) = %lld\n", n / 2, fib(n / 2));
        break;
    case 'c':
        printf("collatz(%d) takes %d steps\n", n, collatz(n));
        return collatz(n) % 256;
    case 't':
        hanoi(n, 'A', 'C', 'B', n <= 4);
        printf("%d disks: %d moves\n", n, moves);
        break;
    default:
        return 2;
    }
    return 0;
}

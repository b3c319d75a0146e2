/* tritype: classify a triangle given the lengths of its three sides.
   usage: tritype A B C
   Prints one of: equilateral, isosceles/scalene followed by right/obtuse/acute,
   not a triangle, or an error for non-positive sides. */
#include <stdio.h>
#include <stdlib.h>

int main(argc, argv)
int argc;
char *argv[];
{
    int a, b, c, t;
    long lhs, rhs;

    if (argc != 4) {
        fprintf(stderr, "usage: tritype A B C\n");
        return 2;
    }
    a = atoi(argv[1]);
    b = atoi(argv[2]);
    c = atoi(argv[3]);
    if (a <= 0 || b <= 0 || c <= 0) {
        puts("invalid: sides must be positive");
        return 1;
    }
    if (a > b) {
        t = a;
        a = b;
        b = t;
    }
    if (b > c) {
        t = b;
        b = c;
        c = t;
    }
    if (a > b) {
        t = a;
        a = b;
        b = t;
    }
    if ((long)a + b <= c) {
        puts("not a triangle");
        return 1;
    }
    if (a == c) {
        puts("equilateral");
        return 0;
    }
    if (a == b || b == c)
        printf("isosceles");
    else
        printf("scalene");
    lhs = (long)a * a + (long)b * b;
    rhs = (long)c * c;
    if (lhs == rhs)
        printf(" right\n");
    else if (lhs > rhs)
        printf(" obtuse\n");
    else
        printf(" acute\n");
    return 0;
}

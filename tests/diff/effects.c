/* effects: evaluation order and side effects: short-circuit operators,
   comma, ternary, pre/post increment, compound assignment on narrow types,
   and a local static call counter.  Arguments are small integers. */
#include <stdio.h>
#include <stdlib.h>

int trace_on = 1;

int probe(int tag, int value)
{
    static int calls = 0;
    ++calls;
    if (trace_on)
        printf("probe%d(%d)#%d ", tag, value, calls);
    return value;
}

int counter(void)
{
    static int n = 100;
    return n--;
}

void narrow(int x)
{
    char c = (char)x;
    signed char sc = 120;
    unsigned char uc = (unsigned char)x;
    short s = (short)(x * 100);
    int r;
    unsigned short us = 65530;

    c += 100;
    sc += x;
    uc -= 7;
    uc *= 3;
    s *= 3;
    s -= 1000;
    us += x;
    printf("c=%d sc=%d uc=%d s=%d us=%d\n", c, sc, uc, s, us);
    c = (char)x;
    c >>= 2;
    sc >>= 1;
    uc <<= 2;
    uc |= 0x81;
    uc ^= 0xff;
    s /= 7;
    s %= 100;
    us &= 0x0ff0;
    printf("c=%d sc=%d uc=%d s=%d us=%d\n", c, sc, uc, s, us);
    c = 127;
    c++;
    uc = 0;
    uc--;
    s = -32768;
    s--;
    r = ++sc;
    printf("wrap: c=%d uc=%d s=%d pre=%d", c, uc, s, r);
    r = sc--;
    printf(" post=%d now=%d\n", r, sc);
}

int bucket(int x)
{
    int r = 0;
    switch (x % 4) {
    default:
        r += 100;
    case 1:
        r += 10;
        break;
    case 2:
    case -2:
        r += 2;
    case 3:
        r += 3;
    }
    return r;
}

int main(int argc, char *argv[])
{
    int a, b, i, j, r;

    if (argc < 3) {
        fprintf(stderr, "need two numbers\n");
        exit(9);
    }
    a = atoi(argv[1]);
    b = atoi(argv[2]);
    trace_on = argc < 4;

    r = probe(1, a) && probe(2, b);
    printf("\nand=%d\n", r);
    r = probe(3, a) || probe(4, b);
    printf("\nor=%d\n", r);
    r = (probe(5, a) > 0 && probe(6, b) > 0) || probe(7, a - b) == 0;
    printf("\nmixed=%d\n", r);
    r = a > b ? probe(8, a) : b > a ? probe(9, b) : probe(10, 0);
    printf("\ntern=%d\n", r);

    i = a;
    j = b;
    r = i++ + ++j;
    printf("i=%d j=%d r=%d\n", i, j, r);
    r = (i--, j--, i * 2 + j);
    printf("i=%d j=%d r=%d\n", i, j, r);
    r = a && b++ ? b-- : --b;
    printf("b=%d r=%d\n", b, r);
    for (i = 0, j = 10; i < j; i += 3, j--)
        ;
    printf("loop i=%d j=%d\n", i, j);
    r = 0;
    r += a;
    r -= b;
    r *= 2;
    r >>= 2;
    r &= 0x7fff;
    r <<= 3;
    r |= 1;
    r ^= 6;
    r &= ~8;
    printf("compound r=%d\n", r);
    if (b != 0) {
        r = a;
        r /= b;
        printf("r/=b %d, ", r);
        r = a;
        r %= b;
        printf("r%%=b %d\n", r);
    }
    i = counter();
    j = counter();
    r = counter() - counter();
    printf("counter %d %d %d %d\n", i, j, r, counter());
    printf("bucket %d %d %d\n", bucket(a), bucket(b), bucket(a - b));
    narrow(a);
    return (a & 3) + (b & 3) * 4;
}

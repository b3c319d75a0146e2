/* bits: classic bit-twiddling tricks on 32-bit unsigned values. */
#include <stdio.h>
#include <stdlib.h>

static int popcount(unsigned x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static unsigned reverse(unsigned x)
{
    unsigned r = 0;
    int i;
    for (i = 0; i < 32; i++) {
        r = (r << 1) | (x & 1u);
        x >>= 1;
    }
    return r;
}

static int leading_zeros(unsigned x)
{
    int n = 0;
    if (x == 0)
        return 32;
    while (!(x & 0x80000000u)) {
        x <<= 1;
        ++n;
    }
    return n;
}

static unsigned rotl(unsigned x, int r)
{
    r &= 31;
    return r == 0 ? x : (x << r) | (x >> (32 - r));
}

static unsigned next_pow2(unsigned x)
{
    if (x == 0)
        return 1;
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x + 1;
}

static void binary(unsigned x, int width)
{
    int i;
    for (i = width - 1; i >= 0; i--) {
        putchar((x >> i) & 1 ? '1' : '0');
        if (i % 8 == 0 && i != 0)
            putchar('_');
    }
    putchar('\n');
}

int main(int argc, char *argv[])
{
    int i, rot = 0;
    unsigned acc = 0;

    for (i = 1; i < argc; i++) {
        if (argv[i][0] == 'r') {
            int j = 1, neg = argv[i][1] == '-';
            for (rot = 0, j += neg; argv[i][j] >= '0' && argv[i][j] <= '9'; j++)
                rot = rot * 10 + (argv[i][j] - '0');
            rot = neg ? -rot : rot;
            continue;
        }
        unsigned x = (unsigned)strtol(argv[i], NULL, 10);
        unsigned short lo = (unsigned short)x;
        unsigned char b0 = x & 0xff;
        printf("x=%u %#x %#o %08X\n", x, x, x, x);
        binary(x, 32);
        printf(" pop=%d parity=%d clz=%d pow2=%d\n", popcount(x),
               popcount(x) & 1, leading_zeros(x), x != 0 && (x & (x - 1)) == 0);
        printf(" rev=%08x lowbit=%#x next=%u gray=%x\n", reverse(x), x & -x,
               next_pow2(x), x ^ (x >> 1));
        printf(" rotl%d=%08x rotr%d=%08x\n", rot, rotl(x, rot), rot,
               rotl(x, 32 - (rot & 31)));
        printf(" swap16=%04hx bytes=%hhu,%u sx=%d\n",
               (unsigned short)((lo << 8) | (lo >> 8)), b0, (x >> 24) & 0xffu,
               (int)(signed char)b0);
        acc ^= rotl(x, i);
    }
    printf("acc=%u\n", acc);
    return popcount(acc) % 8;
}

/* intconv: show how one value looks in every C integer type, plus a table
   of facts about promotions and the usual arithmetic conversions. */
#include <stdio.h>
#include <stdlib.h>

typedef unsigned char u8;
typedef signed char s8;
typedef unsigned short u16;
typedef unsigned long long u64;

short table[] = { 3, -1, 4, -1, 5 };
int table_len = sizeof table / sizeof table[0];

static void show(long v)
{
    char c = (char)v;
    s8 sc = (s8)v;
    u8 uc = (u8)v;
    short s = (short)v;
    u16 us = (u16)v;
    int i = (int)v;
    unsigned u = (unsigned)v;
    unsigned long ul = (unsigned long)v;
    long long ll = v;
    u64 ull = (u64)v;
    _Bool b = v;

    printf("v=%ld\n", v);
    printf("  char=%d schar=%hhd uchar=%u\n", c, sc, uc);
    printf("  short=%hd ushort=%hu int=%d unsigned=%u\n", s, us, i, u);
    printf("  ulong=%lu llong=%lld ullong=%llu bool=%d\n", ul, ll, ull, b);
    printf("  hex: %x %hx %hhx %lx %llX\n", u, us, uc, ul, ull);
    printf("  promo: uc+uc=%d sc*2=%d s*s=%d us*us=%u\n",
           uc + uc, sc * 2, s * s, (unsigned)us * us);
    printf("  trunc: (u8)(uc+uc)=%d -uc=%d ~uc=%d -u=%u ~us=%d\n",
           (u8)(uc + uc), -uc, ~uc, -u, ~us);
    printf("  cmp: %d %d %d %d %d\n", i < 0u, sc < uc, (long)i < 1u,
           ll < 1ULL, c == (char)uc);
    printf("  wrap: %u %lu %llu %d\n", u * 3u + 7u, ul >> 60, ull << 4,
           (u8)(uc * 3));
    printf("  bool: %d %d %d", b + b, !b, (_Bool)(v & 256));
    b--;
    printf(" dec=%d", b);
    b--;
    printf(" dec=%d", b);
    b += 2;
    printf(" add=%d\n", b);
    printf("  shifts: %llx %lld %d %u\n", ull >> (unsigned char)(v & 63),
           ll >> (short)(v & 31), (int)(c >> 1), (unsigned)us << (long)(v & 15));
}

static void facts(void)
{
    unsigned char a = 200, b2 = 100;
    unsigned char sum8 = a + b2;
    int sum = a + b2;
    char arr[10];
    short sarr[7];
    long larr[3][4];

    printf("-1<1u=%d -1L<1u=%d -1LL<1UL=%d (u16)1>-1=%d\n",
           -1 < 1u, -1L < 1u, -1LL < 1UL, (u16)1 > -1);
    printf("0u-1=%u 0ul-1=%lu -1/2u=%u\n", 0u - 1, 0ul - 1, -1 / 2u);
    printf("a+b=%d (u8)=%d\n", sum, sum8);
    printf("sizes: %d %d %d %d %d %d %d\n", (int)sizeof(char),
           (int)sizeof(short), (int)sizeof(int), (int)sizeof(long),
           (int)sizeof(long long), (int)sizeof(_Bool), (int)sizeof(u64));
    printf("sizeof exprs: %lu %lu %lu %lu %lu\n",
           (unsigned long)sizeof(a), (unsigned long)sizeof(a + b2),
           (unsigned long)sizeof 'x', (unsigned long)sizeof(1ul),
           (unsigned long)sizeof(a ? 1 : 2LL));
    printf("arrays: %d %d %d %d %d\n", (int)sizeof arr, (int)sizeof sarr,
           (int)sizeof larr, (int)(sizeof larr / sizeof larr[0]), table_len);
    printf("64-bit: %llu %lld %lx\n", 1ULL << 63, -(1LL << 62) >> 3, 0xF0UL << 56);
}

int main(int argc, char *argv[])
{
    int k;

    if (argc < 2 || (argv[1][0] == 'f' && argv[1][1] == '\0')) {
        facts();
        return 0;
    }
    for (k = 1; k < argc; k++)
        show(strtol(argv[k], NULL, 10));
    return argc - 1;
}

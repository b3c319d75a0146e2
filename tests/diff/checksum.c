/* checksum: byte checksums of stdin (sum8, xor8, Fletcher-16, Adler-32,
   CRC-32, djb2).  An optional argument selects a single algorithm. */
#include <stdio.h>

unsigned int crc_table[256];
int table_ready;

static void make_table(void)
{
    unsigned int n, c;
    int k;
    for (n = 0; n < 256; n++) {
        c = n;
        for (k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
    table_ready = 1;
}

int main(int argc, char *argv[])
{
    int c;
    char which = argc > 1 ? argv[1][0] : 'a';
    unsigned char sum8 = 0, xor8 = 0;
    unsigned short f1 = 0, f2 = 0;
    unsigned int a1 = 1, a2 = 0, crc = 0xFFFFFFFFu;
    unsigned long djb = 5381;
    long count = 0;
    signed char last = 0;

    if (!table_ready)
        make_table();
    while ((c = getchar()) != EOF) {
        unsigned char byte = (unsigned char)c;
        count++;
        sum8 += byte;
        xor8 ^= byte;
        f1 = (f1 + byte) % 255;
        f2 = (f2 + f1) % 255;
        a1 = (a1 + byte) % 65521u;
        a2 = (a2 + a1) % 65521u;
        crc = crc_table[(crc ^ byte) & 0xFF] ^ (crc >> 8);
        djb = ((djb << 5) + djb) + byte;
        last = c;
    }
    crc ^= 0xFFFFFFFFu;

    switch (which) {
    case 'a':
        printf("bytes=%ld last=%hhd\n", count, last);
        /* fall through */
    case 's':
        printf("sum8   %02x %3u\n", sum8, sum8);
        if (which == 's')
            break;
        printf("xor8   %02X\n", xor8);
        /* fall through */
    case 'f':
        printf("fletch %04x\n", (unsigned)((f2 << 8) | f1));
        if (which != 'a')
            break;
    case 'd':
        printf("adler  %08x\n", (a2 << 16) | a1);
        if (which == 'd')
            break;
    case 'c':
        fprintf(stdout, "crc32  %08X\n", crc);
        if (which == 'c')
            break;
    case 'h':
        printf("djb2   %lu\n", djb);
        break;
    default:
        fprintf(stderr, "unknown algorithm %c\n", which);
        return 2;
    }
    return count == 0;
}

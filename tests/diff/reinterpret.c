/* Cells read through pointers to other integer types of their width (int32_t and uint32_t,
   int16_t and uint16_t, char and unsigned char), and struct copies from comma and assignment
   expressions. Usage: reinterpret N M */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct pair {
  int16_t lo;
  uint32_t hi;
};

static unsigned checksum(const char *s) {
  const unsigned char *u = (const unsigned char *)s;
  unsigned h = 0;
  while (*u) h = h * 31 + *u++;
  return h;
}

int main(int argc, char **argv) {
  int32_t a[3] = {-1, 5, -7};
  uint32_t *u = (uint32_t *)a;
  int16_t s = (int16_t)(argc > 1 ? atoi(argv[1]) : -2);
  uint16_t *us = (uint16_t *)&s;
  struct pair p = {-3, 7}, q, r;
  u[1] = (uint32_t)(argc > 2 ? atoi(argv[2]) : 4000000000u);
  *us += 1;
  q = (s++, p);
  r = q = p;
  r.hi += (uint32_t)a[1];
  printf("%u %d %d %u %d\n", u[0], a[1], a[2], (unsigned)*us, s);
  printf("%d %u %d %u %u\n", q.lo, q.hi, r.lo, r.hi, checksum(argc > 1 ? argv[1] : "\xe9t\xe9"));
  return (unsigned)a[1] % 7;
}

/* Unions whose members overlay compatibly (every shared cell has one type): declarations,
   member access with . and ->, unions in structs and structs in unions, arrays of and pointers
   to unions, sizeof and malloc(n * sizeof), initializers (first member, designated member,
   zero-filled rest of a static one), whole-union assignment. A member is read only as the type it was written
   with, or where the members agree on the cell type.
   Usage: unions N...  (up to 8 numbers) */
#include <stdio.h>
#include <stdlib.h>

union pair {
  int a[2];
  struct {
    int x, y;
  } p;
  int first;
};

struct tagged {
  int tag;
  union pair u;
  long weight;
};

struct flat { /* C11 anonymous members */
  int kind;
  union {
    long count;
    long total;
  };
};

typedef union {
  long n;
  long parts[3];
} wide;

union node {
  union node *next;
  union node *self;
};

union pair global_u = {.p = {40, 2}};
union pair global_zero;
wide global_w = {7};

static int sum_pair(const union pair *q) { return q->a[0] + q->a[1]; }

static void set_pair(union pair *q, int x, int y) {
  q->p.x = x;
  q->p.y = y;
}

int main(int argc, char **argv) {
  int v[8], n = 0, i;
  for (i = 1; i < argc && n < 8; i++) v[n++] = atoi(argv[i]);
  for (; n < 2; n++) v[n] = n * 3;

  /* sizes: bytes as gcc lays them out */
  printf("sizeof pair %d tagged %d wide %d node %d\n", (int)sizeof(union pair),
         (int)sizeof(struct tagged), (int)sizeof(wide), (int)sizeof(union node));

  /* first member initialised by a plain list; the rest of the union is zero */
  union pair u = {{v[0]}};
  printf("u.a %d %d first %d p %d %d\n", u.a[0], u.a[1], u.first, u.p.x, u.p.y);

  /* designated member */
  union pair d = {.p = {v[1], v[0] + v[1]}};
  printf("d.a %d %d sum %d\n", d.a[0], d.a[1], sum_pair(&d));
  union pair f = {.first = v[0] * 2};
  static union pair sf = {.first = 9};
  printf("f.first %d, sf %d %d\n", f.first, sf.first, sf.a[1]);

  /* writes through one member, reads through another of the same cell type */
  u.first = 11;
  u.p.y = 22;
  printf("u.a %d %d\n", u.a[0], u.a[1]);
  set_pair(&u, v[0], -v[1]);
  printf("after set %d %d first %d\n", u.a[0], u.a[1], u.first);

  /* whole-union assignment */
  union pair c;
  c = d;
  d.a[0] = 0;
  printf("copy %d %d, d %d %d\n", c.p.x, c.p.y, d.p.x, d.p.y);

  /* union in a struct */
  struct tagged t = {1, {{5, 6}}, 9L};
  t.u.p.x += v[0];
  printf("t %d %d %d %ld\n", t.tag, t.u.a[0], t.u.first + t.u.p.y, t.weight);
  struct tagged t2 = t;
  t2.u.a[1] = 100;
  printf("t2 %d %d, t %d\n", t2.u.p.x, t2.u.p.y, t.u.p.y);

  /* arrays of unions and pointers into them */
  union pair arr[4] = {{{1, 2}}, {.p = {3, 4}}, {.first = 5}};
  for (i = 0; i < n && i < 4; i++) arr[i].p.y += v[i];
  union pair *q;
  int total = 0;
  for (q = arr; q < arr + 4; q++) total += q->a[0] * 10 + q->p.y;
  printf("array total %d, arr[2] %d %d, arr[3] %d %d\n", total, arr[2].a[0], arr[2].a[1],
         arr[3].first, arr[3].p.y);

  /* malloc(n * sizeof) of unions */
  union pair *h = malloc(n * sizeof(union pair));
  if (!h) return 3;
  for (i = 0; i < n; i++) set_pair(&h[i], v[i], v[i] * v[i]);
  total = 0;
  for (i = 0; i < n; i++) total += h[i].first + (h + i)->a[1];
  printf("heap total %d\n", total);
  free(h);

  /* a typedef'd anonymous union, globals, pointers inside unions */
  wide w = global_w;
  w.parts[2] = v[1];
  printf("w %ld %ld %ld, global %d %d zero %d %d\n", w.n, w.parts[1], w.parts[2], global_u.a[0],
         global_u.p.y, global_zero.p.x, global_zero.a[1]);
  union node a, b;
  a.next = &b;
  b.self = &a;
  printf("node %d %d\n", a.self == &b, b.next->next == &b);

  struct flat fl = {2, {v[0]}};
  fl.total += v[1];
  printf("flat %d %ld %ld\n", fl.kind, fl.count, fl.total);

  return sum_pair(&d) > 50 ? 1 : 0;
}

/* Structs: nested members, arrays of structs, pointers to structs, struct assignment, a
   linked list built with malloc, a tree of nodes in an array. Usage: structs N... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct point {
  int x, y;
};
struct rect {
  struct point lo, hi;
  char label[8];
};
struct node {
  long key;
  struct node *next;
};
struct tree {
  int key, left, right; /* children as indexes, -1 when absent */
};

static int area(const struct rect *r) { return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y); }

static struct node *insert_sorted(struct node *head, long key) {
  struct node *n = malloc(sizeof(struct node)), **link = &head;
  n->key = key;
  while (*link != NULL && (*link)->key < key) link = &(*link)->next;
  n->next = *link;
  *link = n;
  return head;
}

static int depth(const struct tree *t, int i) {
  int l, r;
  if (i < 0) return 0;
  l = depth(t, t[i].left);
  r = depth(t, t[i].right);
  return 1 + (l > r ? l : r);
}

int main(int argc, char **argv) {
  struct rect boxes[4] = {{{0, 0}, {2, 3}, "a"}, {{1, 1}, {4, 5}, "b"}};
  struct tree t[16];
  struct node *list = NULL, *p;
  int i, n = 0, root = -1;
  boxes[2] = boxes[1];
  boxes[2].label[0] = 'c';
  boxes[3].lo = boxes[0].hi;
  boxes[3].hi.x = boxes[3].lo.x + argc;
  boxes[3].hi.y = 10;
  strcpy(boxes[3].label, "last");
  for (i = 0; i < 4; i++)
    printf("%s:%d ", boxes[i].label, area(&boxes[i]));
  putchar('\n');
  for (i = 1; i < argc && n < 16; i++) {
    long k = atol(argv[i]);
    int at = root, *slot = &root;
    list = insert_sorted(list, k);
    while (at >= 0) {
      slot = k < t[at].key ? &t[at].left : &t[at].right;
      at = *slot;
    }
    t[n].key = (int)k;
    t[n].left = t[n].right = -1;
    *slot = n++;
  }
  for (p = list; p; p = p->next) printf("%ld%s", p->key, p->next ? " " : "\n");
  printf("depth %d\n", depth(t, root));
  while (list != NULL) {
    p = list;
    list = list->next;
    free(p);
  }
  return n;
}

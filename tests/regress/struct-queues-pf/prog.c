#include <stdio.h>
#include <stdlib.h>

struct job {
  int id;
  int prio;
  struct job *next;
};

struct queue {
  struct job *head, *tail;
  int len;
};

struct queue q[4];

void append(struct queue *qu, struct job *j) {
  j->next = 0;
  if (qu->tail == 0)
    qu->head = j;
  else
    qu->tail->next = j;
  qu->tail = j;
  qu->len++;
}

int main(int argc, char **argv) {
  int i, p, total = 0;
  for (i = 1; i < argc; i++) {
    struct job *j = malloc(sizeof *j);
    j->id = i;
    j->prio = atoi(argv[i]) % 3;
    if (j->prio < 0)
      j->prio = -j->prio;
    append(&q[j->prio], j);
  }
  for (p = 3; p >= 0; p--) {
    struct job *j;
    for (j = q[p].head; j; j = j->next)
      printf("%d ", j->id);
    total += q[p].len;
  }
  printf("\n%d\n", total);
  return 0;
}

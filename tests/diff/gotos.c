/* goto-heavy C: shared exits from nested loops, error paths, retry loops, several gotos to
   one label, labels in switch arms, a goto state machine. Usage: gotos MODE N [N...] */
#include <stdio.h>
#include <stdlib.h>

static int grid[6][6];

/* The first cell holding `want`, searched row by row: goto out of two loops. */
static int find(int want, int *row, int *col) {
  int i, j;
  for (i = 0; i < 6; i++)
    for (j = 0; j < 6; j++)
      if (grid[i][j] == want) goto found;
  return 0;
found:
  *row = i;
  *col = j;
  return 1;
}

/* Validates a range: several gotos to one error exit, and a shared cleanup label. */
static int check(int lo, int hi, int step) {
  int status = 0;
  int count = 0;
  if (lo < 0) goto bad;
  if (hi < lo) goto bad;
  if (step <= 0) {
    status = 3;
    goto done;
  }
  while (lo <= hi) {
    count++;
    if (count > 20) goto bad;
    lo += step;
  }
  status = count;
  goto done;
bad:
  status = -1;
  printf("bad range\n");
done:
  printf("check -> %d\n", status);
  return status;
}

/* Retries a computation with a smaller value until it fits: goto retry inside a for loop
   whose body also continues and breaks (they must keep their targets). */
static int retries(int n) {
  int total = 0, k;
  for (k = 0; k < n; k++) {
    int v = k * 7 + 3;
    int tries = 0;
  retry:
    tries++;
    if (v % 5 == 0) continue;
    if (v > 40) {
      v -= 11;
      goto retry;
    }
    if (total > 100) break;
    total += v + tries;
  }
  return total;
}

/* A switch whose arms jump forward to a label in a later arm. */
static int classify(int c) {
  int score = 0;
  switch (c % 5) {
  case 0:
    score += 1;
    if (c > 10) goto shared;
    score += 2;
    break;
  case 1:
    score += 10;
    goto last;
  case 2:
  shared:
    score += 100;
    break;
  case 3:
    score += 1000;
  last:
    score += 5000;
    break;
  default: score = -1;
  }
  return score;
}

/* A tokenizer state machine written with gotos only. */
static int digits(const char *s, int *sum) {
  int i = 0, groups = 0;
  *sum = 0;
start:
  if (s[i] == 0) goto end;
  if (s[i] >= '0' && s[i] <= '9') goto number;
  i++;
  goto start;
number:
  groups++;
  while (s[i] >= '0' && s[i] <= '9') {
    *sum += s[i] - '0';
    i++;
  }
  goto start;
end:
  return groups;
}

/* goto out of a switch inside a loop, and a label before a loop reached by a backward goto
   from inside it. */
static int scan(int n) {
  int i = 0, acc = 0, rounds = 0;
top:
  rounds++;
  for (i = 0; i < n; i++) {
    switch (i % 4) {
    case 0: acc += i; break;
    case 1:
      if (acc > 50) goto finish;
      acc += 2;
      break;
    case 2:
      if (rounds < 3 && i == 6) goto top;
      acc -= 1;
      break;
    default: acc *= 2;
    }
  }
finish:
  return acc * 10 + rounds;
}

int main(int argc, char **argv) {
  int mode = 0, a, b, c, r = 0, col = 0, row = 0, sum = 0, i, j;
  if (argc < 3) goto usage;
  mode = atoi(argv[1]);
  a = atoi(argv[2]);
  b = argc > 3 ? atoi(argv[3]) : 0;
  c = argc > 4 ? atoi(argv[4]) : 1;
  for (i = 0; i < 6; i++)
    for (j = 0; j < 6; j++)
      grid[i][j] = (i * 6 + j) * b % 37;
  switch (mode) {
  case 1:
    if (!find(a, &row, &col)) goto absent;
    printf("found %d at %d,%d\n", a, row, col);
    break;
  case 2: r = check(a, b, c); break;
  case 4: printf("retries(%d) = %d\n", a, retries(a)); break;
  case 5:
    for (i = a; i < a + 8; i++)
      printf("classify(%d) = %d\n", i, classify(i));
    break;
  case 6:
    r = digits(argv[2], &sum);
    printf("groups %d sum %d\n", r, sum);
    break;
  case 7: printf("scan(%d) = %d\n", a, scan(a)); break;
  default: goto usage;
  }
  return r < 0 ? 1 : 0;
absent:
  printf("no %d\n", a);
  return 0;
usage:
  printf("usage or unknown mode\n");
  return 2;
}

/* diff: msan -- each mode reads uninitialised memory, or memory that only looks so;
   MemorySanitizer (clang-14 -fsanitize=memory -fsanitize-memory-param-retval) reports the
   first kind where its value decides something. stdout is flushed before each report.
   Uninitialised values are never passed to or returned from a function of the program
   (the eager parameter checks would report the copy). Usage: uninit MODE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
  int key;
  int count;
  char tag[4];
};

int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  int i, total = 0, flag, scratch[6];
  int part[5] = {3};
  char word[8], name[8];
  struct item a, b;
  int *heap, *zeroed;

  printf("mode %d\n", mode);
  fflush(stdout);
  switch (mode) {
  case 1: /* a partial initializer zero-fills the rest */
    for (i = 0; i < 5; i++)
      total += part[i];
    printf("total %d\n", total);
    break;
  case 2: /* a branch on a local never written */
    if (flag)
      puts("flag set");
    break;
  case 3: /* arithmetic on it is only a copy; the branch on the result is reported */
    total = flag * 2 + 1;
    puts("copied");
    fflush(stdout);
    if (total > 0)
      puts("positive");
    break;
  case 4: /* memset and memcpy write whole arrays */
    memset(scratch, 0, sizeof scratch);
    scratch[2] = 7;
    memcpy(part, scratch, sizeof part);
    for (i = 0; i < 5; i++)
      total += part[i] * (i + 1);
    printf("weighted %d\n", total);
    break;
  case 5: /* an uninitialised index */
    scratch[0] = 1;
    total = part[flag & 3];
    printf("%d\n", total);
    break;
  case 6: /* an uninitialised divisor */
    total = 100 / flag;
    break;
  case 7: /* printed */
    printf("value %d\n", flag);
    break;
  case 8: /* strcpy writes the characters and the NUL; sscanf writes its targets */
    strcpy(word, "abc");
    sscanf("41 7", "%d %d", &a.key, &a.count);
    strcpy(a.tag, "x");
    b = a;
    printf("%s %d %d %s %d\n", word, b.key, b.count, b.tag, (int)strlen(word));
    break;
  case 9: /* a struct copy copies the uninitialised member too */
    a.key = 5;
    b = a;
    printf("key %d\n", b.key);
    fflush(stdout);
    if (b.count == 0)
      puts("zero");
    break;
  case 10: /* a string with an uninitialised character before its NUL */
    name[0] = 'h';
    name[2] = 0;
    puts(name);
    break;
  case 11: /* a block scope declaration is uninitialised each time it is reached */
    for (i = 0; i < 3; i++) {
      int v;
      if (i == 0)
        v = 10;
      printf("round %d\n", i);
      fflush(stdout);
      total += v;
      if (total > 15)
        puts("big");
    }
    break;
  case 12: /* malloc'd cells are uninitialised, calloc'd ones zero */
    zeroed = calloc(4, sizeof(int));
    heap = malloc(4 * sizeof(int));
    heap[0] = zeroed[3] + 2;
    printf("%d\n", heap[0]);
    fflush(stdout);
    if (heap[1] == heap[0])
      puts("same");
    free(heap);
    free(zeroed);
    break;
  case 13: /* copied around and overwritten before any use: nothing to report */
    total = flag;
    scratch[1] = total + flag;
    total = scratch[1] - 1;
    total = 4;
    flag = total;
    printf("flag %d\n", flag);
    break;
  case 14: /* a switch on it */
    switch (flag) {
    case 1: puts("one"); break;
    default: puts("other"); break;
    }
    break;
  case 15: /* && copies its right operand when the left one is true */
    total = mode && flag;
    puts("and");
    fflush(stdout);
    putchar('0' + total);
    putchar('\n');
    break;
  case 16: /* memcpy copies uninitialised cells; using one is reported */
    scratch[0] = 1;
    memcpy(part, scratch, 2 * sizeof(int));
    printf("%d\n", part[0]);
    fflush(stdout);
    if (part[1])
      puts("set");
    break;
  case 17: /* the exit status */
    return flag;
  }
  return 0;
}

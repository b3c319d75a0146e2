/* Dynamic memory: malloc/calloc/free of int, long and char blocks, an array of malloc'd
   strings, VLAs sized by the input, memset and memcpy (whole and partial cells).
   Usage: heap N WORD...  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int *squares(int n) {
  int *a = malloc(n * sizeof *a);
  int i;
  for (i = 0; i < n; i++) a[i] = i * i;
  return a;
}

static char *dup(const char *s) {
  char *d = (char *)malloc(strlen(s) + 1);
  strcpy(d, s);
  return d;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4, i, k = argc - 2;
  if (n < 1 || n > 50) {
    puts("bad n");
    return 2;
  }
  int *sq = squares(n);
  long *acc = calloc(n, sizeof(long));
  int window[n];
  for (i = 0; i < n; i++) {
    acc[i] = (i > 0 ? acc[i - 1] : 0) + sq[i];
    window[i] = sq[n - 1 - i];
  }
  printf("sum %ld last %d first %d\n", acc[n - 1], window[n - 1], window[0]);
  memcpy(window, sq, n * sizeof(int));
  memset(sq, 0, n * sizeof(int));
  printf("copied %d zeroed %d\n", window[n - 1], sq[n - 1]);
  {
    unsigned char bytes[8];
    int partial[3] = {-1, -1, -1};
    memset(bytes, 0xab, sizeof bytes);
    memset(partial, 0, 5);
    memset(partial + 2, 0x7f, 2);
    printf("%u %d %d %d\n", bytes[7], partial[0], partial[1], partial[2]);
  }
  if (k > 0) {
    char **words = malloc(k * sizeof(char *));
    char *joined;
    size_t total = 1;
    for (i = 0; i < k; i++) {
      words[i] = dup(argv[i + 2]);
      total += strlen(words[i]) + 1;
    }
    joined = calloc(total, 1);
    for (i = k - 1; i >= 0; i--) {
      strcat(joined, words[i]);
      if (i > 0) strcat(joined, ",");
      free(words[i]);
    }
    printf("%s (%zu)\n", joined, strlen(joined));
    free(joined);
    free(words);
  }
  free(sq);
  free(acc);
  free(NULL);
  return n % 5;
}

/* C streams beyond getc: fscanf, fgets, fread, feof, ferror, ungetc, fputc/fputs/fprintf
 * through FILE * variables, fopen of a missing file, fclose.
 * usage: streams MODE [FILE]   (FILE: a file of the test; without it stdin) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sum_numbers(FILE *in, FILE *out) {
  int n, total = 0, count = 0, r;
  while ((r = fscanf(in, "%d", &n)) == 1) {
    total += n;
    count++;
  }
  fprintf(out, "count %d total %d last %d eof %d\n", count, total, r, feof(in) != 0);
  return count;
}

static int lines(FILE *in, FILE *out) {
  char buf[8];
  int k = 0;
  while (fgets(buf, sizeof buf, in) != NULL) {
    k++;
    fputs("[", out);
    fputs(buf, out);
    fputc(']', out);
    fputc('\n', out);
  }
  fprintf(out, "pieces %d eof %d error %d\n", k, feof(in) != 0, ferror(in) != 0);
  return k;
}

static int blocks(FILE *in, FILE *out) {
  char buf[5];
  size_t got;
  int k = 0;
  while ((got = fread(buf, 1, 4, in)) > 0) {
    buf[got] = '\0';
    fprintf(out, "%d:%s|", (int)got, buf);
    k++;
  }
  fprintf(out, "\nblocks %d eof %d\n", k, feof(in) != 0);
  return k;
}

static int peek(FILE *in, FILE *out) {
  int c, words = 0;
  while ((c = getc(in)) != EOF) {
    if (c >= '0' && c <= '9') {
      int v;
      ungetc(c, in);
      if (fscanf(in, "%d", &v) == 1) fprintf(out, "<%d>", v);
      words++;
    } else {
      putc(c, out);
    }
  }
  fprintf(out, "\nnumbers %d eof %d\n", words, feof(in) != 0);
  /* after end of file, getc keeps returning EOF; ungetc makes one character readable */
  ungetc('!', in);
  c = getc(in);
  fprintf(out, "again %c eof %d", c, feof(in) != 0);
  c = getc(in);
  fprintf(out, " then %d eof %d\n", c, feof(in) != 0);
  return words;
}

int main(int argc, char **argv) {
  FILE *in = stdin, *out = stdout;
  int r = 0;
  if (argc < 2) {
    fputs("usage: streams MODE [FILE]\n", stderr);
    return 2;
  }
  if (argc > 2) {
    in = fopen(argv[2], "r");
    if (in == NULL) {
      fprintf(stderr, "cannot open %s\n", argv[2]);
      printf("no file\n");
      return 3;
    }
  }
  if (strcmp(argv[1], "err") == 0) out = stderr;
  switch (argv[1][0]) {
  case 's': r = sum_numbers(in, out); break;
  case 'l': r = lines(in, out); break;
  case 'b': r = blocks(in, out); break;
  case 'p': r = peek(in, out); break;
  case 'e': r = lines(in, out); break;
  default: fprintf(stderr, "bad mode\n"); return 4;
  }
  fputc('x', stdin);
  printf("write to stdin: error %d\n", ferror(stdin) != 0);
  if (in != stdin) fclose(in);
  return r % 7;
}

/* Line and string input: fgets and gets loops to end of input, sscanf of each line, fputs,
   getc/putc, scanf("%15s") and scanf(" %c") / ("%3c"). Usage: lines MODE, MODE one of
   fields (default), gets, words, chars, copy, edge. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

char *gets(char *); /* gone from C11's <stdio.h>; glibc still has it */

/* Each line (in pieces of at most 15 characters) read as a number, a word and a character. */
static int fields(void) {
  char line[16], word[16], c;
  int n, x, lines = 0, pieces = 0;
  while (fgets(line, sizeof line, stdin) != NULL) {
    size_t len = strlen(line);
    int whole = len > 0 && line[len - 1] == '\n';
    pieces++;
    if (whole) {
      line[--len] = '\0';
      lines++;
    }
    x = -1;
    word[0] = '\0';
    c = '.';
    n = sscanf(line, "%d %15s %c", &x, word, &c);
    printf("%d%s n=%d len=%lu", pieces, whole ? "" : "+", n, (unsigned long)len);
    if (n >= 1) printf(" x=%d", x);
    if (n >= 2) {
      fputs(" w=", stdout);
      fputs(word, stdout);
    }
    if (n >= 3) printf(" c=%c", c);
    if (n == 0 && sscanf(line, "%15s", word) == 1) printf(" text=%.5s", word);
    putc('\n', stdout);
  }
  printf("%d lines in %d pieces\n", lines, pieces);
  return lines;
}

/* gets into a buffer of more than 256 characters; lines are shorter. */
static int getsLines(void) {
  char buf[300] = ""; /* initialised: MemorySanitizer does not see what gets writes */
  int n = 0, longest = 0;
  while (gets(buf) != NULL) {
    int len = (int)strlen(buf), i;
    n++;
    if (len > longest) longest = len;
    for (i = 0; i < len && i < 12; i++)
      buf[i] = (char)toupper((unsigned char)buf[i]);
    printf("%2d [%.12s]%s\n", n, buf, len > 12 ? "..." : "");
  }
  printf("%d lines, longest %d\n", n, longest);
  return 0;
}

/* Words of at most 15 characters; longer ones come in pieces. */
static int words(void) {
  char w[16];
  int n = 0;
  long total = 0;
  while (scanf("%15s", w) == 1) {
    n++;
    total += (long)strlen(w);
    if (islower((unsigned char)w[0])) w[0] = (char)toupper((unsigned char)w[0]);
    fputs(w, stdout);
    putc(n % 4 ? ' ' : '\n', stdout);
  }
  printf("\n%d words, %ld characters\n", n, total);
  return n % 256;
}

/* Non-blank characters; '#' takes the next three characters, whatever they are. */
static int chars(void) {
  char c, three[4];
  int r, n = 0, hashes = 0;
  while ((r = scanf(" %c", &c)) == 1) {
    n++;
    if (c == '#') {
      three[0] = three[1] = three[2] = three[3] = '\0';
      r = scanf("%3c", three);
      hashes++;
      printf("<%d:%s>", r, three);
      if (r != 1) break;
    } else {
      putc(c, stdout);
    }
  }
  printf("\n%d characters, %d hashes, last %d\n", n, hashes, r);
  return 0;
}

/* Copies stdin with numbered lines, tabs as spaces. */
static int copy(void) {
  int c, col = 0, line = 1;
  while ((c = getc(stdin)) != EOF) {
    if (col == 0) printf("%3d ", line);
    putc(c == '\t' ? ' ' : c, stdout);
    col++;
    if (c == '\n') {
      col = 0;
      line++;
    }
  }
  if (col) fputs("\n\\ no newline at end\n", stdout);
  fputs("done\n", stderr);
  return line;
}

/* Corner cases of fgets sizes, sscanf results and fputs' result, then the rest by lines. */
static int edge(void) {
  char b[8] = "xxxxxxx", *p;
  int a = 0, d = 0, r;
  p = fgets(b, 1, stdin);
  printf("size 1: %d [%s]\n", p == b, b);
  p = fgets(b, 0, stdin);
  printf("size 0: %d [%s]\n", p == NULL, b);
  p = fgets(b, 2, stdin);
  printf("size 2: %d [%s]\n", p == b, p ? b : "-");
  r = sscanf("", "%d", &a); printf("empty %d, ", r);
  r = sscanf(" \t\n", "%d", &a); printf("blank %d, ", r);
  r = sscanf("x1", "%d", &a); printf("letter %d, ", r);
  r = sscanf("12 34", "%*d %d", &d); printf("skip %d %d, ", r, d);
  r = sscanf("7-8", "%d-%d", &a, &d); printf("pair %d %d %d, ", r, a, d);
  r = sscanf("7", "%d-%d", &a, &d); printf("half %d, ", r);
  r = sscanf("ab", "ab%d", &a); printf("after literal %d, ", r);
  r = sscanf("  q", "%c", b); printf("c [%c] %d, ", b[0], r);
  r = sscanf("hello", "%3s", b + 2); printf("s [%s] %d\n", b + 2, r);
  r = fputs("", stdout);
  printf("fputs %d\n", r);
  while ((p = fgets(b, sizeof b, stdin)) != NULL) {
    r = (int)strlen(p);
    printf("%d%s", r, r > 0 && p[r - 1] == '\n' ? "\n" : " ");
  }
  puts("end");
  return 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "fields";
  if (strcmp(mode, "fields") == 0) return fields();
  if (strcmp(mode, "gets") == 0) return getsLines();
  if (strcmp(mode, "words") == 0) return words();
  if (strcmp(mode, "chars") == 0) return chars();
  if (strcmp(mode, "copy") == 0) return copy();
  if (strcmp(mode, "edge") == 0) return edge();
  fputs("unknown mode\n", stderr);
  return 2;
}
